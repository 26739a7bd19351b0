/* Sampling opcodes of both families. The GL family, which nir_to_tgsi emits: TEX, TXP, TXB, TXL, TXD,
 * TEX_LZ, TEX2, TXB2, TXL2, TXF, TXF_LZ, TXQ, TXQS, TG4 and LODQ. Each lane's coordinates are taken from the operands by texture target,
 * the level of detail is computed per pixel from the coordinate differences inside its 2x2 quad, along its own
 * row and column as DDX/DDY's fine derivatives are (fragment batches; elsewhere implicit LOD is 0), so that
 * texture() and textureGrad(dFdx(), dFdy()) select the same level, with an anisotropic sampler's footprint (fxp_sampler_footprint: the probes and their
 * step along the major axis, from those differences or from TXD's gradients), and the sampler core
 * (sampler/fxp_sampler.c) does the rest.
 *
 * | target            | src0 x y z w (TEX)                  | extra                               |
 * |-------------------|-------------------------------------|-------------------------------------|
 * | 1D, RECT, 2D, 3D  | s t r                               |                                     |
 * | CUBE              | direction x y z                     |                                     |
 * | 1D_ARRAY          | s, layer                            |                                     |
 * | 2D_ARRAY          | s t, layer                          |                                     |
 * | CUBE_ARRAY        | x y z, layer in w                   |                                     |
 * | SHADOW1D, 2D, RECT| s (t), reference in z               |                                     |
 * | SHADOW1D_ARRAY    | s, layer, reference in z            |                                     |
 * | SHADOW2D_ARRAY    | s t, layer, reference in w          |                                     |
 * | SHADOWCUBE        | x y z, reference in w               |                                     |
 * | SHADOWCUBE_ARRAY  | x y z, layer in w                   | reference in src1.x (TEX2)          |
 * TXP divides s, t, r and the reference by w; TXB adds src0.w (TXB2: src1.x) to the LOD; TXL uses src0.w
 * (TXL2: src1.x) as the LOD; on SHADOWCUBE_ARRAY, TXB2's bias and TXL2's LOD are in src1.y, after the
 * reference in src1.x (nir_to_tgsi packs them so; tgsi.rst puts the reference in src1.y); TXD takes d/dx
 * in src1 and d/dy in src2. The sampler state's LOD bias is added in every case. TG4 gathers
 * (sampler/fxp_sampler.c: fxp_gather), TXQS answers the view's samples (1 when single-sample).
 *
 * The DX10 family (SAMPLE, SAMPLE_I, SAMPLE_I_MS, SAMPLE_B, SAMPLE_C, SAMPLE_C_LZ, SAMPLE_D, SAMPLE_L,
 * GATHER4, SVIEWINFO, SAMPLE_POS, SAMPLE_INFO) runs on the same code: the view SVIEW[i] is paired with the
 * sampler state SAMP[j] (bindings i and j of the stage), the target comes from SVIEW[i]'s declaration.
 * SAMPLE_C and SAMPLE_C_LZ always compare (whatever the state's compare mode), the others never do.
 * SAMP[] indexed indirectly (ADDR) selects the binding per lane. */
#include <float.h>
#include <math.h>

#include "util/u_math.h"

#include "fxp_bits.h"
#include "fxp_exec_inline.h"
#include "fxp_vmath.h"
#include "raster/fxp_samples.h"
#include "sampler/fxp_sampler_fast.h"

static bool
target_is_array(unsigned t)
{
   return t == TGSI_TEXTURE_1D_ARRAY || t == TGSI_TEXTURE_2D_ARRAY || t == TGSI_TEXTURE_SHADOW1D_ARRAY ||
          t == TGSI_TEXTURE_SHADOW2D_ARRAY || t == TGSI_TEXTURE_CUBE_ARRAY ||
          t == TGSI_TEXTURE_SHADOWCUBE_ARRAY;
}

static bool
target_is_shadow(unsigned t)
{
   return t == TGSI_TEXTURE_SHADOW1D || t == TGSI_TEXTURE_SHADOW2D || t == TGSI_TEXTURE_SHADOWRECT ||
          t == TGSI_TEXTURE_SHADOW1D_ARRAY || t == TGSI_TEXTURE_SHADOW2D_ARRAY ||
          t == TGSI_TEXTURE_SHADOWCUBE || t == TGSI_TEXTURE_SHADOWCUBE_ARRAY;
}

static bool
target_is_cube(unsigned t)
{
   return t == TGSI_TEXTURE_CUBE || t == TGSI_TEXTURE_SHADOWCUBE || t == TGSI_TEXTURE_CUBE_ARRAY ||
          t == TGSI_TEXTURE_SHADOWCUBE_ARRAY;
}

/* Number of coordinates that vary over the texture (for the LOD). */
static unsigned
coord_dims(unsigned t)
{
   switch (t) {
   case TGSI_TEXTURE_1D: case TGSI_TEXTURE_SHADOW1D: case TGSI_TEXTURE_1D_ARRAY:
   case TGSI_TEXTURE_SHADOW1D_ARRAY:
      return 1;
   case TGSI_TEXTURE_3D: case TGSI_TEXTURE_CUBE: case TGSI_TEXTURE_SHADOWCUBE: case TGSI_TEXTURE_CUBE_ARRAY:
   case TGSI_TEXTURE_SHADOWCUBE_ARRAY:
      return 3;
   default:
      return 2;
   }
}

/* The binding lane l samples: SAMP[n] (GL family, n per lane when indexed indirectly), or for the DX10
 * family SVIEW[n] paired with SAMP[res2_index], composed in *tmp. NULL when nothing is bound there. */
static const struct fxp_sampler_binding *
lane_binding(const struct fxp_exec *e, const struct fxp_inst *in, unsigned l, struct fxp_sampler_binding *tmp)
{
   if (!e->bind)
      return NULL;
   uint32_t index = in->mem_index;
   if (in->res_addr_slot != UINT32_MAX)
      index += e->rf[in->res_addr_slot].au[l];
   if (index >= PIPE_MAX_SAMPLERS)
      return NULL;
   if (in->mem_file != TGSI_FILE_SAMPLER_VIEW)
      return &e->bind->samplers[index];
   *tmp = e->bind->samplers[index];
   tmp->state = in->res2_index < PIPE_MAX_SAMPLERS ? e->bind->samplers[in->res2_index].state : NULL;
   fxp_sampler_fast_prepare(tmp); /* the fast path's choice depends on the state */
   return tmp;
}

/* Every lane's binding; one lookup (and, for the DX10 family, one composition) serves all lanes unless the
 * index is read per lane. lb[l] may point into composed[]. */
