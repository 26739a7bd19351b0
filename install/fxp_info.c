/* fxpipe-info: the helper behind `fxpipe-run` (install/fxpipe-run.in). It checks that an installed fxpipe
 * can run, and with --info shows what GL it gives and which driver file the system's loader really loaded.
 *
 *   fxpipe-info --check DRI_DIR   checks, without creating a GL context, that DRI_DIR holds swrast_dri.so and
 *                                 kms_swrast_dri.so, that the dynamic linker can load them (their own
 *                                 dependencies, libglapi.so.0 first, resolved) and that they are Mesa DRI
 *                                 megadrivers, and that the system's GL loaders (glvnd's libGL/libEGL and
 *                                 Mesa's libGLX_mesa/libEGL_mesa vendor libraries) can be loaded; each is
 *                                 loaded in a child process, so that a damaged file is reported rather than
 *                                 crashing the check. Each problem is printed with the Debian package that
 *                                 provides the missing piece.
 *   fxpipe-info --info DRI_DIR    the same checks, then through EGL (surfaceless platform, no window system
 *                                 needed) creates a core, a compatibility and an OpenGL ES context and prints
 *                                 the renderer and each version, and the path of the *_dri.so the loader
 *                                 mapped into this process (read from the dynamic linker's list of loaded
 *                                 objects, not from log messages); fails unless the renderer is fxpipe and
 *                                 the driver file is the one in DRI_DIR.
 *
 * Exit status: 0 when everything is in order, 1 when a check fails, 2 on a usage error. The GL libraries are
 * opened with dlopen, not linked, so that a machine without them gets this program's explanation rather than
 * the dynamic linker's. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

/* The GL enums this program asks glGetString for (GL/gl.h is not included: nothing is linked to libGL). */
#define FXP_GL_VENDOR 0x1F00
#define FXP_GL_RENDERER 0x1F01
#define FXP_GL_VERSION 0x1F02
#define FXP_GL_SHADING_LANGUAGE_VERSION 0x8B8C

/* A library the installed driver or the system's loaders need, and who provides it on Debian 12. */
struct fxp_lib {
   const char *soname;
   const char *package;
   const char *role;
};

static const struct fxp_lib loader_libs[] = {
   {"libGL.so.1", "libgl1", "glvnd's GL library (GLX applications link it)"},
   {"libGLX.so.0", "libglx0", "glvnd's GLX dispatcher"},
   {"libGLX_mesa.so.0", "libglx-mesa0", "Mesa's GLX loader, which loads DRI drivers for GLX"},
   {"libEGL.so.1", "libegl1", "glvnd's EGL library"},
   {"libEGL_mesa.so.0", "libegl-mesa0", "Mesa's EGL loader, which loads DRI drivers for EGL"},
   {"libglapi.so.0", "libglapi-mesa", "Mesa's GL dispatch table, which the driver links"},
};

static const char *const driver_files[] = {"swrast_dri.so", "kms_swrast_dri.so"};

/* The entry point Mesa 22.3's loader looks up in a DRI megadriver loaded as swrast_dri.so. */
#define FXP_DRI_ENTRY "__driDriverGetExtensions_swrast"

/* Loads path (a file or a soname) with dlopen in a child process, so that a damaged file (a truncated one makes
 * the dynamic linker fault while mapping it) is reported instead of killing this program. With symbol, the
 * library must also define it. Returns 0 when it loads; otherwise writes the reason into why. */
