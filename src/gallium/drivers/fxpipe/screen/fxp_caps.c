/* What fxpipe tells the GL front end it can do: caps, float caps and per-stage shader caps.
 *
 * Policy: a cap is claimed only for a feature fxpipe implements. That is GL 4.6 and GLES 3.2: vertex,
 * tessellation (draw/fxp_tess.c), geometry (draw/fxp_gs.c) and fragment shaders in TGSI up to GLSL 4.60,
 * doubles, four vertex streams, 16 viewports, 8 render targets, texture arrays and buffer textures,
 * instancing, primitive restart, stream output, conditional rendering, occlusion, timer, stream-output and
 * pipeline-statistics queries, seamless cube maps, cube-map arrays, depth clamping and depth bounds.
 * Compute shaders, shader buffers, atomic counters and images are claimed for every stage. GL 4.x extensions
 * that need no tessellation (issue 18): texture barriers, polygon offset clamp, draw parameters, group votes,
 * query results written into buffers, shader clocks, framebuffer fetch, robust buffer access, anisotropic
 * filtering (16x), MIN/MAX texture reduction, shadow lookups with an LOD. Multisampling at 2-16 samples
 * (unless FXPIPE_MSAA=0). A shader the engine cannot decode is not run: its draws are
 * skipped and say so under FXPIPE_DEBUG (draw/fxp_draw.c). */
#include <string.h>

#include "c11/threads.h"
#include "nir.h"
#include "nir/nir_to_tgsi.h"
#include "util/os_misc.h"
#include "util/u_screen.h"
#include "pipe/p_defines.h"

#include "fxp_debug.h"
#include "fxp_screen.h"
#include "fxp_resource.h"
#include "sampler/fxp_sampler.h"
#include "shader/fxp_shader.h"

