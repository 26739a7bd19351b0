/* The rasterizer stage's entry points (raster/fxp_raster.h): the start of a draw (which fragment-shader input
 * each last-stage output feeds, which FS output each buffer takes, the per-fragment back end: compiled when
 * the state they depend on changes and reused by the draws after it, struct fxp_raster_cache; then the
 * buffers mapped once and the rasterizing threads' states), its end (the scene flushed, the statistics added up, the buffers unmapped), and the
 * viewport and layer primitives go to. Setup, coverage and shading follow in fxp_setup.c, fxp_rasterize.c
 * and fxp_shade.c. */
#include "util/format/u_format.h"
#include "util/u_dual_blend.h"
#include "util/u_framebuffer.h"
#include "util/u_math.h"
#include "util/u_memory.h"
#include "util/os_memory.h"
#include "util/u_inlines.h"

#include "fxp_context.h"
#include "fxp_debug.h"
#include "fxp_hot.h"
#include "fxp_resource.h"
#include "context/fxp_pool.h"
#include "raster/fxp_raster.h"
#include "raster/fxp_rasterize.h"
#include "raster/fxp_samples.h"
#include "raster/fxp_setup.h"
#include "raster/fxp_scene.h"
#include "raster/fxp_shade.h"

static unsigned
surface_layers(const struct pipe_surface *s)
{
   return s->texture->target == PIPE_BUFFER ? 1 : s->u.tex.last_layer - s->u.tex.first_layer + 1;
}

/* Where a surface's level and first layer start, in bytes from the start of its resource's storage. */
static size_t
surface_offset_B(const struct fxp_resource *res, const struct pipe_surface *s)
{
   if (s->texture->target == PIPE_BUFFER)
      return 0;
   return fxp_resource_offset_B(res, s->u.tex.level, 0, 0, s->u.tex.first_layer);
}

/* The depth range fragments are clamped to: the current viewport's, within [0, 1] (in the fragment stage's
 * state, once fxp_raster_prepare has copied it). */
FXP_DRAW_PATH static void
apply_depth_range(struct fxp_raster *r)
{
   const double n = r->rast->clip_halfz ? r->vp_translate[2] : r->vp_translate[2] - r->vp_scale[2];
   const double f = r->vp_translate[2] + r->vp_scale[2];
   r->frag.zmin = MAX2(MIN2(n, f), 0.0);
   r->frag.zmax = MIN2(MAX2(n, f), 1.0);
}

/* Viewport i and its scissor rectangle (within the framebuffer), and the depth range fragments are clamped
 * to (apply_depth_range). */
FXP_DRAW_PATH static void
apply_viewport(struct fxp_raster *r, unsigned i)
{
   const struct fxp_context *ctx = r->ctx;
   r->cur_viewport = i;
   r->clip_minx = r->clip_miny = 0;
   r->clip_maxx = ctx->framebuffer.width;
   r->clip_maxy = ctx->framebuffer.height;
   if (r->rast->scissor) {
      const struct pipe_scissor_state *s = &ctx->scissors[i];
      r->clip_minx = MAX2(r->clip_minx, (int)s->minx);
      r->clip_miny = MAX2(r->clip_miny, (int)s->miny);
      r->clip_maxx = MIN2(r->clip_maxx, (int)s->maxx);
      r->clip_maxy = MIN2(r->clip_maxy, (int)s->maxy);
   }
   for (unsigned c = 0; c < 3; c++) {
      r->vp_scale[c] = ctx->viewports[i].scale[c];
      r->vp_translate[c] = ctx->viewports[i].translate[c];
   }
   if (r->fs_ready) /* (else fxp_raster_prepare applies it) */
      apply_depth_range(r);
}

/* Multisampling's state for a draw (struct fxp_raster, raster/fxp_samples.h): the framebuffer's samples,
 * whether coverage is per sample, where the samples are, and whether shading is once a sample. */
static void
setup_samples(struct fxp_raster *r)
{
   const struct fxp_context *ctx = r->ctx;
   const struct tgsi_shader_info *fi = &r->fs->info;
   const unsigned n = util_framebuffer_get_num_samples(&ctx->framebuffer);
   r->samples = n > 1 && fxp_sample_count_valid(n) ? n : 1;
   r->ms_coverage = r->samples > 1 && r->rast->multisample;
   r->sample_mask = (uint16_t)(ctx->sample_mask & ((1u << r->samples) - 1));
   bool reads_sample = false;
   for (unsigned i = 0; i < fi->num_system_values; i++)
      reads_sample |= fi->system_value_semantic_name[i] == TGSI_SEMANTIC_SAMPLEID ||
                      fi->system_value_semantic_name[i] == TGSI_SEMANTIC_SAMPLEPOS;
   for (unsigned i = 0; i < fi->num_inputs; i++)
      reads_sample |= fi->input_interpolate_loc[i] == TGSI_INTERPOLATE_LOC_SAMPLE;
   /* framebuffer fetch reads the value at the same (x, y, sample) (EXT_shader_framebuffer_fetch): shaded per
    * sample, or a pixel on a primitive's edge would decide all its samples by sample 0, which the primitive
    * beside it may have written (piglit's discard-ms4/ms8) */
   reads_sample |= fi->opcode_count[TGSI_OPCODE_FBFETCH] > 0;
   r->per_sample = r->ms_coverage && (ctx->min_samples > 1 || reads_sample);
   r->smooth_points = r->rast->point_smooth && !r->ms_coverage;
   r->smooth_lines = r->rast->line_smooth && !r->ms_coverage;
   r->post_depth_coverage = fi->properties[TGSI_PROPERTY_FS_POST_DEPTH_COVERAGE] != 0;
   r->sample_lo = r->sample_hi = 0;
   for (unsigned s = 0; s < r->samples; s++) {
      unsigned x_32nd, y_32nd;
      fxp_sample_pos(r->samples, s, &x_32nd, &y_32nd);
      r->sample_x[s] = ((int64_t)x_32nd - FXP_SAMPLE_POS_UNIT / 2) * (FXP_ONE / FXP_SAMPLE_POS_UNIT);
      r->sample_y[s] = ((int64_t)y_32nd - FXP_SAMPLE_POS_UNIT / 2) * (FXP_ONE / FXP_SAMPLE_POS_UNIT);
      r->sample_lo = MIN3(r->sample_lo, r->sample_x[s], r->sample_y[s]);
      r->sample_hi = MAX3(r->sample_hi, r->sample_x[s], r->sample_y[s]);
   }
}

