/* Rasterization: triangle, line and point setup, coverage with fixed-point edge functions, 2x2 quads
 * gathered into fragment-shader batches, and attribute interpolation.
 *
 * Fixed point: window coordinates are rounded to 1/256 pixel (FXP_SUBPIXEL_BITS = 8) in 64-bit integers.
 * Edge i (opposite vertex i) is E_i(p) = A x + B y + C, oriented so that the triangle's inside is
 * positive; a pixel centre exactly on an edge belongs to the triangle only if the edge is a top edge
 * (horizontal, inside below it, y growing down the framebuffer) or a left edge (inside to its right): so
 * triangles sharing an edge never both cover, nor both miss, a pixel centre on it.
 * Interpolation: barycentrics from the unbiased edge values at the pixel centre; perspective-correct
 * attributes weight them by 1/w, LINEAR ones use them as they are, flat ones take the provoking vertex
 * (COLOR inputs are flat when flat shading is on). Depth is linear in window space, plus the polygon
 * offset. Wide lines are parallelograms along their major axis, stippled by their pixels' distance along
 * it (continued across a strip's segments); points are squares of the point size. Filled polygons obey the
 * polygon stipple: pixel (x, y) is drawn only if bit 31 - x % 32 of row y % 32 of the pattern is set (the
 * GL front end turns the pattern over for window framebuffers).
 * Quads partly outside the primitive shade their outside pixels as helpers (for derivatives) and never
 * write them. */
#include <math.h>

#include "util/format/u_format.h"
#include "util/u_dual_blend.h"
#include "util/u_math.h"
#include "util/u_memory.h"

#include "fxp_context.h"
#include "fxp_debug.h"
#include "fxp_resource.h"
#include "context/fxp_pool.h"
#include "draw/fxp_render.h"

#define FXP_SUBPIXEL_BITS 8
#define FXP_ONE (1 << FXP_SUBPIXEL_BITS)
#define QUADS_PER_BATCH (FXP_W / 4)
#define RASTER_TILE 8 /* pixels; a power of two, even, so that tiles hold whole quads */

typedef double fxp_vd __attribute__((vector_size(FXP_W * 8)));
typedef int64_t fxp_vl __attribute__((vector_size(FXP_W * 8)));

/* The primitive being rasterized, as the shading of its batches needs it. */
/* A quantity linear in window space over the primitive: value at the centre of pixel (0, 0) and steps
 * per pixel in x and y. */
struct plane {
   double v0, gx, gy;
};

#define MAX_PLANES (4 * PIPE_MAX_SHADER_INPUTS)

struct prim {
   const struct fxp_rvert *v[3];  /* setup only: the vertices may be temporaries of clipping */
   const struct fxp_rvert *prov;  /* setup only */
   const float *prov_attr;      /* the provoking vertex's outputs (flat inputs, points) */
   double inv_area;             /* 1 / (2 * area) in subpixel units squared */
   struct plane w, z;           /* 1/w and window depth */
   struct plane *attr;          /* FS input i channel c at 4 i + c: a/w (perspective) or a (linear) */
   int64_t A[3], B[3], C[3];    /* edge functions */
   int64_t bias[3];             /* 0 for top-left edges, -1 for the others */
   int x0, y0, x1, y1;          /* pixel bounding box within the scissor, inclusive */
   double z_offset;
   uint32_t prim_id;            /* PRIMID for the fragment shader */
   bool front;
   bool point;                  /* point sprite coordinates: */
   float pt_x0, pt_y0, pt_inv_size;
   bool pstipple;               /* polygon stipple: pixel (x, y) needs bit 31 - x % 32 of row y % 32 */
   bool stipple;                /* line stipple: pixel (x, y) is at counter st_count + its distance */
   bool st_xmajor;              /* from (st_x0, st_y0) along the major axis */
   float st_x0, st_y0, st_count;
};

struct batch {
   unsigned nq;
   int x[FXP_W], y[FXP_W];
   uint32_t coverage;           /* lanes inside the primitive */
};

/* Primitives set up but not yet rasterized, when several threads rasterize a draw: each entry is a struct
 * prim followed by its planes and the provoking vertex's outputs, in chunks of a growing arena. */
#define SCENE_CHUNK_B (1u << 20)
#define SCENE_LIMIT_B (256u << 20)  /* a draw with more is rasterized in parts */
#define SMALL_PRIM_PX 256           /* primitives whose bounding box is this small are not shared out */

struct scene_chunk {
   struct scene_chunk *next;
   size_t used_B, size_B;
   uint8_t data[];
};

struct fxp_scene {
   struct scene_chunk *first, *last;
   struct prim **prims;
   unsigned num_prims, cap_prims;
   size_t total_B;
};

static void scene_flush(struct fxp_render *r);
static void scene_reset(struct fxp_scene *sc);

static unsigned
surface_layers(const struct pipe_surface *s)
{
   return s->texture->target == PIPE_BUFFER ? 1 : s->u.tex.last_layer - s->u.tex.first_layer + 1;
}

/* Bytes from one layer (or 3D slice) of a surface's level to the next. */
static size_t
layer_size(struct fxp_resource *res, uint8_t *base, const struct pipe_surface *s)
{
   if (surface_layers(s) < 2)
      return 0;
   return fxp_resource_texel(res, base, s->u.tex.level, 0, 0, s->u.tex.first_layer + 1) -
          fxp_resource_texel(res, base, s->u.tex.level, 0, 0, s->u.tex.first_layer);
}

/* Viewport i and its scissor rectangle (within the framebuffer), and the depth range fragments are clamped
 * to (the viewport's, within [0, 1]). */
static void
apply_viewport(struct fxp_render *r, unsigned i)
{
   const struct fxp_context *ctx = r->ctx;
   r->cur_viewport = i;
   r->clip_minx = r->clip_miny = 0;
   r->clip_maxx = r->fb_width;
   r->clip_maxy = r->fb_height;
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
   const double n = r->rast->clip_halfz ? r->vp_translate[2] : r->vp_translate[2] - r->vp_scale[2];
   const double f = r->vp_translate[2] + r->vp_scale[2];
   r->zmin = MAX2(MIN2(n, f), 0.0);
   r->zmax = MIN2(MAX2(n, f), 1.0);
}

