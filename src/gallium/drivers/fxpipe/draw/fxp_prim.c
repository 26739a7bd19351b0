/* Primitive assembly, clipping and the viewport transform.
 *
 * Assembly takes its primitives from draw/fxp_decompose.c (the same as stream output's: adjacency vertices
 * skipped, runs split at primitive restart, strips keeping their triangles' orientation, the provoking vertex
 * first or last as the rasterizer state says; quads and polygons always take the last / first vertex), a
 * batch at a time, and rasterizes each with its first or last vertex as the provoking one.
 * Clipping is done in homogeneous space against the view volume (near and far only when depth clipping
 * is on; z >= 0 or z >= -w by clip_halfz) and the enabled user planes or clip distances, with
 * Sutherland-Hodgman on polygons, so every attribute is interpolated linearly in clip space. A primitive
 * whose vertices all have the same cull distance negative is dropped first. Points are
 * kept or dropped by their centre; lines are clipped parametrically. Each primitive of the sequence (a quad
 * or polygon counting once) takes the next primitive ID, which a fragment shader reads when no geometry
 * shader gives one. */
#include <math.h>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "c11/threads.h"
#include "util/u_math.h"
#include "util/u_memory.h"

#include "fxp_context.h"
#include "fxp_debug.h"
#include "fxp_hot.h"
#include "draw/fxp_render.h"
#include "draw/fxp_clip_vertex.h"
#include "draw/fxp_decompose.h"
#include "context/fxp_pool.h"
#include "raster/fxp_rasterize.h"
#include "raster/fxp_scene.h"

#define MAX_PLANES (6 + PIPE_MAX_CLIP_PLANES)
#define MAX_POLY (3 + MAX_PLANES)

/* A vertex being clipped: clip-space position and all outputs (stride floats). */
struct cvert {
   float *data;
};

struct clipper {
   struct fxp_render *r;
   unsigned num_planes, num_frustum;
   float planes[MAX_PLANES][4];    /* dot(plane, pos) >= 0 inside (for plane i < num_planes) */
   const struct fxp_frustum *frustum; /* planes[0..num_frustum) by column, for outside_mask */
   bool fast4;                     /* vertices_prepare may take 4 vertices at a time (not under nofast) */
   int dist_output[MAX_PLANES];    /* >= 0: use this clip distance (output*4+chan) instead of a plane */
   unsigned num_cull;
   unsigned cull_output[PIPE_MAX_CLIP_PLANES]; /* cull distance j: output*4+chan */
   /* room for the vertices clipping makes (2 * MAX_POLY of them), allocated at the draw's first clipped
    * primitive: most draws clip nothing, and a malloc and free a draw was a twentieth of piglit's
    * drawoverhead (session 28); NULL until then, and after an allocation that failed (scratch_failed) */
   float *scratch;
   unsigned scratch_used;
   bool scratch_failed;
   /* the planes each of the draw's vertices (r->verts) is outside of, bit p for plane p, computed once per
    * vertex rather than once per primitive that uses it; NULL when it could not be allocated */
   const uint16_t *vmask;
   /* window coordinates of each of the draw's vertices inside every plane, computed once per vertex; NULL
    * when primitives may pick their viewport (VIEWPORT_INDEX) or the array could not be allocated */
   const struct fxp_rvert *vwin;
};

/* Draws of at most this many vertices keep their per-vertex arrays on the stack. */
#define SMALL_DRAW_VERTS 64

static float
plane_dist(const struct clipper *cl, unsigned p, const float *v)
{
   const struct fxp_render *r = cl->r;
   if (cl->dist_output[p] >= 0)
      return v[cl->dist_output[p]];
   /* the view volume clips the position; user planes the clip vertex if the VS writes one */
   const float *pos = &v[4 * (p >= cl->num_frustum && r->clipvertex >= 0 ? r->clipvertex : r->pos)];
   return cl->planes[p][0] * pos[0] + cl->planes[p][1] * pos[1] + cl->planes[p][2] * pos[2] +
          cl->planes[p][3] * pos[3];
}

/* The planes past the frustum (user planes, clip distances) vertex v is outside of, bit p for plane p. */
static inline unsigned
outside_mask_rest(const struct clipper *cl, const float *v)
{
   unsigned m = 0;
   for (unsigned p = cl->num_frustum; p < cl->num_planes; p++)
      m |= (unsigned)!(plane_dist(cl, p, v) >= 0.0f) << p; /* no branch: the signs are not predictable */
   return m;
}

/* The planes vertex v is outside of (bit p for plane p). */
static inline unsigned
outside_mask(const struct clipper *cl, const float *v)
{
   const struct fxp_render *r = cl->r;
   if (cl->vmask && v >= r->verts && v < r->verts + (size_t)r->num_verts * r->stride)
      return cl->vmask[(size_t)(v - r->verts) / r->stride];
   /* the frustum planes four at a time: the same products and sums, in the same order, as plane_dist's */
   return fxp_frustum_mask1(cl->frustum, &v[4 * r->pos]) | outside_mask_rest(cl, v);
}

/* Whether a primitive of n vertices is culled: all its vertices have one cull distance negative. */
static bool
culled(const struct clipper *cl, const float *const *v, unsigned n)
{
   for (unsigned j = 0; j < cl->num_cull; j++) {
      unsigned neg = 0;
      for (unsigned k = 0; k < n; k++)
         neg += v[k][cl->cull_output[j]] < 0.0f;
      if (neg == n)
         return true;
   }
   return false;
}

#define CLIP_SCRATCH_VERTS (2 * MAX_POLY)

/* Room for one more clipped vertex, NULL when out of room or memory (the primitive is then dropped; the
 * draw is refused once, as out of memory, by clipper_end). */
static float *
new_vertex(struct clipper *cl)
{
   if (!cl->scratch && !cl->scratch_failed) {
      cl->scratch = MALLOC(sizeof(float) * CLIP_SCRATCH_VERTS * cl->r->stride);
      cl->scratch_failed = !cl->scratch;
   }
   if (!cl->scratch || cl->scratch_used == CLIP_SCRATCH_VERTS)
      return NULL;
   return &cl->scratch[(size_t)cl->scratch_used++ * cl->r->stride];
}