void
fxp_raster_set_viewport(struct fxp_raster *r, uint32_t index)
{
   if (index >= PIPE_MAX_VIEWPORTS)
      index = 0; /* out of range: the first viewport, as Mesa's other drivers do */
   if (index == r->cur_viewport)
      return;
   fxp_rasterize_flush(r); /* binned primitives keep the viewport, scissor and depth range they were set up with */
   apply_viewport(r, index);
}

/* The buffers' origins at layer r->cur_layer (each buffer's last layer past its own count). */
static void
apply_layer(struct fxp_raster *r)
{
   struct fxp_fragment *f = &r->frag;
   const uint32_t layer = r->cur_layer;
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++)
      if (f->cbuf_layer0[i])
         f->cbuf_origin[i] = f->cbuf_layer0[i] + MIN2(layer, f->cbuf_layers[i] - 1) * f->cbuf_layer_B[i];
   if (f->zs_layer0)
      f->zs_origin = f->zs_layer0 + MIN2(layer, f->zs_layers - 1) * f->zs_layer_B;
}

void
fxp_raster_set_layer(struct fxp_raster *r, uint32_t layer)
{
   if (layer == r->cur_layer)
      return;
   fxp_rasterize_flush(r); /* binned primitives are drawn to the layer they were set up for */
   r->cur_layer = layer;
   if (r->fs_ready) /* (else fxp_raster_prepare applies it when it maps the buffers) */
      apply_layer(r);
}

/* The scene in flight (fxp_raster.h, "Scenes in flight"): its state, a copy of the bindings its fragment
 * shader reads, its job, and what it holds that state functions released after it was submitted. */
#define FXP_FLIGHT_HELD_MAX 64 /* held at once; one more retires the flight first */
struct fxp_raster_flight {
   struct fxp_raster *r;                 /* (heap) changes places with the cache's `open` at each submit */
   struct fxp_raster_job job;
   struct fxp_bindings bind;
   unsigned num_held;
   struct {
      enum fxp_raster_held kind;
      void *p;
   } held[FXP_FLIGHT_HELD_MAX];
};

void
fxp_raster_cache_fini(struct fxp_raster_cache *c)
{
   for (unsigned i = 0; i < c->num_threads; i++)
      fxp_exec_fini(&c->threads[i].fs_exec);
   os_free_aligned(c->threads);
   fxp_scene_destroy(c->scene);
   for (unsigned i = 0; i < c->num_range_scenes; i++)
      fxp_scene_destroy(c->range_scenes[i]);
   FREE(c->range_scenes);
   assert(!c->is_open && !c->in_flight); /* (the context's destroy is a sync point) */
   FREE(c->open);
   for (unsigned i = 0; i < c->num_spare_threads; i++)
      fxp_exec_fini(&c->spare_threads[i].fs_exec);
   os_free_aligned(c->spare_threads);
   fxp_scene_destroy(c->spare_scene);
   if (c->flight)
      FREE(c->flight->r);
   FREE(c->flight);
}

bool
fxp_raster_cache_pending(const struct fxp_raster_cache *c)
{
   return c->in_flight || (c->scene && c->scene->num_prims);
}

/* The draw state that depends only on bound state (struct fxp_raster_cache's compiled copy): multisampling,
 * the FS-input linkage, the FS outputs each buffer takes, the buffers' layout, whether depth and stencil are
 * tested early, the per-fragment fast path and the shading function. */
