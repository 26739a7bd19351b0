/* Primitive setup's output: a triangle in fixed point with its edge functions, bounding box and the planes
 * of every quantity interpolated over it (struct fxp_prim), what coverage (fxp_rasterize.c) and shading
 * (fxp_shade.c) read. Lines and points are set up as convex quadrilaterals of four edges (fxp_setup_quad).
 *
 * Fixed point: window coordinates are rounded to 1/256 pixel (FXP_SUBPIXEL_BITS = 8), to nearest with
 * halves away from zero (llroundf), in 64-bit integers: X = llroundf(x * 256).
 * Edge k (opposite vertex k, from vertex a = k + 1 to b = k + 2, mod 3) is E_k(p) = A p.x + B p.y + C with
 *    A = Y[a] - Y[b],   B = X[b] - X[a],   C = X[a] Y[b] - Y[a] X[b]
 * in subpixel units, the vertices ordered (swapping 1 and 2) so that the triangle's inside is positive.
 * Top-left rule: a sample point exactly on an edge (E_k = 0) belongs to the triangle only if the edge is a
 * top edge (horizontal, inside below it, y growing down the framebuffer: A = 0, B > 0) or a left edge
 * (inside to its right: A > 0); the others get a bias of -1, so the test is E_k + bias_k >= 0. Triangles
 * sharing an edge therefore never both cover, nor both miss, a sample point inside it.
 * Quadrilaterals (fxp_setup_quad): edge k runs from corner k to corner k + 1 (mod 4), the same formulas with
 * a = k, b = k + 1, the corners' order reversed if need be so that the inside is positive; a convex one
 * covers exactly the sample points that its two triangles v0 v1 v2 and v0 v2 v3 would, since the diagonal's
 * points go to one of them by the rule above. Triangles leave edge 3 unused (num_edges 3).
 * Sample points are pixel centres, (x + 1/2, y + 1/2) with half_pixel_center, else pixel corners (x, y).
 *
 * Limits (window x and y of each vertex, in pixels):
 *   exact       with M = the largest |X|, |Y| in subpixels, |A|, |B| <= 2M, |C| <= 2M^2 and twice the area
 *               <= 4M^2: every product and sum of setup and of the edge tests (sample points are inside
 *               the framebuffer, so inside that square too) fits in int64 while 4M^2 < 2^63, that is
 *               M <= FXP_SETUP_EXACT_SUBPX (1518500249 = floor(2^30.5)), |x|, |y| <= 5931641.5 px for
 *               float coordinates.
 *   accepted    finite and |x|, |y| <= FXP_SETUP_MAX_COORD_PX = 5931641.5, the largest float inside the
 *               exact range, so that nothing setup computes can overflow; anything else drops the
 *               primitive (nothing drawn). Clipping keeps real vertices inside the viewport (at most
 *               16384 px wide, its bounds within +-32768), far below this. */
#ifndef FXP_SETUP_H
#define FXP_SETUP_H

#include <stdbool.h>
#include <stdint.h>

#include "raster/fxp_raster.h"

#define FXP_SUBPIXEL_BITS 8
#define FXP_ONE (1 << FXP_SUBPIXEL_BITS)        /* one pixel in subpixel units */
#define FXP_SETUP_EXACT_SUBPX 1518500249ll      /* largest |X|, |Y| whose every triangle is exact in int64 */
#define FXP_SETUP_MAX_COORD_PX 5931641.5f       /* window coordinates past this drop the primitive: the
                                                   largest float x with llroundf(256 x) inside the above */
/* (GCC takes the float in this constant expression; clang, which builds fxpipe only for the fuzzers
 * (scripts/fuzz-build.py), does not: GCC's build checks it) */
#ifndef __clang__
_Static_assert((long long)(FXP_SETUP_MAX_COORD_PX * 256) <= FXP_SETUP_EXACT_SUBPX,
               "accepted coordinates stay inside the exact range");
#endif

/* A quantity linear in window space over the primitive: value at the sample point of pixel (0, 0) and
 * steps per pixel in x and y. */
struct fxp_plane {
   double v0, gx, gy;
};