/* The view volume's planes for near clipping on or off, far clipping on or off and z >= 0 or z >= -w
 * (clip_halfz): frustum_planes() writes them into planes[] and returns how many. */
static unsigned
frustum_planes(bool near, bool far, bool halfz, float planes[][4])
{
   static const float frustum[6][4] = {
      {1, 0, 0, 1}, {-1, 0, 0, 1}, {0, 1, 0, 1}, {0, -1, 0, 1}, {0, 0, 1, 1}, {0, 0, -1, 1},
   };
   unsigned n = 0;
   for (unsigned p = 0; p < 6; p++) {
      if ((p == 4 && !near) || (p == 5 && !far))
         continue;
      memcpy(planes[n], frustum[p], sizeof(frustum[p]));
      if (p == 4 && halfz) /* z >= 0 */
         planes[n][3] = 0.0f;
      n++;
   }
   return n;
}

/* The eight view volumes in the columns outside masks use (struct fxp_frustum), made once for the process:
 * index near | far << 1 | halfz << 2. Making one for every draw cost drawoverhead's tiny draws 10% of their
 * time (its vectors are 512 bytes). */
static struct fxp_frustum frustums[8];
static once_flag frustums_once = ONCE_FLAG_INIT;
static bool frustums_made; /* set (release) when they are: later draws test it inline, not call_once's call */

static void
make_frustums(void)
{
   for (unsigned i = 0; i < ARRAY_SIZE(frustums); i++) {
      float planes[FXP_FRUSTUM_MAX_PLANES][4];
      const unsigned n = frustum_planes(i & 1, i & 2, i & 4, planes);
      fxp_frustum_init(&frustums[i], (const float(*)[4])planes, n);
   }
   __atomic_store_n(&frustums_made, true, __ATOMIC_RELEASE);
}

FXP_DRAW_PATH static void
setup_clipper(struct clipper *cl, struct fxp_render *r)
{
   const struct pipe_rasterizer_state *rs = r->rast;

   cl->r = r;
   cl->num_planes = frustum_planes(rs->depth_clip_near, rs->depth_clip_far, rs->clip_halfz, cl->planes);
   for (unsigned p = 0; p < cl->num_planes; p++)
      cl->dist_output[p] = -1;
   cl->num_frustum = cl->num_planes;
   if (unlikely(!__atomic_load_n(&frustums_made, __ATOMIC_ACQUIRE)))
      call_once(&frustums_once, make_frustums);
   cl->frustum = &frustums[rs->depth_clip_near | rs->depth_clip_far << 1 | rs->clip_halfz << 2];
   assert(cl->frustum->num_planes == cl->num_frustum);
   cl->fast4 = !(fxp_debug_flags & FXP_DBG_NOFAST);
   /* cull distances follow the clip distances in the CLIPDIST outputs */
   cl->num_cull = 0;
   for (unsigned j = 0; j < r->num_culldist; j++) {
      const unsigned k = r->num_clipdist + j;
      if (k < 8 && r->clipdist[k / 4] >= 0)
         cl->cull_output[cl->num_cull++] = 4 * r->clipdist[k / 4] + k % 4;
   }
   for (unsigned i = 0; i < PIPE_MAX_CLIP_PLANES; i++) {
      if (!(rs->clip_plane_enable & (1 << i)))
         continue;
      if (r->num_clipdist) {
         const int o = r->clipdist[i / 4];
         if (o < 0 || i >= r->num_clipdist)
            continue;
         cl->dist_output[cl->num_planes] = 4 * o + (i % 4);
      } else {
         memcpy(cl->planes[cl->num_planes], r->ctx->clip.ucp[i], 4 * sizeof(float));
         cl->dist_output[cl->num_planes] = -1;
      }
      cl->num_planes++;
   }
}

/* Window coordinates of a clip-space vertex. */
static void
to_window(const struct fxp_render *r, const float *v, struct fxp_rvert *out)
{
   fxp_window1(&v[4 * r->pos], r->rs.vp_scale, r->rs.vp_translate, out->win);
   out->attr = v;
}

/* A vertex at t between a and b in clip space. Outputs read with noperspective interpolation take the
 * value window-space interpolation gives at the new vertex's window position: there the fraction of the way
 * from a to b is s = t * w_b / w_new (w_new = w_a + t (w_b - w_a)), not t. */
static void
lerp_vertex(const struct fxp_render *r, float *out, const float *a, const float *b, float t)
{
   for (unsigned i = 0; i < r->stride; i++)
      out[i] = a[i] + (b[i] - a[i]) * t;
   if (!r->rs.any_noperspective || r->pos < 0)
      return;
   const float wa = a[4 * r->pos + 3], wb = b[4 * r->pos + 3];
   const float w = wa + (wb - wa) * t;
   const float s = w != 0.0f ? t * wb / w : t;
   for (unsigned o = 0; o < r->stride / 4; o++) {
      if (!r->rs.out_noperspective[o])
         continue;
      for (unsigned c = 0; c < 4; c++)
         out[4 * o + c] = a[4 * o + c] + (b[4 * o + c] - a[4 * o + c]) * s;
   }
}

/* The layer and viewport of a primitive are its provoking vertex's LAYER and VIEWPORT_INDEX outputs
 * (integers); they must be chosen before its vertices go to window coordinates. */
static inline void
select_layer(struct fxp_render *r, const float *prov)
{
   uint32_t v;
   if (r->layer >= 0) {
      memcpy(&v, &prov[4 * r->layer], 4);
      fxp_raster_set_layer(&r->rs, v);
   }
   if (r->viewport_index >= 0) {
      memcpy(&v, &prov[4 * r->viewport_index], 4);
      fxp_raster_set_viewport(&r->rs, v);
   }
}

static void
emit_triangle(struct fxp_render *r, const float *a, const float *b, const float *c, const float *prov,
              unsigned edges)
{
   struct fxp_rvert v[3], pv;
   if (r->ctx->queries_enabled)
      r->stats->c_primitives++;
   select_layer(r, prov);
   to_window(r, a, &v[0]);
   to_window(r, b, &v[1]);
   to_window(r, c, &v[2]);
   to_window(r, prov, &pv);
   fxp_raster_triangle(&r->rs, &v[0], &v[1], &v[2], &pv, edges);
}