static void
lane_bindings(const struct fxp_exec *e, const struct fxp_inst *in, const struct fxp_sampler_binding *lb[FXP_W],
              struct fxp_sampler_binding composed[FXP_W])
{
   for (unsigned l = 0; l < FXP_W; l++)
      lb[l] = l && in->res_addr_slot == UINT32_MAX ? lb[0] : lane_binding(e, in, l, &composed[l]);
}

/* Writes a sampling result: the DX10 family's SVIEW operand swizzles it (tgsi.rst: "the swizzle on SVIEW
 * determines texel swizzling after lookup"), except GATHER4, whose swizzle picks the gathered component. */
static void
store_result(struct fxp_exec *e, const struct fxp_inst *in, const fxp_vu r[4])
{
   const bool swizzled = in->mem_file == TGSI_FILE_SAMPLER_VIEW && in->opcode != TGSI_OPCODE_GATHER4;
   FOREACH_CHAN(in, k) dst_store_u(e, in, 0, k, r[swizzled ? (in->res_swizzle >> (2 * k)) & 3 : k]);
}

enum lod_mode { LOD_IMPLICIT, LOD_BIAS, LOD_EXPLICIT, LOD_ZERO, LOD_GRAD };

/* One sampling instruction's operands, gathered per family into one form. */
struct tex_args {
   unsigned target;             /* TGSI_TEXTURE_* */
   enum lod_mode mode;
   bool proj;                   /* TXP */
   bool shadow, force_compare;
   int gather;                  /* component to gather, -1 to filter */
   fxp_vf c[4];                 /* coordinates in TEX layout (see the table at the top) */
   fxp_vf ref;                  /* shadow reference when not inside c (cube array, DX10 family) */
   bool ref_separate;
   fxp_vf lod;                  /* bias or explicit LOD */
   fxp_vf ddx[3], ddy[3];       /* LOD_GRAD */
};

static void
lane_offset(const struct fxp_exec *e, const struct fxp_inst *in, unsigned l, unsigned k, int off[3])
{
   for (unsigned c = 0; c < 3; c++)
      off[c] = in->tex_offset_reg ? e->rf[in->off_src.slot[c]].ai[l] : in->tex_offset[k][c];
}

/* An anisotropic footprint's probes (fxp_sample_req.aniso_probes, aniso_step): the count, and the
 * coordinates' derivative along the major axis. */
struct aniso {
   unsigned probes;
   float step[3];
};

/* The LOD of derivatives dx, dy (nd coordinates, texel units by size[]), anisotropic up to max_aniso
 * (sampler/fxp_sampler.c, fxp_sampler_footprint); an->step is cx or cy, the coordinates' own derivative
 * along the major axis (the same as dx, dy but for cube maps, whose LOD comes from face coordinates while
 * their probes move the direction). */
static float
footprint(unsigned nd, const float dx[3], const float dy[3], const float size[3], unsigned max_aniso,
          const float cx[3], const float cy[3], struct aniso *an)
{
   bool major_y;
   const float lod = fxp_sampler_footprint(nd, dx, dy, size, max_aniso, &an->probes, &major_y);
   if (an->probes > 1)
      for (unsigned k = 0; k < 3; k++)
         an->step[k] = major_y ? cy[k] : cx[k];
   return lod;
}

static void
texel_scale(const struct fxp_sampler_binding *b, unsigned t, float size[3])
{
   fxp_texture_base_size(b, size);
   if (t == TGSI_TEXTURE_RECT || t == TGSI_TEXTURE_SHADOWRECT)
      size[0] = size[1] = 1.0f;
   if (target_is_cube(t))
      size[1] = size[0]; /* square faces */
}

/* Pixel p's lanes of differences in its quad (q[0..3] in TL, TR, BL, BR order): along x its row's pair
 * (TR - TL for the top row, BR - BL for the bottom one), along y its column's (BL - TL or BR - TR), as fine
 * derivatives (DDX_FINE, DDY_FINE) take them. */
#define QUAD_X0(p) (((p) & 2u))
#define QUAD_X1(p) (((p) & 2u) + 1u)
#define QUAD_Y0(p) (((p) & 1u))
#define QUAD_Y1(p) (((p) & 1u) + 2u)

/* The implicit LOD of pixel p (0-3) of a quad (q[0..3] in TL, TR, BL, BR order) from the differences along
 * its row and column (QUAD_X0 ...); cube maps take face coordinates on one face for the whole quad (see
 * below). */
static float
lod_from_quad(unsigned t, const struct fxp_sampler_binding *b, const struct fxp_sample_req *q, unsigned p,
              unsigned max_aniso, struct aniso *an)
{
   float size[3], dx[3] = {0}, dy[3] = {0};
   const unsigned x0 = QUAD_X0(p), x1 = QUAD_X1(p), y0 = QUAD_Y0(p), y1 = QUAD_Y1(p);
   texel_scale(b, t, size);
   an->probes = 1;
   if (target_is_cube(t)) {
      /* the face of the quad: the axis whose component is large and steady over the quad (mean magnitude
       * minus spread), so that a lane at the quad's edge (a helper outside the primitive especially)
       * pointing at a neighbouring face, or a quad straddling an edge of the cube, does not pick it */
      float score[3];
      for (unsigned c = 0; c < 3; c++) {
         float lo = INFINITY, hi = -INFINITY, mean = 0.0f;
         for (unsigned k = 0; k < 4; k++) {
            const float v = c == 0 ? q[k].s : c == 1 ? q[k].t : q[k].r;
            lo = MIN2(lo, v), hi = MAX2(hi, v), mean += v;
         }
         score[c] = fabsf(mean * 0.25f) - (hi - lo);
      }
      const unsigned major = score[0] >= score[1] && score[0] >= score[2] ? 0 : score[1] >= score[2] ? 1 : 2;
      const float msum = major == 0 ? q[0].s + q[1].s + q[2].s + q[3].s
                         : major == 1 ? q[0].t + q[1].t + q[2].t + q[3].t : q[0].r + q[1].r + q[2].r + q[3].r;
      const unsigned axis = 2 * major + (msum >= 0 ? 0 : 1);
      float fc[4][2];
      for (unsigned k = 0; k < 4; k++) {
         const float v[3] = {q[k].s, q[k].t, q[k].r};
         float o[3];
         fxp_cube_sc_tc_ma(axis, v, NULL, o, NULL);
         const float ma = o[2] != 0.0f ? o[2] : 1.0f;
         fc[k][0] = 0.5f * (o[0] / ma + 1.0f);
         fc[k][1] = 0.5f * (o[1] / ma + 1.0f);
      }
      for (unsigned c = 0; c < 2; c++) {
         dx[c] = fc[x1][c] - fc[x0][c];
         dy[c] = fc[y1][c] - fc[y0][c];
      }
      /* the probes move the direction along the pixel's row or column */
      const float cx[3] = {q[x1].s - q[x0].s, q[x1].t - q[x0].t, q[x1].r - q[x0].r};
      const float cy[3] = {q[y1].s - q[y0].s, q[y1].t - q[y0].t, q[y1].r - q[y0].r};
      return footprint(2, dx, dy, size, max_aniso, cx, cy, an);
   }
   const unsigned nd = coord_dims(t);
   const float co[3][4] = {{q[0].s, q[1].s, q[2].s, q[3].s}, {q[0].t, q[1].t, q[2].t, q[3].t},
                           {q[0].r, q[1].r, q[2].r, q[3].r}};
   for (unsigned k = 0; k < nd; k++) {
      dx[k] = co[k][x1] - co[k][x0];
      dy[k] = co[k][y1] - co[k][y0];
   }
   return footprint(nd, dx, dy, size, max_aniso, dx, dy, an);
}

