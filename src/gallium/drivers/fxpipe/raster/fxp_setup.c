/* Primitive setup: triangles (culling, polygon modes and polygon offset), lines (parallelograms) and points
 * (squares) in window coordinates become set-up triangles and quadrilaterals (raster/fxp_setup.h: the
 * fixed-point format, the top-left rule and the coordinate limits are described there), handed to coverage
 * (fxp_rasterize.c). A line or a point is one quadrilateral, not two triangles: half the setups and tile
 * walks, and no quad of pixels shaded twice along the diagonal (bench-draw lines and points: 1.5x).
 *
 * Interpolation: barycentrics from the unbiased edge values at the sample point; perspective-correct
 * attributes weight them by 1/w, LINEAR ones use them as they are, flat ones take the provoking vertex
 * (COLOR inputs are flat when flat shading is on). Each quantity becomes a plane (struct fxp_plane) once per
 * primitive, evaluated by shading (fxp_shade.c). Depth is linear in window space, plus the polygon offset.
 * Wide lines are parallelograms along their major axis, stippled by their pixels' distance along it
 * (continued across a strip's segments); points are squares of the point size. */
#include <math.h>

#include "util/format/u_format.h"
#include "util/u_math.h"

#include "fxp_context.h"
#include "fxp_formats.h"
#include "raster/fxp_raster.h"
#include "raster/fxp_rasterize.h"
#include "raster/fxp_setup.h"

/* A primitive's plane weights: a plane's x step is (v[0] a[0] + v[1] a[1] + v[2] a[2]) * sx, its y step
 * the same with b and sy, its value at pixel (0, 0) with c and s0 (the edge functions, and 1 over twice the
 * area). The sums are taken before the scaling, so that a value equal at the three vertices comes out
 * exactly (depth compared at a bound, flat-looking inputs). */
struct fxp_plane_weights {
   double a[3], b[3], c[3];
   double sx, s0;
};

static inline void
plane_weights(const struct fxp_prim *p, bool half, struct fxp_plane_weights *pw)
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

/* The plane of per-vertex values v[k] over the primitive (see struct fxp_plane). */
static inline struct fxp_plane
make_plane(const struct fxp_plane_weights *pw, const double v[3])
{
   struct fxp_plane pl;
   pl.gx = (v[0] * pw->a[0] + v[1] * pw->a[1] + v[2] * pw->a[2]) * pw->sx;
   pl.gy = (v[0] * pw->b[0] + v[1] * pw->b[1] + v[2] * pw->b[2]) * pw->sx;
   pl.v0 = (v[0] * pw->c[0] + v[1] * pw->c[1] + v[2] * pw->c[2]) * pw->s0;
   return pl;
}