/* edges: bit k set if the edge from vertex k to vertex k + 1 is an edge of the original polygon (quads
 * and polygons are split into triangles whose inner edges polygon mode LINE must not draw). */
static void
clip_triangle(struct clipper *cl, const float *v0, const float *v1, const float *v2, unsigned edges)
{
   struct fxp_render *r = cl->r;
   const float *in[3] = {v0, v1, v2};
   unsigned out_mask;
   const float *prov = r->rast->flatshade_first ? v0 : v2;

   if (r->ctx->queries_enabled)
      r->stats->c_invocations++;
   if (cl->num_cull && culled(cl, in, 3))
      return;
   const unsigned m0 = outside_mask(cl, v0), m1 = outside_mask(cl, v1), m2 = outside_mask(cl, v2);
   if (m0 & m1 & m2)
      return; /* entirely outside one plane */
   out_mask = m0 | m1 | m2;
   if (!out_mask) {
      emit_triangle(r, v0, v1, v2, prov, edges);
      return;
   }

   /* Sutherland-Hodgman over the planes that cut the triangle */
   const float *poly[MAX_POLY * 2], *next[MAX_POLY * 2];
   unsigned n = 3;
   poly[0] = v0, poly[1] = v1, poly[2] = v2;
   cl->scratch_used = 0;
   for (unsigned p = 0; p < cl->num_planes && n >= 3; p++) {
      if (!(out_mask & (1 << p)))
         continue;
      unsigned m = 0;
      for (unsigned i = 0; i < n; i++) {
         const float *a = poly[i], *b = poly[(i + 1) % n];
         const float da = plane_dist(cl, p, a), db = plane_dist(cl, p, b);
         if (da >= 0.0f)
            next[m++] = a;
         if ((da >= 0.0f) != (db >= 0.0f)) {
            float *nv = new_vertex(cl);
            if (!nv)
               return;
            /* interpolate from the inside vertex, for symmetric results */
            if (da >= 0.0f)
               lerp_vertex(r, nv, a, b, da / (da - db));
            else
               lerp_vertex(r, nv, b, a, db / (db - da));
            next[m++] = nv;
         }
      }
      n = m;
      memcpy(poly, next, n * sizeof(poly[0]));
   }
   /* the clipped polygon as a fan: its outline is its edges (those on clip planes included) */
   for (unsigned i = 1; i + 1 < n; i++)
      emit_triangle(r, poly[0], poly[i], poly[i + 1], prov, (i == 1 ? 1 : 0) | 2 | (i + 2 == n ? 4 : 0));
}

static void
clip_line(struct clipper *cl, const float *v0, const float *v1)
{
   struct fxp_render *r = cl->r;
   float t0 = 0.0f, t1 = 1.0f;
   const float *prov = r->rast->flatshade_first ? v0 : v1;

   if (r->ctx->queries_enabled)
      r->stats->c_invocations++;
   const float *both[2] = {v0, v1};
   if (cl->num_cull && culled(cl, both, 2))
      return;
   for (unsigned p = 0; p < cl->num_planes; p++) {
      const float d0 = plane_dist(cl, p, v0), d1 = plane_dist(cl, p, v1);
      if (d0 < 0.0f && d1 < 0.0f)
         return;
      if (d0 < 0.0f)
         t0 = MAX2(t0, d0 / (d0 - d1));
      else if (d1 < 0.0f)
         t1 = MIN2(t1, d0 / (d0 - d1));
      if (!(d0 == d0) || !(d1 == d1))
         return; /* NaN positions */
   }
   if (t0 > t1)
      return;
   cl->scratch_used = 0;
   float *a = (float *)v0, *b = (float *)v1;
   if (t0 > 0.0f && (a = new_vertex(cl)))
      lerp_vertex(r, a, v0, v1, t0);
   if (t1 < 1.0f && (b = new_vertex(cl)))
      lerp_vertex(r, b, v0, v1, t1);
   if (!a || !b)
      return;
   struct fxp_rvert w0, w1, pv;
   if (r->ctx->queries_enabled)
      r->stats->c_primitives++;
   select_layer(r, prov);
   to_window(r, a, &w0);
   to_window(r, b, &w1);
   to_window(r, prov, &pv);
   fxp_raster_line(&r->rs, &w0, &w1, &pv);
}

static void
clip_point(struct clipper *cl, const float *v)
{
   struct fxp_context *ctx = cl->r->ctx;
   if (ctx->queries_enabled)
      cl->r->stats->c_invocations++;
   if (cl->num_cull && culled(cl, &v, 1))
      return;
   for (unsigned p = 0; p < cl->num_planes; p++)
      if (!(plane_dist(cl, p, v) >= 0.0f))
         return;
   if (ctx->queries_enabled)
      cl->r->stats->c_primitives++;
   struct fxp_rvert w;
   select_layer(cl->r, v);
   to_window(cl->r, v, &w);
   fxp_raster_point(&cl->r->rs, &w);
}

static inline const float *
vtx(const struct fxp_render *r, uint32_t i)
{
   return &r->verts[(size_t)i * r->stride];
}

/* A triangle of the draw's vertices a, b, c: one inside every plane goes to the rasterizer with the window
 * coordinates its vertices got once (no clipping, no per-triangle division); the others take
 * clip_triangle's path. The statistics are counted the same either way. */
FXP_DRAW_PATH static void
tri_indexed(struct clipper *cl, uint32_t a, uint32_t b, uint32_t c, unsigned edges)
{
   struct fxp_render *r = cl->r;
   if (!cl->vwin || cl->num_cull || (cl->vmask[a] | cl->vmask[b] | cl->vmask[c])) {
      clip_triangle(cl, vtx(r, a), vtx(r, b), vtx(r, c), edges);
      return;
   }
   if (r->ctx->queries_enabled) {
      r->stats->c_invocations++;
      r->stats->c_primitives++;
   }
   const uint32_t p = r->rast->flatshade_first ? a : c;
   select_layer(r, vtx(r, p));
   fxp_raster_triangle(&r->rs, &cl->vwin[a], &cl->vwin[b], &cl->vwin[c], &cl->vwin[p], edges);
}

#define ASSEMBLY_BATCH_PRIMS 64 /* primitives decomposed at a time */