static void
compile_state(struct fxp_raster *r, struct fxp_fragment_bound *bound, const struct fxp_raster_key *key)
{
   struct fxp_fragment *f = &r->frag;
   struct fxp_context *ctx = r->ctx;
   const struct pipe_framebuffer_state *fb = &ctx->framebuffer;
   const struct tgsi_shader_info *fi = &r->fs->info, *vi = &r->out->info;

   f->ctx = ctx;
   f->rast = r->rast;
   fxp_fragment_take_bound_state(bound, key->has_blend ? &key->blend : NULL, &key->dsa, ctx);
   f->bound = bound;
   setup_samples(r);
   f->samples = r->samples;
   f->fb_width = fb->width * r->samples;
   f->fb_height = fb->height;

   /* FS inputs from VS outputs */
   r->num_fs_in = MIN2(r->fs->num_inputs, PIPE_MAX_SHADER_INPUTS);
   for (unsigned i = 0; i < r->num_fs_in && i < PIPE_MAX_SHADER_INPUTS; i++) {
      struct fxp_fs_input *in = &r->fs_in[i];
      const unsigned name = fi->input_semantic_name[i], index = fi->input_semantic_index[i];
      unsigned interp = fi->input_interpolate[i];

      if (interp == TGSI_INTERPOLATE_COLOR)
         interp = r->rast->flatshade ? TGSI_INTERPOLATE_CONSTANT : TGSI_INTERPOLATE_PERSPECTIVE;
      in->interp = interp;
      in->centroid = fi->input_interpolate_loc[i] == TGSI_INTERPOLATE_LOC_CENTROID;
      in->read_mask = (fi->indirect_files & (1u << TGSI_FILE_INPUT)) ? 0xf : fi->input_usage_mask[i] & 0xf;
      in->output = in->back_output = -1;
      in->sprite = (name == TGSI_SEMANTIC_GENERIC || name == TGSI_SEMANTIC_TEXCOORD) && index < 32 &&
                   (r->rast->sprite_coord_enable & (1u << index));
      if (name == TGSI_SEMANTIC_POSITION) {
         in->src = FXP_FS_POSITION;
         continue;
      }
      if (name == TGSI_SEMANTIC_FACE) {
         in->src = FXP_FS_FACE;
         continue;
      }
      if (name == TGSI_SEMANTIC_PCOORD) {
         in->src = FXP_FS_POINTCOORD;
         continue;
      }
      in->src = name == TGSI_SEMANTIC_PRIMID ? FXP_FS_PRIMID : FXP_FS_ZERO;
      for (unsigned o = 0; o < vi->num_outputs; o++) {
         /* the first matching output: component-split outputs are merged into it (fxp_exec_merge_outputs) */
         if (in->output < 0 &&
             fxp_varying_matches(vi->output_semantic_name[o], vi->output_semantic_index[o], name, index)) {
            in->src = FXP_FS_FROM_OUTPUT;
            in->output = o;
         }
         if (name == TGSI_SEMANTIC_COLOR && r->rast->light_twoside && in->back_output < 0 &&
             vi->output_semantic_name[o] == TGSI_SEMANTIC_BCOLOR && vi->output_semantic_index[o] == index) {
            in->src = FXP_FS_FROM_OUTPUT; /* back faces read it even if no front colour is written */
            in->back_output = o;
         }
      }
   }

   memset(r->out_noperspective, 0, sizeof(r->out_noperspective));
   r->any_noperspective = false;
   r->any_flat = r->any_centroid = false;
   for (unsigned i = 0; i < r->num_fs_in; i++)
      r->any_centroid |= r->fs_in[i].src == FXP_FS_FROM_OUTPUT && r->fs_in[i].centroid;
   for (unsigned i = 0; i < r->num_fs_in; i++)
      r->any_flat |= r->fs_in[i].src == FXP_FS_FROM_OUTPUT && r->fs_in[i].interp == TGSI_INTERPOLATE_CONSTANT;
   for (unsigned i = 0; i < r->num_fs_in; i++) {
      const struct fxp_fs_input *in = &r->fs_in[i];
      if (in->src != FXP_FS_FROM_OUTPUT || in->interp != TGSI_INTERPOLATE_LINEAR)
         continue;
      if (in->output >= 0)
         r->out_noperspective[in->output] = true;
      if (in->back_output >= 0)
         r->out_noperspective[in->back_output] = true;
      r->any_noperspective = true;
   }

   /* FS outputs to colour buffers and depth */
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++)
      f->fs_color[i] = -1;
   f->fs_depth = f->fs_stencil = f->fs_samplemask = -1;
   for (unsigned o = 0; o < fi->num_outputs; o++) {
      const unsigned name = fi->output_semantic_name[o], index = fi->output_semantic_index[o];
      if (name == TGSI_SEMANTIC_COLOR && index < PIPE_MAX_COLOR_BUFS && f->fs_color[index] < 0)
         f->fs_color[index] = o; /* the first: component-split outputs are merged into it */
      else if (name == TGSI_SEMANTIC_POSITION)
         f->fs_depth = o;
      else if (name == TGSI_SEMANTIC_STENCIL)
         f->fs_stencil = o;
      else if (name == TGSI_SEMANTIC_SAMPLEMASK)
         f->fs_samplemask = o;
   }
   f->fs_color1 = bound->blend && util_blend_state_is_dual(bound->blend, 0) ? f->fs_color[1] : -1;
   if (fi->properties[TGSI_PROPERTY_FS_COLOR0_WRITES_ALL_CBUFS] && f->fs_color[0] >= 0)
      for (unsigned i = 1; i < PIPE_MAX_COLOR_BUFS; i++)
         f->fs_color[i] = f->fs_color[0];
   r->num_aa_outputs = 0;
   for (unsigned i = 0; i < ctx->framebuffer.nr_cbufs && i < PIPE_MAX_COLOR_BUFS; i++) {
      const int o = f->fs_color[i];
      const struct pipe_surface *cb = ctx->framebuffer.cbufs[i];
      bool seen = false;
      for (unsigned k = 0; k < r->num_aa_outputs; k++)
         seen |= r->aa_outputs[k] == o;
      if (o >= 0 && cb && !util_format_is_pure_integer(cb->format) && !seen)
         r->aa_outputs[r->num_aa_outputs++] = o;
   }

   /* the buffers' layout: where the surface's level and first layer start in the mapping, each made once a
    * draw (fxp_raster_begin) */
   for (unsigned i = 0; i < fb->nr_cbufs && i < PIPE_MAX_COLOR_BUFS; i++) {
      const struct pipe_surface *cs = fb->cbufs[i];
      if (!cs || f->fs_color[i] < 0)
         continue;
      const struct fxp_resource *res = fxp_resource(cs->texture);
      f->cbuf_offset_B[i] = surface_offset_B(res, cs);
      f->cbuf_layers[i] = surface_layers(cs);
      f->cbuf_layer_B[i] = f->cbuf_layers[i] > 1 ? res->slice_stride_B[cs->u.tex.level] : 0;
      f->cbuf_stride[i] = res->row_stride_B[cs->u.tex.level];
      f->cbuf_bpp[i] = util_format_get_blocksize(cs->format);
   }
   if (fb->zsbuf) {
      const struct pipe_surface *zs = fb->zsbuf;
      const struct fxp_resource *res = fxp_resource(zs->texture);
      f->zs_offset_B = surface_offset_B(res, zs);
      f->zs_layers = surface_layers(zs);
      f->zs_layer_B = f->zs_layers > 1 ? res->slice_stride_B[zs->u.tex.level] : 0;
      f->zs_stride = res->row_stride_B[zs->u.tex.level];
      f->zs_bpp = util_format_get_blocksize(zs->format);
   }

   /* Early depth and stencil tests: when the shader declares them, and (a fast path, off under
    * FXPIPE_DEBUG=nofast) whenever the shader cannot change their outcome or notice they ran first: it
    * writes no depth, stencil or sample mask, never discards or demotes, and has no memory side effects
    * (which GL runs for fragments that then fail the tests). Fragments failing them are not shaded. */
   const struct pipe_depth_stencil_alpha_state *dsa = bound->dsa;
   const bool zs_tested = dsa->depth_enabled || dsa->stencil[0].enabled;
   /* (alpha to coverage, with several samples, is the shader deciding too) */
   const bool a2c = r->samples > 1 && bound->blend && bound->blend->alpha_to_coverage;
   /* (and smooth points and lines, whose pixels of coverage 0 are dropped after shading) */
   const bool fs_decides = a2c || r->smooth_points || r->smooth_lines || fi->writes_z || fi->writes_stencil ||
                           fi->writes_samplemask || fi->uses_kill || fi->writes_memory ||
                           fi->opcode_count[TGSI_OPCODE_KILL] || fi->opcode_count[TGSI_OPCODE_KILL_IF] ||
                           fi->opcode_count[TGSI_OPCODE_DEMOTE];
   f->early_zs = fb->zsbuf && (fi->properties[TGSI_PROPERTY_FS_EARLY_DEPTH_STENCIL] ||
                                (zs_tested && !fs_decides && !(fxp_debug_flags & FXP_DBG_NOFAST)));
   r->early_zs_chosen = f->early_zs && !fi->properties[TGSI_PROPERTY_FS_EARLY_DEPTH_STENCIL];
   fxp_fragment_fast_setup(f);
   {
      const struct fxp_engine *eng = fxp_engine_get(fxp_isa_chosen());
      r->shade_batch = eng ? eng->shade_batch : fxp_shade_batch;
   }
   /* Batches shared by several triangles (a fast path): not when the shader interpolates at other places
    * than the sample point (INTERP_*: frag_interp_at works on one primitive a batch) */
   r->whole_tile_batches = !(fxp_debug_flags & FXP_DBG_NOFAST);
   r->edges_32 = !(fxp_debug_flags & FXP_DBG_NOFAST);
   r->serial_avg_px = FXP_SCENE_SERIAL_AVG_WORK / (r->fs->num_insts + FXP_SCENE_PX_COST);
   r->fs_copy = !(fxp_debug_flags & FXP_DBG_NOFAST) && r->fs->num_fs_copies > 0;
   r->share_batches = !(fxp_debug_flags & FXP_DBG_NOFAST) && !fi->opcode_count[TGSI_OPCODE_INTERP_CENTROID] &&
                      !fi->opcode_count[TGSI_OPCODE_INTERP_SAMPLE] && !fi->opcode_count[TGSI_OPCODE_INTERP_OFFSET];
   r->early_zs_why = !fb->zsbuf ? "off (no depth-stencil buffer)"
                     : fi->properties[TGSI_PROPERTY_FS_EARLY_DEPTH_STENCIL] ? "on (declared by the shader)"
                     : !zs_tested ? "off (no depth or stencil test)"
                     : fs_decides ? "off (the shader writes depth, stencil or the sample mask, discards or "
                                    "writes memory)"
                     : f->early_zs ? "on (the shader cannot change the outcome)" : "off (FXPIPE_DEBUG=nofast)";
}

