/* System values through the real draw path (draw_vbo -> vertex fetch -> VS -> primitive assembly ->
 * rasterizer -> FS -> R32G32B32A32_FLOAT render targets), read back with texture_map.
 *
 * Vertex-shader system values (tgsi.rst, "System values"):
 *   VERTEXID         the vertex index including the base vertex: index + index_bias for indexed draws,
 *                    start + i for non-indexed ones
 *   VERTEXID_NOBASE  VERTEXID minus the first vertex, which is index_bias for indexed draws and start for
 *                    non-indexed ones (tgsi.rst: VERTEXID_NOBASE + BASEVERTEX == VERTEXID with BASEVERTEX =
 *                    start for non-indexed draws; NIR's vertex_id_zero_base): the index as read from the index
 *                    buffer, or i = 0, 1, ... for non-indexed draws
 *   BASEVERTEX       index_bias for indexed draws, 0 for non-indexed ones. tgsi.rst adds "for non-indexed
 *                    draw calls, this contains the first (or start) value instead", but BASEVERTEX is what
 *                    nir_to_tgsi emits for gl_BaseVertex (st/mesa does not lower it for TGSI drivers), and GL
 *                    4.6 11.1.3.9 / ARB_shader_draw_parameters: "In the case where the command has no
 *                    baseVertex parameter, the value of gl_BaseVertex is zero" (Mesa's llvmpipe vertex path
 *                    gives 0 as well). fxpipe is a GL driver: these tests hold it to GL here.
 *   INSTANCEID       0 .. instance_count - 1, without the base instance
 *   BASEINSTANCE     pipe_draw_info::start_instance
 *   DRAWID           drawid_offset + k for draw k of a multi-draw when increment_draw_id is set, otherwise
 *                    drawid_offset for every draw (p_context.h, draw_vbo)
 * Every vertex is drawn as a 1-pixel POINT. Its pixel comes from vertex data only: attribute 0 (per vertex,
 * vertex v of the buffer holds (v % 16, v / 16)) plus attribute 1 (per instance, divisor 1: entry k holds
 * (0, 2k)); the VS maps pixel p to NDC (p + 0.5) / 8 - 1, which the 16x16 viewport (scale 8, translate 8)
 * puts at window p + 0.5, the centre of pixel p. So the vertex fetched with index vid in instance i lands on
 * pixel (vid % 16, vid / 16 + 2 (start_instance + i)). The VS passes the system values (converted with I2F)
 * in GENERIC[0] = (VERTEXID, VERTEXID_NOBASE, BASEVERTEX, INSTANCEID) and GENERIC[1] = (BASEINSTANCE, DRAWID,
 * 1, 1); the FS writes them to COLOR[0] and COLOR[1]. The expected image is built by expect_draws() from the
 * rules above; every other pixel keeps the clear value.
 *
 * What fxpipe advertises (screen/fxp_caps.c): PIPE_CAP_START_INSTANCE, PIPE_CAP_DRAW_PARAMETERS,
 * PIPE_CAP_MULTI_DRAW_INDIRECT and PIPE_CAP_VERTEX_ELEMENT_INSTANCE_DIVISOR are claimed; direct multi-draws are
 * always supported by the Gallium interface. These tests run the draw path whatever the caps say; GL's view of
 * the same values is tests/gl/fxp_gl_ext4.c, section draw-params.
 *
 * Fragment-shader system values (tgsi.rst; raster/fxp_shade.c fxp_shade_batch()):
 *   POSITION           (x + 0.5, y + 0.5, window z, 1 / w_clip) with the upper-left origin and half-integer
 *                      centres (the TGSI defaults)
 *   FACE               system value: 0xffffffff for front-facing, 0 for back-facing. front_ccw: "the window
 *                      order of front-facing polygons is counter-clockwise"; window y grows downwards, so a
 *                      triangle that turns counter-clockwise on the screen has a negative signed area
 *                      (x1 - x0)(y2 - y0) - (x2 - x0)(y1 - y0). Points are always front-facing.
 *   SAMPLEID 0, SAMPLEPOS (0.5, 0.5), SAMPLEMASK 1 (single-sampled: "If MSAA is not enabled, the value is
 *   (1, 0, 0, 0)"), HELPER_INVOCATION 0 for every pixel written (helpers are never written). */
#include <math.h>
#include <string.h>

#include "tgsi/tgsi_text.h"
#include "util/u_box.h"
#include "util/u_inlines.h"
#include "fxp_debug.h"
#include "tests/fxp_test.h"

#define W 16
#define H 16
#define MAX_RT 2
#define CLEAR_VALUE -1000.0f /* no system value here takes it */

struct scene {
   struct pipe_resource *rt[MAX_RT];
   struct pipe_surface *surf[MAX_RT];
   unsigned nr_cbufs;
   void *rast, *blend, *dsa, *vs, *fs, *velems;
   struct pipe_resource *vb[2];
};

static void
rasterizer(struct fxp_t *t, struct scene *s, bool front_ccw)
{
   struct pipe_rasterizer_state rs;

   if (s->rast) {
      t->pipe->bind_rasterizer_state(t->pipe, NULL);
      t->pipe->delete_rasterizer_state(t->pipe, s->rast);
   }
   memset(&rs, 0, sizeof(rs));
   rs.front_ccw = front_ccw;
   rs.cull_face = PIPE_FACE_NONE;
   rs.fill_front = rs.fill_back = PIPE_POLYGON_MODE_FILL;
   rs.half_pixel_center = 1;
   rs.depth_clip_near = rs.depth_clip_far = 1;
   rs.point_size = 1.0f;
   rs.line_width = 1.0f;
   s->rast = t->pipe->create_rasterizer_state(t->pipe, &rs);
   t->pipe->bind_rasterizer_state(t->pipe, s->rast);
}