/* The LOD from explicit gradients (TXD, SAMPLE_D) at coordinates (s, t, r); for cube maps the direction
 * gradients are carried to face coordinates: d(sc / ma) = (dsc ma - sc dma) / ma^2. */
static float
lod_from_gradients(unsigned t, const struct fxp_sampler_binding *b, float s, float tt, float r,
                   const float gx[3], const float gy[3], unsigned max_aniso, struct aniso *an)
{
   float size[3], dx[3] = {0}, dy[3] = {0};
   texel_scale(b, t, size);
   an->probes = 1;
   if (target_is_cube(t)) {
      const float v[3] = {s, tt, r};
      const unsigned axis = fxp_cube_axis(s, tt, r);
      float o[3], ox[3], oy[3];
      fxp_cube_sc_tc_ma(axis, v, gx, o, ox);
      fxp_cube_sc_tc_ma(axis, v, gy, o, oy);
      const float ma = o[2] != 0.0f ? o[2] : 1.0f;
      for (unsigned c = 0; c < 2; c++) {
         dx[c] = 0.5f * (ox[c] * ma - o[c] * ox[2]) / (ma * ma);
         dy[c] = 0.5f * (oy[c] * ma - o[c] * oy[2]) / (ma * ma);
      }
      return footprint(2, dx, dy, size, max_aniso, gx, gy, an);
   }
   const unsigned nd = coord_dims(t);
   for (unsigned k = 0; k < nd; k++) {
      dx[k] = gx[k];
      dy[k] = gy[k];
   }
   return footprint(nd, dx, dy, size, max_aniso, dx, dy, an);
}

/* The binding of a sampling instruction the lane-vector forms take: one binding for every lane (SAMP[n], not
 * indexed), immediate offsets, a 2D or RECT target t, a binding with a fast path; NULL otherwise. */
static inline const struct fxp_sampler_binding *
fast_binding(const struct fxp_exec *e, const struct fxp_inst *in, unsigned t)
{
   if (in->res_addr_slot != UINT32_MAX || in->mem_file != TGSI_FILE_SAMPLER || in->tex_offset_reg || !e->bind ||
       in->mem_index >= PIPE_MAX_SAMPLERS || (t != TGSI_TEXTURE_2D && t != TGSI_TEXTURE_RECT))
      return NULL;
   const struct fxp_sampler_binding *b = &e->bind->samplers[in->mem_index];
   return b->fast ? b : NULL;
}

/* A binding with one level for every LOD (no mipmaps, one filter: the LOD selects nothing) and one probe a
 * lane (quad_lod: the LOD comes from the quads, whose anisotropic footprints take several): the batch sampled
 * as vectors into r, without the LODs, arrays and cache of the batch form (perf, glmark2 effect2d: a third of
 * the samples went to them). False (nothing done): not such a binding. */
static inline bool
one_level_sample(const struct fxp_exec *e, const struct fxp_inst *in, const struct fxp_sampler_binding *b,
                 unsigned t, bool quad_lod, const fxp_vf *s, const fxp_vf *tt, fxp_vu r[4])
{
   if (b->fast_level < 0 || (quad_lod && fxp_sampler_max_aniso(b) > 1))
      return false;
   /* fragment batches sample for every lane, helpers included (their results feed other lanes' derivatives) */
   const uint32_t active = e->quad_layout ? (1u << FXP_W) - 1 : fxp_lane_bits(e->mask);
   const int off[2] = {in->tex_offset[0][0], in->tex_offset[0][1]};
   return fxp_sample_fast_one_level(b, t, s, tt, off, active, r);
}

/* one_level_sample, its result stored as the instruction's (store_result). */
static inline bool
one_level_vec(struct fxp_exec *e, const struct fxp_inst *in, const struct fxp_sampler_binding *b, unsigned t,
              bool quad_lod, const fxp_vf *s, const fxp_vf *tt)
{
   fxp_vu r[4];
   if (!one_level_sample(e, in, b, t, quad_lod, s, tt, r))
      return false;
   store_result(e, in, r);
   return true;
}

/* The common case of the GL family as lane vectors: one binding for every lane (SAMP[n], not indexed),
 * 2D or RECT with a fast path (sampler/fxp_sampler_fast.c), no compare, gather or register offsets, and an
 * implicit, biased, explicit or zero LOD. The general code below builds a request per lane first; this
 * form keeps the coordinates as vectors and computes each pixel's LOD as lod_from_quad does, with the same
 * float operations in the same order and fxpipe's log2 (fxp_vmath.h) for all lanes at once, so the results
 * are the same bits. Anisotropic footprints (fxp_sampler_footprint's N probes along the major axis) take one
 * batch a probe, lanes of fewer probes keeping their coordinates, each lane's probes summed in order and
 * divided by its N as the sampler's filter_aniso does. False: take the general code. */