/* The caller's fields of struct fxp_raster end here: the rest is the draw's. */
#define FXP_RASTER_DRAW_OFFSET_B offsetof(struct fxp_raster, stipple_counter)

/* The compiled state into a draw's struct: every field but the tails of fs_in and sample_x/y that this state
 * does not use (past num_fs_in and samples, never read). fxp_raster_begin then points r->rast and
 * r->frag.rast at the compiled key's copy of the rasterizer state. */
FXP_DRAW_PATH static void
copy_compiled(struct fxp_raster *r, const struct fxp_raster *c)
{
   /* the pieces in the order struct fxp_raster has them, with nothing between them */
   STATIC_ASSERT(offsetof(struct fxp_raster, out_noperspective) ==
                 offsetof(struct fxp_raster, fs_in) + sizeof(c->fs_in));
   STATIC_ASSERT(offsetof(struct fxp_raster, sample_y) ==
                 offsetof(struct fxp_raster, sample_x) + sizeof(c->sample_x));
   STATIC_ASSERT(offsetof(struct fxp_raster, sample_lo) ==
                 offsetof(struct fxp_raster, sample_y) + sizeof(c->sample_y));
   STATIC_ASSERT(offsetof(struct fxp_raster, frag) < offsetof(struct fxp_raster, shade_batch));
   assert(c->num_fs_in <= ARRAY_SIZE(c->fs_in) && c->samples <= ARRAY_SIZE(c->sample_x));
   /* (not the caller's fields: the rasterizer state may be another CSO of the same content) */
   memcpy((char *)r + FXP_RASTER_DRAW_OFFSET_B, (const char *)c + FXP_RASTER_DRAW_OFFSET_B,
          offsetof(struct fxp_raster, fs_in) - FXP_RASTER_DRAW_OFFSET_B);
   memcpy(r->fs_in, c->fs_in, c->num_fs_in * sizeof(c->fs_in[0]));
   memcpy(r->out_noperspective, c->out_noperspective,
          offsetof(struct fxp_raster, sample_x) - offsetof(struct fxp_raster, out_noperspective));
   memcpy(r->sample_x, c->sample_x, c->samples * sizeof(c->sample_x[0]));
   memcpy(r->sample_y, c->sample_y, c->samples * sizeof(c->sample_y[0]));
   /* all but frag, which fxp_raster_prepare copies if the draw rasterizes anything */
   memcpy(&r->sample_lo, &c->sample_lo, offsetof(struct fxp_raster, frag) - offsetof(struct fxp_raster, sample_lo));
   memcpy(&r->shade_batch, &c->shade_batch, sizeof(*r) - offsetof(struct fxp_raster, shade_batch));
}

