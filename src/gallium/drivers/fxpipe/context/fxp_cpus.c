/* How many CPUs this process may really use: the CPUs of its affinity mask, bounded by the CPU quota of its
 * control groups (a container given "2 CPUs" of a 64-core host has an affinity mask of 64 and a quota of
 * 2). The thread pools size themselves from it (fxp_pool.c).
 *
 * Quotas, per cgroup version (each level of the hierarchy from the process's own group up to the root may
 * set one; the smallest applies):
 * | version | file (under the group's folder) | contents                       | CPUs                  |
 * |---------|---------------------------------|--------------------------------|-----------------------|
 * | v2      | cpu.max                         | "QUOTA PERIOD" or "max PERIOD" | ceil(QUOTA / PERIOD)  |
 * | v1      | cpu.cfs_quota_us, cfs_period_us | QUOTA (-1: none), PERIOD       | ceil(QUOTA / PERIOD)  |
 * The group's folder comes from /proc/self/cgroup: the line "0::PATH" (v2, under the unified mount) or the
 * line whose controllers include "cpu" (v1, under the cpu controller's mount). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "context/fxp_pool.h"

#define FXP_MAX_AFFINITY_CPUS 65536 /* the largest mask asked for (Linux's NR_CPUS is at most 8192 today) */

static unsigned
affinity_cpus(void)
{
   for (unsigned n = 1024; n <= FXP_MAX_AFFINITY_CPUS; n *= 2) {
      cpu_set_t *set = CPU_ALLOC(n);
      if (!set)
         return 1;
      const size_t size = CPU_ALLOC_SIZE(n);
      CPU_ZERO_S(size, set);
      if (sched_getaffinity(0, size, set) == 0) {
         const int count = CPU_COUNT_S(size, set);
         CPU_FREE(set);
         return count > 0 ? (unsigned)count : 1;
      }
      CPU_FREE(set);
   }
   return 1;
}

/* Reads "QUOTA PERIOD" (v2) or QUOTA and PERIOD from two files (v1) in folder dir; 0 when there is no quota. */
static unsigned
quota_cpus_in(const char *dir, bool v2)
{
   char path[4096], buf[128];
   long long quota = -1, period = 0;

   if (v2) {
      snprintf(path, sizeof(path), "%s/cpu.max", dir);
      FILE *f = fopen(path, "r");
      if (!f)
         return 0;
      const bool ok = fgets(buf, sizeof(buf), f) != NULL;
      fclose(f);
      if (!ok || strncmp(buf, "max", 3) == 0 || sscanf(buf, "%lld %lld", &quota, &period) != 2)
         return 0;
   } else {
      snprintf(path, sizeof(path), "%s/cpu.cfs_quota_us", dir);
      FILE *f = fopen(path, "r");
      if (!f)
         return 0;
      const bool ok = fscanf(f, "%lld", &quota) == 1;
      fclose(f);
      snprintf(path, sizeof(path), "%s/cpu.cfs_period_us", dir);
      f = fopen(path, "r");
      if (!f)
         return 0;
      const bool ok2 = fscanf(f, "%lld", &period) == 1;
      fclose(f);
      if (!ok || !ok2)
         return 0;
   }
   if (quota <= 0 || period <= 0)
      return 0;
   const long long cpus = (quota + period - 1) / period;
   return cpus > 65535 ? 65535 : (unsigned)cpus;
}

unsigned
fxp_cgroup_cpu_quota(const char *proc_cgroup, const char *root_v2, const char *root_v1)
{
   FILE *f = fopen(proc_cgroup, "r");
   if (!f)
      return 0;
   char line[4096], group[4096] = "", root[4096] = "";
   bool v2 = false, found = false;
   while (fgets(line, sizeof(line), f)) {
      line[strcspn(line, "\n")] = 0;
      char *c1 = strchr(line, ':');
      char *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
      if (!c2)
         continue;
      *c1 = *c2 = 0;
      const char *controllers = c1 + 1, *path = c2 + 1;
      if (strcmp(line, "0") == 0 && !*controllers && !found) {
         snprintf(group, sizeof(group), "%s", path);
         snprintf(root, sizeof(root), "%s", root_v2);
         v2 = found = true;
      } else if (*controllers) {
         /* v1: the controllers are a comma-separated list; "cpu" must be one of them */
         char list[256];
         snprintf(list, sizeof(list), ",%s,", controllers);
         if (strstr(list, ",cpu,")) {
            snprintf(group, sizeof(group), "%s", path);
            snprintf(root, sizeof(root), "%s", root_v1);
            v2 = false;
            found = true;
            break; /* a v1 cpu controller is what the scheduler applies, even beside a v2 line */
         }
      }
   }
   fclose(f);
   if (!found)
      return 0;

   /* the smallest quota from the group up to the root */
   unsigned best = 0;
   char dir[8192];
   for (;;) {
      snprintf(dir, sizeof(dir), "%s%s", root, group);
      const unsigned q = quota_cpus_in(dir, v2);
      if (q && (!best || q < best))
         best = q;
      char *slash = strrchr(group, '/');
      if (!slash || (slash == group && !group[1]))
         break;
      if (slash == group)
         group[1] = 0; /* up to "/" */
      else
         *slash = 0;
   }
   return best;
}

unsigned
fxp_usable_cpus(void)
{
   unsigned n = affinity_cpus();
   const unsigned quota = fxp_cgroup_cpu_quota("/proc/self/cgroup", "/sys/fs/cgroup", "/sys/fs/cgroup/cpu");
   if (quota && quota < n)
      n = quota;
   return n ? n : 1;
}
