/* fxpipe-gl-draw: draws through the system's EGL (surfaceless, desktop GL 2.1 context, 64x64 FBO) and
 * checks the pixels: vertex-colour interpolation, depth test in both draw orders, blending, scissor,
 * face culling, indexed drawing with unsigned-byte normalized colours, a uniform, nearest and linear
 * texturing (GLSL, and an ARB fragment program), an FXT1 block uploaded with glCompressedTexImage2D, every
 * texel exact, smooth points and lines (their coverage in alpha), and a draw of 4096 points large enough to
 * have its vertices shaded on several threads.
 * Expected values are worked out by hand in the comments. Exits 0 only if every check passes. */
#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <stdarg.h>
#include <stdio.h>

#include "fxp_gl_check.h"
#include "fxp_gl_egl.h"
#include <stdlib.h>
#include <string.h>

#define W 64
#define H 64

static void
expect(const char *what, int x, int y, int r, int g, int b, int a, int tol)
{
   unsigned char px[4];
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   check(abs(px[0] - r) <= tol && abs(px[1] - g) <= tol && abs(px[2] - b) <= tol && abs(px[3] - a) <= tol,
         "%s at (%d,%d): %u %u %u %u, want %d %d %d %d (+-%d)", what, x, y, px[0], px[1], px[2], px[3], r, g, b,
         a, tol);
}

/* Sets bits [pos + n - 1 : pos] of a 16-byte FXT1 block (bit k is bit k % 8 of byte k / 8). */
static void
put_bits(unsigned char b[16], unsigned pos, unsigned n, unsigned v)
{
   for (unsigned i = 0; i < n; i++) {
      const unsigned bit = pos + i;
      b[bit / 8] = (unsigned char)((b[bit / 8] & ~(1u << (bit % 8))) | (((v >> i) & 1u) << (bit % 8)));
   }
}

static GLuint
program(const char *vs_src, const char *fs_src)
{
   int linked;
   GLuint p = fxp_program(vs_src, fs_src, "color", &linked);
   check(linked, "program links");
   return p;
}