/* The key of the state r's draw compiles (struct fxp_raster_key). */
static void
make_key(const struct fxp_raster *r, struct fxp_raster_key *k)
{
   const struct fxp_context *ctx = r->ctx;
   memset(k, 0, sizeof(*k));
   k->fs_serial = r->fs->serial;
   k->out_serial = r->out->serial;
   k->fb_serial = ctx->framebuffer_serial;
   k->sample_mask = ctx->sample_mask;
   k->min_samples = ctx->min_samples;
   k->debug = fxp_debug_flags;
   k->isa = fxp_isa_chosen();
   /* (bytes, padding included: st/mesa and the cso cache zero their templates and compare them so too) */
   memcpy(&k->rast, r->rast, sizeof(k->rast));
   k->has_blend = ctx->blend != NULL;
   if (ctx->blend)
      memcpy(&k->blend, ctx->blend, sizeof(k->blend));
   k->has_dsa = ctx->dsa != NULL;
   if (ctx->dsa)
      memcpy(&k->dsa, ctx->dsa, sizeof(k->dsa));
}

/* FXPIPE_DEBUG=checkstate, a flag for tests: compiles the state again for this draw (r, as the caller set it)
 * and compares it with the cached copy byte for byte after the caller's fields (both compiled from a zeroed
 * struct); stale state means a bind that should have called fxp_raster_state_changed did not, and the
 * process aborts, so that the test running it fails. */
static void
check_compiled(const struct fxp_raster *r, const struct fxp_raster *cached)
{
   struct fxp_raster *fresh = CALLOC_STRUCT(fxp_raster);
   struct fxp_raster_key *fresh_key = CALLOC_STRUCT(fxp_raster_key);
   struct fxp_fragment_bound fresh_bound;
   if (!fresh || !fresh_key) {
      FREE(fresh);
      FREE(fresh_key);
      return;
   }
   memcpy(fresh, r, FXP_RASTER_DRAW_OFFSET_B);
   make_key(r, fresh_key);
   compile_state(fresh, &fresh_bound, fresh_key);
   /* (the caller's fields follow from the key, and their padding is the caller's; the rasterizer CSO may be
    * another of the same content, which copy_compiled points at; the bound state is compared by content: its
    * blend and depth-stencil-alpha states are each key's copies) */
   const struct fxp_fragment_bound *cb = cached->frag.bound;
   const bool same_bound =
      fresh_bound.nr_cbufs == cb->nr_cbufs && fresh_bound.zs_format == cb->zs_format &&
      !memcmp(fresh_bound.cbuf_format, cb->cbuf_format, sizeof(cb->cbuf_format)) &&
      !memcmp(fresh_bound.dsa, cb->dsa, sizeof(*cb->dsa)) && !fresh_bound.blend == !cb->blend &&
      (!cb->blend || !memcmp(fresh_bound.blend, cb->blend, sizeof(*cb->blend)));
   fresh->frag.rast = cached->frag.rast;
   fresh->frag.bound = cached->frag.bound;
   const bool same = same_bound &&
                     !memcmp((const char *)fresh + FXP_RASTER_DRAW_OFFSET_B,
                             (const char *)cached + FXP_RASTER_DRAW_OFFSET_B,
                             sizeof(*fresh) - FXP_RASTER_DRAW_OFFSET_B);
   FREE(fresh);
   FREE(fresh_key);
   if (!same) {
      fprintf(stderr, "fxpipe: FXPIPE_DEBUG=checkstate: the rasterizer's compiled state is stale (a bind did not "
                      "call fxp_raster_state_changed)\n");
      abort();
   }
}