/* Planes of 1/w, depth and every interpolated FS input channel, once per primitive. */
static void
setup_planes(const struct fxp_raster *r, struct fxp_prim *p)
{
   struct fxp_plane_weights pw;
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

/* Corner k's window position rounded to subpixels into X[k], Y[k]; false if out of the accepted range
 * (raster/fxp_setup.h, "Limits"). */
static inline bool
corner_fixed(const struct fxp_rvert *v, int64_t *X, int64_t *Y)
{
   const float fx = v->win[0], fy = v->win[1];
   if (!isfinite(fx) || !isfinite(fy) || fabsf(fx) > FXP_SETUP_MAX_COORD_PX || fabsf(fy) > FXP_SETUP_MAX_COORD_PX)
      return false; /* clipping keeps positions in range; this guards degenerate input */
   *X = llroundf(fx * FXP_ONE);
   *Y = llroundf(fy * FXP_ONE);
   return true;
}

/* Edge k of p from corner (Xa, Ya) to (Xb, Yb), with its top-left bias (raster/fxp_setup.h). */
static inline void
set_edge(struct fxp_prim *p, unsigned k, int64_t Xa, int64_t Ya, int64_t Xb, int64_t Yb)
{
   p->A[k] = Ya - Yb;
   p->B[k] = Xb - Xa;
   p->C[k] = Xa * Yb - Ya * Xb;
   const bool top_left = p->A[k] > 0 || (p->A[k] == 0 && p->B[k] > 0);
   p->bias[k] = top_left ? 0 : -1;
}

/* The bounding box in pixels of the n corners, within the scissor and the framebuffer: the pixels whose
 * sample point (x + h, y + h in subpixels) lies within the corners' extent, edges included. A primitive with
 * no sample point there covers no pixel (most subpixel triangles): false, and it is dropped before its planes
 * are set up. With per-sample coverage (fxp_raster.ms_coverage) a pixel's points are its samples, from lo to
 * hi subpixels around its sample point on each axis (fxp_raster.sample_lo, sample_hi). */
static inline bool
set_box(const struct fxp_raster *r, struct fxp_prim *p, const int64_t *X, const int64_t *Y, unsigned n)
{
   int64_t minX = X[0], maxX = X[0], minY = Y[0], maxY = Y[0];
   for (unsigned k = 1; k < n; k++) {
      minX = MIN2(minX, X[k]), maxX = MAX2(maxX, X[k]);
      minY = MIN2(minY, Y[k]), maxY = MAX2(maxY, Y[k]);
   }
   const int64_t h = r->rast->half_pixel_center ? FXP_ONE / 2 : 0;
   const int64_t lo = r->ms_coverage ? r->sample_lo : 0, hi = r->ms_coverage ? r->sample_hi : 0;
   minX -= h + hi, maxX -= h + lo;
   minY -= h + hi, maxY -= h + lo;
   /* ceil and floor of the division by FXP_ONE (arithmetic shifts round towards minus infinity) */
   p->x0 = (int)MAX2((int64_t)r->clip_minx, (minX + FXP_ONE - 1) >> FXP_SUBPIXEL_BITS);
   p->y0 = (int)MAX2((int64_t)r->clip_miny, (minY + FXP_ONE - 1) >> FXP_SUBPIXEL_BITS);
   p->x1 = (int)MIN2((int64_t)r->clip_maxx - 1, maxX >> FXP_SUBPIXEL_BITS);
   p->y1 = (int)MIN2((int64_t)r->clip_maxy - 1, maxY >> FXP_SUBPIXEL_BITS);
   return p->x0 <= p->x1 && p->y0 <= p->y1;
}

bool
fxp_setup_triangle(const struct fxp_raster *r, struct fxp_prim *p)
{
   int64_t X[3], Y[3];
   for (unsigned k = 0; k < 3; k++)
      if (!corner_fixed(p->v[k], &X[k], &Y[k]))
         return false;
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
   p->num_edges = 3;
   for (unsigned k = 0; k < 3; k++) {
      const unsigned a = (k + 1) % 3, b = (k + 2) % 3;
      set_edge(p, k, X[a], Y[a], X[b], Y[b]);
   }
   if (!set_box(r, p, X, Y, 3))
      return false;
   p->inv_area = 1.0 / (double)area;
   setup_planes(r, p);
   return true;
}

enum fxp_setup_result
fxp_setup_quad(const struct fxp_raster *r, struct fxp_prim *p, const struct fxp_rvert *v3)
{
   const struct fxp_rvert *v[4] = {p->v[0], p->v[1], p->v[2], v3};
   int64_t X[4], Y[4];
   for (unsigned k = 0; k < 4; k++)
      if (!corner_fixed(v[k], &X[k], &Y[k]))
         return FXP_SETUP_NONE;
   /* convex: the turn at every corner (twice the area of the corner and its neighbours, in int64 within
    * the limits, as a triangle's area) is of one sign, and none is zero */
   int64_t turn[4];
   for (unsigned k = 0; k < 4; k++) {
      const unsigned a = (k + 1) % 4, b = (k + 2) % 4;
      turn[k] = (X[a] - X[k]) * (Y[b] - Y[k]) - (X[b] - X[k]) * (Y[a] - Y[k]);
   }
   const bool positive = turn[0] > 0 && turn[1] > 0 && turn[2] > 0 && turn[3] > 0;
   if (!positive && !(turn[0] < 0 && turn[1] < 0 && turn[2] < 0 && turn[3] < 0))
      return FXP_SETUP_SPLIT;
   /* corners in the order that makes the inside positive: 0 1 2 3, or 0 3 2 1 */
   const unsigned order[2][4] = {{0, 3, 2, 1}, {0, 1, 2, 3}};
   const unsigned *o = order[positive];
   int64_t OX[4], OY[4];
   for (unsigned k = 0; k < 4; k++)
      OX[k] = X[o[k]], OY[k] = Y[o[k]];
   if (!set_box(r, p, OX, OY, 4))
      return FXP_SETUP_NONE;
   /* the planes of the triangle of the first three corners, from its edges (edge k opposite corner k) */
   p->v[0] = v[o[0]], p->v[1] = v[o[1]], p->v[2] = v[o[2]];
   for (unsigned k = 0; k < 3; k++) {
      const unsigned a = (k + 1) % 3, b = (k + 2) % 3;
      set_edge(p, k, OX[a], OY[a], OX[b], OY[b]);
   }
   p->inv_area = 1.0 / (double)(positive ? turn[0] : -turn[2]);
   setup_planes(r, p);
   /* then the quadrilateral's edges: edge k from corner k to corner k + 1 */
   p->num_edges = 4;
   for (unsigned k = 0; k < 4; k++)
      set_edge(p, k, OX[k], OY[k], OX[(k + 1) % 4], OY[(k + 1) % 4]);
   return FXP_SETUP_DONE;
}

/* Sets a triangle up and hands it to coverage, with its planes on the stack (coverage copies what it
 * keeps). */
static void
setup_rasterize(struct fxp_raster *r, struct fxp_prim *p)
{
   struct fxp_plane planes[FXP_MAX_PLANES];

   p->attr = planes;
   p->prov_attr = p->prov->attr;
   p->prim_id = r->prim_id;
   if (!fxp_setup_triangle(r, p))
      return;
   fxp_rasterize_prim(r, p);
}

/* Sets the quadrilateral p->v[0..2], v3 up (fxp_setup_quad) and hands it to coverage; or its two triangles,
 * when its corners in fixed point are not convex. */
static void
setup_rasterize_quad(struct fxp_raster *r, struct fxp_prim *p, const struct fxp_rvert *v3)
{
   struct fxp_plane planes[FXP_MAX_PLANES];

   p->attr = planes;
   p->prov_attr = p->prov->attr;
   p->prim_id = r->prim_id;
   const enum fxp_setup_result res = fxp_setup_quad(r, p, v3);
   if (res == FXP_SETUP_DONE)
      fxp_rasterize_prim(r, p);
   if (res != FXP_SETUP_SPLIT)
      return;
   struct fxp_prim q = *p;
   q.v[1] = q.v[2], q.v[2] = v3;
   setup_rasterize(r, p);
   setup_rasterize(r, &q);
}

static void raster_line(struct fxp_raster *r, const struct fxp_rvert *v0, const struct fxp_rvert *v1,
                        const struct fxp_rvert *provoking, bool front);
static void raster_point(struct fxp_raster *r, const struct fxp_rvert *v, bool front);

/* Polygon offset of a triangle: max depth slope times the factor, plus units times the depth buffer's
 * minimum resolvable difference r, clamped. */
static double
polygon_offset(const struct fxp_raster *r, const struct fxp_rvert *v0, const struct fxp_rvert *v1,
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
      const int c = fxp_format_depth_channel(zs->format);
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
fxp_raster_triangle(struct fxp_raster *r, const struct fxp_rvert *v0, const struct fxp_rvert *v1,
                    const struct fxp_rvert *v2, const struct fxp_rvert *provoking, unsigned edges)
{
   const struct pipe_rasterizer_state *rs = r->rast;
   bool front;
   if (!fxp_raster_triangle_facing(rs, v0->win, v1->win, v2->win, &front))
      return; /* no area, or culled */

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
   struct fxp_prim p;
   p.v[0] = v0, p.v[1] = v1, p.v[2] = v2;
   p.prov = provoking;
   p.front = front;
   p.pstipple = rs->poly_stipple_enable;
   p.point = p.stipple = false;
   p.aa = FXP_AA_NONE;
   p.z_offset = rs->offset_tri ? polygon_offset(r, v0, v1, v2) : 0.0;
   setup_rasterize(r, &p);
}

static void
raster_line(struct fxp_raster *r, const struct fxp_rvert *v0, const struct fxp_rvert *v1,
            const struct fxp_rvert *provoking, bool front)
{
   const float dx = v1->win[0] - v0->win[0], dy = v1->win[1] - v0->win[1];
   const float half_w = MAX2(r->rast->line_width, 1.0f) * 0.5f;
   struct fxp_rvert c[4];

   if (dx == 0.0f && dy == 0.0f)
      return;
   if (r->smooth_lines) {
      /* a smooth line: the rectangle of the line's width along the segment (GL 3.3, 3.5.4), widened by half
       * a pixel on each side so that every pixel it partly covers is shaded; the coverage scales alpha */
      const float len = sqrtf(dx * dx + dy * dy), tx = dx / len, ty = dy / len;
      const float w = half_w + 0.5f;
      for (unsigned k = 0; k < 4; k++) {
         const struct fxp_rvert *src = k < 2 ? v0 : v1;
         const float s = (k == 0 || k == 3) ? -w : w;
         c[k] = *src;
         c[k].win[0] -= ty * s;
         c[k].win[1] += tx * s;
      }
      struct fxp_prim p = {.v = {&c[0], &c[1], &c[2]}, .prov = provoking, .front = front,
                       .stipple = r->rast->line_stipple_enable, .st_xmajor = fabsf(dx) >= fabsf(dy),
                       .st_x0 = v0->win[0], .st_y0 = v0->win[1], .st_count = r->stipple_counter,
                       .aa = FXP_AA_LINE, .aa_x0 = v0->win[0], .aa_y0 = v0->win[1], .aa_tx = tx, .aa_ty = ty,
                       .aa_len = len, .aa_half = half_w};
      setup_rasterize_quad(r, &p, &c[3]);
      r->stipple_counter += rintf(fabsf(dx) >= fabsf(dy) ? fabsf(dx) : fabsf(dy));
      return;
   }
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
   struct fxp_prim p = {.v = {&c[0], &c[1], &c[2]}, .prov = provoking, .front = front,
                    .stipple = r->rast->line_stipple_enable, .st_xmajor = xmajor,
                    .st_x0 = v0->win[0], .st_y0 = v0->win[1], .st_count = r->stipple_counter};
   setup_rasterize_quad(r, &p, &c[3]);
   r->stipple_counter += rintf(xmajor ? fabsf(dx) : fabsf(dy));
}

static void
raster_point(struct fxp_raster *r, const struct fxp_rvert *v, bool front)
{
   const struct pipe_rasterizer_state *rs = r->rast;
   float size = rs->point_size;

   if (rs->point_size_per_vertex && r->psize >= 0)
      size = v->attr[4 * r->psize];
   size = CLAMP(size, 1.0f, 255.0f);
   if (!(size == size))
      return;
   const float h = size * 0.5f;
   /* a smooth point is the disc of the point's size (GL 3.3, 3.4.1): its square widened by half a pixel on
    * each side is rasterized, and the coverage scales alpha */
   const float hq = r->smooth_points ? h + 0.5f : h;
   struct fxp_rvert c[4];
   for (unsigned k = 0; k < 4; k++) {
      c[k] = *v;
      c[k].win[0] += (k == 1 || k == 2) ? hq : -hq;
      c[k].win[1] += (k >= 2) ? hq : -hq;
   }
   struct fxp_prim p = {.v = {&c[0], &c[1], &c[2]}, .prov = v, .front = front, .point = true,
                    .pt_x0 = v->win[0] - h, .pt_y0 = v->win[1] - h, .pt_inv_size = 1.0f / size,
                    .aa = r->smooth_points ? FXP_AA_POINT : FXP_AA_NONE, .aa_x0 = v->win[0], .aa_y0 = v->win[1],
                    .aa_half = h};
   setup_rasterize_quad(r, &p, &c[3]);
}

/* Lines and points of their own face the front (polygon modes LINE and POINT keep the polygon's face). */
void
fxp_raster_line(struct fxp_raster *r, const struct fxp_rvert *v0, const struct fxp_rvert *v1,
                const struct fxp_rvert *provoking)
{
   raster_line(r, v0, v1, provoking, true);
}

void
fxp_raster_point(struct fxp_raster *r, const struct fxp_rvert *v)
{
   raster_point(r, v, true);
}