/* Render targets, viewport, blend (all channels written, no blending), depth/stencil off. */
static void
scene_begin(struct fxp_t *t, struct scene *s, unsigned nr_cbufs)
{
   struct pipe_framebuffer_state fb;
   struct pipe_viewport_state vp;
   struct pipe_blend_state blend;
   struct pipe_depth_stencil_alpha_state dsa;

   memset(s, 0, sizeof(*s));
   memset(&fb, 0, sizeof(fb));
   s->nr_cbufs = nr_cbufs;
   fb.width = W;
   fb.height = H;
   fb.nr_cbufs = nr_cbufs;
   for (unsigned i = 0; i < nr_cbufs; i++) {
      struct pipe_surface tmpl;
      s->rt[i] = fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R32G32B32A32_FLOAT, W, H, 1, 1, 1,
                               PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW);
      CHECK(t, s->rt[i] != NULL, "render target %u not created", i);
      memset(&tmpl, 0, sizeof(tmpl));
      tmpl.format = PIPE_FORMAT_R32G32B32A32_FLOAT;
      s->surf[i] = s->rt[i] ? t->pipe->create_surface(t->pipe, s->rt[i], &tmpl) : NULL;
      fb.cbufs[i] = s->surf[i];
   }
   t->pipe->set_framebuffer_state(t->pipe, &fb);

   memset(&vp, 0, sizeof(vp));
   vp.scale[0] = W / 2.0f;
   vp.scale[1] = H / 2.0f;
   vp.scale[2] = 0.5f;
   vp.translate[0] = W / 2.0f;
   vp.translate[1] = H / 2.0f;
   vp.translate[2] = 0.5f;
   vp.swizzle_x = PIPE_VIEWPORT_SWIZZLE_POSITIVE_X;
   vp.swizzle_y = PIPE_VIEWPORT_SWIZZLE_POSITIVE_Y;
   vp.swizzle_z = PIPE_VIEWPORT_SWIZZLE_POSITIVE_Z;
   vp.swizzle_w = PIPE_VIEWPORT_SWIZZLE_POSITIVE_W;
   t->pipe->set_viewport_states(t->pipe, 0, 1, &vp);

   memset(&blend, 0, sizeof(blend));
   blend.rt[0].colormask = PIPE_MASK_RGBA;
   s->blend = t->pipe->create_blend_state(t->pipe, &blend);
   t->pipe->bind_blend_state(t->pipe, s->blend);
   memset(&dsa, 0, sizeof(dsa));
   s->dsa = t->pipe->create_depth_stencil_alpha_state(t->pipe, &dsa);
   t->pipe->bind_depth_stencil_alpha_state(t->pipe, s->dsa);
   rasterizer(t, s, true);
}

static void
clear(struct fxp_t *t, struct scene *s)
{
   const union pipe_color_union c = {.f = {CLEAR_VALUE, CLEAR_VALUE, CLEAR_VALUE, CLEAR_VALUE}};
   t->pipe->clear(t->pipe, s->nr_cbufs == 2 ? PIPE_CLEAR_COLOR0 | PIPE_CLEAR_COLOR1 : PIPE_CLEAR_COLOR0, NULL,
                  &c, 0, 0);
}

static void
scene_end(struct fxp_t *t, struct scene *s)
{
   struct pipe_framebuffer_state fb;
   struct pipe_context *p = t->pipe;

   memset(&fb, 0, sizeof(fb));
   p->set_framebuffer_state(p, &fb);
   p->set_vertex_buffers(p, 0, 0, 2, false, NULL);
   p->bind_vs_state(p, NULL);
   p->bind_fs_state(p, NULL);
   p->bind_vertex_elements_state(p, NULL);
   p->bind_rasterizer_state(p, NULL);
   p->bind_blend_state(p, NULL);
   p->bind_depth_stencil_alpha_state(p, NULL);
   if (s->vs)
      p->delete_vs_state(p, s->vs);
   if (s->fs)
      p->delete_fs_state(p, s->fs);
   if (s->velems)
      p->delete_vertex_elements_state(p, s->velems);
   if (s->rast)
      p->delete_rasterizer_state(p, s->rast);
   p->delete_blend_state(p, s->blend);
   p->delete_depth_stencil_alpha_state(p, s->dsa);
   for (unsigned i = 0; i < MAX_RT; i++) {
      pipe_surface_reference(&s->surf[i], NULL);
      pipe_resource_reference(&s->rt[i], NULL);
   }
   for (unsigned i = 0; i < 2; i++)
      pipe_resource_reference(&s->vb[i], NULL);
}

/* Reads render target i into img[y][x][4]. */
static void
read_rt(struct fxp_t *t, struct scene *s, unsigned i, float img[H][W][4])
{
   struct pipe_transfer *xfer;
   struct pipe_box box;

   memset(img, 0xcd, sizeof(float) * H * W * 4);
   if (!s->rt[i])
      return;
   u_box_2d(0, 0, W, H, &box);
   const uint8_t *map = t->pipe->texture_map(t->pipe, s->rt[i], 0, PIPE_MAP_READ, &box, &xfer);
   if (!CHECK(t, map != NULL, "map of render target %u failed", i))
      return;
   for (unsigned y = 0; y < H; y++)
      memcpy(img[y], map + (size_t)y * xfer->stride, sizeof(float) * 4 * W);
   t->pipe->texture_unmap(t->pipe, xfer);
}

