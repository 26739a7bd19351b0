/* Preloaded by scripts/sanitize.sh into the programs of the sanitizer runs: dlclose() does nothing, so
 * the DRI driver (swrast_dri.so) stays mapped until the process exits. The system's GL loaders
 * (libGLX_mesa, libEGL_mesa; not built with ASan) unload the driver when the display is closed, and
 * LeakSanitizer, which runs at exit, could then neither name the frames of a leak in the driver nor match
 * them against the suppressions. Mesa's own loaders skip dlclose in ASan builds for the same reason
 * (BUILT_WITH_ASAN in Mesa's meson.build); ours come from Debian's packages. */
int dlclose(void *handle);

int
dlclose(void *handle)
{
   (void)handle;
   return 0;
}
