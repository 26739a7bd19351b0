/* Tests of state objects: vertex-element CSOs refused for bad elements, user constants copied at bind time,
 * sampler views and surfaces refused outside their resource, resource bindings holding and releasing their
 * references, stream-output targets refused outside their buffer. */
#include <string.h>

#include "util/u_inlines.h"
#include "fxp_context.h"
#include "sampler/fxp_sampler.h"
#include "tests/fxp_test.h"

static void
test_velems_refusals(struct fxp_t *t)
{
   struct pipe_vertex_element ve[2];
   void *cso;

   memset(ve, 0, sizeof(ve));
   ve[0].src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   ve[1].src_format = PIPE_FORMAT_R8G8B8A8_UNORM;
   ve[1].vertex_buffer_index = 3;
   cso = t->pipe->create_vertex_elements_state(t->pipe, 2, ve);
   CHECK(t, cso != NULL, "valid elements refused");
   if (cso) {
      t->pipe->bind_vertex_elements_state(t->pipe, cso);
      CHECK_EQ_U(t, fxp_context(t->pipe)->velems->plan.count, 2);
      t->pipe->bind_vertex_elements_state(t->pipe, NULL);
      t->pipe->delete_vertex_elements_state(t->pipe, cso);
   }
   ve[1].vertex_buffer_index = PIPE_MAX_ATTRIBS;
   CHECK(t, !t->pipe->create_vertex_elements_state(t->pipe, 2, ve), "buffer index out of range accepted");
   ve[1].vertex_buffer_index = 0;
   ve[1].src_format = PIPE_FORMAT_DXT1_RGBA;
   CHECK(t, !t->pipe->create_vertex_elements_state(t->pipe, 2, ve), "compressed vertex format accepted");
   ve[1].src_format = PIPE_FORMAT_L8_UNORM;
   CHECK(t, !t->pipe->create_vertex_elements_state(t->pipe, 2, ve), "luminance vertex format accepted");
}

static void
test_user_constants_copied(struct fxp_t *t)
{
   float data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
   struct pipe_constant_buffer cb = {.user_buffer = data, .buffer_offset = 16, .buffer_size = 16};
   struct fxp_constbuf *slot = &fxp_context(t->pipe)->constbufs[PIPE_SHADER_FRAGMENT][2];

   t->pipe->set_constant_buffer(t->pipe, PIPE_SHADER_FRAGMENT, 2, false, &cb);
   data[4] = -1; /* the application reuses its memory after the call */
   if (CHECK(t, slot->user_copy != NULL, "no copy of user constants")) {
      float first;
      memcpy(&first, slot->user_copy, 4);
      CHECK(t, first == 5.0f && slot->size_B == 16, "copied constants: %g, %u bytes", first, slot->size_B);
   }
   t->pipe->set_constant_buffer(t->pipe, PIPE_SHADER_FRAGMENT, 2, false, NULL);
   CHECK(t, slot->user_copy == NULL && slot->buffer == NULL, "unbind kept data");
   /* an index past the limit is ignored, not written */
   t->pipe->set_constant_buffer(t->pipe, PIPE_SHADER_FRAGMENT, PIPE_MAX_CONSTANT_BUFFERS, false, &cb);
   CHECK(t, true, "index past the limit");
}