static struct pipe_resource *
vertex_buffer(struct fxp_t *t, const void *data, unsigned size_B)
{
   struct pipe_resource *b = fxp_t_buffer(t, size_B);
   if (CHECK(t, b != NULL, "vertex buffer not created"))
      t->pipe->buffer_subdata(t->pipe, b, PIPE_MAP_WRITE, 0, size_B, data);
   return b;
}

/* ---- vertex-shader system values ---- */

#define NUM_VERTS 32
#define NUM_INST_ENTRIES 8

static const char vs_sv_text[] =
   "VERT\n"
   "DCL IN[0]\n"
   "DCL IN[1]\n"
   "DCL SV[0], VERTEXID\n"
   "DCL SV[1], VERTEXID_NOBASE\n"
   "DCL SV[2], BASEVERTEX\n"
   "DCL SV[3], INSTANCEID\n"
   "DCL SV[4], BASEINSTANCE\n"
   "DCL SV[5], DRAWID\n"
   "DCL OUT[0], POSITION\n"
   "DCL OUT[1], GENERIC[0]\n"
   "DCL OUT[2], GENERIC[1]\n"
   "DCL TEMP[0]\n"
   "IMM[0] FLT32 {0.125, -0.9375, 0.0, 1.0}\n"
   "  ADD TEMP[0].xy, IN[0].xyxy, IN[1].xyxy\n"
   "  MAD OUT[0].xy, TEMP[0].xyxy, IMM[0].xxxx, IMM[0].yyyy\n"
   "  MOV OUT[0].zw, IMM[0].zzzw\n"
   "  I2F OUT[1].x, SV[0].xxxx\n"
   "  I2F OUT[1].y, SV[1].xxxx\n"
   "  I2F OUT[1].z, SV[2].xxxx\n"
   "  I2F OUT[1].w, SV[3].xxxx\n"
   "  I2F OUT[2].x, SV[4].xxxx\n"
   "  I2F OUT[2].y, SV[5].xxxx\n"
   "  MOV OUT[2].zw, IMM[0].wwww\n"
   "  END\n";

static const char fs_copy_text[] =
   "FRAG\n"
   "DCL IN[0], GENERIC[0], CONSTANT\n"
   "DCL IN[1], GENERIC[1], CONSTANT\n"
   "DCL OUT[0], COLOR[0]\n"
   "DCL OUT[1], COLOR[1]\n"
   "  MOV OUT[0], IN[0]\n"
   "  MOV OUT[1], IN[1]\n"
   "  END\n";

static void
vs_scene(struct fxp_t *t, struct scene *s)
{
   float verts[NUM_VERTS][2], inst[NUM_INST_ENTRIES][2];
   struct pipe_vertex_element ve[2];
   struct pipe_vertex_buffer vb[2];

   scene_begin(t, s, 2);
   for (unsigned v = 0; v < NUM_VERTS; v++) {
      verts[v][0] = (float)(v % W);
      verts[v][1] = (float)(v / W);
   }
   for (unsigned k = 0; k < NUM_INST_ENTRIES; k++) {
      inst[k][0] = 0.0f;
      inst[k][1] = 2.0f * k;
   }
   s->vb[0] = vertex_buffer(t, verts, sizeof(verts));
   s->vb[1] = vertex_buffer(t, inst, sizeof(inst));
   memset(ve, 0, sizeof(ve));
   ve[0].src_format = PIPE_FORMAT_R32G32_FLOAT;
   ve[0].vertex_buffer_index = 0;
   ve[1].src_format = PIPE_FORMAT_R32G32_FLOAT;
   ve[1].vertex_buffer_index = 1;
   ve[1].instance_divisor = 1;
   s->velems = t->pipe->create_vertex_elements_state(t->pipe, 2, ve);
   t->pipe->bind_vertex_elements_state(t->pipe, s->velems);
   memset(vb, 0, sizeof(vb));
   vb[0].stride = sizeof(verts[0]);
   vb[0].buffer.resource = s->vb[0];
   vb[1].stride = sizeof(inst[0]);
   vb[1].buffer.resource = s->vb[1];
   t->pipe->set_vertex_buffers(t->pipe, 0, 2, 0, false, vb);
   s->vs = fxp_t_shader(t, vs_sv_text, PIPE_SHADER_VERTEX, NULL);
   s->fs = fxp_t_shader(t, fs_copy_text, PIPE_SHADER_FRAGMENT, NULL);
   t->pipe->bind_vs_state(t->pipe, s->vs);
   t->pipe->bind_fs_state(t->pipe, s->fs);
}

/* A draw call as the tests describe it. */
struct sv_draw {
   const char *what;
   unsigned index_size;         /* 0: not indexed */
   bool user_indices;
   const uint32_t *indices;     /* the index values (stored at index_size bytes each) */
   unsigned num_indices;
   unsigned instance_count, start_instance;
   unsigned drawid_offset;
   bool increment_draw_id;
   unsigned num_draws;
   struct pipe_draw_start_count_bias draws[4];
};

struct expect_img {
   bool set[H][W];
   float v[MAX_RT][H][W][4];
};