static int
fxp_get_param(struct pipe_screen *screen, enum pipe_cap param)
{
   switch (param) {
   /* Shading language and IR */
   case PIPE_CAP_GLSL_FEATURE_LEVEL:
   case PIPE_CAP_GLSL_FEATURE_LEVEL_COMPATIBILITY:
      /* GLSL 4.60: every GLSL 4.10-4.60 feature that needs the driver is an extension fxpipe has (viewport
       * arrays, 64-bit vertex inputs, images, atomic counters and their ops, compute, storage buffers, cull
       * distances, derivative control, draw parameters, group votes). 4.10 also turns on ARB_shader_precision:
       * its 318 piglit tests (fs, vs, gs; ULP bounds per built-in) pass on fxpipe's engine with GL and GLSL 4.0
       * forced by MESA_GL_VERSION_OVERRIDE (2026-12-04). With tessellation, st/mesa makes GL 4.6 and GLSL 4.60 */
      return 460;
   case PIPE_CAP_ESSL_FEATURE_LEVEL:
      return 100;
   case PIPE_CAP_SHAREABLE_SHADERS:
      return 1;

   /* Textures and resources (see fxp_resource.h for the layout limits) */
   case PIPE_CAP_NPOT_TEXTURES:
   case PIPE_CAP_TEXRECT:
   case PIPE_CAP_TEXTURE_SHADOW_MAP:
   case PIPE_CAP_TEXTURE_FLOAT_LINEAR:
   case PIPE_CAP_TEXTURE_HALF_FLOAT_LINEAR:
   case PIPE_CAP_MIXED_FRAMEBUFFER_SIZES:
   case PIPE_CAP_MIXED_COLOR_DEPTH_BITS:
   case PIPE_CAP_MIXED_COLORBUFFER_FORMATS:
      return 1;
   case PIPE_CAP_MAX_TEXTURE_2D_SIZE:
      return FXP_MAX_TEXTURE_2D_SIZE;
   case PIPE_CAP_MAX_TEXTURE_3D_LEVELS:
      return FXP_MAX_TEXTURE_3D_LEVELS;
   case PIPE_CAP_MAX_TEXTURE_CUBE_LEVELS:
      return FXP_MAX_TEXTURE_CUBE_LEVELS;
   case PIPE_CAP_MAX_TEXTURE_ARRAY_LAYERS:
      return 2048; /* sampled (sampler/) and rendered to (a surface's layer) */
   case PIPE_CAP_TEXTURE_TRANSFER_MODES:
      return 0; /* transfers map the storage directly */
   case PIPE_CAP_MIN_MAP_BUFFER_ALIGNMENT:
      return FXP_ALIGN_B;
   case PIPE_CAP_CONSTANT_BUFFER_OFFSET_ALIGNMENT:
      return 16;
   case PIPE_CAP_SHADER_BUFFER_OFFSET_ALIGNMENT:
      return 4;
   case PIPE_CAP_IMAGE_STORE_FORMATTED: /* stores pack to the view's format (shader/fxp_image.c) */
   case PIPE_CAP_IMAGE_LOAD_FORMATTED:  /* and loads unpack from it */
      return 1;
   case PIPE_CAP_BUFFER_MAP_PERSISTENT_COHERENT:
   case PIPE_CAP_ALLOW_MAPPED_BUFFERS_DURING_EXECUTION:
      return 1; /* buffers are plain memory that every stage reads directly */
   case PIPE_CAP_DMABUF:
      return 0;
   case PIPE_CAP_COPY_BETWEEN_COMPRESSED_AND_PLAIN_FORMATS: /* raw block copies (ops/fxp_copy.c) */
   case PIPE_CAP_CLEAR_TEXTURE:
   case PIPE_CAP_CLEAR_SCISSORED:
   case PIPE_CAP_TEXTURE_SWIZZLE: /* the sampler applies the view's swizzle */
      return 1;
   case PIPE_CAP_TEXTURE_BUFFER_OBJECTS: /* TXF and TXQ on buffer views (sampler/fxp_sampler.c) */
      return 1;
   case PIPE_CAP_TEXTURE_BUFFER_OFFSET_ALIGNMENT:
      return 16;
   case PIPE_CAP_MAX_TEXEL_BUFFER_ELEMENTS_UINT:
      return 1 << 27;
   case PIPE_CAP_MAX_TEXTURE_GATHER_COMPONENTS: /* TG4 (fxp_gather) */
      return 4;
   case PIPE_CAP_SEAMLESS_CUBE_MAP: /* linear footprints cross cube faces (sampler/fxp_sampler.c) */
   case PIPE_CAP_CUBE_MAP_ARRAY:    /* sampled and rendered like other arrays */
      return 1;
   case PIPE_CAP_TEXTURE_QUERY_LOD: /* LODQ */
   case PIPE_CAP_FRAGMENT_SHADER_TEXTURE_LOD:
   case PIPE_CAP_FRAGMENT_SHADER_DERIVATIVES:
      return 1;

   /* Rasterization and fragment operations (the GL 2.1 set of the drawing issue) */
   case PIPE_CAP_MAX_RENDER_TARGETS:
      return 8;
   case PIPE_CAP_BLEND_EQUATION_SEPARATE:
   case PIPE_CAP_FS_COORD_ORIGIN_UPPER_LEFT:
   case PIPE_CAP_FS_COORD_PIXEL_CENTER_HALF_INTEGER:
   case PIPE_CAP_OCCLUSION_QUERY:
   case PIPE_CAP_QUERY_TIME_ELAPSED:
   case PIPE_CAP_QUERY_TIMESTAMP:
   case PIPE_CAP_QUERY_PIPELINE_STATISTICS:        /* context/fxp_query.c */
   case PIPE_CAP_QUERY_PIPELINE_STATISTICS_SINGLE:
      return 1;
   case PIPE_CAP_ALPHA_TEST:
      return 0; /* st/mesa lowers the alpha test into the fragment shader */
   case PIPE_CAP_DRAW_INDIRECT:             /* parameters read from the buffer, bounds-checked (draw/fxp_draw.c) */
   case PIPE_CAP_MULTI_DRAW_INDIRECT:       /* draw_count records at the indirect stride */
   case PIPE_CAP_MULTI_DRAW_INDIRECT_PARAMS: /* the count from indirect_draw_count, capped by draw_count */
      return 1;
   case PIPE_CAP_MAX_VIEWPORTS: /* chosen per primitive by VIEWPORT_INDEX (draw/fxp_prim.c) */
      return PIPE_MAX_VIEWPORTS;
   case PIPE_CAP_VS_LAYER_VIEWPORT: /* the last vertex stage's LAYER output picks the layer (draw/fxp_prim.c) */
   case PIPE_CAP_TES_LAYER_VIEWPORT: /* ... the TES's too when it is last (ARB_shader_viewport_layer_array;
                                        tests/gl/fxp_gl_tess.c "layer") */
   case PIPE_CAP_CLIP_HALFZ:
   case PIPE_CAP_CONDITIONAL_RENDER_INVERTED:
   case PIPE_CAP_QUERY_SO_OVERFLOW:
   case PIPE_CAP_SEAMLESS_CUBE_MAP_PER_TEXTURE: /* the sampler state's seamless_cube_map */
   case PIPE_CAP_TEXTURE_MIRROR_CLAMP:
   case PIPE_CAP_TEXTURE_MIRROR_CLAMP_TO_EDGE:
   case PIPE_CAP_DEPTH_BOUNDS_TEST:             /* fragment/fxp_fragment.c */
   case PIPE_CAP_CULL_DISTANCE:                 /* draw/fxp_prim.c */
   case PIPE_CAP_DOUBLES:                       /* shader/fxp_ops_64.c; 64-bit vertex attributes in fetch/ */
   case PIPE_CAP_INT64:                         /* every 64-bit integer opcode (shader/fxp_ops_64.c) */
   case PIPE_CAP_INT64_DIVMOD:                  /* I64DIV, U64DIV, I64MOD, U64MOD */
   case PIPE_CAP_IMAGE_ATOMIC_FLOAT_ADD:        /* ATOMFADD on buffers, shared memory and R32F images */
   case PIPE_CAP_ATOMIC_FLOAT_MINMAX:           /* ATOMFMIN, ATOMFMAX, ATOMFCAS (mesa-patches/0015) */
   case PIPE_CAP_SHADER_ARRAY_COMPONENTS:       /* component-split outputs are merged (fxp_exec_merge_outputs) */
   case PIPE_CAP_SAMPLER_VIEW_TARGET:           /* views keep their levels, layers and target (sampler/) */
   case PIPE_CAP_FRAMEBUFFER_NO_ATTACHMENT:     /* rasterizes to fb->width x height with no buffer mapped */
   case PIPE_CAP_FS_FINE_DERIVATIVE:            /* DDX_FINE / DDY_FINE */
   case PIPE_CAP_SHADER_STENCIL_EXPORT:         /* the FS's STENCIL output is the reference (fragment/) */
   case PIPE_CAP_TEXTURE_BARRIER:               /* every draw has finished its scene when it returns, so
                                                   what it rendered is what later draws sample
                                                   (context/fxp_context.c fxp_texture_barrier) */
   case PIPE_CAP_POLYGON_OFFSET_CLAMP:          /* offset_clamp bounds the offset, by its sign (raster/fxp_setup.c
                                                   polygon_offset) */
   case PIPE_CAP_DRAW_PARAMETERS:               /* BASEVERTEX, BASEINSTANCE, DRAWID in the vertex shader, for
                                                   every kind of draw (draw/fxp_draw.c, fxp_draw_sv_test.c) */
   case PIPE_CAP_SHADER_GROUP_VOTE:             /* VOTE_ANY/ALL/EQ over the active lanes of a batch, in every
                                                   stage (shader/fxp_ops_lane.c) */
   case PIPE_CAP_QUERY_BUFFER_OBJECT:           /* get_query_result_resource, bounds-checked
                                                   (context/fxp_query.c) */
   case PIPE_CAP_SHADER_CLOCK:                  /* CLOCK: the monotonic clock in nanoseconds, low and high
                                                   words (shader/fxp_ops_float.c) */
      return 1;
   case PIPE_CAP_MAX_VARYINGS:
      return 32; /* the vertex and geometry shaders' 32 outputs (generic ones past 31 come as PATCH: fxp_varying_matches) */
   case PIPE_CAP_MAX_DUAL_SOURCE_RENDER_TARGETS: /* SRC1 factors (fragment/fxp_fragment_ops.h) */
      return 1;

   /* Drawing (draw/): instancing, restart, stream output, conditional rendering */
   case PIPE_CAP_VS_INSTANCEID:
   case PIPE_CAP_VERTEX_ELEMENT_INSTANCE_DIVISOR:
   case PIPE_CAP_START_INSTANCE:
   case PIPE_CAP_PRIMITIVE_RESTART:
   case PIPE_CAP_PRIMITIVE_RESTART_FIXED_INDEX:
   case PIPE_CAP_CONDITIONAL_RENDER:
   case PIPE_CAP_INDEP_BLEND_ENABLE:
   case PIPE_CAP_INDEP_BLEND_FUNC:
   case PIPE_CAP_VERTEX_COLOR_UNCLAMPED: /* vertex colours are clamped only when the rasterizer says */
      return 1;
   case PIPE_CAP_MAX_STREAM_OUTPUT_BUFFERS:
      return PIPE_MAX_SO_BUFFERS;
   case PIPE_CAP_MAX_STREAM_OUTPUT_SEPARATE_COMPONENTS:
   case PIPE_CAP_MAX_STREAM_OUTPUT_INTERLEAVED_COMPONENTS:
      return 64;
   case PIPE_CAP_STREAM_OUTPUT_PAUSE_RESUME:   /* targets keep their offsets (appending) */
   case PIPE_CAP_STREAM_OUTPUT_INTERLEAVE_BUFFERS:
      return 1;
   case PIPE_CAP_MAX_VERTEX_STREAMS: /* to stream output and queries; stream 0 is rasterized (draw/fxp_gs.c) */
      return PIPE_MAX_VERTEX_STREAMS;
   case PIPE_CAP_MAX_GEOMETRY_OUTPUT_VERTICES: /* as many as the total components allow at 4 a vertex */
      return FXP_MAX_GS_OUTPUT_VERTICES;
   case PIPE_CAP_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS:
      return 16384;
   case PIPE_CAP_MAX_GS_INVOCATIONS:
      return FXP_MAX_GS_INVOCATIONS;
   case PIPE_CAP_MAX_SHADER_PATCH_VARYINGS: /* tessellation's patch varyings, PATCH[0..31] (draw/fxp_tess.c):
                                               128 components, as llvmpipe, all Mesa's VARYING_SLOT_PATCH slots */
      return 32;
   case PIPE_CAP_DEPTH_CLIP_DISABLE: /* near and far clipping per the rasterizer state (draw/fxp_prim.c); */
   case PIPE_CAP_DEPTH_CLIP_DISABLE_SEPARATE: /* fragments are always clamped to the depth range */
      return 1;
   case PIPE_CAP_FAKE_SW_MSAA:
      /* with FXPIPE_MSAA=0: GL's sample counts are accepted and rendered with one sample, as softpipe does */
      return !fxp_screen(screen)->msaa;

   /* Memory and identity */
   case PIPE_CAP_ACCELERATED:
      return 0;
   case PIPE_CAP_UMA:
      return 1;
   case PIPE_CAP_VIDEO_MEMORY: {
      uint64_t mem;
      return os_get_total_physical_memory(&mem) ? (int)MIN2(mem >> 20, INT32_MAX) : 0;
   }
   case PIPE_CAP_VENDOR_ID:
   case PIPE_CAP_DEVICE_ID:
      return 0xffffffff;

   case PIPE_CAP_COMPUTE: /* compute/fxp_compute.c */
      return 1;
   case PIPE_CAP_DEVICE_RESET_STATUS_QUERY:
      /* the watchdog (fxp_context.h, "Watchdog"): a shader past its budget is a guilty context reset, which
       * get_device_reset_status reports and the reset callback tells robust contexts (they are then lost);
       * the DRI frontend offers robust contexts (GLX_ARB_create_context_robustness,
       * EGL_EXT_create_context_robustness, reset notification) only with it */
      return 1;
   case PIPE_CAP_GL_SPIRV:
      /* ARB_gl_spirv and ARB_spirv_extensions: st/mesa turns SPIR-V into NIR, which reaches fxpipe as any NIR
       * does (nir_to_tgsi); piglit's 86 SPIR-V tests pass (rest-glx). No
       * variable pointers (PIPE_CAP_GL_SPIRV_VARIABLE_POINTERS stays 0) */
      return 1;
   case PIPE_CAP_RESOURCE_FROM_USER_MEMORY:
      /* AMD_pinned_memory: buffers over the application's memory (resource/fxp_resource.c,
       * fxp_resource_from_user_memory), read and written only inside their size like every resource */
      return 1;
   case PIPE_CAP_MEMOBJ:
      /* EXT_memory_object, EXT_memory_object_fd: a file descriptor mapped shared, resources laid out in it at
       * an offset (resource/fxp_memobj.c); the driver UUID names the layout (screen/fxp_screen.c) */
      return 1;
   case PIPE_CAP_POST_DEPTH_COVERAGE:
      /* ARB_post_depth_coverage: with layout(post_depth_coverage) SAMPLEMASK in is the coverage after the early
       * depth and stencil tests, else before them (raster/fxp_shade.c, shade_batch_ms) */
      return 1;
   case PIPE_CAP_SHADER_BALLOT:
      /* ARB_shader_ballot: a subgroup is one batch of the engine, FXP_W lanes (gl_SubGroupSizeARB), in every
       * stage; BALLOT, READ_FIRST, READ_INVOC and the SUBGROUP_* system values (shader/fxp_ops_lane.c,
       * fxp_exec.c) give 64-bit masks whose high word is 0 */
      return 1;
   case PIPE_CAP_ROBUST_BUFFER_ACCESS_BEHAVIOR:
      /* every context checks bounds, robust or not (tests/gl/fxp_gl_robust.c, under guard pages): vertex
       * and index fetch past a buffer read 0 (fetch/fxp_fetch.c, draw/fxp_draw.c), constant and uniform
       * block reads past the bound range read 0 (shader/fxp_exec.c fill_constants, fxp_ops_cf.c GATHER),
       * buffer and image loads outside read 0 and stores and atomics there are dropped (fxp_ops_mem.c,
       * fxp_image.c), indirect register accesses outside their array read 0 and write nothing. st/mesa
       * turns this into ARB/KHR_robust_buffer_access_behavior and KHR_robustness (EXT_robustness on ES) */
      return 1;
   case PIPE_CAP_NIR_IMAGES_AS_DEREF: /* nir_to_tgsi needs images lowered to indices, and st/mesa lowers them
                                         itself only for drivers that prefer TGSI */
      return 0;

   /* Multisampling (README, "Multisampling"), unless FXPIPE_MSAA=0 (struct fxp_screen.msaa) */
   case PIPE_CAP_TEXTURE_MULTISAMPLE:
   case PIPE_CAP_SAMPLE_SHADING:
   case PIPE_CAP_TEXTURE_QUERY_SAMPLES: /* textureSamples: TXQS (shader/fxp_ops_tex.c); imageSamples: RESQ's w
                                          (shader/fxp_image.c: multisample images, whose sample count
                                          is_format_supported gives st/mesa's MAX_IMAGE_SAMPLES) */
      return fxp_screen(screen)->msaa;
   /* Framebuffer fetch (FBFETCH, shader/fxp_ops_lane.c; raster/fxp_shade.c frag_fb_fetch) on every render
    * target, coherent: a tile's primitives are shaded in order on one thread, and no two quads of a batch
    * are at the same place (raster/fxp_shade.h), so a fetch sees every earlier fragment of its pixel. st/mesa
    * builds EXT_shader_framebuffer_fetch and KHR_blend_equation_advanced(_coherent) on it. */
   case PIPE_CAP_FBFETCH:
      return 8;
   case PIPE_CAP_FBFETCH_COHERENT:
      return 1;
   /* Anisotropic filtering up to FXP_MAX_ANISOTROPY probes along the footprint's major axis, and MIN/MAX
    * texture reduction (sampler/fxp_sampler.c; the ARB form asks is_format_supported with
    * PIPE_BIND_SAMPLER_REDUCTION_MINMAX, screen/fxp_formats.c) */
   case PIPE_CAP_ANISOTROPIC_FILTER:
   case PIPE_CAP_SAMPLER_REDUCTION_MINMAX:
   case PIPE_CAP_SAMPLER_REDUCTION_MINMAX_ARB:
   /* EXT_texture_shadow_lod: shadow lookups with an explicit LOD or a bias on 2D arrays and cube maps (TXL2,
    * TXB2; shader/fxp_ops_tex.c reads a shadow cube array's LOD after its reference) */
   case PIPE_CAP_TEXTURE_SHADOW_LOD:
      return 1;

   default:
      return u_pipe_screen_get_param_defaults(screen, param);
   }
}