/* Assembles primitives first .. first + num - 1 of one restart-free run of n elements (as
 * draw/fxp_decompose.c numbers them: points, lines or triangles, a quad two triangles): each takes the
 * primitive ID of its GL primitive (FXP_PRIM_END: the ID advances after it) and restarts the line stipple
 * where FXP_PRIM_RESTART says. */
FXP_DRAW_PATH static void
assemble_part(struct clipper *cl, enum pipe_prim_type mode, unsigned dflags, const uint32_t *e, unsigned n,
              unsigned first, unsigned num)
{
   struct fxp_render *r = cl->r;
   uint32_t v[ASSEMBLY_BATCH_PRIMS * 3];
   /* a flag byte a primitive: points fill v with one vertex each, so as many primitives as v has entries
    * (ASAN found the overflow of a 64-byte array on a large point draw, unit test draw_sv.large_draw) */
   uint8_t pf[ARRAY_SIZE(v)];
   /* independent triangles, the most common case: their decomposition is the elements three at a time, each
    * a GL primitive of its own with all its edges, the run's first restarting the stipple (as
    * fxp_decomp_prims gives them), taken straight from e[]; tiny draws spent more in the general loop's
    * calls than in the rest of primitive assembly (piglit's drawoverhead, session 28). Not under nofast. */
   if (mode == PIPE_PRIM_TRIANGLES && !(fxp_debug_flags & FXP_DBG_NOFAST)) {
      if (first == 0 && num)
         r->rs.stipple_counter = 0.0f;
      const uint32_t *t = e + 3 * (size_t)first;
      for (unsigned j = 0; j < num; j++, t += 3, r->rs.prim_id += r->prim_id_step)
         tri_indexed(cl, t[0], t[1], t[2], FXP_PRIM_EDGES);
      return;
   }
   const unsigned vpp = fxp_decomp_verts(mode, dflags);
   const unsigned end = first + num;

   for (unsigned k = first, got;
        k < end && (got = fxp_decomp_prims(mode, dflags, e, n, k, v, pf, MIN2(ARRAY_SIZE(v), (end - k) * vpp)));
        k += got) {
      switch (vpp) {
      case 1:
         for (unsigned j = 0; j < got; j++, r->rs.prim_id += r->prim_id_step)
            clip_point(cl, vtx(r, v[j]));
         break;
      case 2:
         for (unsigned j = 0; j < got; j++) {
            if (pf[j] & FXP_PRIM_RESTART)
               r->rs.stipple_counter = 0.0f;
            clip_line(cl, vtx(r, v[2 * j]), vtx(r, v[2 * j + 1]));
            r->rs.prim_id += (pf[j] & FXP_PRIM_END) ? r->prim_id_step : 0;
         }
         break;
      case 3:
         for (unsigned j = 0; j < got; j++) {
            if (pf[j] & FXP_PRIM_RESTART)
               r->rs.stipple_counter = 0.0f;
            tri_indexed(cl, v[3 * j], v[3 * j + 1], v[3 * j + 2], pf[j] & FXP_PRIM_EDGES);
            r->rs.prim_id += (pf[j] & FXP_PRIM_END) ? r->prim_id_step : 0;
         }
         break;
      default:
         return; /* patches reach assembly only through the tessellation stage */
      }
   }
}

/* Assembles one restart-free run of elements, all its primitives. */
FXP_DRAW_PATH static void
assemble(struct clipper *cl, enum pipe_prim_type mode, unsigned dflags, const uint32_t *e, unsigned n)
{
   const unsigned num = mode == PIPE_PRIM_TRIANGLES ? n / 3 : fxp_decomp_count(mode, dflags, n);
   assemble_part(cl, mode, dflags, e, n, 0, num);
}

/* The clipper of r's draw; its scratch room comes at the first clipped primitive (new_vertex). */
FXP_DRAW_PATH static void
clipper_begin(struct clipper *cl, struct fxp_render *r)
{
   setup_clipper(cl, r);
   cl->scratch = NULL;
   cl->scratch_used = 0;
   cl->scratch_failed = false;
   cl->vmask = NULL;
   cl->vwin = NULL;
}

/* Gives back the clipper's scratch room; says once that primitives were dropped if it could not be had. */
FXP_DRAW_PATH static void
clipper_end(struct clipper *cl)
{
   FREE(cl->scratch);
   if (cl->scratch_failed)
      fxp_refuse("out of memory for clipping" FXP_GL_PART_DRAW);
}

/* vertices_prepare's work on vertices [first, end) of the array verts (r->stride floats a vertex): vmask
 * must be non-NULL, vwin may be. Reads only the clipper and the vertices, writes only those entries, so
 * that threads may take disjoint ranges. Returns the vertices done four at a time. */
FXP_DRAW_PATH static unsigned
prepare_range(const struct clipper *cl, const float *verts, unsigned first, unsigned end, uint16_t *vmask,
              struct fxp_rvert *vwin)
{
   const struct fxp_render *r = cl->r;
   const size_t stride = r->stride;
   unsigned v = first;
#if defined(__SSE__)
   /* four vertices at a time (draw/fxp_clip_vertex.h); their window coordinates whether inside or not
    * (only those inside are read). The last one to three take the four lanes too, the last vertex repeated
    * in the lanes past the end and their results dropped: tiny draws (piglit's drawoverhead) then pay one
    * pass, not a scalar one a vertex. */
   for (; cl->fast4 && v < end; v += 4) {
      const unsigned n = MIN2(4, end - v);
      const float *vx[4];
      for (unsigned i = 0; i < 4; i++)
         vx[i] = &verts[(v + MIN2(i, n - 1)) * stride];
      const float *const pos[4] = {&vx[0][4 * r->pos], &vx[1][4 * r->pos], &vx[2][4 * r->pos], &vx[3][4 * r->pos]};
      __m128 xyzw[4];
      unsigned m[4];
      fxp_positions4(pos, xyzw);
      fxp_frustum_mask4(cl->frustum, xyzw, m);
      for (unsigned i = 0; i < n; i++)
         vmask[v + i] = (uint16_t)(m[i] | outside_mask_rest(cl, vx[i]));
      if (vwin) {
         float spare[4];
         float *win[4];
         for (unsigned i = 0; i < 4; i++)
            win[i] = i < n ? vwin[v + i].win : spare;
         fxp_window4(xyzw, r->rs.vp_scale, r->rs.vp_translate, win);
         for (unsigned i = 0; i < n; i++)
            vwin[v + i].attr = vx[i];
      }
   }
   v = MIN2(v, end);
#endif
   const unsigned done_4 = v - first;
   for (unsigned u = v; u < end; u++)
      vmask[u] = outside_mask(cl, &verts[u * stride]);
   for (unsigned u = v; vwin && u < end; u++)
      if (!vmask[u])
         to_window(r, &verts[u * stride], &vwin[u]);
   return done_4;
}