/* The expected image of a draw, from the tgsi.rst rules in the header (not from fxpipe's code). */
static void
expect_draws(struct fxp_t *t, const struct sv_draw *d, struct expect_img *e)
{
   memset(e, 0, sizeof(*e));
   for (unsigned k = 0; k < d->num_draws; k++) {
      const struct pipe_draw_start_count_bias *dr = &d->draws[k];
      for (unsigned i = 0; i < d->instance_count; i++) {
         for (unsigned j = 0; j < dr->count; j++) {
            int vid, nobase, base;
            if (d->index_size) {
               const int elt = (int)d->indices[dr->start + j];
               vid = elt + dr->index_bias;
               nobase = elt;
               base = dr->index_bias;
            } else {
               vid = (int)(dr->start + j);
               nobase = (int)j;
               base = 0; /* GL's gl_BaseVertex, not tgsi.rst's "start" (see the header) */
            }
            const unsigned entry = d->start_instance + i;
            if (!CHECK(t, vid >= 0 && vid < NUM_VERTS && entry < NUM_INST_ENTRIES,
                       "%s: test bug: vertex %d / instance entry %u outside the buffers", d->what, vid, entry))
               continue;
            const unsigned x = vid % W, y = vid / W + 2 * entry;
            if (!CHECK(t, y < H && !e->set[y][x], "%s: test bug: two points at pixel (%u,%u)", d->what, x, y))
               continue;
            e->set[y][x] = true;
            const float v0[4] = {vid, nobase, base, i};
            const float v1[4] = {d->start_instance, d->drawid_offset + (d->increment_draw_id ? k : 0), 1, 1};
            memcpy(e->v[0][y][x], v0, sizeof(v0));
            memcpy(e->v[1][y][x], v1, sizeof(v1));
         }
      }
   }
}

static void
compare(struct fxp_t *t, struct scene *s, const char *what, const struct expect_img *e, float tol, bool vs_names)
{
   static const char *const names[MAX_RT][4] = {
      {"VERTEXID", "VERTEXID_NOBASE", "BASEVERTEX", "INSTANCEID"},
      {"BASEINSTANCE", "DRAWID", "z", "w"},
   };
   static float img[MAX_RT][H][W][4];
   unsigned written = 0;

   for (unsigned i = 0; i < s->nr_cbufs; i++)
      read_rt(t, s, i, img[i]);
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         written += e->set[y][x];
         for (unsigned i = 0; i < s->nr_cbufs; i++) {
            for (unsigned c = 0; c < 4; c++) {
               const float want = e->set[y][x] ? e->v[i][y][x][c] : CLEAR_VALUE;
               const float got = img[i][y][x][c];
               CHECK(t, fabsf(got - want) <= tol, "%s: pixel (%u,%u) RT%u.%c (%s): %g, want %g%s", what, x, y,
                     i, "xyzw"[c], vs_names ? names[i][c] : "-", got, want,
                     e->set[y][x] ? "" : " (not drawn)");
            }
         }
      }
   }
   CHECK(t, written > 0, "%s: test bug: nothing expected", what);
}

static void
run_sv_draw(struct fxp_t *t, struct scene *s, const struct sv_draw *d)
{
   struct pipe_draw_info info;
   struct pipe_resource *ib = NULL;
   uint8_t bytes[64 * 4];
   struct expect_img *e = calloc(1, sizeof(*e));

   if (!e)
      return;
   memset(&info, 0, sizeof(info));
   info.mode = PIPE_PRIM_POINTS;
   info.index_size = d->index_size;
   info.instance_count = d->instance_count;
   info.start_instance = d->start_instance;
   info.increment_draw_id = d->increment_draw_id;
   for (unsigned k = 1; k < d->num_draws; k++)
      info.index_bias_varies |= d->draws[k].index_bias != d->draws[0].index_bias;
   if (d->index_size) {
      for (unsigned i = 0; i < d->num_indices; i++) {
         const uint32_t v = d->indices[i];
         switch (d->index_size) {
         case 1: bytes[i] = (uint8_t)v; break;
         case 2: { const uint16_t h = (uint16_t)v; memcpy(bytes + 2 * i, &h, 2); break; }
         default: memcpy(bytes + 4 * i, &v, 4); break;
         }
      }
      if (d->user_indices) {
         info.has_user_indices = true;
         info.index.user = bytes;
      } else {
         ib = fxp_t_texture(t, PIPE_BUFFER, PIPE_FORMAT_R8_UNORM, d->num_indices * d->index_size, 1, 1, 1, 1,
                            PIPE_BIND_INDEX_BUFFER);
         if (!CHECK(t, ib != NULL, "index buffer not created"))
            goto done;
         t->pipe->buffer_subdata(t->pipe, ib, PIPE_MAP_WRITE, 0, d->num_indices * d->index_size, bytes);
         info.index.resource = ib;
      }
   }
   clear(t, s);
   t->pipe->draw_vbo(t->pipe, &info, d->drawid_offset, NULL, d->draws, d->num_draws);
   expect_draws(t, d, e);
   compare(t, s, d->what, e, 0.0f, true);
done:
   pipe_resource_reference(&ib, NULL);
   free(e);
}

/* Caps for the draw parameters: answered as booleans (see the header for which are claimed); the draws below
 * run whatever the answers. */
static void
test_caps(struct fxp_t *t)
{
   static const enum pipe_cap caps[] = {
      PIPE_CAP_START_INSTANCE, PIPE_CAP_DRAW_PARAMETERS, PIPE_CAP_MULTI_DRAW_INDIRECT,
      PIPE_CAP_MULTI_DRAW_INDIRECT_PARAMS, PIPE_CAP_VERTEX_ELEMENT_INSTANCE_DIVISOR,
      PIPE_CAP_FS_FACE_IS_INTEGER_SYSVAL, PIPE_CAP_FS_POSITION_IS_SYSVAL,
   };
   for (unsigned i = 0; i < ARRAY_SIZE(caps); i++) {
      const int v = t->screen->get_param(t->screen, caps[i]);
      CHECK(t, v == 0 || v == 1, "cap %u answers %d, not a boolean", caps[i], v);
   }
}

/* glDrawArrays-style: VERTEXID = start + i, VERTEXID_NOBASE = i, BASEVERTEX = 0.
 * start 3, count 5: pixels (3..7, 0) get VERTEXID 3..7, NOBASE 0..4, BASEVERTEX 0. */