static bool
run_tex_fast(struct fxp_exec *e, const struct fxp_inst *in, const struct tex_args *a)
{
   const unsigned t = a->target;
   if (a->gather >= 0 || a->shadow || a->mode == LOD_GRAD)
      return false;
   const struct fxp_sampler_binding *b = fast_binding(e, in, t);
   if (!b)
      return false;

   fxp_vf s = a->c[0], tt = a->c[1];
   if (a->proj) {
      const fxp_vf w = a->c[3];
      const fxp_vi divide = fxp_ne_f(w, fxp_splat_f(0.0f));
      s = fxp_sel_f(divide, s / w, s);
      tt = fxp_sel_f(divide, tt / w, tt);
   }

   const struct pipe_sampler_state *st = b->state; /* set: b->fast needs it */
   const float bias = st->lod_bias;
   float lod[FXP_W];
   unsigned probes[FXP_W]; /* each lane's anisotropic probes (1: the ordinary filtering) */
   unsigned max_probes = 1;
   fxp_vf step[2] = {fxp_splat_f(0.0f), fxp_splat_f(0.0f)}; /* the major axis' (s, t) difference, N > 1 */
   for (unsigned l = 0; l < FXP_W; l++)
      probes[l] = 1;
   /* without mipmaps and with one filter for magnification and minification, the LOD selects nothing
    * (fxp_sampler_fast.c, pick_levels: the first level, that filter, whatever the value) */
   const bool lod_used = st->min_mip_filter != PIPE_TEX_MIPFILTER_NONE || st->min_img_filter != st->mag_img_filter;
   /* an anisotropic sampler's quads are taken here only while each is isotropic (one probe: the ordinary
    * filtering, the same bits); a quad of more probes sends the batch to the general path */
   const unsigned max_aniso = fxp_sampler_max_aniso(b);
   const bool quad_lod = e->quad_layout && (a->mode == LOD_IMPLICIT || a->mode == LOD_BIAS);
   if (one_level_vec(e, in, b, t, quad_lod, &s, &tt))
      return true;
   if (!lod_used && !(quad_lod && max_aniso > 1)) {
      memset(lod, 0, sizeof(lod));
   } else if (quad_lod) {
      float size[3];
      texel_scale(b, t, size);
      /* lod_from_quad and fxp_sampler_footprint for two coordinates, every lane: each lane's differences
       * along its row and column (QUAD_X0 ...), the lanes in order */
      /* lane p of a quad takes QUAD_X1(p) - QUAD_X0(p) and QUAD_Y1(p) - QUAD_Y0(p) (fxp_lanes.h) */
      const fxp_vf dx[2] = {fxp_quad_dx(s), fxp_quad_dx(tt)};
      const fxp_vf dy[2] = {fxp_quad_dy(s), fxp_quad_dy(tt)};
      fxp_vf rx = fxp_splat_f(0.0f), ry = fxp_splat_f(0.0f);
      for (unsigned k = 0; k < 2; k++) {
         rx += dx[k] * size[k] * dx[k] * size[k];
         ry += dy[k] * size[k] * dy[k] * size[k];
      }
      fxp_vf nf = fxp_splat_f(1.0f);
      for (unsigned l = 0; l < FXP_W && max_aniso > 1; l++) {
         probes[l] = fxp_aniso_probes(rx[l], ry[l], max_aniso);
         max_probes = MAX2(max_probes, probes[l]);
         nf[l] = (float)probes[l];
      }
      if (max_probes > 1) {
         /* fxp_sampler_footprint's major axis: y unless rx > ry */
         const fxp_vi major_x = fxp_gt_f(rx, ry);
         step[0] = fxp_sel_f(major_x, dx[0], dy[0]);
         step[1] = fxp_sel_f(major_x, dx[1], dy[1]);
      }
      if (lod_used) {
         /* fxp_sampler_footprint's rho (over N: x / 1 is x, so a batch of one probe a lane skips the division,
          * a tenth of glmark2's texture mipmap scene) and log2 for every lane at once (fxp_vmath.h: the same
          * bits) */
         const fxp_vf major = fxp_vsqrt(fxp_sel_f(fxp_gt_f(rx, ry), rx, ry));
         const fxp_vf rho = max_probes > 1 ? major / nf : major;
         const fxp_vf l2 = fxp_sel_f(fxp_ge_f(rho, fxp_splat_f(FLT_MIN)), fxp_vlog2(rho), fxp_splat_f(-INFINITY));
         for (unsigned l = 0; l < FXP_W; l++)
            lod[l] = (a->mode == LOD_BIAS ? l2[l] + a->lod[l] : l2[l]) + bias;
      }
      if (!lod_used)
         memset(lod, 0, sizeof(lod));
   } else {
      const bool given = a->mode == LOD_EXPLICIT || (a->mode == LOD_BIAS && !e->quad_layout);
      for (unsigned l = 0; l < FXP_W; l++)
         lod[l] = (given ? a->lod[l] : 0.0f) + bias;
   }

   /* fragment batches sample for every lane, helpers included (their results feed other lanes' derivatives) */
   const uint32_t active = e->quad_layout ? (1u << FXP_W) - 1 : fxp_lane_bits(e->mask);
   const int off[2] = {in->tex_offset[0][0], in->tex_offset[0][1]};
   float sa[FXP_W], ta[FXP_W];
   memcpy(sa, &s, sizeof(sa));
   memcpy(ta, &tt, sizeof(ta));
   struct fxp_sample_cache cache;
   memset(cache.block, 0, sizeof(cache.block)); /* the decoded texels are written before they are read */
   cache.next = 0;
   uint32_t out[4][FXP_W];
   if (max_probes == 1) {
      if (!fxp_sample_fast_batch(b, t, sa, ta, lod, off, active, &cache, out))
         return false;
   } else {
      float acc[4][FXP_W] = {{0}};
      uint32_t one[4][FXP_W];
      for (unsigned i = 1; i <= max_probes; i++) {
         for (unsigned l = 0; l < FXP_W; l++) {
            if (probes[l] > 1 && i <= probes[l]) {
               const float f = (float)i / (float)(probes[l] + 1) - 0.5f; /* filter_aniso's spacing */
               sa[l] = s[l] + f * step[0][l];
               ta[l] = tt[l] + f * step[1][l];
            }
         }
         if (!fxp_sample_fast_batch(b, t, sa, ta, lod, off, active, &cache, out))
            return false;
         for (unsigned l = 0; l < FXP_W; l++) {
            if (probes[l] == 1 && i == 1)
               for (unsigned k = 0; k < 4; k++)
                  one[k][l] = out[k][l];
            else if (probes[l] > 1 && i <= probes[l])
               for (unsigned k = 0; k < 4; k++)
                  acc[k][l] += fxp_u2f(out[k][l]);
         }
      }
      for (unsigned l = 0; l < FXP_W; l++)
         for (unsigned k = 0; k < 4; k++)
            out[k][l] = probes[l] == 1 ? one[k][l] : fxp_f2u(acc[k][l] / (float)probes[l]);
   }
   fxp_vu r[4];
   for (unsigned k = 0; k < 4; k++)
      memcpy(&r[k], out[k], sizeof(r[k]));
   store_result(e, in, r);
   return true;
}