/* The planes each of the draw's vertices is outside of, and the window coordinates of those inside every
 * one when every primitive has the same viewport, once per vertex: into vmask[] and vwin[] (num_verts
 * entries), which may be NULL (out of memory: then primitives take clip_triangle's path). */
FXP_DRAW_PATH static void
vertices_prepare(struct clipper *cl, uint16_t *vmask, struct fxp_rvert *vwin)
{
   const struct fxp_render *r = cl->r;
   _Static_assert(MAX_PLANES <= 16, "outside masks are 16 bits");
   if (!vmask || r->viewport_index >= 0)
      vwin = NULL;
   if (vmask) {
      const unsigned done_4 = prepare_range(cl, r->verts, 0, r->num_verts, vmask, vwin);
      r->ctx->perf.verts_prepared_4 += done_4;
      r->ctx->perf.verts_prepared_1 += r->num_verts - done_4;
   }
   cl->vmask = vmask;
   cl->vwin = vwin;
}

/* Makes the draw cache's per-vertex arrays (fxp_draw_cache.vmask, and vwin if with_win) hold num_verts
 * entries; false out of memory. */
static bool
reserve_vertex_arrays(struct fxp_draw_cache *dc, unsigned num_verts, bool with_win)
{
   return fxp_draw_reserve((void **)&dc->vmask, &dc->vmask_cap, num_verts, sizeof(*dc->vmask)) &&
          (!with_win || fxp_draw_reserve((void **)&dc->vwin, &dc->vwin_cap, num_verts, sizeof(*dc->vwin)));
}

/* The draw's per-vertex arrays for vertices_prepare from the draw cache: both NULL out of memory (or
 * without a cache), vwin NULL where it is not used (primitives with viewports of their own). */
FXP_DRAW_PATH static void
cached_vertex_arrays(struct fxp_render *r, uint16_t **vmask, struct fxp_rvert **vwin)
{
   struct fxp_draw_cache *dc = r->ctx->draw_cache;
   const bool with_win = r->viewport_index < 0;
   const bool ok = dc && reserve_vertex_arrays(dc, r->num_verts, with_win);
   *vmask = ok ? dc->vmask : NULL;
   *vwin = ok && with_win ? dc->vwin : NULL;
}

bool
fxp_prim_ahead_begin(struct fxp_render *r, unsigned num_verts)
{
   struct fxp_draw_cache *dc = r->ctx->draw_cache;
   dc->ahead_verts = NULL;
   return reserve_vertex_arrays(dc, num_verts, r->viewport_index < 0);
}

unsigned
fxp_prim_ahead_range(struct fxp_render *r, const float *verts, unsigned first, unsigned end)
{
   struct fxp_draw_cache *dc = r->ctx->draw_cache;
   struct clipper cl;
   setup_clipper(&cl, r);
   cl.vmask = NULL;
   cl.vwin = NULL;
   return prepare_range(&cl, verts, first, end, dc->vmask, r->viewport_index >= 0 ? NULL : dc->vwin);
}

void
fxp_prim_ahead_done(struct fxp_render *r, const float *verts, unsigned num_verts, unsigned done_4)
{
   struct fxp_draw_cache *dc = r->ctx->draw_cache;
   dc->ahead_verts = verts;
   dc->ahead_num_verts = num_verts;
   r->ctx->perf.verts_prepared_4 += done_4;
   r->ctx->perf.verts_prepared_1 += num_verts - done_4;
   r->ctx->perf.verts_prepared_ahead += num_verts;
}

FXP_DRAW_PATH void
fxp_prim_ahead_clear(struct fxp_render *r)
{
   r->ctx->draw_cache->ahead_verts = NULL;
}

/* The draw's per-vertex arrays when the threads that shaded its vertices filled them (fxp_prim_ahead_done):
 * into cl, true; else false (vertices_prepare's work is still to do). */
FXP_DRAW_PATH static bool
vertices_ahead(struct clipper *cl)
{
   const struct fxp_render *r = cl->r;
   const struct fxp_draw_cache *dc = r->ctx->draw_cache;
   if (!dc || !dc->ahead_verts || dc->ahead_verts != r->verts || dc->ahead_num_verts != r->num_verts)
      return false;
   cl->vmask = dc->vmask;
   cl->vwin = r->viewport_index >= 0 ? NULL : dc->vwin;
   return true;
}

/* Assembles the draw's primitives with cl's per-vertex arrays (vertices_prepare). */
FXP_DRAW_PATH static void
assemble_runs(struct clipper *cl, enum pipe_prim_type mode, const uint32_t *elts, unsigned count)
{
   const unsigned dflags = cl->r->rast->flatshade_first ? FXP_DECOMP_FIRST_PROVOKING : 0;
   struct fxp_runs it = fxp_runs(elts, count);
   const uint32_t *run;
   unsigned n;
   while (fxp_run_next(&it, &run, &n))
      assemble(cl, mode, dflags, run, n);
}

FXP_DRAW_PATH void
fxp_prim_run(struct fxp_render *r, enum pipe_prim_type mode, const uint32_t *elts, unsigned count)
{
   struct clipper cl;
   clipper_begin(&cl, r);
   /* per-vertex masks and window coordinates: on the stack for small draws, else kept in the draw cache
    * (no allocation a draw either way) */
   uint16_t small_mask[SMALL_DRAW_VERTS];
   struct fxp_rvert small_win[SMALL_DRAW_VERTS];
   uint16_t *vmask = small_mask;
   struct fxp_rvert *vwin = r->viewport_index >= 0 ? NULL : small_win;
   if (!vertices_ahead(&cl)) {
      if (r->num_verts > SMALL_DRAW_VERTS)
         cached_vertex_arrays(r, &vmask, &vwin);
      vertices_prepare(&cl, vmask, vwin);
   }
   assemble_runs(&cl, mode, elts, count);
   clipper_end(&cl);
}

