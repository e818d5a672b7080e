/*
 * measure.h - the timing of navcore's benchmarks (bench.c, bench_links.c, bench_conditions.c).
 *
 * Each figure is the median over ROUNDS timed rounds (the best round is kept
 * too); a round runs enough iterations to last at least 10 ms, and the rounds
 * of the figures measured together are interleaved, so that a busy moment of
 * the machine hits all of them alike.
 */
#ifndef NAVCORE_BENCH_MEASURE_H
#define NAVCORE_BENCH_MEASURE_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "navcore.h"

enum { ROUNDS = 21 };

static inline void die(const char *what, int rc)
{
    fprintf(stderr, "bench: %s failed: %s: %s\n", what, navcore_status_string(rc),
            navcore_last_error_message());
    exit(1);
}

#define MUST(call)                   \
    do {                             \
        int rc_ = (call);            \
        if (rc_ != NAVCORE_OK)       \
            die(#call, rc_);         \
    } while (0)

static inline double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static inline int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

struct result {
    double median; /* ns per operation */
    double best;
};

/* One timed batch: runs n operations, returns the nanoseconds they took (setup excluded). */
typedef double (*batch_fn)(void *context, long n);

struct bench {
    batch_fn batch;
    void *context;
    long n;                /* operations per round */
    double per_op[ROUNDS]; /* ns per operation, one per round */
};

/*
 * Measures several benchmarks together: sizes each one's rounds to last at
 * least 10 ms, then runs round i of every benchmark before round i + 1 of
 * any, so that a busy moment of the machine hits all of them alike.
 */
static inline void measure(struct bench *benches, int count)
{
    int i, round;
    for (i = 0; i < count; i++) {
        struct bench *b = &benches[i];
        b->n = 16;
        b->batch(b->context, b->n); /* warm up */
        while (b->batch(b->context, b->n) < 10e6 && b->n < (1L << 24))
            b->n *= 2;
    }
    for (round = 0; round < ROUNDS; round++)
        for (i = 0; i < count; i++)
            benches[i].per_op[round] =
                benches[i].batch(benches[i].context, benches[i].n) / (double)benches[i].n;
}

/* The median and best round of a measured benchmark. */
static inline struct result result_of(struct bench *b)
{
    struct result r;
    qsort(b->per_op, ROUNDS, sizeof b->per_op[0], compare_doubles);
    r.median = b->per_op[ROUNDS / 2];
    r.best = b->per_op[0];
    return r;
}

/* Prints one figure: its label, median and best round. */
static inline void row(const char *label, struct result r)
{
    printf("  %-58s %10.0f ns  (best %.0f)\n", label, r.median, r.best);
}

/* Prints a ratio with its target: "(target <= limit: met)" or "NOT MET". */
static inline void ratio_row(const char *label, double ratio, double limit)
{
    printf("  %-58s %10.2fx  (target <= %.2gx: %s)\n", label, ratio, limit, ratio <= limit ? "met" : "NOT MET");
}

/* n pushes of product (id 42) on nav (the context) timed, then n pops untimed:
 * the depth returns to where it was. */
static inline double push_batch(void *context, long n)
{
    navcore_navigator *nav = context;
    double start = now_ns(), elapsed;
    long i;
    for (i = 0; i < n; i++)
        MUST(navcore_push(nav, "product", "{\"id\": 42}", NULL));
    elapsed = now_ns() - start;
    MUST(navcore_pop(nav, (int)n, NULL));
    return elapsed;
}

/* n pushes and pops of product (id 42) on nav (the context), both timed. */
static inline double push_pop_batch(void *context, long n)
{
    navcore_navigator *nav = context;
    double start = now_ns();
    long i;
    for (i = 0; i < n; i++) {
        MUST(navcore_push(nav, "product", "{\"id\": 42}", NULL));
        MUST(navcore_pop(nav, 1, NULL));
    }
    return now_ns() - start;
}

#endif /* NAVCORE_BENCH_MEASURE_H */