static void
run_tex(struct fxp_exec *e, const struct fxp_inst *in, const struct tex_args *a)
{
   const unsigned t = a->target;
   if (run_tex_fast(e, in, a)) /* b->fast is 0 under FXPIPE_DEBUG=nofast */
      return;

   struct fxp_sample_req q[FXP_W];
   const struct fxp_sampler_binding *lb[FXP_W];
   struct fxp_sampler_binding composed[FXP_W];

   lane_bindings(e, in, lb, composed);
   for (unsigned l = 0; l < FXP_W; l++) {
      struct fxp_sample_req *r = &q[l];
      float x = a->c[0][l], y = a->c[1][l], z = a->c[2][l], w = a->c[3][l];
      memset(r, 0, sizeof(*r));
      r->target = t;
      r->shadow = a->shadow;
      r->force_compare = a->force_compare;
      if (a->proj && w != 0.0f) {
         x /= w, y /= w, z /= w;
      }
      r->s = x;
      r->t = y;
      r->r = z;
      switch (t) {
      case TGSI_TEXTURE_1D_ARRAY: r->layer = y; break;
      case TGSI_TEXTURE_2D_ARRAY: r->layer = z; break;
      case TGSI_TEXTURE_CUBE_ARRAY: r->layer = w; break;
      case TGSI_TEXTURE_SHADOW1D: case TGSI_TEXTURE_SHADOW2D: case TGSI_TEXTURE_SHADOWRECT: r->ref = z; break;
      case TGSI_TEXTURE_SHADOW1D_ARRAY: r->layer = y; r->ref = z; break;
      case TGSI_TEXTURE_SHADOW2D_ARRAY: r->layer = z; r->ref = w; break;
      case TGSI_TEXTURE_SHADOWCUBE: r->ref = w; break;
      case TGSI_TEXTURE_SHADOWCUBE_ARRAY: r->layer = w; break;
      default: break;
      }
      if (a->ref_separate)
         r->ref = a->ref[l];
      lane_offset(e, in, l, 0, r->offset);
   }

   /* level of detail: implicit LODs come from the coordinate differences along each lane's row and column in
    * its quad; explicit LODs, biases and gradients are per lane */
   struct aniso quad_an = {1, {0, 0, 0}};
   bool any_aniso = false; /* a lane of more than one anisotropic probe */
   for (unsigned l = 0; l < FXP_W && a->gather < 0; l++) {
      const struct fxp_sampler_binding *b = lb[l];
      const float bias = b && b->state ? b->state->lod_bias : 0.0f;
      const unsigned max_aniso = fxp_sampler_max_aniso(b);
      float lod = 0.0f;
      if (a->mode == LOD_EXPLICIT) {
         lod = a->lod[l];
      } else if (a->mode == LOD_BIAS && !e->quad_layout) {
         lod = a->lod[l]; /* no derivatives: the implicit LOD is 0, plus the bias */
      } else if (a->mode == LOD_GRAD || (e->quad_layout && a->mode != LOD_ZERO)) {
         if (a->mode == LOD_GRAD) {
            float dx[3], dy[3];
            for (unsigned k = 0; k < 3; k++) {
               dx[k] = a->ddx[k][l];
               dy[k] = a->ddy[k][l];
            }
            lod = lod_from_gradients(t, b, q[l].s, q[l].t, q[l].r, dx, dy, max_aniso, &quad_an);
         } else {
            lod = lod_from_quad(t, b, &q[l & ~3u], l & 3u, max_aniso, &quad_an);
         }
         if (a->mode == LOD_BIAS)
            lod += a->lod[l];
         if (quad_an.probes > 1) {
            q[l].aniso_probes = quad_an.probes;
            memcpy(q[l].aniso_step, quad_an.step, sizeof(quad_an.step));
            any_aniso = true;
         }
      }
      q[l].lod = lod + bias;
   }

   fxp_vu r[4];
   struct fxp_sample_cache cache = {{NULL}};
   if (a->gather < 0 && !a->shadow && in->res_addr_slot == UINT32_MAX && in->mem_file == TGSI_FILE_SAMPLER &&
       !in->tex_offset_reg && lb[0] && lb[0]->fast && !any_aniso) {
      /* the common case, all lanes at once (sampler/fxp_sampler_fast.c) */
      float s[FXP_W], tt[FXP_W], lod[FXP_W];
      uint32_t out[4][FXP_W], active = 0;
      for (unsigned l = 0; l < FXP_W; l++) {
         s[l] = q[l].s, tt[l] = q[l].t, lod[l] = q[l].lod;
         active |= (e->mask[l] || e->quad_layout) ? 1u << l : 0;
      }
      const int off[2] = {in->tex_offset[0][0], in->tex_offset[0][1]};
      if (fxp_sample_fast_batch(lb[0], t, s, tt, lod, off, active, &cache, out)) {
         for (unsigned k = 0; k < 4; k++)
            memcpy(&r[k], out[k], sizeof(r[k]));
         store_result(e, in, r);
         return;
      }
   }
   for (unsigned l = 0; l < FXP_W; l++) {
      uint32_t o[4] = {0, 0, 0, 0};
      q[l].cache = &cache;
      if (e->mask[l] || e->quad_layout) {
         if (a->gather < 0) {
            fxp_sample(lb[l], &q[l], o);
         } else if (in->num_tex_offsets == 4 && !in->tex_offset_reg) {
            /* four offsets: texel k is the (i0, j0) texel of the footprint moved by offset k */
            for (unsigned k = 0; k < 4; k++) {
               uint32_t g[4];
               lane_offset(e, in, l, k, q[l].offset);
               fxp_gather(lb[l], &q[l], a->gather, g);
               o[k] = g[3];
            }
         } else {
            fxp_gather(lb[l], &q[l], a->gather, o);
         }
      }
      for (unsigned k = 0; k < 4; k++)
         r[k][l] = o[k];
   }
   store_result(e, in, r);
}

/* The GL family: coordinates in src0 as the table at the top says; src1.x the extra value of the *2
 * forms (TXB2, TXL2, TEX2: bias, LOD or the cube-array shadow reference). */
static void
sample(struct fxp_exec *e, const struct fxp_inst *in, enum lod_mode mode, bool proj, bool two)
{
   /* every field run_tex reads for this instruction is set (ddx, ddy only for LOD_GRAD, ref only when
    * ref_separate): a memset of the whole struct cost as much as a fast sample */
   struct tex_args a;
   a.target = in->tex_target;
   a.mode = mode;
   a.proj = proj;
   a.shadow = target_is_shadow(a.target);
   a.force_compare = false;
   a.ref_separate = false;
   a.gather = -1;
   for (unsigned k = 0; k < 4; k++)
      a.c[k] = src_f(e, in, 0, k);
   /* the *2 forms take what follows the packed coordinates (docs/tgsi-from-nir.md): on a shadow cube array
    * the reference comes first (src1.x), then TXB2's bias or TXL2's LOD (src1.y; EXT_texture_shadow_lod's
    * texture(samplerCubeArrayShadow, ..., bias) and textureLod) */
   const bool ref_first = a.target == TGSI_TEXTURE_SHADOWCUBE_ARRAY;
   const fxp_vf extra = two ? src_f(e, in, 1, ref_first && mode != LOD_IMPLICIT ? 1 : 0) : a.c[3];
   if (a.target == TGSI_TEXTURE_SHADOWCUBE_ARRAY) {
      a.ref = src_f(e, in, 1, 0);
      a.ref_separate = true;
   }
   a.lod = extra;
   if (mode == LOD_GRAD) {
      for (unsigned k = 0; k < 3; k++) {
         a.ddx[k] = src_f(e, in, 1, k);
         a.ddy[k] = src_f(e, in, 2, k);
      }
   }
   run_tex(e, in, &a);
}