FXP_DRAW_PATH void
fxp_raster_begin(struct fxp_raster *r)
{
   struct fxp_context *ctx = r->ctx;
   struct fxp_raster_cache *cache = r->cache;

   /* The state compiled from bound state: the last one used while nothing was bound since, else one of the
    * cache's with the same key, else compiled again into the oldest. FXPIPE_DEBUG=perf compiles it at every
    * draw, to report each draw's paths. */
   struct fxp_raster_compiled *cc = &cache->compiled[cache->last];
   /* (FXPIPE_DEBUG's flags and the table change with no bind: the unit tests switch nofast between draws) */
   if (!(cc->valid && cc->serial == ctx->raster_serial && cc->key.fs_serial == r->fs->serial &&
         cc->key.out_serial == r->out->serial && cc->key.debug == fxp_debug_flags &&
         cc->key.isa == fxp_isa_chosen())) {
      /* (an open scene's state points into its compiled state, which this may replace: a bind closed it,
       * but FXPIPE_DEBUG's flags and the table change with none) */
      if (unlikely(cache->is_open))
         fxp_raster_close_scene(cache);
      struct fxp_raster_key key;
      make_key(r, &key);
      cc = NULL;
      for (unsigned i = 0; i < FXP_RASTER_COMPILED_MAX && !cc; i++)
         if (cache->compiled[i].valid && !memcmp(&cache->compiled[i].key, &key, sizeof(key)))
            cc = &cache->compiled[i];
      if (!cc || (fxp_debug_flags & FXP_DBG_PERF)) {
         cc = cc ? cc : &cache->compiled[cache->next];
         /* (the scene in flight points into its compiled state too) */
         if (unlikely(cache->in_flight) && cache->flight->r->compiled == cc)
            fxp_raster_retire(cache);
         cache->next = (cache->next + 1) % FXP_RASTER_COMPILED_MAX;
         memcpy(&cc->state, r, FXP_RASTER_DRAW_OFFSET_B);
         memset((char *)&cc->state + FXP_RASTER_DRAW_OFFSET_B, 0, sizeof(cc->state) - FXP_RASTER_DRAW_OFFSET_B);
         cc->key = key; /* first: the compiled state points at its copies of the CSOs */
         compile_state(&cc->state, &cc->bound, &cc->key);
         cc->valid = true;
         ctx->perf.raster_compiles++;
      } else if (unlikely(fxp_debug_flags & FXP_DBG_CHECKSTATE)) {
         check_compiled(r, &cc->state);
      }
      cc->serial = ctx->raster_serial;
      cache->last = cc - cache->compiled;
   } else if (unlikely(fxp_debug_flags & FXP_DBG_CHECKSTATE)) {
      check_compiled(r, &cc->state);
   }
   copy_compiled(r, &cc->state);
   /* the rasterizer state read from the compiled state's key from now on: a copy of the bound CSO's bytes
    * (nothing was bound since the key was made or matched), which a later delete cannot free while this
    * draw's primitives are rasterized (docs/deferred-raster-plan.md) */
   r->rast = &cc->key.rast;
   r->compiled = cc;
   if (r->rast->poly_stipple_enable)
      memcpy(r->poly_stipple, ctx->poly_stipple.stipple, sizeof(r->poly_stipple));
   if (r->early_zs_chosen)
      ctx->perf.early_zs_draws++;
   r->fs_ready = r->fs_failed = false;
   apply_viewport(r, 0);
   r->threads = NULL;
   r->scene = NULL;
   r->threads_ready = 0;
   r->direct_px = r->direct_prims = r->prims = 0;
   r->clear_binned = 0;
   r->bin_all = r->bin_failed = r->direct_chosen = r->clear_binning = false;
   r->clear = NULL;
}

/* FXPIPE_DEBUG=checkstate at a draw that goes on with the open scene: what fxp_raster_prepare would take
 * from the context is what the scene's fragment stage took (a state function that should have closed the
 * scene did not, else), and the process aborts, so that the test running it fails. */
static void
check_open(const struct fxp_raster *r, const struct fxp_raster *o)
{
   const struct fxp_context *ctx = r->ctx;
   struct fxp_raster t;
   memcpy(&t, r, sizeof(t));
   apply_depth_range(&t);
   const bool same = !ctx->bindings_dirty[PIPE_SHADER_FRAGMENT] && !ctx->samplers_dirty[PIPE_SHADER_FRAGMENT] &&
                     t.frag.zmin == o->frag.zmin && t.frag.zmax == o->frag.zmax &&
                     !memcmp(&ctx->stencil_ref, &o->frag.stencil_ref, sizeof(ctx->stencil_ref)) &&
                     !memcmp(&ctx->blend_color, &o->frag.blend_color, sizeof(ctx->blend_color)) &&
                     !memcmp(r->poly_stipple, o->poly_stipple, sizeof(r->poly_stipple)) &&
                     o->fs == r->fs && o->out == r->out;
   if (!same) {
      fprintf(stderr, "fxpipe: FXPIPE_DEBUG=checkstate: a draw went on with an open scene whose fragment state "
                      "changed (a state function did not call fxp_raster_close)\n");
      abort();
   }
}

/* The draw goes on with the open scene (fxp_raster.h, "Open scenes"): its fragment stage is the scene's. */
FXP_DRAW_PATH static bool
take_open(struct fxp_raster *r)
{
   struct fxp_raster_cache *cache = r->cache;
   const struct fxp_raster *o = cache->open;
   if (unlikely(fxp_debug_flags & FXP_DBG_CHECKSTATE))
      check_open(r, o);
   memcpy(&r->frag, &o->frag, sizeof(r->frag));
   r->fs_bind = o->fs_bind;
   r->num_threads = o->num_threads;
   r->threads = o->threads;
   r->scene = o->scene;
   r->threads_ready = o->threads_ready;
   r->clear = o->clear;
   r->fs_ready = true;
   cache->is_open = false;
   r->ctx->raster_open = false;
   r->ctx->perf.raster_continued++;
   return true;
}