/* A range of a shared draw's primitives (fxp_prim_run_shared): set up by one thread, with its own copy of
 * the draw's state, into the range's scene. Primitives are numbered as draw/fxp_decompose.c makes them
 * (a quad is two triangles), through the draw's runs. */
struct prim_share_job {
   struct fxp_render *copies;        /* [shares]: each range's copy of the draw's state */
   struct pipe_query_data_pipeline_statistics *stats; /* [shares]: each range's clipping counts */
   const uint16_t *vmask;
   const struct fxp_rvert *vwin;
   const uint32_t *elts;
   const struct fxp_elt_run *runs;
   unsigned num_runs;
   unsigned prims, shares;           /* primitives, ranges */
   unsigned bounds[FXP_PRIM_SHARES_MAX + 1]; /* range i: the draw's primitives bounds[i] .. bounds[i + 1] - 1 */
   unsigned dflags;
   enum pipe_prim_type mode;         /* a mode fxp_prim_run_shared takes */
   unsigned vpp;                     /* vertices a primitive: 1 (points) or 3 */
};

/* Primitives a restart-free run of n elements makes. */
static inline unsigned
run_prims(const struct prim_share_job *j, unsigned n)
{
   return fxp_decomp_count(j->mode, j->dflags, n);
}

/* The run holding the draw's primitive g (< j->prims): the last whose first primitive is at most g. */
static unsigned
find_run(const struct prim_share_job *j, unsigned g)
{
   unsigned lo = 0, hi = j->num_runs - 1;
   while (lo < hi) {
      const unsigned mid = lo + (hi - lo + 1) / 2;
      if (j->runs[mid].first_prim <= g)
         lo = mid;
      else
         hi = mid - 1;
   }
   return lo;
}

static void
prim_share(void *data, unsigned i, unsigned n)
{
   const struct prim_share_job *j = data;
   (void)n;
   if (i >= j->shares)
      return;
   struct fxp_render *c = &j->copies[i];
   struct clipper cl;
   clipper_begin(&cl, c);
   cl.vmask = j->vmask;
   cl.vwin = j->vwin;
   /* the range's primitives, a piece of a run at a time: primitive `local` of its run onwards (a strip's
    * or a fan's odd triangles, decomposed from their number, keep their winding and provoking vertex) */
   const unsigned end = j->bounds[i + 1];
   unsigned g = j->bounds[i];
   for (unsigned k = g < end ? find_run(j, g) : 0; g < end; k++) {
      const struct fxp_elt_run *ru = &j->runs[k];
      const unsigned local = g - ru->first_prim;
      const unsigned take = MIN2(end - g, run_prims(j, ru->n) - local);
      assemble_part(&cl, j->mode, j->dflags, j->elts + ru->start, ru->n, local, take);
      g += take;
   }
   /* a range that lost clipped primitives for want of memory fails the draw as one that ran out of scene
    * memory does (the drawing thread reports it) */
   c->rs.bin_failed |= cl.scratch_failed;
   FREE(cl.scratch);
}

/* Twice the pixels of a line from a to b (window coordinates) of the rasterizer's width: its major axis's
 * length plus one, times its width (a triangle's box holds about twice the triangle's pixels). Its box would
 * judge a short diagonal line as large as a square, and bin lines that are cheaper drawn at once (session 29:
 * 0.84x on bench-draw lines). */
static inline double
line_box_px(const struct pipe_rasterizer_state *rast, const float *a, const float *b)
{
   const float width = CLAMP(rast->line_width, 1.0f, 255.0f) + (rast->line_smooth ? 1.0f : 0.0f);
   return 2.0 * ((double)MAX2(fabsf(b[0] - a[0]), fabsf(b[1] - a[1])) + 1.0) * width;
}

/* Whether the draw's primitives look small and cheap to shade, as fxp_rasterize_prim rasterizes at once on
 * the drawing thread rather than binning (raster/fxp_scene.h, FXP_SCENE_SERIAL_AVG_WORK): their bounding
 * boxes, on FXP_PRIM_SAMPLE_PRIMS of them spread over the draw (those inside every plane), average at most
 * fxp_raster.serial_avg_px (fxp_raster_small_and_cheap). Binning such primitives costs more than
 * rasterizing them, on any thread. A point's box is its square (raster/fxp_setup.c draws it so); a line
 * counts twice its pixels (line_box_px); a triangle drawn as lines (polygon mode LINE on both faces, or LINE
 * and POINT) its three edges so, and as points (POINT on both) its three corners' squares. */
#define FXP_PRIM_SAMPLE_PRIMS 64
/* ... for draws of fewer primitives than this (a chunk of a large draw: the whole draw's, r->draw_prims), or
 * whose sampled triangles all draw nothing (culled by their facing, or of no area): larger ones are shared
 * whatever their primitives look like (sharing draws of culled triangles read 0.75x to 0.85x in
 * draw-prim-rate's row of 100% back faces).
 * The rule was measured before setup was shared, when binning meant setting every primitive up on the
 * drawing thread; measured again in session 43 (2 CPUs, Intel, ab.sh and alternating pairs) without it:
 * glmark2 gouraud (14,348 triangles a draw, about half culled) 1.31x, build (7,172) 1.20x, bump
 * high-poly (48,000) 1.40x, bench-draw's lines (30,000) 1.59x, draw-prim-rate's unculled tiny triangles 1.3x
 * to 1.6x from 4K a draw, but 0.87x and 0.85x at 1K and 2K, where sharing costs more than the draw's work.
 * Session 44 compared the whole draw's count, with chunks of equal size: gouraud's 4 chunks of 3,587 all
 * shared, where 3 of 4,096 were and the last 2,060 were not, 1.09x (ab.sh, 6 of 6 pairs ahead). */