/* TEX of a 2D or RECT texture by one_level_vec (run_tex_fast's conditions), without building the operands
 * of the other forms first (perf, glmark2 effect2d: `sample` and run_tex's tests took a tenth of the
 * samples). False: the general route. */
static inline bool
tex_one_level(struct fxp_exec *e, const struct fxp_inst *in)
{
   const unsigned t = in->tex_target;
   const struct fxp_sampler_binding *b = fast_binding(e, in, t);
   if (!b)
      return false;
   const fxp_vf s = src_f(e, in, 0, 0), tt = src_f(e, in, 0, 1);
   return one_level_vec(e, in, b, t, e->quad_layout, &s, &tt);
}

static void
op_tex(struct fxp_exec *e, const struct fxp_inst *in)
{
   if (!tex_one_level(e, in))
      sample(e, in, LOD_IMPLICIT, false, false);
}

/* TEX's simple form (fxp_decode.c, specialize: no source modifier or saturation, outside control flow or
 * while every lane is active): tex_one_level with the coordinates read straight from their slots and the
 * result stored plainly, channel by channel, as the float simple forms store (perf, glmark2 effect2d at
 * 640x480: op_tex itself, around the sampler, was an eighth of the time: the general operand reads and the
 * execution-mask blend of each channel). Both coordinates are read before any channel is stored, so a
 * destination that is also the source (TEX TEMP[0], TEMP[0].yxxx) is safe: channels_overlap lets TEX
 * through. Anything the one-level form does not take goes to `sample`, as op_tex sends it (without trying
 * the one-level form a second time); `sample` reads every operand first too. */
static void
op_tex_simple(struct fxp_exec *e, const struct fxp_inst *in)
{
   const unsigned t = in->tex_target;
   const struct fxp_sampler_binding *b = fast_binding(e, in, t);
   if (b) {
      const fxp_vf s = (fxp_vf)e->rf[in->src[0].slot[0]].u, tt = (fxp_vf)e->rf[in->src[0].slot[1]].u;
      fxp_vu r[4];
      if (one_level_sample(e, in, b, t, e->quad_layout, &s, &tt, r)) {
         FOREACH_CHAN(in, k) e->rf[in->dst[0].slot[k]].u = r[k];
         return;
      }
   }
   sample(e, in, LOD_IMPLICIT, false, false);
}

static void op_tex2(struct fxp_exec *e, const struct fxp_inst *in) { sample(e, in, LOD_IMPLICIT, false, true); }
static void op_txp(struct fxp_exec *e, const struct fxp_inst *in) { sample(e, in, LOD_IMPLICIT, true, false); }
static void op_txb(struct fxp_exec *e, const struct fxp_inst *in) { sample(e, in, LOD_BIAS, false, false); }
static void op_txb2(struct fxp_exec *e, const struct fxp_inst *in) { sample(e, in, LOD_BIAS, false, true); }
static void op_txl(struct fxp_exec *e, const struct fxp_inst *in) { sample(e, in, LOD_EXPLICIT, false, false); }
static void op_txl2(struct fxp_exec *e, const struct fxp_inst *in) { sample(e, in, LOD_EXPLICIT, false, true); }
static void op_txd(struct fxp_exec *e, const struct fxp_inst *in) { sample(e, in, LOD_GRAD, false, false); }
static void op_tex_lz(struct fxp_exec *e, const struct fxp_inst *in) { sample(e, in, LOD_ZERO, false, false); }

/* TG4: coordinates as TEX, the component in src1.x (an immediate), the sampler in src2; the shadow
 * cube-array reference in src1.x (a shadow gather has no component). */
static void
op_tg4(struct fxp_exec *e, const struct fxp_inst *in)
{
   struct tex_args a;
   memset(&a, 0, sizeof(a));
   a.target = in->tex_target;
   a.mode = LOD_ZERO;
   a.shadow = target_is_shadow(a.target);
   for (unsigned k = 0; k < 4; k++)
      a.c[k] = src_f(e, in, 0, k);
   if (a.target == TGSI_TEXTURE_SHADOWCUBE_ARRAY) {
      a.ref = src_f(e, in, 1, 0);
      a.ref_separate = true;
      a.gather = 0;
   } else {
      a.gather = e->rf[in->src[1].slot[0]].ai[0] & 3;
   }
   run_tex(e, in, &a);
}

/* The DX10 family (SAMPLE, SAMPLE_B, SAMPLE_C, SAMPLE_C_LZ, SAMPLE_D, SAMPLE_L, GATHER4): operands
 * `dst, address, SVIEW[i], SAMP[j], extra...`; the target is SVIEW[i]'s declared one, the address holds
 * the coordinates then the array index (1D array: x, index y; 2D array: x y, index z; cube array: x y z,
 * index w). Extra operands: SAMPLE_B the bias, SAMPLE_L the LOD, SAMPLE_C and SAMPLE_C_LZ the reference
 * (src3.x); SAMPLE_D d/dx and d/dy (src3, src4). */
static void
dx10_sample(struct fxp_exec *e, const struct fxp_inst *in, enum lod_mode mode, bool compare, int gather)
{
   struct tex_args a;
   memset(&a, 0, sizeof(a));
   const unsigned view = in->mem_index;
   a.target = view < PIPE_MAX_SHADER_SAMPLER_VIEWS ? e->prog->sview_target[view] : TGSI_TEXTURE_2D;
   a.mode = mode;
   a.gather = gather;
   for (unsigned k = 0; k < 4; k++)
      a.c[k] = src_f(e, in, 0, k);
   if (compare) {
      a.shadow = a.force_compare = true;
      a.ref = src_f(e, in, 3, 0);
      a.ref_separate = true;
   }
   if (mode == LOD_BIAS || mode == LOD_EXPLICIT)
      a.lod = src_f(e, in, 3, 0);
   if (mode == LOD_GRAD) {
      for (unsigned k = 0; k < 3; k++) {
         a.ddx[k] = src_f(e, in, 3, k);
         a.ddy[k] = src_f(e, in, 4, k);
      }
   }
   run_tex(e, in, &a);
}