FXP_DRAW_PATH bool
fxp_raster_prepare(struct fxp_raster *r)
{
   struct fxp_fragment *f = &r->frag;
   struct fxp_context *ctx = r->ctx;
   const struct pipe_framebuffer_state *fb = &ctx->framebuffer;
   struct fxp_raster_cache *cache = r->cache;

   if (r->fs_ready)
      return true;
   if (r->fs_failed)
      return false; /* said once: the rest of the draw is dropped */
   if (cache->is_open) {
      /* (the open scene's primitives are of the first layer and viewport: fxp_raster_end) */
      if (likely(cache->open->compiled == r->compiled && !r->cur_layer && !r->cur_viewport))
         return take_open(r);
      fxp_raster_submit_scene(cache);
   }
   memcpy(f, &r->compiled->state.frag, sizeof(*f));
   f->rast = r->rast;
   apply_depth_range(r);
   fxp_fragment_take_draw_state(f, &ctx->stencil_ref, &ctx->blend_color);
   r->fs_bind = fxp_gather_bindings(ctx, PIPE_SHADER_FRAGMENT);
   /* the threads' states live in the caller's cache (the context's draw cache) from one draw to the next */
   const unsigned n = fxp_pool_threads(fxp_context_pool(ctx));
   if (cache->num_threads != n) {
      for (unsigned i = 0; i < cache->num_threads; i++)
         fxp_exec_fini(&cache->threads[i].fs_exec);
      os_free_aligned(cache->threads);
      /* each holds an execution state of 64-byte lane vectors: aligned for them */
      cache->threads = os_malloc_aligned(n * sizeof(*cache->threads), 64);
      if (cache->threads)
         memset(cache->threads, 0, n * sizeof(*cache->threads));
      cache->num_threads = cache->threads ? n : 0;
   }
   if (n > 1 && !cache->scene)
      cache->scene = fxp_scene_create();
   r->num_threads = n;
   r->threads = cache->threads;
   r->scene = n > 1 && cache->scene && fxp_scene_begin(cache->scene, fb->width, fb->height) ? cache->scene : NULL;
   /* the main thread's state now; the others' when a scene is first shared out (fxp_rasterize_flush), so that
    * draws of small primitives, which the main thread rasterizes alone, set up one state (fxp_raster_begin
    * set threads_ready and clear to zero) */
   if (!r->threads || (n > 1 && !r->scene) || !fxp_shade_thread_setup(r, 0)) {
      r->threads = NULL;
      r->scene = NULL;
      r->fs_failed = true;
      fxp_refuse("out of memory for fragment shading" FXP_GL_SKIPPED_DRAW);
      return false;
   }
   /* Map the buffers once per draw: a window's front buffer is read back from the window system on
    * every map. A buffer that cannot be mapped is not written (the general path tests for it). */
   for (unsigned i = 0; i < fb->nr_cbufs && i < PIPE_MAX_COLOR_BUFS; i++) {
      const struct pipe_surface *cs = fb->cbufs[i];
      if (!cs || f->fs_color[i] < 0)
         continue;
      f->cbuf_base[i] = fxp_resource_map(fxp_resource(cs->texture));
      f->cbuf_origin[i] = f->cbuf_layer0[i] = f->cbuf_base[i] ? f->cbuf_base[i] + f->cbuf_offset_B[i] : NULL;
      if (!f->cbuf_base[i])
         f->fast_frag = false;
   }
   if (fb->zsbuf) {
      f->zs_base = fxp_resource_map(fxp_resource(fb->zsbuf->texture));
      f->zs_origin = f->zs_layer0 = f->zs_base ? f->zs_base + f->zs_offset_B : NULL;
      if (!f->zs_base)
         f->early_zs = f->fast_frag = false;
   }
   if (r->cur_layer) /* a layer chosen before the first primitive (fxp_raster_set_layer) */
      apply_layer(r);
   /* a pending clear: into the scene's bins (fxp_rasterize_flush) if this draw bins and mapped every buffer it
    * clears, else done whole now */
   if (unlikely(ctx->clear_pending.cbufs || ctx->clear_pending.zs)) {
      if (r->scene && fxp_clear_pending_foldable(ctx, f)) {
         r->clear = &ctx->clear_pending;
      } else {
         fxp_raster_retire(cache); /* (a scene in flight wrote the buffers first) */
         fxp_clear_pending_apply(ctx);
      }
   }
   r->fs_ready = true;
   ctx->perf.raster_prepares++;
   if (fxp_debug_flags & FXP_DBG_PERF)
      fxp_paths_report(ctx, f, r->fs_bind, r->early_zs_why, r->share_batches, r->fs_copy);
   return true;
}

/* Gives back what r's fragment stage took, once its scene is drawn: its pending clear done if no primitive
 * took it, the threads' counts added up, the scenes trimmed, the buffers unmapped. */
static void
finish_drawn(struct fxp_raster *r)
{
   struct fxp_fragment *f = &r->frag;
   const struct pipe_framebuffer_state *fb = &r->ctx->framebuffer;

   if (r->fs_ready) {
      if (r->clear) { /* no primitive was binned */
         fxp_clear_pending_apply(r->ctx);
         r->clear = NULL;
      }
      for (unsigned i = 0; i < r->threads_ready; i++) {
         if (r->ctx->queries_enabled)
            r->ctx->samples_passed += r->threads[i].samples_passed;
         if (r->ctx->queries_enabled)
            r->ctx->stats.ps_invocations += r->threads[i].ps_invocations;
         r->ctx->perf.fragments_shaded += r->threads[i].ps_invocations;
         r->ctx->perf.batches += r->threads[i].batches;
         r->ctx->perf.batches_shared += r->threads[i].batches_shared;
         r->ctx->perf.batches_copied += r->threads[i].batches_copied;
         r->ctx->perf.tiles_edges_32 += r->threads[i].tiles_edges_32;
         r->ctx->perf.tiles_edges_64 += r->threads[i].tiles_edges_64;
      }
      if (r->scene)
         fxp_scene_trim(r->scene); /* memory for the next draw like this one, not for the largest ever */
      for (unsigned i = 0; r->cache && i < r->cache->num_range_scenes; i++)
         fxp_scene_trim(r->cache->range_scenes[i]);
      r->scene = NULL; /* the cache's: kept for the next draw (fxp_rasterize_flush emptied it) */
      r->threads = NULL;
      for (unsigned i = 0; i < fb->nr_cbufs; i++)
         if (f->cbuf_base[i])
            fxp_resource_unmap(fxp_resource(fb->cbufs[i]->texture));
      if (f->zs_base)
         fxp_resource_unmap(fxp_resource(fb->zsbuf->texture));
   }
   r->fs_ready = false;
}