static void
test_vertexid_arrays(struct fxp_t *t)
{
   struct scene s;
   vs_scene(t, &s);
   const struct sv_draw d = {
      .what = "non-indexed start 3 count 5", .instance_count = 1, .num_draws = 1,
      .draws = {{.start = 3, .count = 5}},
   };
   run_sv_draw(t, &s, &d);
   const struct sv_draw d0 = {
      .what = "non-indexed start 0 count 4", .instance_count = 1, .num_draws = 1,
      .draws = {{.start = 0, .count = 4}},
   };
   run_sv_draw(t, &s, &d0);
   scene_end(t, &s);
}

/* Indexed draws with 8, 16 and 32-bit indices, from a buffer and from user memory, with a positive and a
 * negative index_bias and a start offset into the indices:
 *   indices {9, 0, 12, 5, 2, 17, 1}, start 1, count 5, bias 4: elements 0 12 5 2 17 -> VERTEXID 4 16 9 6 21
 *     (pixels (4,0) (0,1) (9,0) (6,0) (5,1)), NOBASE 0 12 5 2 17, BASEVERTEX 4;
 *   indices {10, 12, 15, 20}, start 0, count 4, bias -7: VERTEXID 3 5 8 13, NOBASE 10 12 15 20,
 *     BASEVERTEX -7. */
static void
test_vertexid_indexed(struct fxp_t *t)
{
   static const uint32_t idx_a[] = {9, 0, 12, 5, 2, 17, 1};
   static const uint32_t idx_b[] = {10, 12, 15, 20};
   static const unsigned sizes[] = {1, 2, 4};
   struct scene s;
   char what[96];

   vs_scene(t, &s);
   for (unsigned u = 0; u < 2; u++) {
      for (unsigned k = 0; k < ARRAY_SIZE(sizes); k++) {
         snprintf(what, sizeof(what), "indexed %u-byte%s, bias 4", sizes[k], u ? " user indices" : "");
         const struct sv_draw a = {
            .what = what, .index_size = sizes[k], .user_indices = u, .indices = idx_a,
            .num_indices = ARRAY_SIZE(idx_a), .instance_count = 1, .num_draws = 1,
            .draws = {{.start = 1, .count = 5, .index_bias = 4}},
         };
         run_sv_draw(t, &s, &a);
         snprintf(what, sizeof(what), "indexed %u-byte%s, bias -7", sizes[k], u ? " user indices" : "");
         const struct sv_draw b = {
            .what = what, .index_size = sizes[k], .user_indices = u, .indices = idx_b,
            .num_indices = ARRAY_SIZE(idx_b), .instance_count = 1, .num_draws = 1,
            .draws = {{.start = 0, .count = 4, .index_bias = -7}},
         };
         run_sv_draw(t, &s, &b);
      }
   }
   scene_end(t, &s);
}

/* Instancing: INSTANCEID counts from 0 whatever start_instance is; BASEINSTANCE = start_instance; the
 * per-instance attribute is fetched at start_instance + INSTANCEID.
 *   non-indexed start 0 count 3, 3 instances from 2: entries 2 3 4 -> rows 4 6 8, INSTANCEID 0 1 2;
 *   indexed {3, 1} bias 16, 2 instances from 5: VERTEXID 19 17 at rows 1 + 10 and 1 + 12. */
static void
test_instances(struct fxp_t *t)
{
   static const uint32_t idx[] = {3, 1};
   struct scene s;

   vs_scene(t, &s);
   const struct sv_draw a = {
      .what = "3 instances from 2", .instance_count = 3, .start_instance = 2, .num_draws = 1,
      .draws = {{.start = 0, .count = 3}},
   };
   run_sv_draw(t, &s, &a);
   const struct sv_draw b = {
      .what = "indexed, 2 instances from 5", .index_size = 2, .indices = idx, .num_indices = 2,
      .instance_count = 2, .start_instance = 5, .num_draws = 1, .draws = {{.start = 0, .count = 2, .index_bias = 16}},
   };
   run_sv_draw(t, &s, &b);
   const struct sv_draw c = {
      .what = "start_instance 7, 1 instance", .instance_count = 1, .start_instance = 7, .num_draws = 1,
      .draws = {{.start = 10, .count = 2}},
   };
   run_sv_draw(t, &s, &c);
   scene_end(t, &s);
}

/* Direct multi-draws: DRAWID = drawid_offset + k with increment_draw_id, drawid_offset for all without.
 *   non-indexed {0,2} {5,1} {20,3}, offset 4: DRAWID 4 5 6 (VERTEXID_NOBASE from 0 in every draw);
 *   the same without increment_draw_id: DRAWID 4 for every draw;
 *   indexed {0..5}, draws {0,2,bias 8} {2,2,bias 20} {4,2,bias -4} (index_bias_varies), 2 instances from 1,
 *   offset 0: VERTEXID 8 9 | 22 23 | 0 1, BASEVERTEX per draw, DRAWID 0 1 2, rows 2 and 4 (+1 for 22, 23). */
static void
test_multi_draw(struct fxp_t *t)
{
   static const uint32_t idx[] = {0, 1, 2, 3, 4, 5};
   struct scene s;

   vs_scene(t, &s);
   const struct sv_draw a = {
      .what = "3 draws, drawid_offset 4, increment", .instance_count = 1, .drawid_offset = 4,
      .increment_draw_id = true, .num_draws = 3,
      .draws = {{.start = 0, .count = 2}, {.start = 5, .count = 1}, {.start = 20, .count = 3}},
   };
   run_sv_draw(t, &s, &a);
   struct sv_draw b = a;
   b.what = "3 draws, drawid_offset 4, no increment";
   b.increment_draw_id = false;
   run_sv_draw(t, &s, &b);
   const struct sv_draw c = {
      .what = "3 indexed draws, varying bias, 2 instances from 1", .index_size = 4, .indices = idx,
      .num_indices = ARRAY_SIZE(idx), .instance_count = 2, .start_instance = 1, .increment_draw_id = true,
      .num_draws = 3,
      .draws = {{.start = 0, .count = 2, .index_bias = 8}, {.start = 2, .count = 2, .index_bias = 20},
                {.start = 4, .count = 2, .index_bias = -4}},
   };
   run_sv_draw(t, &s, &c);
   scene_end(t, &s);
}