#define FXP_PRIM_SHARE_ALWAYS_PRIMS 3072
static bool
small_and_cheap(const struct fxp_render *r, const struct prim_share_job *j, bool *all_culled)
{
   const struct pipe_rasterizer_state *rast = r->rast;
   const uint16_t *vmask = j->vmask;
   const struct fxp_rvert *vwin = j->vwin;
   const unsigned ff = rast->fill_front, fb = rast->fill_back;
   const bool outline = j->vpp == 3 && ff != PIPE_POLYGON_MODE_FILL && fb != PIPE_POLYGON_MODE_FILL &&
                        (ff == PIPE_POLYGON_MODE_LINE || fb == PIPE_POLYGON_MODE_LINE);
   const bool corners = j->vpp == 3 && ff == PIPE_POLYGON_MODE_POINT && fb == PIPE_POLYGON_MODE_POINT;
   uint64_t area_px = 0;
   unsigned sampled = 0, culled = 0;
   for (unsigned s = 0; s < FXP_PRIM_SAMPLE_PRIMS; s++) {
      const unsigned g = (unsigned)((uint64_t)s * j->prims / FXP_PRIM_SAMPLE_PRIMS);
      const struct fxp_elt_run *ru = &j->runs[find_run(j, g)];
      uint32_t t[3];
      if (!fxp_decomp_prims(j->mode, j->dflags, j->elts + ru->start, ru->n, g - ru->first_prim, t, NULL, j->vpp))
         continue;
      if (j->vpp == 1)
         t[1] = t[2] = t[0]; /* a point: its one vertex three times */
      else if (j->vpp == 2)
         t[2] = t[1]; /* a line: its second vertex twice */
      if (vmask[t[0]] | vmask[t[1]] | vmask[t[2]])
         continue;
      const float *a = vwin[t[0]].win, *b = vwin[t[1]].win;
      double px;
      if (j->vpp == 2 || outline) {
         px = line_box_px(rast, a, b);
         if (outline)
            px += line_box_px(rast, b, vwin[t[2]].win) + line_box_px(rast, vwin[t[2]].win, a);
      } else {
         const float *c = vwin[t[2]].win;
         /* a triangle's box: the pixels from its least to its greatest x, likewise y; a point's square */
         float widen = 1.0f;
         if (j->vpp == 1 || corners) {
            const float size = rast->point_size_per_vertex && r->psize >= 0 ? vwin[t[0]].attr[4 * r->psize]
                                                                           : rast->point_size;
            widen = CLAMP(size, 1.0f, 255.0f); /* (a NaN size gives a NaN box: below) */
         }
         if (corners) {
            px = 3.0 * (double)widen * widen;
         } else {
            const float w = MAX3(a[0], b[0], c[0]) - MIN3(a[0], b[0], c[0]) + widen;
            const float h = MAX3(a[1], b[1], c[1]) - MIN3(a[1], b[1], c[1]) + widen;
            px = (double)w * h;
         }
      }
      if (!(px <= 1e12))
         return false; /* huge, or not a number (a NaN coordinate passes the planes' tests) */
      area_px += (uint64_t)px;
      sampled++;
      bool front;
      if (j->vpp == 3 && !fxp_raster_triangle_facing(rast, a, b, vwin[t[2]].win, &front))
         culled++; /* nothing drawn: culled by its facing, or no area */
   }
   *all_culled = sampled && culled == sampled;
   return sampled && fxp_raster_small_and_cheap(&r->rs, area_px, sampled);
}

/* The draw's restart-free runs that hold primitives into j->runs (the draw cache's array), j->num_runs and
 * j->prims set; false out of memory. */
static bool
collect_runs(struct fxp_draw_cache *dc, struct prim_share_job *j, unsigned count)
{
   /* a run holding a primitive takes at least j->vpp elements (a fan or a strip three, a quad four) and a
    * restart after it */
   if (!fxp_draw_reserve((void **)&dc->share_runs, &dc->share_runs_cap, count / (j->vpp + 1) + 1,
                         sizeof(*dc->share_runs)))
      return false;
   struct fxp_runs it = fxp_runs(j->elts, count);
   const uint32_t *run;
   unsigned n;
   j->runs = dc->share_runs;
   j->num_runs = 0;
   j->prims = 0;
   while (fxp_run_next(&it, &run, &n)) {
      const unsigned p = run_prims(j, n);
      if (!p)
         continue;
      assert(j->num_runs < dc->share_runs_cap);
      dc->share_runs[j->num_runs++] = (struct fxp_elt_run){(uint32_t)(run - j->elts), n, j->prims};
      j->prims += p;
   }
   return true;
}