void
fxp_raster_set_viewport(struct fxp_render *r, uint32_t index)
{
   if (index >= PIPE_MAX_VIEWPORTS)
      index = 0; /* out of range: the first viewport, as Mesa's other drivers do */
   if (index == r->cur_viewport)
      return;
   scene_flush(r); /* binned primitives keep the viewport, scissor and depth range they were set up with */
   apply_viewport(r, index);
}

void
fxp_raster_set_layer(struct fxp_render *r, uint32_t layer)
{
   if (layer == r->cur_layer)
      return;
   scene_flush(r); /* binned primitives are drawn to the layer they were set up for */
   r->cur_layer = layer;
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++)
      if (r->cbuf_layer0[i])
         r->cbuf_origin[i] = r->cbuf_layer0[i] + MIN2(layer, r->cbuf_layers[i] - 1) * r->cbuf_layer_B[i];
   if (r->zs_layer0)
      r->zs_origin = r->zs_layer0 + MIN2(layer, r->zs_layers - 1) * r->zs_layer_B;
}

/* Gets rasterizing thread i's state ready for this draw (threads below i are). */
static bool
raster_thread_setup(struct fxp_render *r, unsigned i)
{
   struct fxp_raster_thread *t = &r->threads[i];
   t->samples_passed = t->ps_invocations = 0;
   if (!fxp_exec_setup(&t->fs_exec, r->fs, r->fs_bind, FXP_W))
      return false;
   t->fs_exec.quad_layout = true;
   r->threads_ready = i + 1;
   return true;
}

void
fxp_raster_scene_destroy(struct fxp_scene *sc)
{
   if (!sc)
      return;
   scene_reset(sc);
   FREE(sc->prims);
   FREE(sc);
}