static void op_sample(struct fxp_exec *e, const struct fxp_inst *in) { dx10_sample(e, in, LOD_IMPLICIT, false, -1); }
static void op_sample_b(struct fxp_exec *e, const struct fxp_inst *in) { dx10_sample(e, in, LOD_BIAS, false, -1); }
static void op_sample_c(struct fxp_exec *e, const struct fxp_inst *in) { dx10_sample(e, in, LOD_IMPLICIT, true, -1); }
static void op_sample_c_lz(struct fxp_exec *e, const struct fxp_inst *in) { dx10_sample(e, in, LOD_ZERO, true, -1); }
static void op_sample_d(struct fxp_exec *e, const struct fxp_inst *in) { dx10_sample(e, in, LOD_GRAD, false, -1); }
static void op_sample_l(struct fxp_exec *e, const struct fxp_inst *in) { dx10_sample(e, in, LOD_EXPLICIT, false, -1); }
/* GATHER4 reads the component the SVIEW operand's swizzle names in x (red by default) */
static void op_gather4(struct fxp_exec *e, const struct fxp_inst *in) { dx10_sample(e, in, LOD_ZERO, false, in->res_swizzle & 3); }

/* TXF, TXF_LZ, SAMPLE_I, SAMPLE_I_MS: integer texel coordinates, the level in w (TXF, SAMPLE_I); out of
 * range returns 0 in all components (the sampler core checks address, level and layer). */
static void
fetch(struct fxp_exec *e, const struct fxp_inst *in, unsigned target, bool lz, bool ms)
{
   const struct fxp_sampler_binding *lb[FXP_W];
   struct fxp_sampler_binding composed[FXP_W];
   lane_bindings(e, in, lb, composed);
   fxp_vi c[4];
   for (unsigned k = 0; k < 4; k++)
      c[k] = src_i(e, in, 0, k);
   /* the sample of a multisample texture: SAMPLE_I_MS's src2.x, TXF's w for the MSAA targets (where it
    * takes the level's place, which is 0); out of range reads 0 (fxp_texel_fetch) */
   const bool msaa_target = target == TGSI_TEXTURE_2D_MSAA || target == TGSI_TEXTURE_2D_ARRAY_MSAA;
   const fxp_vi sample = ms ? src_i(e, in, 2, 0) : msaa_target ? c[3] : fxp_splat_i(0);
   fxp_vu r[4];
   for (unsigned l = 0; l < FXP_W; l++) {
      uint32_t o[4] = {0, 0, 0, 0};
      if (e->mask[l]) {
         int off[3];
         lane_offset(e, in, l, 0, off);
         /* offsets move texels, never the array layer */
         if (target == TGSI_TEXTURE_1D_ARRAY || target == TGSI_TEXTURE_SHADOW1D_ARRAY)
            off[1] = 0;
         if (target == TGSI_TEXTURE_2D_ARRAY || target == TGSI_TEXTURE_SHADOW2D_ARRAY)
            off[2] = 0;
         fxp_texel_fetch(lb[l], target, c[0][l] + off[0], c[1][l] + off[1],
                         c[2][l] + off[2], lz || ms || msaa_target ? 0 : c[3][l], sample[l], o);
      }
      for (unsigned k = 0; k < 4; k++)
         r[k][l] = o[k];
   }
   store_result(e, in, r);
}

static unsigned
sview_target(const struct fxp_exec *e, const struct fxp_inst *in)
{
   return in->mem_index < PIPE_MAX_SHADER_SAMPLER_VIEWS ? e->prog->sview_target[in->mem_index] : 0;
}

static void op_txf(struct fxp_exec *e, const struct fxp_inst *in) { fetch(e, in, in->tex_target, false, false); }
static void op_txf_lz(struct fxp_exec *e, const struct fxp_inst *in) { fetch(e, in, in->tex_target, true, false); }
static void op_sample_i(struct fxp_exec *e, const struct fxp_inst *in) { fetch(e, in, sview_target(e, in), false, false); }
static void op_sample_i_ms(struct fxp_exec *e, const struct fxp_inst *in) { fetch(e, in, sview_target(e, in), false, true); }

/* TXQ and SVIEWINFO: (width, height, depth or layers, levels) of the level in src0.x; a level out of range
 * gives 0 sizes and still the level count. */
static void
query_size(struct fxp_exec *e, const struct fxp_inst *in, unsigned target)
{
   const struct fxp_sampler_binding *lb[FXP_W];
   struct fxp_sampler_binding composed[FXP_W];
   lane_bindings(e, in, lb, composed);
   const fxp_vi lod = src_i(e, in, 0, 0);
   fxp_vu r[4];
   for (unsigned l = 0; l < FXP_W; l++) {
      uint32_t o[4];
      fxp_texture_size(lb[l], target, lod[l], o);
      for (unsigned k = 0; k < 4; k++)
         r[k][l] = o[k];
   }
   FOREACH_CHAN(in, k) dst_store_u(e, in, 0, k, r[k]);
}

static void op_txq(struct fxp_exec *e, const struct fxp_inst *in) { query_size(e, in, in->tex_target); }
static void op_sviewinfo(struct fxp_exec *e, const struct fxp_inst *in) { query_size(e, in, sview_target(e, in)); }

static unsigned
view_samples(const struct fxp_sampler_binding *b)
{
   return b && b->view && b->view->texture ? b->view->texture->nr_samples : 0;
}

/* TXQS: samples of the texture, 1 when it is not multisampled (and for an unbound unit). */
static void
op_txqs(struct fxp_exec *e, const struct fxp_inst *in)
{
   const struct fxp_sampler_binding *lb[FXP_W];
   struct fxp_sampler_binding composed[FXP_W];
   lane_bindings(e, in, lb, composed);
   fxp_vu n;
   for (unsigned l = 0; l < FXP_W; l++)
      n[l] = MAX2(view_samples(lb[l]), 1);
   FOREACH_CHAN(in, k) dst_store_u(e, in, 0, k, k == 0 ? n : (fxp_vu){0});
}

/* SAMPLE_INFO and SAMPLE_POS, `dst, source[, sample]`: the source is a sampler view (a resource) or a
 * register (the render target). SAMPLE_INFO gives the samples a pixel in x: a multisample view's resource's
 * count, 0 for a single-sample resource (neither multisampled nor a render target, as the specification
 * says), and the framebuffer's count for the render target (1 without multisampling). SAMPLE_POS gives
 * (x, y, 0, 0), sample src1.x's position in the pixel (raster/fxp_samples.h) for those counts, the centre
 * (0.5, 0.5) for a single-sample render target's sample 0, and 0 for a sample past the count or a
 * single-sample resource. The source's swizzle applies to the result. */