/* Draws what r's scene holds and gives back what its fragment stage took: the end of a draw, or of an open
 * scene closed. */
static void
finish(struct fxp_raster *r)
{
   if (r->fs_ready)
      fxp_rasterize_flush(r);
   finish_drawn(r);
}

void
fxp_raster_close_scene(struct fxp_raster_cache *c)
{
   fxp_raster_retire(c); /* (the scene before it first) */
   if (!c->is_open)
      return;
   c->is_open = false;
   c->open->ctx->raster_open = false;
   c->open->ctx->perf.scenes_closed++;
   finish(c->open);
}

static void
release_held(enum fxp_raster_held kind, void *p)
{
   switch (kind) {
   case FXP_HELD_MEMORY:
      FREE(p);
      break;
   case FXP_HELD_RESOURCE: {
      struct pipe_resource *res = p;
      pipe_resource_reference(&res, NULL);
      break;
   }
   case FXP_HELD_VIEW: {
      struct pipe_sampler_view *view = p;
      pipe_sampler_view_reference(&view, NULL);
      break;
   }
   }
}

void
fxp_raster_retire(struct fxp_raster_cache *c)
{
   if (likely(!c->in_flight))
      return;
   struct fxp_raster_flight *fl = c->flight;
   struct fxp_raster *r = fl->r;
   fxp_rasterize_complete(r, &fl->job);
   c->in_flight = false;
   r->ctx->raster_open = c->is_open;
   finish_drawn(r);
   for (unsigned i = 0; i < fl->num_held; i++)
      release_held(fl->held[i].kind, fl->held[i].p);
   fl->num_held = 0;
}

bool
fxp_raster_hold(struct fxp_raster_cache *c, enum fxp_raster_held kind, void *p)
{
   if (!c->in_flight)
      return false;
   struct fxp_raster_flight *fl = c->flight;
   if (fl->num_held == FXP_FLIGHT_HELD_MAX) {
      fxp_raster_retire(c);
      return false;
   }
   fl->held[fl->num_held].kind = kind;
   fl->held[fl->num_held].p = p;
   fl->num_held++;
   return true;
}

void
fxp_raster_submit_scene(struct fxp_raster_cache *c)
{
   if (!c->is_open)
      return;
   fxp_raster_retire(c); /* one at a time, in order */
   if (!c->flight) {
      c->flight = CALLOC_STRUCT(fxp_raster_flight);
      if (!c->flight) {
         fxp_raster_close_scene(c); /* drawn now */
         return;
      }
   }
   struct fxp_raster_flight *fl = c->flight;
   struct fxp_raster *o = c->open;
   struct fxp_context *ctx = o->ctx;
   assert(o->threads == c->threads && o->scene == c->scene);
   c->is_open = false;
   ctx->perf.scenes_closed++;
   /* the bindings as they are now: the next draw's fxp_gather_bindings rewrites the context's */
   memcpy(&fl->bind, o->fs_bind, sizeof(fl->bind));
   o->fs_bind = &fl->bind;
   for (unsigned i = 0; i < o->threads_ready; i++)
      o->threads[i].fs_exec.bind = &fl->bind;
   if (!fxp_rasterize_start(o, &fl->job)) { /* drawn already (small or empty) */
      ctx->raster_open = false;
      finish_drawn(o);
      return;
   }
   ctx->perf.scenes_in_flight++;
   /* the flight keeps o, its thread states and its scene; the next draws take the spares */
   c->open = fl->r;
   fl->r = o;
   struct fxp_raster_thread *t = c->threads;
   const unsigned nt = c->num_threads;
   c->threads = c->spare_threads;
   c->num_threads = c->num_spare_threads;
   c->spare_threads = t;
   c->num_spare_threads = nt;
   struct fxp_scene *sc = c->scene;
   c->scene = c->spare_scene;
   c->spare_scene = sc;
   c->in_flight = true;
   ctx->raster_open = true;
}

FXP_DRAW_PATH void
fxp_raster_end(struct fxp_raster *r)
{
   r->ctx->perf.prims += r->prims;
   r->prims = 0;
   /* left open (fxp_raster.h, "Open scenes"): a draw of the scene's first layer and viewport (the state the
    * next draw starts with), whose fragment shader writes no memory (the next draw's vertex stages might read
    * it) */
   struct fxp_raster_cache *cache = r->cache;
   if (r->fs_ready && r->scene && !r->cur_layer && !r->cur_viewport && !r->fs->info.writes_memory &&
       !(fxp_debug_flags & FXP_DBG_SYNC)) {
      if (!cache->open)
         cache->open = MALLOC_STRUCT(fxp_raster);
      if (cache->open) {
         memcpy(cache->open, r, sizeof(*r));
         cache->is_open = true;
         r->ctx->raster_open = true;
         r->fs_ready = false;
         r->scene = NULL;
         r->threads = NULL;
         return;
      }
   }
   finish(r);
}