FXP_DRAW_PATH bool
fxp_prim_run_shared(struct fxp_render *r, enum pipe_prim_type mode, const uint32_t *elts, unsigned count,
                    bool restart)
{
   struct fxp_context *ctx = r->ctx;
   struct fxp_raster *rs = &r->rs;
   const struct pipe_rasterizer_state *rast = r->rast;
   const unsigned dflags = rast->flatshade_first ? FXP_DECOMP_FIRST_PROVOKING : 0;
   /* (with restarts, at most this many) */
   const unsigned most_prims = count < 2 * FXP_PRIM_SHARE_MIN_PRIMS ? 0 : fxp_decomp_count(mode, dflags, count);
   if (most_prims < 2 * FXP_PRIM_SHARE_MIN_PRIMS || !fxp_raster_ready(rs) || !rs->scene)
      return false; /* (first: most draws are this, and their time is mostly such per-draw tests; the ranges'
                       copies of rs take the prepared fragment stage) */
   struct fxp_pool *pool = fxp_context_pool(ctx);
   /* what the ranges' threads could not do apart: layer or viewport changes written as they go, and stippled
    * strips, loops and polygon outlines (the line stipple goes on from segment to segment and from edge to
    * edge, and from one independent triangle to the next: assembly restarts it at a run's first;
    * GL_LINES restart it at every line). Polygons drawn as points, and as lines without stipple, are set up
    * as filled ones are: each triangle's edges or corners by the thread that takes it, in order. */
   const bool quad_mode = mode == PIPE_PRIM_QUADS || mode == PIPE_PRIM_QUAD_STRIP;
   const bool tri_mode = mode == PIPE_PRIM_TRIANGLES || mode == PIPE_PRIM_TRIANGLE_STRIP ||
                         mode == PIPE_PRIM_TRIANGLE_FAN || quad_mode;
   const bool line_mode = mode == PIPE_PRIM_LINES || mode == PIPE_PRIM_LINE_STRIP || mode == PIPE_PRIM_LINE_LOOP;
   if ((!tri_mode && !line_mode && mode != PIPE_PRIM_POINTS) || fxp_pool_threads(pool) < 2 || !rs->cache ||
       r->layer >= 0 || r->viewport_index >= 0 ||
       (tri_mode && rast->line_stipple_enable &&
        (rast->fill_front == PIPE_POLYGON_MODE_LINE || rast->fill_back == PIPE_POLYGON_MODE_LINE)) ||
       (line_mode && rast->line_stipple_enable && mode != PIPE_PRIM_LINES) ||
       (fxp_debug_flags & FXP_DBG_NOFAST))
      return false;
   struct fxp_draw_cache *dc = ctx->draw_cache;
   struct fxp_raster_cache *rc = rs->cache;
   struct prim_share_job j = {
      .elts = elts, .dflags = dflags, .mode = mode, .vpp = fxp_decomp_verts(mode, dflags),
   };
   /* the runs between restarts (each a piece of the ranges that meet it), or the whole draw */
   struct fxp_elt_run whole = {0, count, 0};
   if (restart) {
      if (!collect_runs(dc, &j, count) || j.prims < 2 * FXP_PRIM_SHARE_MIN_PRIMS)
         return false;
   } else {
      j.runs = &whole;
      j.num_runs = 1;
      j.prims = most_prims;
   }
   const unsigned shares = MIN3(fxp_pool_threads(pool), FXP_PRIM_SHARES_MAX, j.prims / FXP_PRIM_SHARE_MIN_PRIMS);
   if (rc->num_range_scenes < shares) {
      struct fxp_scene **s = REALLOC(rc->range_scenes, rc->num_range_scenes * sizeof(*s), shares * sizeof(*s));
      if (!s)
         return false;
      rc->range_scenes = s;
      for (; rc->num_range_scenes < shares; rc->num_range_scenes++)
         if (!(s[rc->num_range_scenes] = fxp_scene_create()))
            return false;
   }
   if (dc->num_prim_copies < shares) {
      FREE(dc->prim_copies);
      FREE(dc->prim_stats);
      dc->prim_copies = MALLOC(shares * sizeof(*dc->prim_copies));
      dc->prim_stats = MALLOC(shares * sizeof(*dc->prim_stats));
      dc->num_prim_copies = dc->prim_copies && dc->prim_stats ? shares : 0;
      if (!dc->num_prim_copies)
         return false;
   }
   /* (a scene in flight may hold the ranges' scenes of the draw before, appended to it) */
   fxp_raster_retire(rc);
   for (unsigned i = 0; i < shares; i++)
      if (!fxp_scene_begin(rc->range_scenes[i], ctx->framebuffer.width, ctx->framebuffer.height))
         return false;
   /* per-vertex masks and window coordinates, read by every range */
   struct clipper cl;
   clipper_begin(&cl, r);
   if (!vertices_ahead(&cl)) {
      uint16_t *vmask;
      struct fxp_rvert *vwin;
      cached_vertex_arrays(r, &vmask, &vwin);
      vertices_prepare(&cl, vmask, vwin);
   }
   j.vmask = cl.vmask;
   j.vwin = cl.vwin;
   bool all_culled = false;
   if (cl.vwin && small_and_cheap(r, &j, &all_culled) &&
       (MAX2(j.prims, r->draw_prims) < FXP_PRIM_SHARE_ALWAYS_PRIMS || all_culled)) {
      /* all of them rasterized at once on this thread (while the scene is empty) */
      rs->direct_chosen = true;
      assemble_runs(&cl, mode, elts, count);
      rs->direct_chosen = false;
      clipper_end(&cl);
      return true;
   }
   /* nothing clipped yet: the ranges clip with scratch rooms of their own */
   assert(!cl.scratch);

   /* the ranges: shares of about equal primitives, each range starting wherever its share does. A range
    * may start at a quad's second triangle: every run of quads makes two triangles a quad, so the quad of
    * the draw's triangle g is g / 2 (quad_mode: its primitive ID), and the second triangle ends the quad
    * (FXP_PRIM_END) in the range that draws it. */
   j.copies = dc->prim_copies;
   j.stats = dc->prim_stats;
   j.shares = shares;
   for (unsigned i = 0; i <= shares; i++)
      j.bounds[i] = (unsigned)((uint64_t)i * j.prims / shares);
   for (unsigned i = 0; i < j.shares; i++) {
      struct fxp_render *c = &j.copies[i];
      memcpy(c, r, sizeof(*c));
      c->rs.scene = rc->range_scenes[i];
      c->rs.bin_all = true;
      c->rs.clear = NULL; /* the pending clear is the draw's scene's first flush's (raster/fxp_rasterize.c) */
      c->rs.bin_failed = false;
      c->rs.prims = 0;
      c->rs.prim_id = rs->prim_id + (j.bounds[i] >> quad_mode) * r->prim_id_step;
      memset(&j.stats[i], 0, sizeof(j.stats[i]));
      c->stats = &j.stats[i];
   }
   fxp_pool_run(pool, prim_share, &j);

   /* the ranges' scenes after the draw's scene, in order; a range that ran out of memory ends the draw */
   bool failed = false;
   for (unsigned i = 0; i < j.shares; i++) {
      struct fxp_render *c = &j.copies[i];
      if (failed)
         fxp_scene_discard(c->rs.scene);
      else
         fxp_scene_append(rs->scene, c->rs.scene);
      rs->prims += c->rs.prims;
      r->stats->c_invocations += j.stats[i].c_invocations;
      r->stats->c_primitives += j.stats[i].c_primitives;
      failed |= c->rs.bin_failed;
   }
   if (failed)
      fxp_refuse("out of memory for the primitives of a draw" FXP_GL_PART_DRAW);
   rs->prim_id += (j.prims >> quad_mode) * r->prim_id_step;
   ctx->perf.prim_shared_draws++;
   if (fxp_scene_size_B(rs->scene) > FXP_SCENE_LIMIT_B)
      fxp_rasterize_flush(rs);
   return true;
}