static float
fxp_get_paramf(struct pipe_screen *screen, enum pipe_capf param)
{
   switch (param) {
   case PIPE_CAPF_MIN_LINE_WIDTH:
   case PIPE_CAPF_MIN_LINE_WIDTH_AA:
   case PIPE_CAPF_MIN_POINT_SIZE:
   case PIPE_CAPF_MIN_POINT_SIZE_AA:
      return 1.0f;
   case PIPE_CAPF_POINT_SIZE_GRANULARITY:
   case PIPE_CAPF_LINE_WIDTH_GRANULARITY:
      return 0.1f;
   case PIPE_CAPF_MAX_LINE_WIDTH:
   case PIPE_CAPF_MAX_LINE_WIDTH_AA:
   case PIPE_CAPF_MAX_POINT_SIZE:
   case PIPE_CAPF_MAX_POINT_SIZE_AA:
      return 255.0f;
   case PIPE_CAPF_MAX_TEXTURE_ANISOTROPY:
      return (float)FXP_MAX_ANISOTROPY; /* 16: st/mesa then offers ARB_texture_filter_anisotropic too */
   case PIPE_CAPF_MAX_TEXTURE_LOD_BIAS:
      return 16.0f;
   default:
      return 0.0f;
   }
}

static int
fxp_get_shader_param(struct pipe_screen *screen, enum pipe_shader_type shader,
                     enum pipe_shader_cap param)
{
   /* Vertex, tessellation control and evaluation (draw/fxp_tess.c), geometry, fragment and compute shaders */
   const bool tess = shader == PIPE_SHADER_TESS_CTRL || shader == PIPE_SHADER_TESS_EVAL;
   if (!tess && shader != PIPE_SHADER_VERTEX && shader != PIPE_SHADER_GEOMETRY && shader != PIPE_SHADER_FRAGMENT &&
       shader != PIPE_SHADER_COMPUTE)
      return 0;

