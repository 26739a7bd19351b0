/* The GL family of sampling opcodes that nir_to_tgsi emits: TEX, TXP, TXB, TXL, TXD, TEX_LZ, TEX2, TXB2,
 * TXL2, TXF, TXF_LZ, TXQ and LODQ. Each lane's coordinates are taken from the operands by texture target,
 * the level of detail is computed per 2x2 quad from coordinate differences (fragment batches; elsewhere
 * implicit LOD is 0), and the sampler core (sampler/fxp_sampler.c) does the rest.
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
 * (TXL2: src1.x) as the LOD; TXD takes d/dx in src1 and d/dy in src2. The sampler state's LOD bias is
 * added in every case. Texture-gather, sample-count and the DX10 SAMPLE family are not executed yet. */
#include <math.h>

#include "util/u_math.h"

#include "fxp_exec_inline.h"

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

static const struct fxp_sampler_binding *
binding(const struct fxp_exec *e, const struct fxp_inst *in)
{
   if (!e->bind || in->mem_index >= PIPE_MAX_SAMPLERS)
      return NULL;
   return &e->bind->samplers[in->mem_index];
}

enum lod_mode { LOD_IMPLICIT, LOD_BIAS, LOD_EXPLICIT, LOD_ZERO, LOD_GRAD };

static void
sample(struct fxp_exec *e, const struct fxp_inst *in, enum lod_mode mode, bool proj, bool two)
{
   const unsigned t = in->tex_target;
   const struct fxp_sampler_binding *b = binding(e, in);
   fxp_vf c[4];
   for (unsigned k = 0; k < 4; k++)
      c[k] = src_f(e, in, 0, k);
   const fxp_vf extra = two ? src_f(e, in, 1, 0) : c[3];

   /* per-lane request */
   struct fxp_sample_req q[FXP_W];
   float size[3];
   fxp_texture_base_size(b, size);
   const bool rect = t == TGSI_TEXTURE_RECT || t == TGSI_TEXTURE_SHADOWRECT;
   if (rect)
      size[0] = size[1] = 1.0f;
   const unsigned nd = coord_dims(t);
   const float bias = b && b->state ? b->state->lod_bias : 0.0f;

   for (unsigned l = 0; l < FXP_W; l++) {
      struct fxp_sample_req *r = &q[l];
      float x = c[0][l], y = c[1][l], z = c[2][l], w = c[3][l];
      memset(r, 0, sizeof(*r));
      r->target = t;
      r->shadow = target_is_shadow(t);
      if (proj && w != 0.0f) {
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
      case TGSI_TEXTURE_SHADOWCUBE_ARRAY: r->layer = w; r->ref = extra[l]; break;
      default: break;
      }
      for (unsigned k = 0; k < 3; k++)
         r->offset[k] = in->tex_offset[k];
   }

   /* level of detail */
   for (unsigned l = 0; l < FXP_W; l++) {
      float lod = 0.0f;
      if (mode == LOD_EXPLICIT) {
         lod = extra[l];
      } else if (mode == LOD_BIAS && !e->quad_layout) {
         lod = extra[l]; /* no derivatives: the implicit LOD is 0, plus the bias */
      } else if (mode == LOD_GRAD || (e->quad_layout && mode != LOD_ZERO)) {
         float dx[3] = {0}, dy[3] = {0};
         if (mode == LOD_GRAD) {
            for (unsigned k = 0; k < nd; k++) {
               dx[k] = src_f(e, in, 1, k)[l];
               dy[k] = src_f(e, in, 2, k)[l];
            }
         } else {
            const unsigned q0 = l & ~3u;
            const float co[3][4] = {{q[q0].s, q[q0 + 1].s, q[q0 + 2].s, q[q0 + 3].s},
                                    {q[q0].t, q[q0 + 1].t, q[q0 + 2].t, q[q0 + 3].t},
                                    {q[q0].r, q[q0 + 1].r, q[q0 + 2].r, q[q0 + 3].r}};
            for (unsigned k = 0; k < nd; k++) {
               dx[k] = co[k][1] - co[k][0];
               dy[k] = co[k][2] - co[k][0];
            }
         }
         float rx = 0, ry = 0;
         const float scale = target_is_cube(t) ? 0.5f : 1.0f;
         for (unsigned k = 0; k < nd; k++) {
            const float sz = size[MIN2(k, 2)] * scale;
            rx += dx[k] * sz * dx[k] * sz;
            ry += dy[k] * sz * dy[k] * sz;
         }
         const float rho = sqrtf(MAX2(rx, ry));
         lod = rho > 0.0f ? log2f(rho) : -INFINITY;
         if (mode == LOD_BIAS)
            lod += extra[l];
      }
      q[l].lod = lod + bias;
   }

   fxp_vu r[4];
   for (unsigned l = 0; l < FXP_W; l++) {
      uint32_t o[4] = {0, 0, 0, 0};
      if (e->mask[l] || e->quad_layout)
         fxp_sample(b, &q[l], o);
      for (unsigned k = 0; k < 4; k++)
         r[k][l] = o[k];
   }
   FOREACH_CHAN(in, k) dst_store_u(e, in, 0, k, r[k]);
}