/* ---- fragment-shader system values ---- */

static const char vs_pos_text[] =
   "VERT\n"
   "DCL IN[0]\n"
   "DCL OUT[0], POSITION\n"
   "  MOV OUT[0], IN[0]\n"
   "  END\n";

/* Binds vs_pos_text with clip-space positions pos[n][4] and the given fragment shader. */
static void
fs_scene(struct fxp_t *t, struct scene *s, unsigned nr_cbufs, const char *fs_text, const float (*pos)[4],
         unsigned n)
{
   struct pipe_vertex_element ve;
   struct pipe_vertex_buffer vb;

   scene_begin(t, s, nr_cbufs);
   s->vb[0] = vertex_buffer(t, pos, n * sizeof(pos[0]));
   memset(&ve, 0, sizeof(ve));
   ve.src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   s->velems = t->pipe->create_vertex_elements_state(t->pipe, 1, &ve);
   t->pipe->bind_vertex_elements_state(t->pipe, s->velems);
   memset(&vb, 0, sizeof(vb));
   vb.stride = sizeof(pos[0]);
   vb.buffer.resource = s->vb[0];
   t->pipe->set_vertex_buffers(t->pipe, 0, 1, 0, false, &vb);
   s->vs = fxp_t_shader(t, vs_pos_text, PIPE_SHADER_VERTEX, NULL);
   s->fs = fxp_t_shader(t, fs_text, PIPE_SHADER_FRAGMENT, NULL);
   t->pipe->bind_vs_state(t->pipe, s->vs);
   t->pipe->bind_fs_state(t->pipe, s->fs);
}

static void
draw(struct fxp_t *t, enum pipe_prim_type mode, unsigned start, unsigned count)
{
   struct pipe_draw_info info;
   const struct pipe_draw_start_count_bias d = {.start = start, .count = count};

   memset(&info, 0, sizeof(info));
   info.mode = mode;
   info.instance_count = 1;
   t->pipe->draw_vbo(t->pipe, &info, 0, NULL, &d, 1);
}

/* Window (x, y) in [0, 16] -> clip position with w = 2: ndc = x / 8 - 1, clip = 2 ndc. */
#define CLIP(x, y, z) {2.0f * ((x) / 8.0f - 1.0f), 2.0f * ((y) / 8.0f - 1.0f), 2.0f * (z), 2.0f}

/* POSITION over a full-screen quad (two triangles, every vertex at w = 2, z_ndc = the vertex's x_ndc):
 * POSITION = (x + 0.5, y + 0.5, z_window, 1 / w) with z_window = 0.5 z_ndc + 0.5 and z_ndc linear in x:
 * at the pixel centre z_ndc = (x + 0.5) / 8 - 1, so z_window = (x + 0.5) / 16; 1 / w = 0.5. */
static void
test_fs_position(struct fxp_t *t)
{
   static const float pos[6][4] = {
      CLIP(0, 0, -1), CLIP(16, 0, 1), CLIP(0, 16, -1),
      CLIP(16, 0, 1), CLIP(16, 16, 1), CLIP(0, 16, -1),
   };
   static const char fs[] =
      "FRAG\n"
      "DCL SV[0], POSITION\n"
      "DCL OUT[0], COLOR[0]\n"
      "  MOV OUT[0], SV[0]\n"
      "  END\n";
   struct scene s;
   struct expect_img *e = calloc(1, sizeof(*e));

   if (!e)
      return;
   fs_scene(t, &s, 1, fs, pos, 6);
   clear(t, &s);
   draw(t, PIPE_PRIM_TRIANGLES, 0, 6);
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         const float v[4] = {x + 0.5f, y + 0.5f, (x + 0.5f) / 16.0f, 0.5f};
         e->set[y][x] = true;
         memcpy(e->v[0][y][x], v, sizeof(v));
      }
   }
   compare(t, &s, "POSITION", e, 1e-6f, false);
   scene_end(t, &s);
   free(e);
}

/* FACE: the left triangle (0,0) (0,16) (8,0) turns counter-clockwise on the screen (signed area
 * 0 * 0 - 8 * 16 < 0), the right one (8,0) (16,0) (8,16) clockwise (8 * 16 - 0 > 0). Pixel centres
 * (x + 0.5, y + 0.5) inside: left x + 0.5 + (y + 0.5) / 2 < 8; right x >= 8 and x + 0.5 - 8 + (y + 0.5) / 2 < 8
 * (no centre lies on a slanted edge: that would need x + y / 2 = 7.25). The FS writes (FACE != 0 ? 1 : 0,
 * FACE.y, FACE.z, 1) (FACE.yz = 0 per tgsi.rst). With front_ccw the left triangle is front (1), the right back
 * (0); with front_ccw off the other way round. Points (drawn with front_ccw off) are front-facing. */