   switch (param) {
   case PIPE_SHADER_CAP_MAX_INSTRUCTIONS:
   case PIPE_SHADER_CAP_MAX_ALU_INSTRUCTIONS:
   case PIPE_SHADER_CAP_MAX_TEX_INSTRUCTIONS:
   case PIPE_SHADER_CAP_MAX_TEX_INDIRECTIONS:
      return 65536;
   case PIPE_SHADER_CAP_MAX_CONTROL_FLOW_DEPTH:
      return 64;
   case PIPE_SHADER_CAP_MAX_INPUTS:
      return shader == PIPE_SHADER_VERTEX ? 16 : 32; /* geometry: per input vertex */
   case PIPE_SHADER_CAP_MAX_OUTPUTS:
      return 32;
   case PIPE_SHADER_CAP_MAX_CONST_BUFFER0_SIZE:
      return 64 * 1024;
   case PIPE_SHADER_CAP_MAX_CONST_BUFFERS:
      return 16;
   case PIPE_SHADER_CAP_MAX_TEMPS:
      return 4096;
   case PIPE_SHADER_CAP_CONT_SUPPORTED:
   case PIPE_SHADER_CAP_INDIRECT_INPUT_ADDR:
   case PIPE_SHADER_CAP_INDIRECT_OUTPUT_ADDR:
   case PIPE_SHADER_CAP_INDIRECT_TEMP_ADDR:
   case PIPE_SHADER_CAP_INDIRECT_CONST_ADDR:
   case PIPE_SHADER_CAP_SUBROUTINES:
   case PIPE_SHADER_CAP_INTEGERS:
   case PIPE_SHADER_CAP_TGSI_SQRT_SUPPORTED:
   case PIPE_SHADER_CAP_TGSI_ANY_INOUT_DECL_RANGE:
      return 1;
   /* Per stage, as llvmpipe 22.3 (GL_MAX_TEXTURE_IMAGE_UNITS 32, 16 storage blocks and 16 atomic counter
    * buffers, 32 image uniforms): the binding arrays are Gallium's maximum sizes (fxp_context.h,
    * shader/fxp_shader.h's fxp_bindings), so the caps are the only limit */
   case PIPE_SHADER_CAP_MAX_TEXTURE_SAMPLERS: /* of PIPE_MAX_SAMPLERS (32) */
   case PIPE_SHADER_CAP_MAX_SAMPLER_VIEWS:    /* of PIPE_MAX_SHADER_SAMPLER_VIEWS (128) */
      return 32;
   case PIPE_SHADER_CAP_MAX_SHADER_BUFFERS: /* LOAD/STORE/atomics on BUFFER[] (shader/fxp_ops_mem.c), bounds-checked;
                                               st/mesa gives half of them to atomic counters; of 32 */
   case PIPE_SHADER_CAP_MAX_SHADER_IMAGES:  /* IMAGE[] (shader/fxp_image.c), bounds-checked; of 64 */
      return 32;
   case PIPE_SHADER_CAP_PREFERRED_IR:
      /* The CSOs turn NIR into TGSI themselves (nir_to_tgsi), since the engine runs TGSI; preferring NIR is
       * what makes st/mesa offer NV_copy_depth_to_color */
      return PIPE_SHADER_IR_NIR;
   case PIPE_SHADER_CAP_SUPPORTED_IRS: /* TGSI too: Gallium's utility shaders and fxpipe's own tools give TGSI */
      return (1 << PIPE_SHADER_IR_NIR) | (1 << PIPE_SHADER_IR_TGSI);
   default:
      /* int64, fp16, hardware atomic counters: not yet */
      return 0;
   }
}