static void op_tex(struct fxp_exec *e, const struct fxp_inst *in) { sample(e, in, LOD_IMPLICIT, false, false); }
static void op_tex2(struct fxp_exec *e, const struct fxp_inst *in) { sample(e, in, LOD_IMPLICIT, false, true); }
static void op_txp(struct fxp_exec *e, const struct fxp_inst *in) { sample(e, in, LOD_IMPLICIT, true, false); }
static void op_txb(struct fxp_exec *e, const struct fxp_inst *in) { sample(e, in, LOD_BIAS, false, false); }
static void op_txb2(struct fxp_exec *e, const struct fxp_inst *in) { sample(e, in, LOD_BIAS, false, true); }
static void op_txl(struct fxp_exec *e, const struct fxp_inst *in) { sample(e, in, LOD_EXPLICIT, false, false); }
static void op_txl2(struct fxp_exec *e, const struct fxp_inst *in) { sample(e, in, LOD_EXPLICIT, false, true); }
static void op_txd(struct fxp_exec *e, const struct fxp_inst *in) { sample(e, in, LOD_GRAD, false, false); }
static void op_tex_lz(struct fxp_exec *e, const struct fxp_inst *in) { sample(e, in, LOD_ZERO, false, false); }

static void
fetch(struct fxp_exec *e, const struct fxp_inst *in, bool lz)
{
   const struct fxp_sampler_binding *b = binding(e, in);
   fxp_vi c[4];
   for (unsigned k = 0; k < 4; k++)
      c[k] = src_i(e, in, 0, k);
   fxp_vu r[4];
   for (unsigned l = 0; l < FXP_W; l++) {
      uint32_t o[4] = {0, 0, 0, 0};
      if (e->mask[l])
         fxp_texel_fetch(b, in->tex_target, c[0][l] + in->tex_offset[0], c[1][l] + in->tex_offset[1],
                         c[2][l] + in->tex_offset[2], lz ? 0 : c[3][l], o);
      for (unsigned k = 0; k < 4; k++)
         r[k][l] = o[k];
   }
   FOREACH_CHAN(in, k) dst_store_u(e, in, 0, k, r[k]);
}

static void op_txf(struct fxp_exec *e, const struct fxp_inst *in) { fetch(e, in, false); }
static void op_txf_lz(struct fxp_exec *e, const struct fxp_inst *in) { fetch(e, in, true); }

static void
op_txq(struct fxp_exec *e, const struct fxp_inst *in)
{
   const struct fxp_sampler_binding *b = binding(e, in);
   const fxp_vi lod = src_i(e, in, 0, 0);
   fxp_vu r[4];
   for (unsigned l = 0; l < FXP_W; l++) {
      uint32_t o[4];
      fxp_texture_size(b, in->tex_target, lod[l], o);
      for (unsigned k = 0; k < 4; k++)
         r[k][l] = o[k];
   }
   FOREACH_CHAN(in, k) dst_store_u(e, in, 0, k, r[k]);
}

/* LODQ: (LOD the sampler would use, clamped to the sampler's and the view's range; the LOD computed) */
static void
op_lodq(struct fxp_exec *e, const struct fxp_inst *in)
{
   const struct fxp_sampler_binding *b = binding(e, in);
   float size[3];
   fxp_texture_base_size(b, size);
   const unsigned nd = coord_dims(in->tex_target);
   fxp_vf co[3];
   for (unsigned k = 0; k < 3; k++)
      co[k] = src_f(e, in, 0, k);
   fxp_vf x, y;
   for (unsigned l = 0; l < FXP_W; l++) {
      const unsigned q0 = l & ~3u;
      float rx = 0, ry = 0;
      for (unsigned k = 0; k < nd && e->quad_layout; k++) {
         const float dx = (co[k][q0 + 1] - co[k][q0]) * size[MIN2(k, 2)];
         const float dy = (co[k][q0 + 2] - co[k][q0]) * size[MIN2(k, 2)];
         rx += dx * dx;
         ry += dy * dy;
      }
      const float rho = sqrtf(MAX2(rx, ry));
      float lod = (rho > 0.0f ? log2f(rho) : -INFINITY) + (b && b->state ? b->state->lod_bias : 0.0f);
      y[l] = lod;
      if (b && b->state && b->view) {
         lod = CLAMP(lod, b->state->min_lod, b->state->max_lod);
         lod = CLAMP(lod, 0.0f, (float)(b->view->u.tex.last_level - b->view->u.tex.first_level));
      }
      x[l] = lod;
   }
   FOREACH_CHAN(in, k) dst_store_f(e, in, 0, k, k == 0 ? x : k == 1 ? y : fxp_splat_f(0.0f));
}

void
fxp_ops_tex_register(fxp_op_fn *t)
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
   t[TGSI_OPCODE_LODQ] = op_lodq;
}