static void
test_fs_face(struct fxp_t *t)
{
   static const float pos[8][4] = {
      CLIP(0, 0, 0), CLIP(0, 16, 0), CLIP(8, 0, 0),
      CLIP(8, 0, 0), CLIP(16, 0, 0), CLIP(8, 16, 0),
      CLIP(15.5f, 15.5f, 0), CLIP(13.5f, 14.5f, 0), /* points at pixels (15,15) and (13,14) */
   };
   static const char fs[] =
      "FRAG\n"
      "DCL SV[0], FACE\n"
      "DCL OUT[0], COLOR[0]\n"
      "IMM[0] FLT32 {1.0, 0.0, 0.0, 1.0}\n"
      "  AND OUT[0].x, SV[0].xxxx, IMM[0].xxxx\n"
      "  U2F OUT[0].yz, SV[0].yyzz\n"
      "  MOV OUT[0].w, IMM[0].wwww\n"
      "  END\n";
   struct scene s;
   struct expect_img *e = calloc(1, sizeof(*e));

   if (!e)
      return;
   fs_scene(t, &s, 1, fs, pos, 8);
   for (unsigned ccw = 0; ccw < 2; ccw++) {
      rasterizer(t, &s, ccw == 0);
      clear(t, &s);
      draw(t, PIPE_PRIM_TRIANGLES, 0, 6);
      if (ccw)
         draw(t, PIPE_PRIM_POINTS, 6, 2);
      memset(e, 0, sizeof(*e));
      for (unsigned y = 0; y < H; y++) {
         for (unsigned x = 0; x < W; x++) {
            const float cx = x + 0.5f, cy = y + 0.5f;
            const bool left = cx + cy / 2 < 8.0f, right = x >= 8 && cx - 8.0f + cy / 2 < 8.0f;
            if (!left && !right)
               continue;
            /* front_ccw (pass 0): the counter-clockwise left triangle is front */
            const bool front = (ccw == 0) == left;
            const float v[4] = {front ? 1.0f : 0.0f, 0, 0, 1};
            e->set[y][x] = true;
            memcpy(e->v[0][y][x], v, sizeof(v));
         }
      }
      if (ccw) {
         const float v[4] = {1, 0, 0, 1};
         CHECK(t, !e->set[15][15] && !e->set[14][13], "test bug: the points overlap a triangle");
         e->set[15][15] = e->set[14][13] = true;
         memcpy(e->v[0][15][15], v, sizeof(v));
         memcpy(e->v[0][14][13], v, sizeof(v));
      }
      compare(t, &s, ccw ? "FACE, front_ccw off" : "FACE, front_ccw", e, 0.0f, false);
   }
   scene_end(t, &s);
   free(e);
}

/* SAMPLEID, SAMPLEPOS, SAMPLEMASK, HELPER_INVOCATION on the triangle (0,0) (0,8) (8,0) (counter-clockwise on
 * the screen, front with front_ccw). Pixel centres: x + y + 1 < 8 inside; x + y + 1 = 8 lies on the slanted
 * edge, which is a right edge (the inside is to its left): not covered by the top-left rule. So exactly the
 * 28 pixels with x + y <= 6 are written.
 * RT0 = (SAMPLEID, SAMPLEPOS.x, SAMPLEPOS.y, SAMPLEMASK) -> (0, 0.5, 0.5, 1) everywhere written.
 * RT1 = (h, DDX h, DDY h, FACE ? 1 : 0) with h = HELPER_INVOCATION ? 1.0 : 0.0: h = 0 everywhere written. In
 * the quad with top-left pixel (2a, 2b) the pixel sums are s, s + 1, s + 1, s + 2 (s = 2a + 2b): all covered
 * when s <= 4; when s = 6 only the top-left one, the three others being helpers with h = 1, so there
 * DDX h = h(TR) - h(TL) = 1 and DDY h = h(BL) - h(TL) = 1: pixels (6,0) (4,2) (2,4) (0,6); 0 elsewhere. */
static void
test_fs_sample_helper(struct fxp_t *t)
{
   static const float pos[3][4] = {CLIP(0, 0, 0), CLIP(0, 8, 0), CLIP(8, 0, 0)};
   static const char fs[] =
      "FRAG\n"
      "DCL SV[0], SAMPLEID\n"
      "DCL SV[1], SAMPLEPOS\n"
      "DCL SV[2], SAMPLEMASK\n"
      "DCL SV[3], HELPER_INVOCATION\n"
      "DCL SV[4], FACE\n"
      "DCL OUT[0], COLOR[0]\n"
      "DCL OUT[1], COLOR[1]\n"
      "DCL TEMP[0]\n"
      "IMM[0] FLT32 {1.0, 0.0, 0.0, 0.0}\n"
      "  U2F OUT[0].x, SV[0].xxxx\n"
      "  MOV OUT[0].yz, SV[1].xxyx\n"
      "  U2F OUT[0].w, SV[2].xxxx\n"
      "  AND TEMP[0].x, SV[3].xxxx, IMM[0].xxxx\n"
      "  MOV OUT[1].x, TEMP[0].xxxx\n"
      "  DDX OUT[1].y, TEMP[0].xxxx\n"
      "  DDY OUT[1].z, TEMP[0].xxxx\n"
      "  AND OUT[1].w, SV[4].xxxx, IMM[0].xxxx\n"
      "  END\n";
   struct scene s;
   struct expect_img *e = calloc(1, sizeof(*e));
   unsigned n = 0;

   if (!e)
      return;
   fs_scene(t, &s, 2, fs, pos, 3);
   clear(t, &s);
   draw(t, PIPE_PRIM_TRIANGLES, 0, 3);
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         if (x + y > 6)
            continue;
         const float d = (x + y == 6 && !(x & 1) && !(y & 1)) ? 1.0f : 0.0f;
         const float v0[4] = {0, 0.5f, 0.5f, 1}, v1[4] = {0, d, d, 1};
         e->set[y][x] = true;
         memcpy(e->v[0][y][x], v0, sizeof(v0));
         memcpy(e->v[1][y][x], v1, sizeof(v1));
         n++;
      }
   }
   CHECK_EQ_U(t, n, 28);
   compare(t, &s, "SAMPLEID/SAMPLEPOS/SAMPLEMASK | HELPER_INVOCATION/FACE", e, 0.0f, false);
   scene_end(t, &s);
   free(e);
}