static int
probe_load(const char *path, const char *symbol, char *why, size_t why_size)
{
   int fds[2];
   if (pipe(fds) != 0) {
      snprintf(why, why_size, "pipe: %s", strerror(errno));
      return -1;
   }
   fflush(stdout);
   pid_t pid = fork();
   if (pid < 0) {
      snprintf(why, why_size, "fork: %s", strerror(errno));
      close(fds[0]);
      close(fds[1]);
      return -1;
   }
   if (pid == 0) {
      close(fds[0]);
      void *h = dlopen(path, RTLD_LAZY | RTLD_LOCAL);
      const char *msg = NULL;
      char buf[512];
      if (!h)
         msg = dlerror();
      else if (symbol && !dlsym(h, symbol)) {
         snprintf(buf, sizeof(buf), "it is not a Mesa DRI driver (it has no %s)", symbol);
         msg = buf;
      }
      if (msg && write(fds[1], msg, strlen(msg)) < 0)
         _exit(3);
      _exit(msg ? 1 : 0);
   }
   close(fds[1]);
   ssize_t n = read(fds[0], why, why_size - 1);
   why[n > 0 ? n : 0] = '\0';
   close(fds[0]);
   int status = 0;
   while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
      ;
   if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
      return 0;
   if (WIFSIGNALED(status))
      snprintf(why, why_size, "the dynamic linker crashed loading it (%s): the file is damaged or truncated",
               strsignal(WTERMSIG(status)));
   else if (!why[0])
      snprintf(why, why_size, "dlopen failed (exit %d)", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
   return -1;
}

/* Checks the driver files in dri_dir and the system's loaders; prints one line a problem. Returns the
 * number of problems. */
static int
check_all(const char *dri_dir)
{
   int problems = 0;
   struct stat st;
   char why[1024];

   if (stat(dri_dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
      printf("fxpipe-run: the driver folder %s does not exist: fxpipe is not installed there (reinstall it: "
             "`meson install -C build` or the fxpipe package)\n", dri_dir);
      problems++;
   } else {
      struct stat probed = {0};
      for (unsigned i = 0; i < sizeof(driver_files) / sizeof(driver_files[0]); i++) {
         char path[PATH_MAX];
         snprintf(path, sizeof(path), "%s/%s", dri_dir, driver_files[i]);
         if (stat(path, &st) != 0) {
            printf("fxpipe-run: the driver file %s is missing (reinstall fxpipe)\n", path);
            problems++;
            continue;
         }
         /* the other name of a file already loaded (they are hard links, as Mesa installs them) */
         if (st.st_ino == probed.st_ino && st.st_dev == probed.st_dev)
            continue;
         probed = st;
         if (probe_load(path, FXP_DRI_ENTRY, why, sizeof(why)) != 0) {
            printf("fxpipe-run: the driver file %s cannot be loaded: %s\n", path, why);
            problems++;
         }
      }
   }

   for (unsigned i = 0; i < sizeof(loader_libs) / sizeof(loader_libs[0]); i++) {
      if (probe_load(loader_libs[i].soname, NULL, why, sizeof(why)) != 0) {
         printf("fxpipe-run: %s (%s) cannot be loaded: %s\n"
                "fxpipe-run:   install it with: apt install %s\n",
                loader_libs[i].soname, loader_libs[i].role, why, loader_libs[i].package);
         problems++;
      }
   }
   return problems;
}

/* dl_iterate_phdr callback: remembers the first loaded object whose file name ends with _dri.so. */
static int
find_dri(struct dl_phdr_info *info, size_t size, void *data)
{
   (void)size;
   char *out = data;
   size_t n = strlen(info->dlpi_name);
   if (n > 7 && strcmp(info->dlpi_name + n - 7, "_dri.so") == 0 && !out[0]) {
      snprintf(out, PATH_MAX, "%s", info->dlpi_name);
      return 1;
   }
   return 0;
}

typedef const unsigned char *(*get_string_fn)(unsigned);

struct fxp_egl {
   PFNEGLGETPROCADDRESSPROC GetProcAddress;
   PFNEGLINITIALIZEPROC Initialize;
   PFNEGLTERMINATEPROC Terminate;
   PFNEGLQUERYSTRINGPROC QueryString;
   PFNEGLBINDAPIPROC BindAPI;
   PFNEGLCHOOSECONFIGPROC ChooseConfig;
   PFNEGLCREATECONTEXTPROC CreateContext;
   PFNEGLDESTROYCONTEXTPROC DestroyContext;
   PFNEGLMAKECURRENTPROC MakeCurrent;
   PFNEGLGETERRORPROC GetError;
   EGLDisplay dpy;
};

/* Makes a context of api with attribs current (no surface) and prints its strings; returns the renderer
 * (static storage) or NULL when the context could not be made. */
static const char *
show_context(struct fxp_egl *e, const char *label, EGLenum api, const EGLint *attribs, int show_glsl)
{
   static char renderer[256];
   const EGLint cfg_attribs[] = {
      EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
      api == EGL_OPENGL_API ? EGL_OPENGL_BIT : EGL_OPENGL_ES2_BIT, EGL_NONE};
   EGLConfig cfg;
   EGLint n = 0;

   if (!e->BindAPI(api) || !e->ChooseConfig(e->dpy, cfg_attribs, &cfg, 1, &n) || n < 1) {
      printf("%-30s no EGL config (error 0x%x)\n", label, e->GetError());
      return NULL;
   }
   EGLContext ctx = e->CreateContext(e->dpy, cfg, EGL_NO_CONTEXT, attribs);
   if (ctx == EGL_NO_CONTEXT || !e->MakeCurrent(e->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
      printf("%-30s cannot be created (EGL error 0x%x)\n", label, e->GetError());
      if (ctx != EGL_NO_CONTEXT)
         e->DestroyContext(e->dpy, ctx);
      return NULL;
   }
   get_string_fn get_string = (get_string_fn)e->GetProcAddress("glGetString");
   const char *version = get_string ? (const char *)get_string(FXP_GL_VERSION) : NULL;
   const char *rend = get_string ? (const char *)get_string(FXP_GL_RENDERER) : NULL;
   if (show_glsl) {
      const char *glsl = (const char *)get_string(FXP_GL_SHADING_LANGUAGE_VERSION);
      printf("%-30s %s, GLSL %s\n", label, version ? version : "?", glsl ? glsl : "?");
   } else {
      printf("%-30s %s\n", label, version ? version : "?");
   }
   snprintf(renderer, sizeof(renderer), "%s", rend ? rend : "");
   e->MakeCurrent(e->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   e->DestroyContext(e->dpy, ctx);
   return renderer;
}

/* --info: the versions through EGL surfaceless, and where the driver came from. Returns 0 when the renderer
 * is fxpipe and the driver was loaded from dri_dir. */
static int
info(const char *dri_dir)
{
   void *lib = dlopen("libEGL.so.1", RTLD_NOW | RTLD_GLOBAL);
   if (!lib)
      return 1; /* check_all has said why */
   struct fxp_egl e = {0};
   e.GetProcAddress = (PFNEGLGETPROCADDRESSPROC)dlsym(lib, "eglGetProcAddress");
   if (!e.GetProcAddress)
      return 1;
#define FXP_LOAD(name) e.name = (void *)e.GetProcAddress("egl" #name)
   FXP_LOAD(Initialize);
   FXP_LOAD(Terminate);
   FXP_LOAD(QueryString);
   FXP_LOAD(BindAPI);
   FXP_LOAD(ChooseConfig);
   FXP_LOAD(CreateContext);
   FXP_LOAD(DestroyContext);
   FXP_LOAD(MakeCurrent);
   FXP_LOAD(GetError);
#undef FXP_LOAD
   PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)e.GetProcAddress("eglGetPlatformDisplayEXT");
   if (!get_platform_display) {
      printf("fxpipe-run: EGL has no eglGetPlatformDisplayEXT (libegl1 too old?)\n");
      return 1;
   }
   e.dpy = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
   EGLint major = 0, minor = 0;
   if (e.dpy == EGL_NO_DISPLAY || !e.Initialize(e.dpy, &major, &minor)) {
      printf("fxpipe-run: EGL's surfaceless platform cannot be initialized (EGL error 0x%x); "
             "run with EGL_LOG_LEVEL=debug LIBGL_DEBUG=verbose to see why\n", e.GetError());
      return 1;
   }
   printf("%-30s %d.%d (%s), surfaceless platform\n", "EGL:", major, minor,
          e.QueryString(e.dpy, EGL_VENDOR));

   const EGLint core_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 2,
                                  EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                  EGL_NONE};
   const EGLint es_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_NONE};
   const char *r_core = show_context(&e, "OpenGL core profile:", EGL_OPENGL_API, core_attribs, 1);
   const char *renderer_core = r_core ? strdup(r_core) : NULL;
   const char *r_compat = show_context(&e, "OpenGL compatibility profile:", EGL_OPENGL_API, NULL, 1);
   const char *renderer_compat = r_compat ? strdup(r_compat) : NULL;
   show_context(&e, "OpenGL ES:", EGL_OPENGL_ES_API, es_attribs, 0);
   const char *renderer = renderer_compat ? renderer_compat : renderer_core;
   printf("%-30s %s\n", "OpenGL renderer:", renderer ? renderer : "(no context)");

   char loaded[PATH_MAX] = "";
   dl_iterate_phdr(find_dri, loaded);
   int rc = 0;
   char want_dir[PATH_MAX], got[PATH_MAX];
   if (!loaded[0]) {
      printf("%-30s none: no *_dri.so was loaded\n", "driver loaded from:");
      rc = 1;
   } else {
      printf("%-30s %s\n", "driver loaded from:", loaded);
      /* compare folders by their real paths (the loader may name the folder through a symbolic link) */
      char *slash = strrchr(loaded, '/');
      if (slash)
         *slash = '\0';
      if (!realpath(dri_dir, want_dir) || !realpath(loaded, got) || strcmp(want_dir, got) != 0) {
         printf("fxpipe-run: the driver was not loaded from %s: the loader ignored LIBGL_DRIVERS_PATH "
                "(a setuid program?) or the files there could not be used\n", dri_dir);
         rc = 1;
      }
   }
   if (!renderer || strcmp(renderer, "fxpipe") != 0) {
      printf("fxpipe-run: the renderer is not fxpipe\n");
      rc = 1;
   }
   e.Terminate(e.dpy);
   return rc;
}

int
main(int argc, char **argv)
{
   if (argc != 3 || (strcmp(argv[1], "--check") != 0 && strcmp(argv[1], "--info") != 0)) {
      fprintf(stderr, "usage: fxpipe-info --check|--info DRI_DIR\n");
      return 2;
   }
   int problems = check_all(argv[2]);
   if (problems)
      return 1;
   if (strcmp(argv[1], "--info") == 0)
      return info(argv[2]);
   return 0;
}