int
main(void)
{
   EGLDisplay dpy = fxp_egl_make_current();
   if (dpy == EGL_NO_DISPLAY)
      return 2;
   printf("GL_RENDERER: %s\n", (const char *)glGetString(GL_RENDERER));

   check(fxp_make_fbo(W, H), "FBO complete");

   GLuint prog = program("#version 120\nattribute vec4 pos; attribute vec4 color; varying vec4 c;\n"
                         "void main() { gl_Position = pos; c = color; }\n",
                         "#version 120\nvarying vec4 c; uniform vec4 tint;\n"
                         "void main() { gl_FragColor = c * tint; }\n");
   glUseProgram(prog);
   const GLint tint = glGetUniformLocation(prog, "tint");
   glUniform4f(tint, 1, 1, 1, 1);
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);

   /* 1. A triangle over the lower-left half, red/green/blue corners. Pixel (x, y) has its centre at
    * NDC ((x + .5) / 32 - 1, (y + .5) / 32 - 1); the triangle is x_ndc + y_ndc <= 0, i.e. x + y + 1 <= 64.
    * Colour at the centre (x, y): red weight 1 - (u + v), green u, blue v with u = (x + .5) / 64,
    * v = (y + .5) / 64 (the triangle is affine in screen space, w = 1). */
   glClearColor(0, 0, 0, 0);
   glClearDepth(1.0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   static const float tri[] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1};
   static const float rgb[] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1};
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, tri);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, rgb);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   /* (0,0): u = v = 1/128: red 255 * 126/128 = 251.0, green = blue = 255/128 = 2.0 */
   expect("triangle corner", 0, 0, 251, 2, 2, 255, 1);
   /* (20,10): u = 20.5/64, v = 10.5/64: red 255 * 33/64 = 131.5, green 81.7, blue 41.8 */
   expect("triangle inside", 20, 10, 131, 82, 42, 255, 1);
   expect("outside the triangle", 40, 40, 0, 0, 0, 0, 0);
   expect("outside, next to the diagonal", 32, 32, 0, 0, 0, 0, 0);

   /* 2. Depth: a far (z = 0.5) green quad and a near (z = -0.5) blue quad over the middle; LESS. Drawn
    * near first, then far: the near one must stay. */
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   static const float near_q[] = {-.5, -.5, -.5, 1, .5, -.5, -.5, 1, .5, .5, -.5, 1, -.5, .5, -.5, 1};
   static const float far_q[] = {-1, -1, .5, 1, 1, -1, .5, 1, 1, 1, .5, 1, -1, 1, .5, 1};
   static const float blue[] = {0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1};
   static const float green[] = {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1};
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, near_q);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, blue);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, far_q);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, green);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   expect("depth: near quad kept", 32, 32, 0, 0, 255, 255, 0);
   expect("depth: far quad around it", 4, 4, 0, 255, 0, 255, 0);
   float depth = -1;
   glReadPixels(32, 32, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &depth);
   /* window z = (ndc z + 1) / 2 = 0.25 */
   check(depth > 0.2499f && depth < 0.2501f, "depth value %f, want 0.25", depth);
   glDisable(GL_DEPTH_TEST);

   /* 3. Blending: 50% white over the blue/green image: SRC_ALPHA, ONE_MINUS_SRC_ALPHA. On blue:
    * 0.5 * 255 + 0.5 * (0, 0, 255) = (127.5, 127.5, 255); alpha 0.5 * .5 + .5 * 1 = 0.75 -> 191.25 */
   glEnable(GL_BLEND);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   static const float half_white[] = {1, 1, 1, .5, 1, 1, 1, .5, 1, 1, 1, .5, 1, 1, 1, .5};
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, far_q);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, half_white);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   expect("blend over blue", 32, 32, 128, 128, 255, 191, 1);
   glDisable(GL_BLEND);

   /* 4. Scissor: a full-screen red quad with the scissor at x in [8, 16), y in [0, 64). Outside it the
    * image is the green of step 2 under the 50% white of step 3: (127.5, 255, 127.5, 0.75 * 255) */
   glEnable(GL_SCISSOR_TEST);
   glScissor(8, 0, 8, H);
   static const float red[] = {1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1};
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, red);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   glDisable(GL_SCISSOR_TEST);
   expect("inside the scissor", 10, 4, 255, 0, 0, 255, 0);
   expect("left of the scissor", 7, 4, 128, 255, 128, 191, 1);
   expect("right of the scissor", 16, 4, 128, 255, 128, 191, 1);

   /* 5. Culling: the far quad is counter-clockwise (front); with back culling it draws, with front
    * culling it does not. */
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_CULL_FACE);
   glCullFace(GL_FRONT);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   expect("front face culled", 32, 32, 0, 0, 0, 0, 0);
   glCullFace(GL_BACK);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   expect("front face drawn with back culling", 32, 32, 255, 0, 0, 255, 0);
   glDisable(GL_CULL_FACE);

   /* 6. Indexed: two triangles of a quad by index, unsigned-byte normalized colours (255, 128, 0, 255)
    * -> 255, 128, 0; tint halves green: 128 * 0.5 = 64 */
   glClear(GL_COLOR_BUFFER_BIT);
   static const unsigned char ub[] = {255, 128, 0, 255, 255, 128, 0, 255, 255, 128, 0, 255, 255, 128, 0, 255};
   static const unsigned short idx[] = {0, 1, 2, 0, 2, 3};
   glUniform4f(tint, 1, .5f, 1, 1);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, near_q);
   glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, ub);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, idx);
   expect("indexed quad", 32, 32, 255, 64, 0, 255, 1);
   expect("outside the indexed quad", 4, 4, 0, 0, 0, 0, 0);

   /* 7. Texturing: a 2x2 RGBA8 texture (red, green / blue, white) on a full-screen quad with texture
    * coordinates 0..1. Nearest: pixel (10, 10) has s = t = 10.5/64 < 0.5 -> texel (0, 0) red; pixel
    * (50, 50) -> texel (1, 1) white. Linear at the centre (s = t = 32.5/64): u = s * 2 - 0.5 = 0.515625,
    * weights (0.484375, 0.515625) on both axes: red = w(red texel) + w(white) = 0.484375^2 + 0.515625^2
    * = 0.500488 -> 127.6 -> 128; green = w(green) + w(white) = 0.515625 * (0.484375 + 0.515625)
    * = 0.515625 -> 131.5 -> 131; blue likewise 131 (+-1). */
   GLuint tprog = program("#version 120\nattribute vec4 pos; attribute vec4 color; varying vec2 tc;\n"
                          "void main() { gl_Position = pos; tc = color.xy; }\n",
                          "#version 120\nvarying vec2 tc; uniform sampler2D tex;\n"
                          "void main() { gl_FragColor = texture2D(tex, tc); }\n");
   glUseProgram(tprog);
   static const unsigned char texels[] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
   GLuint t2;
   glGenTextures(1, &t2);
   glBindTexture(GL_TEXTURE_2D, t2);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   glUniform1i(glGetUniformLocation(tprog, "tex"), 0);
   static const float tcs[] = {0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1};
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, far_q);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, tcs);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   expect("nearest texel (0, 0)", 10, 10, 255, 0, 0, 255, 0);
   expect("nearest texel (1, 0)", 50, 10, 0, 255, 0, 255, 0);
   expect("nearest texel (0, 1)", 10, 50, 0, 0, 255, 255, 0);
   expect("nearest texel (1, 1)", 50, 50, 255, 255, 255, 255, 0);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   expect("linear at the centre", 32, 32, 128, 131, 131, 255, 1);

   /* 7b. The same texture through an ARB fragment program of one instruction (GL_ARB_fragment_program, the
    * texture coordinates from the same attribute through a pass-through vertex program), nearest again:
    * the corners as in 7. Mesa's st/mesa read sh.data->Version of the program to decide texelFetch's sRGB
    * decoding, but in an ARB program that union member is arb.Instructions, so the read (288 bytes in)
    * went past a short program's instruction array: an AddressSanitizer report in scripts/sanitize.sh's
    * gl-draw-egl step and piglit's fp-kil, fbo-depthtex and others; fixed by mesa-patches/0008. */
   glUseProgram(0);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   static const char arb_vp[] = "!!ARBvp1.0\nMOV result.position, vertex.attrib[0];\n"
                                "MOV result.texcoord[0], vertex.attrib[1];\nEND\n";
   static const char arb_fp[] = "!!ARBfp1.0\nTEX result.color, fragment.texcoord[0], texture[0], 2D;\nEND\n";
   GLuint arb[2];
   glGenProgramsARB(2, arb);
   glBindProgramARB(GL_VERTEX_PROGRAM_ARB, arb[0]);
   glProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(arb_vp), arb_vp);
   check(glGetError() == GL_NO_ERROR, "ARB vertex program: %s",
         (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB));
   glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, arb[1]);
   glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(arb_fp), arb_fp);
   check(glGetError() == GL_NO_ERROR, "ARB fragment program: %s",
         (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB));
   glEnable(GL_VERTEX_PROGRAM_ARB);
   glEnable(GL_FRAGMENT_PROGRAM_ARB);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   expect("ARB program, texel (0, 0)", 10, 10, 255, 0, 0, 255, 0);
   expect("ARB program, texel (1, 0)", 50, 10, 0, 255, 0, 255, 0);
   expect("ARB program, texel (0, 1)", 10, 50, 0, 0, 255, 255, 0);
   expect("ARB program, texel (1, 1)", 50, 50, 255, 255, 255, 255, 0);
   glDisable(GL_FRAGMENT_PROGRAM_ARB);
   glDisable(GL_VERTEX_PROGRAM_ARB);
   glDeleteProgramsARB(2, arb);
   glUseProgram(tprog);
   glBindTexture(GL_TEXTURE_2D, 0);
   glDeleteTextures(1, &t2);

   /* 8. FXT1 (GL_3DFX_texture_compression_FXT1): one CC_CHROMA block, built bit by bit from the specification
    * and uploaded as it is. Mode [127:125] = 010b; colours (RGB555, blue at the low bits) color3 at 109,
    * color2 at 94, color1 at 79, color0 at 64: color0 (0,0,0) -> (0,0,0); color1 (31,31,31) -> (255,255,255);
    * color2 (1,2,4) -> 5-bit widening v << 3 | v >> 2: (8, 16, 33); color3 (7,15,30) -> (57, 123, 247).
    * 2-bit indices, texel t at [2t + 1 : 2t]: t < 16 (left 4x4, row-major) index t % 4, else 3 - t % 4.
    * The 8x4 texture covers the 64x64 target with nearest filtering: pixel (8 x + 4, 16 y + 8) shows texel
    * (x, y), which is t = 4 y + x for x < 4 and 16 + 4 y + x - 4 for x >= 4. */
   if (strstr((const char *)glGetString(GL_EXTENSIONS), "GL_3DFX_texture_compression_FXT1")) {
      static const unsigned char pal[4][3] = {{0, 0, 0}, {255, 255, 255}, {8, 16, 33}, {57, 123, 247}};
      unsigned char block[16] = {0};
      put_bits(block, 125, 3, 2);
      const unsigned rgb[4][3] = {{0, 0, 0}, {31, 31, 31}, {1, 2, 4}, {7, 15, 30}};
      for (unsigned k = 0; k < 4; k++) {
         put_bits(block, 64 + 15 * k + 10, 5, rgb[k][0]);
         put_bits(block, 64 + 15 * k + 5, 5, rgb[k][1]);
         put_bits(block, 64 + 15 * k, 5, rgb[k][2]);
      }
      for (unsigned t = 0; t < 32; t++)
         put_bits(block, 2 * t, 2, t < 16 ? t % 4 : 3 - t % 4);
      GLuint tf;
      glGenTextures(1, &tf);
      glBindTexture(GL_TEXTURE_2D, tf);
      glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_FXT1_3DFX, 8, 4, 0, 16, block);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      check(glGetError() == GL_NO_ERROR, "FXT1 upload");
      glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
      for (unsigned y = 0; y < 4; y++)
         for (unsigned x = 0; x < 8; x++) {
            const unsigned t = x < 4 ? 4 * y + x : 16 + 4 * y + x - 4;
            const unsigned i = t < 16 ? t % 4 : 3 - t % 4;
            char what[32];
            snprintf(what, sizeof(what), "FXT1 texel (%u,%u)", x, y);
            expect(what, 8 * x + 4, 16 * y + 8, pal[i][0], pal[i][1], pal[i][2], 255, 0);
         }
      glBindTexture(GL_TEXTURE_2D, 0);
      glDeleteTextures(1, &tf);
   } else {
      check(0, "GL_3DFX_texture_compression_FXT1 is not exposed");
   }

   /* 9. Smooth points and lines (single-sample framebuffer, no blending): the alpha written is the part of
    * the pixel the shape covers, min(max(r + 1/2 - d, 0), 1) for a distance d of the pixel's centre from
    * the point's centre (radius r) or from the line's axis (half width r), times the same ramp along the
    * line at its ends; pixels the shape does not reach (coverage 0) get no fragment. White vertices. */
   glUseProgram(prog);
   glUniform4f(tint, 1, 1, 1, 1);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   static const float white4[] = {1, 1, 1, 1, 1, 1, 1, 1};
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, white4);
   glEnable(GL_POINT_SMOOTH);
   glPointSize(4.0f);
   /* a point of size 4 (r = 2) at window (20.5, 20.5), pixel (20, 20)'s centre: NDC 20.5 / 32 - 1 */
   static const float pt[] = {-0.359375f, -0.359375f, 0, 1};
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, pt);
   glDrawArrays(GL_POINTS, 0, 1);
   glDisable(GL_POINT_SMOOTH);
   expect("smooth point: centre, d 0, coverage 1", 20, 20, 255, 255, 255, 255, 0);
   expect("smooth point: d sqrt 2 = 1.414, coverage 1", 21, 21, 255, 255, 255, 255, 0);
   expect("smooth point: d 2, coverage 0.5", 22, 20, 255, 255, 255, 128, 1);
   expect("smooth point: d sqrt 5 = 2.236, coverage 0.264", 22, 21, 255, 255, 255, 67, 1);
   expect("smooth point: d sqrt 8 = 2.83, no fragment", 22, 22, 0, 0, 0, 0, 0);
   expect("smooth point: d 3, outside", 23, 20, 0, 0, 0, 0, 0);
   glEnable(GL_LINE_SMOOTH);
   glLineWidth(1.0f);
   /* a line of width 1 from window (4, 40.25) to (60, 40.25): NDC x 4 / 32 - 1, 60 / 32 - 1, y 40.25 / 32 - 1 */
   static const float ln[] = {-0.875f, 0.2578125f, 0, 1, 0.875f, 0.2578125f, 0, 1};
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, ln);
   glDrawArrays(GL_LINES, 0, 2);
   glDisable(GL_LINE_SMOOTH);
   expect("smooth line: row 40, 0.25 from the axis, coverage 0.75", 30, 40, 255, 255, 255, 191, 1);
   expect("smooth line: row 39, 0.75 from the axis, coverage 0.25", 30, 39, 255, 255, 255, 64, 1);
   expect("smooth line: row 41, 1.25 from the axis, no fragment", 30, 41, 0, 0, 0, 0, 0);
   expect("smooth line: first pixel, 0.5 along, coverage 0.75", 4, 40, 255, 255, 255, 191, 1);
   expect("smooth line: last pixel, 0.5 before its end, coverage 0.75", 59, 40, 255, 255, 255, 191, 1);
   expect("smooth line: past its end", 60, 40, 0, 0, 0, 0, 0);
   expect("smooth line: before its start", 3, 40, 0, 0, 0, 0, 0);

   /* A draw of 4096 vertices, one point at each pixel's centre, each with its own colour, through a vertex
    * shader of a dozen instructions (each step exact: times 1 plus 0, times 2 then one half): enough work
    * for fxpipe to share the vertex shading among its threads (draw/fxp_draw.c, FXP_VS_SHARE_MIN_WORK; this
    * test also runs with FXPIPE_THREADS=1 and =5). Point i is at pixel (i % 64, i / 64), NDC (x + .5) / 32 - 1, and
    * its colour is the unsigned bytes (i & 255, i >> 4, 37 i & 255, 255), normalized: each pixel reads its own
    * bytes back exactly (n / 255 to float and back). */
   {
      static float big_pos[W * H][4];
      static unsigned char big_col[W * H][4];
      static unsigned char got[W * H][4];
      for (unsigned i = 0; i < W * H; i++) {
         big_pos[i][0] = ((float)(i % W) + 0.5f) / 32.0f - 1.0f;
         big_pos[i][1] = ((float)(i / W) + 0.5f) / 32.0f - 1.0f;
         big_pos[i][2] = 0.0f;
         big_pos[i][3] = 1.0f;
         big_col[i][0] = (unsigned char)(i & 255);
         big_col[i][1] = (unsigned char)(i >> 4);
         big_col[i][2] = (unsigned char)((37 * i) & 255);
         big_col[i][3] = 255;
      }
      GLuint long_prog = program("#version 120\nattribute vec4 pos; attribute vec4 color; varying vec4 c;\n"
                                 "uniform vec4 k;\n"
                                 "void main() {\n"
                                 "   vec4 p = pos;\n"
                                 "   for (int i = 0; i < 6; i++) p = p * k.x + k.yyyy;\n"
                                 "   gl_Position = p;\n"
                                 "   c = ((color * k.z) * k.w) * k.x + k.yyyy;\n"
                                 "}\n",
                                 "#version 120\nvarying vec4 c; uniform vec4 tint;\n"
                                 "void main() { gl_FragColor = c * tint; }\n");
      glUseProgram(long_prog);
      glUniform4f(glGetUniformLocation(long_prog, "k"), 1.0f, 0.0f, 2.0f, 0.5f);
      glUniform4f(glGetUniformLocation(long_prog, "tint"), 1, 1, 1, 1);
      glDisable(GL_BLEND);
      glPointSize(1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, big_pos);
      glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, big_col);
      glDrawArrays(GL_POINTS, 0, W * H);
      glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, got);
      unsigned wrong = 0, first = 0;
      for (unsigned i = 0; i < W * H; i++)
         if (memcmp(got[i], big_col[i], 4)) {
            if (!wrong++)
               first = i;
         }
      check(!wrong, "4096 points, each its own colour: %u pixels wrong (first: pixel %u reads %u %u %u %u, want "
            "%u %u %u %u)", wrong, first, got[first][0], got[first][1], got[first][2], got[first][3],
            big_col[first][0], big_col[first][1], big_col[first][2], big_col[first][3]);
      glUseProgram(prog);
      glDeleteProgram(long_prog);
   }

   check(glGetError() == GL_NO_ERROR, "no GL error");
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglTerminate(dpy);
   printf("%s\n", failures ? "FAILED" : "every pixel as expected");
   return failures ? 1 : 0;
}