/* Compute (compute/fxp_compute.c): work groups of up to 1024 invocations, shared memory per group. Each
 * answer is written to ret (if not NULL) and its size in bytes returned. */
static int
fxp_get_compute_param(struct pipe_screen *screen, enum pipe_shader_ir ir,
                      enum pipe_compute_cap param, void *ret)
{
#define RET(type, ...)                                                                             \
   do {                                                                                             \
      const type v[] = {__VA_ARGS__};                                                               \
      if (ret)                                                                                      \
         memcpy(ret, v, sizeof(v));                                                                 \
      return sizeof(v);                                                                             \
   } while (0)
   switch (param) {
   case PIPE_COMPUTE_CAP_IR_TARGET:
      if (ret)
         strcpy(ret, "fxpipe");
      return 7;
   case PIPE_COMPUTE_CAP_GRID_DIMENSION:
      RET(uint64_t, 3);
   case PIPE_COMPUTE_CAP_MAX_GRID_SIZE:
      RET(uint64_t, 65535, 65535, 65535);
   case PIPE_COMPUTE_CAP_MAX_BLOCK_SIZE:
      RET(uint64_t, 1024, 1024, 1024);
   case PIPE_COMPUTE_CAP_MAX_THREADS_PER_BLOCK:
   case PIPE_COMPUTE_CAP_MAX_VARIABLE_THREADS_PER_BLOCK:
      RET(uint64_t, 1024);
   case PIPE_COMPUTE_CAP_MAX_LOCAL_SIZE: /* shared memory of a work group */
      RET(uint64_t, 32768);
   case PIPE_COMPUTE_CAP_MAX_PRIVATE_SIZE:
   case PIPE_COMPUTE_CAP_MAX_INPUT_SIZE:
      RET(uint64_t, 4096);
   case PIPE_COMPUTE_CAP_MAX_GLOBAL_SIZE:
   case PIPE_COMPUTE_CAP_MAX_MEM_ALLOC_SIZE:
      RET(uint64_t, 1u << 30);
   case PIPE_COMPUTE_CAP_ADDRESS_BITS:
      RET(uint32_t, 64);
   case PIPE_COMPUTE_CAP_SUBGROUP_SIZE:
      RET(uint32_t, FXP_W);
   case PIPE_COMPUTE_CAP_MAX_COMPUTE_UNITS:
      RET(uint32_t, 1);
   case PIPE_COMPUTE_CAP_MAX_CLOCK_FREQUENCY:
      RET(uint32_t, 1000);
   case PIPE_COMPUTE_CAP_IMAGES_SUPPORTED:
      RET(uint32_t, 1);
   default:
      return 0;
   }
#undef RET
}