#define FXP_MAX_PLANES (4 * PIPE_MAX_SHADER_INPUTS)

/* The primitive being rasterized, as coverage and the shading of its batches need it. */
struct fxp_prim {
   const struct fxp_rvert *v[3];  /* setup only: the vertices may be temporaries of clipping */
   const struct fxp_rvert *prov;  /* setup only */
   const float *prov_attr;      /* the provoking vertex's outputs (flat inputs, points) */
   double inv_area;             /* 1 / (2 * area) in subpixel units squared */
   struct fxp_plane w, z;       /* 1/w and window depth */
   struct fxp_plane *attr;      /* FS input i channel c at 4 i + c: a/w (perspective) or a (linear) */
   int64_t A[4], B[4], C[4];    /* edge functions: 0 .. num_edges - 1 */
   int64_t bias[4];             /* 0 for top-left edges, -1 for the others */
   unsigned num_edges;          /* 3 (a triangle) or 4 (a quadrilateral: fxp_setup_quad) */
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
   /* smooth (antialiased) points and lines without multisample rasterization (fxp_raster.smooth_points,
    * smooth_lines): the primitive covers the shape widened by half a pixel, and shading multiplies the alpha
    * of the colour outputs by the pixel's coverage (fxp_shade.c, smooth_coverage) */
   uint8_t aa;                  /* FXP_AA_NONE, FXP_AA_POINT or FXP_AA_LINE */
   float aa_x0, aa_y0;          /* the point's centre or the line's first end, window pixels */
   float aa_tx, aa_ty;          /* line: unit direction from the first end to the second */
   float aa_len, aa_half;       /* line: length; the point's radius or the line's half width (pixels) */
};

enum { FXP_AA_NONE, FXP_AA_POINT, FXP_AA_LINE };

/* Sample-point offset in subpixels: half a pixel with half_pixel_center, else 0. */
static inline int64_t
fxp_setup_sample_offset(const struct fxp_raster *r)
{
   return r->rast->half_pixel_center ? FXP_ONE / 2 : 0;
}

/* Edge k's value at the subpixel point (px, py), the top-left rule's bias included: the point is on the
 * inner side of the edge when it is at least 0. */
static inline int64_t
fxp_prim_edge(const struct fxp_prim *p, unsigned k, int64_t px, int64_t py)
{
   return p->A[k] * px + p->B[k] * py + p->C[k] + p->bias[k];
}

/* Whether the subpixel point (px, py) is inside the primitive's edges, with the top-left rule. */
static inline bool
fxp_prim_edges_inside(const struct fxp_prim *p, int64_t px, int64_t py)
{
   for (unsigned k = 0; k < p->num_edges; k++)
      if (fxp_prim_edge(p, k, px, py) < 0)
         return false;
   return true;
}

/* Triangle setup in window coordinates (any orientation) of p->v[0..2]: fixed-point edges, the bounding box
 * within the scissor, then the planes of 1/w, depth (plus p->z_offset) and every interpolated FS input into
 * p->attr (4 * r->num_fs_in of them). False if nothing can be covered (or a coordinate is out of range);
 * p->v[1] and p->v[2] may be swapped. */
bool fxp_setup_triangle(const struct fxp_raster *r, struct fxp_prim *p);

/* Quadrilateral setup: p->v[0..2] and v3 the corners in order round it (either way), with planes that are
 * the same affine functions over the whole of it (a line's parallelogram, a point's square): one primitive
 * of four edges whose planes are those of triangle v0 v1 v2 (or v0 v3 v2, as the order is reversed).
 * FXP_SETUP_NONE: nothing can be covered (or a coordinate is out of range). FXP_SETUP_SPLIT: the corners in
 * fixed point do not make a convex quadrilateral (a degenerate one); p->v is left as it was, and the caller
 * sets up the triangles v0 v1 v2 and v0 v2 v3 instead. */
enum fxp_setup_result { FXP_SETUP_NONE, FXP_SETUP_DONE, FXP_SETUP_SPLIT };
enum fxp_setup_result fxp_setup_quad(const struct fxp_raster *r, struct fxp_prim *p, const struct fxp_rvert *v3);

#endif