bool
fxp_raster_begin(struct fxp_render *r)
{
   struct fxp_context *ctx = r->ctx;
   const struct pipe_framebuffer_state *fb = &ctx->framebuffer;
   const struct tgsi_shader_info *fi = &r->fs->info, *vi = &r->out->info;

   r->fb_width = fb->width;
   r->fb_height = fb->height;
   apply_viewport(r, 0);

   /* FS inputs from VS outputs */
   r->num_fs_in = MIN2(r->fs->num_inputs, PIPE_MAX_SHADER_INPUTS);
   for (unsigned i = 0; i < r->num_fs_in && i < PIPE_MAX_SHADER_INPUTS; i++) {
      struct fxp_fs_input *in = &r->fs_in[i];
      const unsigned name = fi->input_semantic_name[i], index = fi->input_semantic_index[i];
      unsigned interp = fi->input_interpolate[i];

      if (interp == TGSI_INTERPOLATE_COLOR)
         interp = r->rast->flatshade ? TGSI_INTERPOLATE_CONSTANT : TGSI_INTERPOLATE_PERSPECTIVE;
      in->interp = interp;
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
      r->fs_color[i] = -1;
   r->fs_depth = r->fs_stencil = -1;
   for (unsigned o = 0; o < fi->num_outputs; o++) {
      const unsigned name = fi->output_semantic_name[o], index = fi->output_semantic_index[o];
      if (name == TGSI_SEMANTIC_COLOR && index < PIPE_MAX_COLOR_BUFS && r->fs_color[index] < 0)
         r->fs_color[index] = o; /* the first: component-split outputs are merged into it */
      else if (name == TGSI_SEMANTIC_POSITION)
         r->fs_depth = o;
      else if (name == TGSI_SEMANTIC_STENCIL)
         r->fs_stencil = o;
   }
   r->fs_color1 = ctx->blend && util_blend_state_is_dual(ctx->blend, 0) ? r->fs_color[1] : -1;
   if (fi->properties[TGSI_PROPERTY_FS_COLOR0_WRITES_ALL_CBUFS] && r->fs_color[0] >= 0)
      for (unsigned i = 1; i < PIPE_MAX_COLOR_BUFS; i++)
         r->fs_color[i] = r->fs_color[0];

   r->fs_bind = fxp_gather_bindings(ctx, PIPE_SHADER_FRAGMENT);
   if (!ctx->raster_pool_checked) {
      ctx->raster_pool = fxp_pool_create(fxp_pool_default_threads());
      ctx->raster_pool_checked = true;
   }
   /* the threads' states live in the context's draw cache (draw/fxp_render.h) from one draw to the next */
   struct fxp_draw_cache *cache = ctx->draw_cache;
   const unsigned n = fxp_pool_threads(ctx->raster_pool);
   if (cache->num_threads != n) {
      for (unsigned i = 0; i < cache->num_threads; i++)
         fxp_exec_fini(&cache->threads[i].fs_exec);
      FREE(cache->threads);
      cache->threads = CALLOC(n, sizeof(*cache->threads));
      cache->num_threads = cache->threads ? n : 0;
   }
   if (n > 1 && !cache->scene)
      cache->scene = CALLOC_STRUCT(fxp_scene);
   r->num_threads = n;
   r->threads = cache->threads;
   r->scene = n > 1 ? cache->scene : NULL;
   /* the main thread's state now; the others' when a scene is first shared out (scene_flush), so that
    * draws of small primitives, which the main thread rasterizes alone, set up one state */
   r->threads_ready = 0;
   if (!r->threads || (n > 1 && !r->scene) || !raster_thread_setup(r, 0)) {
      r->threads = NULL;
      r->scene = NULL;
      fxp_refuse("out of memory for fragment shading");
      return false;
   }
   /* Map the buffers once per draw: a window's front buffer is read back from the window system on
    * every map. */
   for (unsigned i = 0; i < fb->nr_cbufs; i++) {
      const struct pipe_surface *cs = fb->cbufs[i];
      if (!cs || r->fs_color[i] < 0)
         continue;
      struct fxp_resource *res = fxp_resource(cs->texture);
      r->cbuf_base[i] = fxp_resource_map(res);
      if (r->cbuf_base[i]) {
         r->cbuf_origin[i] = fxp_resource_texel(res, r->cbuf_base[i], cs->u.tex.level, 0, 0, cs->u.tex.first_layer);
         r->cbuf_layer0[i] = r->cbuf_origin[i];
         r->cbuf_layers[i] = surface_layers(cs);
         r->cbuf_layer_B[i] = layer_size(res, r->cbuf_base[i], cs);
         r->cbuf_stride[i] = res->row_stride_B[cs->u.tex.level];
         r->cbuf_bpp[i] = util_format_get_blocksize(cs->format);
      }
   }
   if (fb->zsbuf) {
      const struct pipe_surface *zs = fb->zsbuf;
      struct fxp_resource *res = fxp_resource(zs->texture);
      r->zs_base = fxp_resource_map(res);
      if (r->zs_base) {
         r->zs_origin = fxp_resource_texel(res, r->zs_base, zs->u.tex.level, 0, 0, zs->u.tex.first_layer);
         r->zs_layer0 = r->zs_origin;
         r->zs_layers = surface_layers(zs);
         r->zs_layer_B = layer_size(res, r->zs_base, zs);
         r->zs_stride = res->row_stride_B[zs->u.tex.level];
         r->zs_bpp = util_format_get_blocksize(zs->format);
      }
   }
   r->fs_ready = true;
   r->early_zs = r->zs_base && fi->properties[TGSI_PROPERTY_FS_EARLY_DEPTH_STENCIL];
   fxp_fragment_fast_setup(r);
   return true;
}

void
fxp_raster_end(struct fxp_render *r)
{
   const struct pipe_framebuffer_state *fb = &r->ctx->framebuffer;

   if (r->fs_ready) {
      scene_flush(r);
      for (unsigned i = 0; i < r->threads_ready; i++) {
         if (r->ctx->queries_enabled)
            r->ctx->samples_passed += r->threads[i].samples_passed;
         if (r->ctx->queries_enabled)
            r->ctx->stats.ps_invocations += r->threads[i].ps_invocations;
      }
      r->scene = NULL; /* the draw cache's: kept for the next draw (scene_flush emptied it) */
      r->threads = NULL;
   }

   for (unsigned i = 0; i < fb->nr_cbufs; i++)
      if (r->cbuf_base[i])
         fxp_resource_unmap(fxp_resource(fb->cbufs[i]->texture));
   if (r->zs_base)
      fxp_resource_unmap(fxp_resource(fb->zsbuf->texture));
   r->fs_ready = false;
}

/* A primitive's plane weights: a plane's x step is (v[0] a[0] + v[1] a[1] + v[2] a[2]) * sx, its y step
 * the same with b and sy, its value at pixel (0, 0) with c and s0 (the edge functions, and 1 over twice the
 * area). The sums are taken before the scaling, so that a value equal at the three vertices comes out
 * exactly (depth compared at a bound, flat-looking inputs). */
struct plane_weights {
   double a[3], b[3], c[3];
   double sx, s0;
};

static inline void
plane_weights(const struct prim *p, bool half, struct plane_weights *pw)
{
   const double c0 = half ? FXP_ONE / 2 : 0;
   for (unsigned k = 0; k < 3; k++) {
      pw->a[k] = (double)p->A[k];
      pw->b[k] = (double)p->B[k];
      pw->c[k] = pw->a[k] * c0 + pw->b[k] * c0 + (double)p->C[k];
   }
   pw->sx = p->inv_area * FXP_ONE;
   pw->s0 = p->inv_area;
}

/* The plane of per-vertex values v[k] over the primitive (see struct plane). */
static inline struct plane
make_plane(const struct plane_weights *pw, const double v[3])
{
   struct plane pl;
   pl.gx = (v[0] * pw->a[0] + v[1] * pw->a[1] + v[2] * pw->a[2]) * pw->sx;
   pl.gy = (v[0] * pw->b[0] + v[1] * pw->b[1] + v[2] * pw->b[2]) * pw->sx;
   pl.v0 = (v[0] * pw->c[0] + v[1] * pw->c[1] + v[2] * pw->c[2]) * pw->s0;
   return pl;
}

/* Planes of 1/w, depth and every interpolated FS input channel, once per primitive. */
static void
setup_planes(struct fxp_render *r, struct prim *p)
{
   struct plane_weights pw;
   plane_weights(p, r->rast->half_pixel_center, &pw);
   const double w[3] = {p->v[0]->win[3], p->v[1]->win[3], p->v[2]->win[3]};
   const double z[3] = {p->v[0]->win[2], p->v[1]->win[2], p->v[2]->win[2]};
   p->w = make_plane(&pw, w);
   p->z = make_plane(&pw, z);
   p->z.v0 += p->z_offset;
   for (unsigned i = 0; i < r->num_fs_in; i++) {
      const struct fxp_fs_input *in = &r->fs_in[i];
      const int o = (!p->front && in->back_output >= 0) ? in->back_output : in->output;
      if (in->src != FXP_FS_FROM_OUTPUT || o < 0 || in->interp == TGSI_INTERPOLATE_CONSTANT || p->point)
         continue;
      for (unsigned c = 0; c < 4; c++) {
         double a[3];
         for (unsigned k = 0; k < 3; k++) {
            a[k] = p->v[k]->attr[4 * o + c];
            if (in->interp != TGSI_INTERPOLATE_LINEAR)
               a[k] *= w[k];
         }
         p->attr[4 * i + c] = make_plane(&pw, a);
      }
   }
}

static inline double
eval_at(const struct plane *pl, double x, double y)
{
   return pl->v0 + pl->gx * x + pl->gy * y;
}

/* FS input i at pixel (x, y) moved by (ox, oy) from its centre. */
static void
input_value(const struct fxp_render *r, const struct prim *p, unsigned i, int x, int y, double ox, double oy,
            float v[4])
{
   const struct fxp_fs_input *in = &r->fs_in[i];
   const unsigned src = p->point && in->sprite ? FXP_FS_POINTCOORD : in->src;
   const double px = x + ox, py = y + oy;
   switch (src) {
   case FXP_FS_FROM_OUTPUT: {
      const int o = (!p->front && in->back_output >= 0) ? in->back_output : in->output;
      if (o < 0) {
         v[0] = v[1] = v[2] = 0.0f, v[3] = 1.0f;
      } else if (in->interp == TGSI_INTERPOLATE_CONSTANT || p->point) {
         memcpy(v, &p->prov_attr[4 * o], 4 * sizeof(float));
      } else if (in->interp == TGSI_INTERPOLATE_LINEAR) {
         for (unsigned c = 0; c < 4; c++)
            v[c] = (float)eval_at(&p->attr[4 * i + c], px, py);
      } else {
         const double w = eval_at(&p->w, px, py), inv_w = w != 0.0 ? 1.0 / w : 0.0;
         for (unsigned c = 0; c < 4; c++)
            v[c] = (float)(eval_at(&p->attr[4 * i + c], px, py) * inv_w);
      }
      break;
   }
   case FXP_FS_POSITION:
      v[0] = (float)(px + 0.5), v[1] = (float)(py + 0.5), v[2] = (float)eval_at(&p->z, px, py);
      v[3] = (float)eval_at(&p->w, px, py);
      break;
   case FXP_FS_FACE:
      v[0] = p->front ? 1.0f : -1.0f, v[1] = v[2] = 0.0f, v[3] = 1.0f;
      break;
   case FXP_FS_PRIMID:
      memcpy(&v[0], &p->prim_id, 4);
      v[1] = v[2] = 0.0f, v[3] = 1.0f;
      break;
   case FXP_FS_POINTCOORD:
      v[0] = p->point ? (float)((px + 0.5 - p->pt_x0) * p->pt_inv_size) : 0.0f;
      v[1] = p->point ? (float)((py + 0.5 - p->pt_y0) * p->pt_inv_size) : 0.0f;
      if (r->rast->sprite_coord_mode == PIPE_SPRITE_COORD_LOWER_LEFT)
         v[1] = 1.0f - v[1];
      v[2] = 0.0f, v[3] = 1.0f;
      break;
   default:
      v[0] = v[1] = v[2] = 0.0f, v[3] = 1.0f;
      break;
   }
}

/* What the engine's fragment services (INTERP_OFFSET, FBFETCH) need of the batch being shaded. */
struct frag_ctx {
   const struct fxp_render *r;
   const struct prim *p;
   const struct batch *bt;
};

static void
frag_interp_at(void *data, unsigned input, const float offx[FXP_W], const float offy[FXP_W], fxp_vec out[4])
{
   const struct frag_ctx *f = data;
   for (unsigned l = 0; l < FXP_W; l++) {
      float v[4] = {0, 0, 0, 0};
      if (input < f->r->num_fs_in && l < f->bt->nq * 4)
         input_value(f->r, f->p, input, f->bt->x[l], f->bt->y[l], offx[l], offy[l], v);
      for (unsigned c = 0; c < 4; c++)
         out[c].af[l] = v[c];
   }
}

/* FBFETCH: the colour buffer's value at each lane's pixel (0 outside the framebuffer or unbound). */
static void
frag_fb_fetch(void *data, unsigned cbuf, fxp_vec out[4])
{
   const struct frag_ctx *f = data;
   const struct fxp_render *r = f->r;
   const struct pipe_framebuffer_state *fb = &r->ctx->framebuffer;
   for (unsigned l = 0; l < FXP_W; l++) {
      uint32_t v[4] = {0, 0, 0, 0};
      const int x = f->bt->x[l], y = f->bt->y[l];
      if (l < f->bt->nq * 4 && cbuf < fb->nr_cbufs && fb->cbufs[cbuf] && r->cbuf_origin[cbuf] && x >= 0 &&
          y >= 0 && (unsigned)x < r->fb_width && (unsigned)y < r->fb_height)
         util_format_unpack_rgba(fb->cbufs[cbuf]->format, v,
                                 r->cbuf_origin[cbuf] + (size_t)y * r->cbuf_stride[cbuf] +
                                    (size_t)x * r->cbuf_bpp[cbuf], 1);
      for (unsigned c = 0; c < 4; c++)
         out[c].au[l] = v[c];
   }
}

/* Shades one batch of quads and runs the per-fragment operations. */
static void
shade(struct fxp_render *r, struct fxp_raster_thread *ts, const struct prim *p, struct batch *bt)
{
   struct fxp_exec *e = &ts->fs_exec;
   const struct fxp_program *fs = r->fs;
   double z[FXP_W];
   struct frag_ctx fctx = {r, p, bt};
   const struct fxp_frag_iface iface = {frag_interp_at, frag_fb_fetch, &fctx};

   fxp_exec_reset(e, bt->nq * 4);
   e->frag = &iface;
   for (unsigned l = 0; l < FXP_W; l++)
      e->helper[l] = (bt->coverage & (1u << l)) ? 0 : -1;
   /* interpolated inputs, all lanes at once: the same double-precision operations as input_value() */
   const unsigned n = bt->nq * 4;
   fxp_vd vx, vy;
   for (unsigned l = 0; l < FXP_W; l++) {
      vx[l] = l < n ? bt->x[l] : bt->x[0];
      vy[l] = l < n ? bt->y[l] : bt->y[0];
   }
   const fxp_vd vw = p->w.v0 + p->w.gx * vx + p->w.gy * vy;
   const fxp_vd vz = p->z.v0 + p->z.gx * vx + p->z.gy * vy;
   const fxp_vd inv_w = (fxp_vd)((fxp_vl)(1.0 / vw) & (fxp_vl)(vw != 0.0)); /* 0 where w is 0 */
   for (unsigned i = 0; i < r->num_fs_in; i++) {
      const struct fxp_fs_input *in = &r->fs_in[i];
      const int o = (!p->front && in->back_output >= 0) ? in->back_output : in->output;
      const bool planar = in->src == FXP_FS_FROM_OUTPUT && o >= 0 && !p->point &&
                          in->interp != TGSI_INTERPOLATE_CONSTANT;
      if (planar) {
         for (unsigned c = 0; c < 4; c++) {
            const struct plane *pl = &p->attr[4 * i + c];
            fxp_vd v = pl->v0 + pl->gx * vx + pl->gy * vy;
            if (in->interp != TGSI_INTERPOLATE_LINEAR)
               v = v * inv_w;
            fxp_input(e, i, c)->f = __builtin_convertvector(v, fxp_vf);
         }
         continue;
      }
      for (unsigned l = 0; l < n; l++) {
         float v[4];
         input_value(r, p, i, bt->x[l], bt->y[l], 0.0, 0.0, v);
         for (unsigned c = 0; c < 4; c++)
            fxp_input(e, i, c)->af[l] = v[c];
      }
   }
   for (unsigned l = 0; l < n; l++) {
      const int x = bt->x[l], y = bt->y[l];
      const double w = vw[l];
      z[l] = vz[l];
      const bool covered = bt->coverage & (1u << l);
      for (unsigned i = 0; i < fs->num_svs; i++) {
         for (unsigned c = 0; c < 4; c++) {
            fxp_vec *sv = fxp_sv(e, i, c);
            uint32_t u = 0;
            switch (fs->sv_semantic[i]) {
            case TGSI_SEMANTIC_POSITION: {
               const float pos[4] = {x + 0.5f, y + 0.5f, (float)z[l], (float)w};
               sv->af[l] = pos[c];
               continue;
            }
            case TGSI_SEMANTIC_FACE:
               u = c == 0 ? (p->front ? 0xffffffffu : 0u) : 0u;
               break;
            case TGSI_SEMANTIC_SAMPLEPOS: /* one sample, at the centre */
               sv->af[l] = c < 2 ? 0.5f : 0.0f;
               continue;
            case TGSI_SEMANTIC_SAMPLEMASK: /* the one sample is covered, helpers cover none */
               u = c == 0 && covered ? 1u : 0u;
               break;
            case TGSI_SEMANTIC_HELPER_INVOCATION:
               u = c == 0 && !covered ? 0xffffffffu : 0u;
               break;
            default: /* SAMPLEID is 0 */
               fxp_sv_lane_constant(fs->sv_semantic[i], c, l, &u);
               break;
            }
            sv->au[l] = u;
         }
      }
   }
   if (r->early_zs) {
      /* early fragment tests: fragments failing depth or stencil are not shaded (they may still run as
       * helpers for derivatives, which never write memory) */
      uint32_t m = bt->coverage;
      ts->samples_passed += fxp_fragment_early_zs(r, bt->x, bt->y, z, &m, p->front);
      for (unsigned l = 0; l < n; l++)
         if ((bt->coverage & ~m) & (1u << l))
            e->helper[l] = -1;
      bt->coverage = m;
   }
   fxp_exec_run(e);
   fxp_exec_merge_outputs(e);
   ts->ps_invocations += util_bitcount(bt->coverage);
   e->frag = NULL;

   uint32_t mask = 0;
   for (unsigned l = 0; l < bt->nq * 4; l++)
      if ((bt->coverage & (1u << l)) && e->live[l] && !e->helper[l])
         mask |= 1u << l;
   if (mask) {
      ts->samples_passed += fxp_fragment_ops(r, e, bt->x, bt->y, z, mask, p->front);
   }
   bt->nq = 0;
   bt->coverage = 0;
}

/* Whether the centre of pixel (x, y) is inside the triangle's edges (and, for stippled lines, on). */
static inline bool
pixel_inside(const struct fxp_render *r, const struct prim *p, const int64_t bias[3], int64_t h, int x, int y)
{
   const int64_t px = ((int64_t)x << FXP_SUBPIXEL_BITS) + h, py = ((int64_t)y << FXP_SUBPIXEL_BITS) + h;
   for (unsigned k = 0; k < 3; k++)
      if (p->A[k] * px + p->B[k] * py + p->C[k] + bias[k] < 0)
         return false;
   if (p->stipple) {
      const struct pipe_rasterizer_state *rs = r->rast;
      const float d = p->st_xmajor ? fabsf(x + 0.5f - p->st_x0) : fabsf(y + 0.5f - p->st_y0);
      /* GL counts fragments: the n-th along the line uses bit (n / factor) % 16 */
      const unsigned n = (unsigned)(p->st_count + floorf(d));
      const unsigned k = (n / (rs->line_stipple_factor + 1)) & 15;
      return (rs->line_stipple_pattern >> k) & 1;
   }
   return true;
}

/* Triangle setup in window coordinates (any orientation): fixed-point edges, planes into p->attr, the
 * bounding box. False if nothing can be covered. */
static bool
setup(struct fxp_render *r, struct prim *p)
{
   int64_t X[3], Y[3];
   for (unsigned k = 0; k < 3; k++) {
      const float fx = p->v[k]->win[0], fy = p->v[k]->win[1];
      if (!isfinite(fx) || !isfinite(fy) || fabsf(fx) > 1e9f || fabsf(fy) > 1e9f)
         return false; /* clipping keeps positions in range; this guards degenerate input */
      X[k] = llroundf(fx * FXP_ONE);
      Y[k] = llroundf(fy * FXP_ONE);
   }
   int64_t area = (X[1] - X[0]) * (Y[2] - Y[0]) - (X[2] - X[0]) * (Y[1] - Y[0]);
   if (area == 0)
      return false;
   if (area < 0) { /* orient so that the inside is positive: swap vertices 1 and 2 */
      const struct fxp_rvert *t = p->v[1];
      p->v[1] = p->v[2];
      p->v[2] = t;
      int64_t tx = X[1], ty = Y[1];
      X[1] = X[2], Y[1] = Y[2];
      X[2] = tx, Y[2] = ty;
      area = -area;
   }
   int64_t *bias = p->bias;
   for (unsigned k = 0; k < 3; k++) {
      const unsigned a = (k + 1) % 3, b = (k + 2) % 3;
      p->A[k] = Y[a] - Y[b];
      p->B[k] = X[b] - X[a];
      p->C[k] = X[a] * Y[b] - Y[a] * X[b];
      const bool top_left = p->A[k] > 0 || (p->A[k] == 0 && p->B[k] > 0);
      bias[k] = top_left ? 0 : -1;
   }
   /* bounding box in pixels, within the scissor and the framebuffer: the pixels whose sample point
    * (x + h, y + h in subpixels) lies within the vertices' extent, edges included. A triangle with no
    * sample point there covers no pixel (most subpixel triangles): it is dropped before its planes are
    * set up. */
   const int64_t h = r->rast->half_pixel_center ? FXP_ONE / 2 : 0;
   const int64_t minX = MIN3(X[0], X[1], X[2]) - h, maxX = MAX3(X[0], X[1], X[2]) - h;
   const int64_t minY = MIN3(Y[0], Y[1], Y[2]) - h, maxY = MAX3(Y[0], Y[1], Y[2]) - h;
   /* ceil and floor of the division by FXP_ONE (arithmetic shifts round towards minus infinity) */
   p->x0 = (int)MAX2((int64_t)r->clip_minx, (minX + FXP_ONE - 1) >> FXP_SUBPIXEL_BITS);
   p->y0 = (int)MAX2((int64_t)r->clip_miny, (minY + FXP_ONE - 1) >> FXP_SUBPIXEL_BITS);
   p->x1 = (int)MIN2((int64_t)r->clip_maxx - 1, maxX >> FXP_SUBPIXEL_BITS);
   p->y1 = (int)MIN2((int64_t)r->clip_maxy - 1, maxY >> FXP_SUBPIXEL_BITS);
   if (p->x0 > p->x1 || p->y0 > p->y1)
      return false;
   p->inv_area = 1.0 / (double)area;
   setup_planes(r, p);
   return true;
}

/* Walks the tiles of a set-up primitive that belong to thread t of n (tile rows t, t + n, ...), shading
 * their covered quads with the thread's fragment-shader state. */
static void
raster_tiles(struct fxp_render *r, struct fxp_raster_thread *ts, const struct prim *p, unsigned t, unsigned n)
{
   const int64_t *bias = p->bias;
   const int x0 = p->x0, y0 = p->y0, x1 = p->x1, y1 = p->y1;

   /* 8x8 tiles: a tile whose corner pixel centres are all inside every edge is covered whole, one whose
    * corners are all outside one edge is skipped (the edge functions are linear), the others are tested
    * pixel by pixel */
   const int64_t h = r->rast->half_pixel_center ? FXP_ONE / 2 : 0;
   struct batch bt = {0};
   for (int ty = y0 & ~(RASTER_TILE - 1); ty <= y1; ty += RASTER_TILE) {
      if ((unsigned)(ty / RASTER_TILE) % n != t)
         continue;
      for (int tx = x0 & ~(RASTER_TILE - 1); tx <= x1; tx += RASTER_TILE) {
         const int xa = MAX2(tx, x0), xb = MIN2(tx + RASTER_TILE - 1, x1);
         const int ya = MAX2(ty, y0), yb = MIN2(ty + RASTER_TILE - 1, y1);
         if (xa > xb || ya > yb)
            continue;
         bool reject = false, accept = !p->stipple;
         for (unsigned k = 0; k < 3; k++) {
            const int64_t ex0 = p->A[k] * (((int64_t)xa << FXP_SUBPIXEL_BITS) + h);
            const int64_t ex1 = p->A[k] * (((int64_t)xb << FXP_SUBPIXEL_BITS) + h);
            const int64_t ey0 = p->B[k] * (((int64_t)ya << FXP_SUBPIXEL_BITS) + h);
            const int64_t ey1 = p->B[k] * (((int64_t)yb << FXP_SUBPIXEL_BITS) + h);
            const int64_t c = p->C[k] + bias[k];
            const int64_t e00 = ex0 + ey0 + c, e10 = ex1 + ey0 + c, e01 = ex0 + ey1 + c, e11 = ex1 + ey1 + c;
            if (e00 < 0 && e10 < 0 && e01 < 0 && e11 < 0)
               reject = true;
            if (e00 < 0 || e10 < 0 || e01 < 0 || e11 < 0)
               accept = false;
         }
         if (reject)
            continue;
         for (int qy = ya & ~1; qy <= yb; qy += 2) {
            for (int qx = xa & ~1; qx <= xb; qx += 2) {
               uint32_t quad_cov = 0;
               for (unsigned q = 0; q < 4; q++) {
                  const int x = qx + (q & 1), y = qy + (q >> 1);
                  if (x < xa || x > xb || y < ya || y > yb)
                     continue;
                  if (accept || pixel_inside(r, p, bias, h, x, y))
                     quad_cov |= 1u << q;
               }
               if (p->pstipple) {
                  const uint32_t *rows = r->ctx->poly_stipple.stipple;
                  for (unsigned q = 0; q < 4; q++) {
                     const int x = qx + (q & 1), y = qy + (q >> 1);
                     if (!(rows[y & 31] & (0x80000000u >> (x & 31))))
                        quad_cov &= ~(1u << q);
                  }
               }
               if (!quad_cov)
                  continue;
               for (unsigned q = 0; q < 4; q++) {
                  bt.x[bt.nq * 4 + q] = qx + (q & 1);
                  bt.y[bt.nq * 4 + q] = qy + (q >> 1);
               }
               bt.coverage |= quad_cov << (bt.nq * 4);
               if (++bt.nq == QUADS_PER_BATCH)
                  shade(r, ts, p, &bt);
            }
         }
      }
   }
   if (bt.nq)
      shade(r, ts, p, &bt);
}

static void *
scene_alloc(struct fxp_scene *sc, size_t size_B)
{
   size_B = align64(size_B, 16);
   if (!sc->last || sc->last->used_B + size_B > sc->last->size_B) {
      const size_t chunk_B = MAX2(SCENE_CHUNK_B, size_B);
      struct scene_chunk *c = MALLOC(sizeof(*c) + chunk_B);
      if (!c)
         return NULL;
      c->next = NULL;
      c->used_B = 0;
      c->size_B = chunk_B;
      if (sc->last)
         sc->last->next = c;
      else
         sc->first = c;
      sc->last = c;
      sc->total_B += chunk_B;
   }
   void *ptr = sc->last->data + sc->last->used_B;
   sc->last->used_B += size_B;
   return ptr;
}

static void
scene_reset(struct fxp_scene *sc)
{
   for (struct scene_chunk *c = sc->first, *next; c; c = next) {
      next = c->next;
      FREE(c);
   }
   sc->first = sc->last = NULL;
   sc->num_prims = 0;
   sc->total_B = 0;
}

struct scene_job {
   struct fxp_render *r;
   struct fxp_scene *sc;
};

static void
scene_job(void *data, unsigned t, unsigned n)
{
   const struct scene_job *j = data;
   for (unsigned i = 0; i < j->sc->num_prims; i++)
      raster_tiles(j->r, &j->r->threads[t], j->sc->prims[i], t, n);
}

/* Rasterizes the scene's primitives on every thread (each its own tile rows, so each pixel sees the
 * primitives in order) and empties it. */
static void
scene_flush(struct fxp_render *r)
{
   struct fxp_scene *sc = r->scene;
   if (!sc || !sc->num_prims)
      return;
   while (r->threads_ready < r->num_threads && raster_thread_setup(r, r->threads_ready))
      ;
   if (r->threads_ready < r->num_threads) {
      /* out of memory for the other threads' states: the main thread rasterizes the scene alone */
      for (unsigned i = 0; i < sc->num_prims; i++)
         raster_tiles(r, &r->threads[0], sc->prims[i], 0, 1);
   } else {
      struct scene_job j = {r, sc};
      fxp_pool_run(r->ctx->raster_pool, scene_job, &j);
   }
   scene_reset(sc);
}

static void raster_line(struct fxp_render *r, const struct fxp_rvert *v0, const struct fxp_rvert *v1,
                        const struct fxp_rvert *provoking, bool front);
static void raster_point(struct fxp_render *r, const struct fxp_rvert *v, bool front);

/* Rasterizes a triangle given in window coordinates: at once on one thread, or into the scene. */
static void
rasterize(struct fxp_render *r, struct prim *p)
{
   struct plane planes[MAX_PLANES];
   struct fxp_scene *sc = r->scene;
   const unsigned num_planes = 4 * r->num_fs_in;

   p->attr = planes;
   p->prov_attr = p->prov->attr;
   p->prim_id = r->prim_id;
   if (!setup(r, p))
      return;
   /* one thread: at once. Small primitives too (a few tiles gain nothing from sharing): the scene is
    * flushed first, so every pixel still sees the primitives in order. */
   if (!sc || (int64_t)(p->x1 - p->x0 + 1) * (p->y1 - p->y0 + 1) <= SMALL_PRIM_PX) {
      if (sc)
         scene_flush(r);
      raster_tiles(r, &r->threads[0], p, 0, 1);
      return;
   }
   if (sc->total_B > SCENE_LIMIT_B)
      scene_flush(r);
   if (sc->num_prims == sc->cap_prims) {
      const unsigned cap = MAX2(1024, 2 * sc->cap_prims);
      struct prim **n = REALLOC(sc->prims, sc->cap_prims * sizeof(*n), cap * sizeof(*n));
      if (!n) {
         fxp_refuse("out of memory for a draw's primitives");
         return;
      }
      sc->prims = n;
      sc->cap_prims = cap;
   }
   uint8_t *mem = scene_alloc(sc, sizeof(struct prim) + num_planes * sizeof(struct plane) + r->stride * sizeof(float));
   if (!mem) {
      fxp_refuse("out of memory for a draw's primitives");
      return;
   }
   struct prim *q = (struct prim *)mem;
   *q = *p;
   q->attr = (struct plane *)(mem + sizeof(struct prim));
   memcpy(q->attr, planes, num_planes * sizeof(struct plane));
   float *attr = (float *)(mem + sizeof(struct prim) + num_planes * sizeof(struct plane));
   memcpy(attr, p->prov->attr, r->stride * sizeof(float));
   q->prov_attr = attr;
   q->v[0] = q->v[1] = q->v[2] = q->prov = NULL; /* temporaries of clipping */
   sc->prims[sc->num_prims++] = q;
}



/* Polygon offset of a triangle: max depth slope times the factor, plus units times the depth buffer's
 * minimum resolvable difference r, clamped. */
static double
polygon_offset(const struct fxp_render *r, const struct fxp_rvert *v0, const struct fxp_rvert *v1,
               const struct fxp_rvert *v2)
{
   const struct pipe_rasterizer_state *rs = r->rast;
   const float ex = v0->win[0] - v2->win[0], ey = v0->win[1] - v2->win[1], ez = v0->win[2] - v2->win[2];
   const float fx = v1->win[0] - v2->win[0], fy = v1->win[1] - v2->win[1], fz = v1->win[2] - v2->win[2];
   const float det = ex * fy - ey * fx;
   const float dzdx = det != 0.0f ? fabsf((ez * fy - fz * ey) / det) : 0.0f;
   const float dzdy = det != 0.0f ? fabsf((fz * ex - ez * fx) / det) : 0.0f;
   double mrd = ldexp(1.0, -23);
   const struct pipe_surface *zs = r->ctx->framebuffer.zsbuf;
   if (zs) {
      const struct util_format_description *d = util_format_description(zs->format);
      const int c = util_format_get_first_non_void_channel(zs->format);
      if (d && c >= 0 && d->channel[c].type == UTIL_FORMAT_TYPE_FLOAT) {
         const float zmax = MAX3(fabsf(v0->win[2]), fabsf(v1->win[2]), fabsf(v2->win[2]));
         int exp;
         frexpf(zmax, &exp);
         mrd = ldexp(1.0, exp - 24);
      } else if (d && c >= 0) {
         /* two steps of an n-bit buffer: one step is not always resolvable once depth has been
          * interpolated and rounded (piglit's gl-1.4-polygon-offset measures 2 bits at the near plane) */
         mrd = ldexp(1.0, 1 - (int)d->channel[c].size);
      }
   }
   double off = MAX2(dzdx, dzdy) * (double)rs->offset_scale +
                rs->offset_units * (rs->offset_units_unscaled ? 1.0 : mrd);
   if (rs->offset_clamp > 0.0f)
      off = MIN2(off, rs->offset_clamp);
   else if (rs->offset_clamp < 0.0f)
      off = MAX2(off, rs->offset_clamp);
   return off;
}

void
fxp_raster_triangle(struct fxp_render *r, const struct fxp_rvert *v0, const struct fxp_rvert *v1,
                    const struct fxp_rvert *v2, const struct fxp_rvert *provoking, unsigned edges)
{
   const struct pipe_rasterizer_state *rs = r->rast;
   const float ex = v0->win[0] - v2->win[0], ey = v0->win[1] - v2->win[1];
   const float fx = v1->win[0] - v2->win[0], fy = v1->win[1] - v2->win[1];
   const float det = ex * fy - ey * fx;

   if (!(det != 0.0f) || !isfinite(det))
      return;
   const bool ccw = det < 0.0f;
   const bool front = ccw == (bool)rs->front_ccw;
   if (rs->cull_face & (front ? PIPE_FACE_FRONT : PIPE_FACE_BACK))
      return;

   const unsigned fill = front ? rs->fill_front : rs->fill_back;
   if (fill == PIPE_POLYGON_MODE_LINE || fill == PIPE_POLYGON_MODE_POINT) {
      /* outlines or vertices of the polygon, offset like it when offset_line / offset_point ask;
       * inner edges of split polygons and edges flagged off are left out */
      const bool offset = fill == PIPE_POLYGON_MODE_LINE ? rs->offset_line : rs->offset_point;
      const double dz = offset ? polygon_offset(r, v0, v1, v2) : 0.0;
      struct fxp_rvert c[3] = {*v0, *v1, *v2};
      for (unsigned k = 0; k < 3; k++)
         c[k].win[2] += (float)dz;
      for (unsigned k = 0; k < 3; k++) {
         /* the vertex shader's edge flag of the vertex an edge starts from (glEdgeFlag) */
         if (r->edgeflag >= 0 && !(c[k].attr[4 * r->edgeflag] != 0.0f))
            edges &= ~(1u << k);
      }
      for (unsigned k = 0; k < 3; k++) {
         if (!(edges & (1u << k)))
            continue; /* an inner edge of a quad or polygon: neither its line nor its first vertex */
         if (fill == PIPE_POLYGON_MODE_LINE) {
            raster_line(r, &c[k], &c[(k + 1) % 3], provoking, front);
         } else {
            /* a point takes every input from its vertex, but flat ones from the polygon's provoking
             * vertex */
            float attr[FXP_MAX_VARYING_FLOATS];
            struct fxp_rvert pt = c[k];
            memcpy(attr, c[k].attr, r->stride * sizeof(float));
            for (unsigned i = 0; i < r->num_fs_in; i++) {
               const struct fxp_fs_input *in = &r->fs_in[i];
               if (in->src != FXP_FS_FROM_OUTPUT || in->interp != TGSI_INTERPOLATE_CONSTANT)
                  continue;
               if (in->output >= 0)
                  memcpy(&attr[4 * in->output], &provoking->attr[4 * in->output], 4 * sizeof(float));
               if (in->back_output >= 0)
                  memcpy(&attr[4 * in->back_output], &provoking->attr[4 * in->back_output], 4 * sizeof(float));
            }
            pt.attr = attr;
            raster_point(r, &pt, front);
         }
      }
      return;
   }
   /* the fields setup does not fill, set one by one: zeroing the whole struct cost as much as the rest of
    * a subpixel triangle's way here */
   struct prim p;
   p.v[0] = v0, p.v[1] = v1, p.v[2] = v2;
   p.prov = provoking;
   p.front = front;
   p.pstipple = rs->poly_stipple_enable;
   p.point = p.stipple = false;
   p.z_offset = rs->offset_tri ? polygon_offset(r, v0, v1, v2) : 0.0;
   rasterize(r, &p);
}

static void
raster_line(struct fxp_render *r, const struct fxp_rvert *v0, const struct fxp_rvert *v1,
            const struct fxp_rvert *provoking, bool front)
{
   const float dx = v1->win[0] - v0->win[0], dy = v1->win[1] - v0->win[1];
   const float half_w = MAX2(r->rast->line_width, 1.0f) * 0.5f;
   struct fxp_rvert c[4];

   if (dx == 0.0f && dy == 0.0f)
      return;
   /* a parallelogram extended along the minor axis by half the width on each side. GL draws the pixel a
    * segment starts at and not the one it ends at, whichever way it goes; the fill rule keeps left and top
    * edges, which is that for lines going right or down. Lines going left or up are moved a subpixel unit
    * back along their major axis so that the same pixels are drawn. */
   const bool xmajor = fabsf(dx) >= fabsf(dy);
   const float major_d = xmajor ? dx : dy;
   const float nudge = major_d < 0.0f ? 1.0f / FXP_ONE : 0.0f;
   for (unsigned k = 0; k < 4; k++) {
      const struct fxp_rvert *src = k < 2 ? v0 : v1;
      c[k] = *src;
      const float s = (k == 0 || k == 3) ? -half_w : half_w;
      c[k].win[xmajor ? 1 : 0] += s;
      c[k].win[xmajor ? 0 : 1] += nudge;
   }
   struct prim p = {.v = {&c[0], &c[1], &c[2]}, .prov = provoking, .front = front,
                    .stipple = r->rast->line_stipple_enable, .st_xmajor = xmajor,
                    .st_x0 = v0->win[0], .st_y0 = v0->win[1], .st_count = r->stipple_counter};
   rasterize(r, &p);
   struct prim q = p;
   q.v[0] = &c[0], q.v[1] = &c[2], q.v[2] = &c[3];
   rasterize(r, &q);
   r->stipple_counter += rintf(xmajor ? fabsf(dx) : fabsf(dy));
}

static void
raster_point(struct fxp_render *r, const struct fxp_rvert *v, bool front)
{
   const struct pipe_rasterizer_state *rs = r->rast;
   float size = rs->point_size;

   if (rs->point_size_per_vertex && r->psize >= 0)
      size = v->attr[4 * r->psize];
   size = CLAMP(size, 1.0f, 255.0f);
   if (!(size == size))
      return;
   const float h = size * 0.5f;
   struct fxp_rvert c[4];
   for (unsigned k = 0; k < 4; k++) {
      c[k] = *v;
      c[k].win[0] += (k == 1 || k == 2) ? h : -h;
      c[k].win[1] += (k >= 2) ? h : -h;
   }
   struct prim p = {.v = {&c[0], &c[1], &c[2]}, .prov = v, .front = front, .point = true,
                    .pt_x0 = v->win[0] - h, .pt_y0 = v->win[1] - h, .pt_inv_size = 1.0f / size};
   rasterize(r, &p);
   struct prim q = p;
   q.v[0] = &c[0], q.v[1] = &c[2], q.v[2] = &c[3];
   rasterize(r, &q);
}

/* Lines and points of their own face the front (polygon modes LINE and POINT keep the polygon's face). */
void
fxp_raster_line(struct fxp_render *r, const struct fxp_rvert *v0, const struct fxp_rvert *v1,
                const struct fxp_rvert *provoking)
{
   raster_line(r, v0, v1, provoking, true);
}

void
fxp_raster_point(struct fxp_render *r, const struct fxp_rvert *v)
{
   raster_point(r, v, true);
}
