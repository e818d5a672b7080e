/*
 * bench_load.c - what loading the library costs a program (Tests/bench/README.md, "Loading"):
 *
 *   j) the time from dlopen of libnavcore.so to the first navigator of the shop table
 *      (navcore_navigator_new), warm: the file in the page cache, measured in a fresh
 *      process each run (a process loads a library once), the median of 21 runs;
 *   k) how much the resident memory (VmRSS) of such a process grows across the same
 *      dlopen + navcore_navigator_new, the median of the same runs.
 *
 * This program does not link the library: each run is a child forked before anything
 * of navcore is loaded, which loads it with dlopen. The table's text is read before,
 * untimed. With --once it loads the library and makes the navigator once, in its own
 * process, and measures nothing: what scripts/startup_order.py profiles.
 *
 *   bench_load [--once] LIBRARY TABLE_JSON
 */
#define _POSIX_C_SOURCE 200809L

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "navcore.h"

enum { RUNS = 21 };

/* What one run measured. */
struct run {
    double ms;       /* dlopen to the first navigator */
    double rss_kb;   /* VmRSS after minus before */
};

typedef int (*navigator_new_fn)(const char *, navcore_navigator **);

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* This process's VmRSS in kB, from /proc/self/status; -1 when it cannot be read. */
static long vm_rss_kb(void)
{
    char line[256];
    long kb = -1;
    FILE *status = fopen("/proc/self/status", "r");
    if (status == NULL)
        return -1;
    while (fgets(line, sizeof line, status) != NULL)
        if (strncmp(line, "VmRSS:", 6) == 0) {
            kb = strtol(line + 6, NULL, 10);
            break;
        }
    fclose(status);
    return kb;
}

/* The text of the file at path, or exits. */
static char *read_file(const char *path)
{
    FILE *file = fopen(path, "rb");
    char *text;
    long size;
    if (file == NULL || fseek(file, 0, SEEK_END) != 0 || (size = ftell(file)) < 0 || fseek(file, 0, SEEK_SET) != 0) {
        fprintf(stderr, "bench_load: cannot read %s\n", path);
        exit(1);
    }
    text = malloc((size_t)size + 1);
    if (text == NULL || fread(text, 1, (size_t)size, file) != (size_t)size) {
        fprintf(stderr, "bench_load: cannot read %s\n", path);
        exit(1);
    }
    text[size] = '\0';
    fclose(file);
    return text;
}

/* Loads the library and makes the first navigator of the table (exits when either fails). */
static void load(const char *library, const char *table)
{
    navcore_navigator *nav = NULL;
    navigator_new_fn navigator_new;
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        fprintf(stderr, "bench_load: %s\n", dlerror());
        _exit(1);
    }
    *(void **)&navigator_new = dlsym(handle, "navcore_navigator_new");
    if (navigator_new == NULL || navigator_new(table, &nav) != NAVCORE_OK) {
        fprintf(stderr, "bench_load: navcore_navigator_new of the shop table failed\n");
        _exit(1);
    }
}

/* In a child: loads the library, makes the first navigator, writes what it measured to fd. */
static void child(const char *library, const char *table, int fd)
{
    struct run run;
    long before = vm_rss_kb(), after;
    double start = now_ms();
    load(library, table);
    run.ms = now_ms() - start;
    after = vm_rss_kb();
    run.rss_kb = before < 0 || after < 0 ? -1 : (double)(after - before);
    if (write(fd, &run, sizeof run) != (ssize_t)sizeof run)
        _exit(1);
    _exit(0);
}

/* One run in a fresh child. */
static struct run measure_run(const char *library, const char *table)
{
    struct run run;
    int fds[2], status;
    pid_t pid;
    if (pipe(fds) != 0 || (pid = fork()) < 0) {
        perror("bench_load");
        exit(1);
    }
    if (pid == 0) {
        close(fds[0]);
        child(library, table, fds[1]);
    }
    close(fds[1]);
    if (read(fds[0], &run, sizeof run) != (ssize_t)sizeof run || waitpid(pid, &status, 0) != pid ||
        !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "bench_load: a run failed\n");
        exit(1);
    }
    close(fds[0]);
    return run;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    double ms[RUNS], rss[RUNS], ms_median, rss_mb;
    char *table;
    int i;
    if (argc == 4 && strcmp(argv[1], "--once") == 0) {
        load(argv[2], read_file(argv[3]));
        return 0;
    }
    if (argc != 3) {
        fprintf(stderr, "usage: bench_load [--once] LIBRARY TABLE_JSON\n");
        return 2;
    }
    table = read_file(argv[2]);
    measure_run(argv[1], table); /* warm: the library's pages in the page cache */
    for (i = 0; i < RUNS; i++) {
        struct run run = measure_run(argv[1], table);
        ms[i] = run.ms;
        rss[i] = run.rss_kb;
    }
    qsort(ms, RUNS, sizeof ms[0], compare_doubles);
    qsort(rss, RUNS, sizeof rss[0], compare_doubles);
    ms_median = ms[RUNS / 2];
    rss_mb = rss[RUNS / 2] / 1024.0;
    printf("loading: dlopen + navcore_navigator_new(the shop table of the demo), a fresh process per run\n");
    printf("j  dlopen to the first navigator, warm, median of %d runs      %8.2f ms  (best %.2f)  (target <= 2 ms: %s)\n",
           RUNS, ms_median, ms[0], ms_median <= 2.0 ? "met" : "NOT MET");
    printf("k  VmRSS growth across it, median of the same runs              %8.2f MB  (target <= 6 MB: %s)\n",
           rss_mb, rss[RUNS / 2] >= 0 && rss_mb <= 6.0 ? "met" : "NOT MET");
    free(table);
    return 0;
}