/* The NIR options st/mesa compiles with: nir_to_tgsi's own (what it can translate), with loops of up to 32
 * iterations unrolled. An unrolled loop runs without the engine's per-iteration mask work, and unrolling
 * avoids a miscompile of Mesa 22.3's nir_to_tgsi: in a loop storing to an array indexed by the counter, the
 * counter's increment is written into the register the store still reads as its index, so m[i] lands in
 * m[i + 1] (piglit's gs-input-array-float-index-rd). Loops NIR cannot unroll still meet that bug. */
static nir_shader_compiler_options nir_options;
static once_flag nir_options_once = ONCE_FLAG_INIT;

static void
init_nir_options(void)
{
   nir_options = *(const nir_shader_compiler_options *)nir_to_tgsi_get_compiler_options(
      NULL, PIPE_SHADER_IR_NIR, PIPE_SHADER_VERTEX);
   nir_options.max_unroll_iterations = 32;
}

static const void *
fxp_get_compiler_options(struct pipe_screen *screen, enum pipe_shader_ir ir, enum pipe_shader_type shader)
{
   if (ir != PIPE_SHADER_IR_NIR)
      return NULL;
   call_once(&nir_options_once, init_nir_options);
   return &nir_options;
}

void
fxp_init_screen_caps(struct fxp_screen *screen)
{
   screen->base.get_compiler_options = fxp_get_compiler_options;
   screen->base.get_param = fxp_get_param;
   screen->base.get_paramf = fxp_get_paramf;
   screen->base.get_shader_param = fxp_get_shader_param;
   screen->base.get_compute_param = fxp_get_compute_param;
}