/* ---- a draw large enough to go through in chunks (draw/fxp_draw.c, draw_one) ---- */

#define BIG_POINTS 20000 /* a few chunks of points, not a multiple of one */

static const char vs_instance_text[] =
   "VERT\n"
   "DCL IN[0]\n"
   "DCL SV[0], INSTANCEID\n"
   "DCL OUT[0], POSITION\n"
   "DCL OUT[1], GENERIC[0]\n"
   "IMM[0] FLT32 {0.0, 1.0, 0.0, 0.0}\n"
   "  MOV OUT[0], IN[0]\n"
   "  I2F OUT[1].x, SV[0].xxxx\n"
   "  MOV OUT[1].yzw, IMM[0].xxxy\n"
   "  END\n";

static const char fs_primid_text[] =
   "FRAG\n"
   "DCL IN[0], GENERIC[0], CONSTANT\n"
   "DCL IN[1], PRIM_ID, CONSTANT\n"
   "DCL OUT[0], COLOR[0]\n"
   "  I2F OUT[0].x, IN[1].xxxx\n"
   "  MOV OUT[0].y, IN[0].xxxx\n"
   "  MOV OUT[0].zw, IN[0].zzzw\n"
   "  END\n";

/* 20000 points in 2 instances, 32-bit indices from a buffer: point i uses vertex (37 i) mod 256, whose
 * position is the centre of pixel (v % 16, v / 16). 37 is prime to 256, so every pixel is hit about 78
 * times an instance. Points are drawn in order, instance 0 before instance 1, and PRIMID counts points from 0
 * in each instance, so pixel v ends with (the largest i with 37 i = v mod 256, 1, 0, 1). Once as fxpipe
 * draws it (in chunks) and once with FXPIPE_DEBUG=nofast (in one piece). */
static void
test_large_draw(struct fxp_t *t)
{
   float pos[W * H][4];
   struct scene s;
   struct expect_img *e = calloc(1, sizeof(*e));
   uint32_t *idx = malloc(BIG_POINTS * sizeof(uint32_t));

   if (!CHECK(t, e && idx, "out of memory")) {
      free(e);
      free(idx);
      return;
   }
   for (unsigned v = 0; v < W * H; v++) {
      pos[v][0] = ((v % W) + 0.5f) / 8.0f - 1.0f;
      pos[v][1] = ((v / W) + 0.5f) / 8.0f - 1.0f;
      pos[v][2] = 0.0f;
      pos[v][3] = 1.0f;
   }
   for (unsigned i = 0; i < BIG_POINTS; i++) {
      idx[i] = (37u * i) % (W * H);
      e->set[idx[i] / W][idx[i] % W] = true;
      const float px[4] = {(float)i, 1.0f, 0.0f, 1.0f}; /* a later point overwrites an earlier one */
      memcpy(e->v[0][idx[i] / W][idx[i] % W], px, sizeof(px));
   }
   fs_scene(t, &s, 1, fs_primid_text, (const float (*)[4])pos, W * H);
   t->pipe->bind_vs_state(t->pipe, NULL);
   t->pipe->delete_vs_state(t->pipe, s.vs);
   s.vs = fxp_t_shader(t, vs_instance_text, PIPE_SHADER_VERTEX, NULL);
   t->pipe->bind_vs_state(t->pipe, s.vs);
   struct pipe_resource *ib = fxp_t_buffer(t, BIG_POINTS * sizeof(uint32_t));
   if (CHECK(t, ib != NULL, "index buffer not created")) {
      t->pipe->buffer_subdata(t->pipe, ib, PIPE_MAP_WRITE, 0, BIG_POINTS * sizeof(uint32_t), idx);
      const unsigned saved = fxp_debug_flags;
      for (unsigned pass = 0; pass < 2; pass++) {
         struct pipe_draw_info info;
         const struct pipe_draw_start_count_bias d = {.start = 0, .count = BIG_POINTS};
         memset(&info, 0, sizeof(info));
         info.mode = PIPE_PRIM_POINTS;
         info.index_size = 4;
         info.index.resource = ib;
         info.instance_count = 2;
         fxp_debug_flags = pass ? saved | FXP_DBG_NOFAST : saved & ~FXP_DBG_NOFAST;
         clear(t, &s);
         t->pipe->draw_vbo(t->pipe, &info, 0, NULL, &d, 1);
         compare(t, &s, pass ? "20000 points, 2 instances, nofast" : "20000 points, 2 instances", e, 0.0f, false);
      }
      fxp_debug_flags = saved;
   }
   pipe_resource_reference(&ib, NULL);
   scene_end(t, &s);
   free(idx);
   free(e);
}

const struct fxp_test fxp_draw_sv_tests[] = {
   {"draw_sv.caps", test_caps},
   {"draw_sv.vertexid_arrays", test_vertexid_arrays},
   {"draw_sv.vertexid_indexed", test_vertexid_indexed},
   {"draw_sv.instances", test_instances},
   {"draw_sv.multi_draw", test_multi_draw},
   {"draw_sv.fs_position", test_fs_position},
   {"draw_sv.fs_face", test_fs_face},
   {"draw_sv.fs_sample_helper", test_fs_sample_helper},
   {"draw_sv.large_draw", test_large_draw},
   {NULL, NULL},
};