static void
sample_query(struct fxp_exec *e, const struct fxp_inst *in, bool pos)
{
   unsigned swz = in->res_swizzle;
   const bool view = in->mem_file == TGSI_FILE_SAMPLER_VIEW;
   const struct fxp_sampler_binding *lb[FXP_W];
   struct fxp_sampler_binding composed[FXP_W];
   if (view) {
      lane_bindings(e, in, lb, composed);
   } else {
      swz = 0;
      for (unsigned c = 0; c < 4; c++)
         swz |= (in->src[0].slot[c] & 3) << (2 * c);
   }
   const unsigned rt_samples = e->frag && e->frag->samples > 1 ? e->frag->samples : 1;
   const fxp_vi idx = pos ? src_i(e, in, 1, 0) : fxp_splat_i(0);
   fxp_vu res[4] = {{0}, {0}, {0}, {0}};
   for (unsigned l = 0; l < FXP_W; l++) {
      const unsigned n = view ? (view_samples(lb[l]) > 1 ? view_samples(lb[l]) : 0) : rt_samples;
      if (!pos) {
         res[0][l] = n;
         continue;
      }
      if (!n || idx[l] < 0 || (unsigned)idx[l] >= n)
         continue;
      unsigned x_32nd, y_32nd;
      fxp_sample_pos(n, (unsigned)idx[l], &x_32nd, &y_32nd);
      res[0][l] = fui((float)x_32nd / FXP_SAMPLE_POS_UNIT);
      res[1][l] = fui((float)y_32nd / FXP_SAMPLE_POS_UNIT);
   }
   FOREACH_CHAN(in, k) dst_store_u(e, in, 0, k, res[(swz >> (2 * k)) & 3]);
}

static void op_sample_info(struct fxp_exec *e, const struct fxp_inst *in) { sample_query(e, in, false); }
static void op_sample_pos(struct fxp_exec *e, const struct fxp_inst *in) { sample_query(e, in, true); }

/* LODQ: y = the LOD computed from the lane's differences in its quad (bias included), x = the LOD the sampler accesses (GLSL 4.60,
 * 8.9.1): clamped to the sampler's and the view's range, then 0 without mipmapping, ceil(lod + 0.5) - 1
 * for NEAREST mipmapping, as it is for LINEAR. */
static void
op_lodq(struct fxp_exec *e, const struct fxp_inst *in)
{
   const struct fxp_sampler_binding *lb[FXP_W];
   struct fxp_sampler_binding composed[FXP_W];
   lane_bindings(e, in, lb, composed);
   struct fxp_sample_req q[FXP_W];
   memset(q, 0, sizeof(q));
   for (unsigned l = 0; l < FXP_W; l++) {
      q[l].s = src_f(e, in, 0, 0)[l];
      q[l].t = src_f(e, in, 0, 1)[l];
      q[l].r = src_f(e, in, 0, 2)[l];
   }
   fxp_vf x, y;
   for (unsigned l = 0; l < FXP_W; l++) {
      const struct fxp_sampler_binding *b = lb[l];
      struct aniso an;
      /* an anisotropic sampler's LOD is log2(Pmax / N) (EXT_texture_filter_anisotropic's lambda') */
      float lod = e->quad_layout ? lod_from_quad(in->tex_target, b, &q[l & ~3u], l & 3u,
                                                           fxp_sampler_max_aniso(b), &an)
                                 : -INFINITY;
      lod += b && b->state ? b->state->lod_bias : 0.0f;
      y[l] = lod;
      if (b && b->state && b->view) {
         lod = CLAMP(lod, b->state->min_lod, b->state->max_lod);
         lod = CLAMP(lod, 0.0f, (float)(b->view->u.tex.last_level - b->view->u.tex.first_level));
         if (b->state->min_mip_filter == PIPE_TEX_MIPFILTER_NONE)
            lod = 0.0f;
         else if (b->state->min_mip_filter == PIPE_TEX_MIPFILTER_NEAREST)
            lod = ceilf(lod + 0.5f) - 1.0f;
      }
      x[l] = lod;
   }
   FOREACH_CHAN(in, k) dst_store_f(e, in, 0, k, k == 0 ? x : k == 1 ? y : fxp_splat_f(0.0f));
}

void
FXP_ISA_FN(fxp_ops_tex_register)(fxp_op_fn *t)
{
   t[TGSI_OPCODE_TEX] = op_tex;
   t[TGSI_OPCODE_TEX2] = op_tex2;
   t[TGSI_OPCODE_TXP] = op_txp;
   t[TGSI_OPCODE_TXB] = op_txb;
   t[TGSI_OPCODE_TXB2] = op_txb2;
   t[TGSI_OPCODE_TXL] = op_txl;
   t[TGSI_OPCODE_TXL2] = op_txl2;
   t[TGSI_OPCODE_TXD] = op_txd;
   t[TGSI_OPCODE_TEX_LZ] = op_tex_lz;
   t[TGSI_OPCODE_TXF] = op_txf;
   t[TGSI_OPCODE_TXF_LZ] = op_txf_lz;
   t[TGSI_OPCODE_TXQ] = op_txq;
   t[TGSI_OPCODE_TXQS] = op_txqs;
   t[TGSI_OPCODE_TG4] = op_tg4;
   t[TGSI_OPCODE_LODQ] = op_lodq;
   t[TGSI_OPCODE_SAMPLE] = op_sample;
   t[TGSI_OPCODE_SAMPLE_I] = op_sample_i;
   t[TGSI_OPCODE_SAMPLE_I_MS] = op_sample_i_ms;
   t[TGSI_OPCODE_SAMPLE_B] = op_sample_b;
   t[TGSI_OPCODE_SAMPLE_C] = op_sample_c;
   t[TGSI_OPCODE_SAMPLE_C_LZ] = op_sample_c_lz;
   t[TGSI_OPCODE_SAMPLE_D] = op_sample_d;
   t[TGSI_OPCODE_SAMPLE_L] = op_sample_l;
   t[TGSI_OPCODE_GATHER4] = op_gather4;
   t[TGSI_OPCODE_SVIEWINFO] = op_sviewinfo;
   t[TGSI_OPCODE_SAMPLE_INFO] = op_sample_info;
   t[TGSI_OPCODE_SAMPLE_POS] = op_sample_pos;
}

/* TEX's simple form (op_tex_simple; fxp_decode.c, specialize), with no blend form. */
void
FXP_ISA_FN(fxp_ops_tex_register_simple)(fxp_op_fn *t)
{
   t[TGSI_OPCODE_TEX] = op_tex_simple;
}