static void
test_views_and_surfaces(struct fxp_t *t)
{
   struct pipe_resource *r = fxp_t_texture(t, PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 3,
                                           2, PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_RENDER_TARGET);
   struct pipe_surface tmpl;
   struct pipe_sampler_view vt;

   memset(&tmpl, 0, sizeof(tmpl));
   tmpl.format = PIPE_FORMAT_R8G8B8A8_UNORM;
   tmpl.u.tex.level = 1;
   tmpl.u.tex.first_layer = 1;
   tmpl.u.tex.last_layer = 2;
   struct pipe_surface *s = t->pipe->create_surface(t->pipe, r, &tmpl);
   CHECK(t, s && s->width == 4 && s->height == 4, "surface of level 1");
   pipe_surface_reference(&s, NULL);
   tmpl.u.tex.last_layer = 3;
   CHECK(t, !t->pipe->create_surface(t->pipe, r, &tmpl), "surface past the last layer");
   tmpl.u.tex.last_layer = 0;
   tmpl.u.tex.level = 2;
   CHECK(t, !t->pipe->create_surface(t->pipe, r, &tmpl), "surface past the last level");
   tmpl.u.tex.level = 0;
   tmpl.format = PIPE_FORMAT_R16G16B16A16_UNORM;
   CHECK(t, !t->pipe->create_surface(t->pipe, r, &tmpl), "surface format of another size");

   memset(&vt, 0, sizeof(vt));
   vt.format = PIPE_FORMAT_R8G8B8A8_SRGB;
   vt.target = PIPE_TEXTURE_2D_ARRAY;
   struct pipe_sampler_view *v = t->pipe->create_sampler_view(t->pipe, r, &vt);
   if (CHECK(t, v != NULL, "sRGB view of an RGBA8 texture")) {
      CHECK_EQ_U(t, r->reference.count, 2);
      t->pipe->set_sampler_views(t->pipe, PIPE_SHADER_FRAGMENT, 3, 1, 0, false, &v);
      CHECK_EQ_U(t, fxp_context(t->pipe)->num_views[PIPE_SHADER_FRAGMENT], 4);
      t->pipe->set_sampler_views(t->pipe, PIPE_SHADER_FRAGMENT, 0, 0, 8, false, NULL);
      CHECK_EQ_U(t, fxp_context(t->pipe)->num_views[PIPE_SHADER_FRAGMENT], 0);
      pipe_sampler_view_reference(&v, NULL);
      CHECK_EQ_U(t, r->reference.count, 1);
   }
   /* a view fxpipe cannot sample is still made (st/mesa crashes on NULL), with no format: it samples as an
    * unbound unit and never reads the resource */
   vt.format = PIPE_FORMAT_DXT1_RGBA;
   v = t->pipe->create_sampler_view(t->pipe, r, &vt);
   if (CHECK(t, v && v->format == PIPE_FORMAT_NONE, "view of an unsupported format: made, with no format")) {
      struct fxp_sampler_binding b = {.view = v, .state = NULL};
      fxp_sampler_binding_prepare(&b);
      CHECK(t, b.kind == FXP_TEXEL_NONE, "view of an unsupported format: texel kind %u", b.kind);
      pipe_sampler_view_reference(&v, NULL);
   }
   pipe_resource_reference(&r, NULL);
}

static void
test_resource_bindings(struct fxp_t *t)
{
   struct pipe_resource *b = fxp_t_buffer(t, 256);
   struct pipe_shader_buffer sb = {.buffer = b, .buffer_offset = 16, .buffer_size = 64};

   t->pipe->set_shader_buffers(t->pipe, PIPE_SHADER_FRAGMENT, 1, 1, &sb, 1);
   CHECK_EQ_U(t, b->reference.count, 2);
   t->pipe->set_shader_buffers(t->pipe, PIPE_SHADER_FRAGMENT, 1, 1, NULL, 0);
   CHECK_EQ_U(t, b->reference.count, 1);

   CHECK(t, !t->pipe->create_stream_output_target(t->pipe, b, 200, 100), "stream-output target past the end");
   struct pipe_stream_output_target *so = t->pipe->create_stream_output_target(t->pipe, b, 0, 128);
   if (CHECK(t, so != NULL, "stream-output target")) {
      unsigned off = 0;
      t->pipe->set_stream_output_targets(t->pipe, 1, &so, &off);
      t->pipe->set_stream_output_targets(t->pipe, 0, NULL, NULL);
      pipe_so_target_reference(&so, NULL);
      CHECK_EQ_U(t, b->reference.count, 1);
   }
   pipe_resource_reference(&b, NULL);
}

const struct fxp_test fxp_state_tests[] = {
   {"state.velems_refusals", test_velems_refusals},
   {"state.user_constants_copied", test_user_constants_copied},
   {"state.views_and_surfaces", test_views_and_surfaces},
   {"state.resource_bindings", test_resource_bindings},
   {NULL, NULL},
};
