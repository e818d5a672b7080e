/*
 * bench_links.c - the speed of links (docs/links.md), as ratios measured in the same run.
 *
 *   f) navcore_resolve_url with 10, 1,000 and 10,000 links in the table, on URLs
 *      spread over the whole table; the 10,000 / 10 ratio shows whether
 *      matching slows down as the table grows (target <= 1.5x);
 *   g) the matching step alone, the path already split, on the same 1,000
 *      patterns and request paths: navcore_match_segments against libr3's tree
 *      match (r3_tree_matchl, with and without a match_entry capturing the
 *      slugs), target within 1.2x of r3 with a match_entry and 2x without;
 *      beside it the full navcore_resolve_url of the same URLs, parsing and
 *      the JSON document included.
 *
 * The links mix four shapes, one per link, as an app's table does: an int
 * placeholder, a string placeholder, a literal path, and two int placeholders
 * (https://shop.example.com/s<i>/items/{id}, /s<i>/tags/{slug}, /s<i>/about,
 * /s<i>/users/{uid}/orders/{order}). r3 gets the same patterns, its int slugs
 * written {id:\d+}.
 *
 * Each figure is the median of 21 rounds of at least 10 ms (measure.h), the
 * rounds of the figures compared interleaved; each ratio is the median of the
 * ratios of rounds that ran back to back.
 */
#define _POSIX_C_SOURCE 200809L
#define HAVE_STRNDUP 1 /* r3_str.h declares its own strndup unless told the C library has one */

#include <r3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure.h"
#include "navcore_debug.h"

enum { PATTERNS = 1000, SAMPLE = 64, MAX_SEGMENTS = 5, TEXT = 96 };

static const char ORIGIN[] = "https://shop.example.com";

/* Link i of the synthetic table: its navcore pattern, its r3 pattern and a request path that it matches. */
static void shapes(int i, char *pattern, char *r3_pattern, char *path)
{
    switch (i % 4) {
    case 0:
        sprintf(pattern, "%s/s%d/items/{id}", ORIGIN, i);
        sprintf(r3_pattern, "/s%d/items/{id:\\d+}", i);
        sprintf(path, "/s%d/items/%d", i, i * 7);
        break;
    case 1:
        sprintf(pattern, "%s/s%d/tags/{slug}", ORIGIN, i);
        sprintf(r3_pattern, "/s%d/tags/{slug}", i);
        sprintf(path, "/s%d/tags/red-shoes", i);
        break;
    case 2:
        sprintf(pattern, "%s/s%d/about", ORIGIN, i);
        sprintf(r3_pattern, "/s%d/about", i);
        sprintf(path, "/s%d/about", i);
        break;
    default:
        sprintf(pattern, "%s/s%d/users/{uid}/orders/{order}", ORIGIN, i);
        sprintf(r3_pattern, "/s%d/users/{uid:\\d+}/orders/{order:\\d+}", i);
        sprintf(path, "/s%d/users/%d/orders/77", i, i);
        break;
    }
}

/* A navigator whose table has n links of the four shapes. */
static navcore_navigator *links_navigator(int n)
{
    static const char *const stacks[] = {"item", "tag", "about", "order"};
    size_t capacity = 512 + (size_t)n * 160;
    char *table = malloc(capacity), *p = table, pattern[TEXT], r3_pattern[TEXT], path[TEXT];
    navcore_navigator *nav = NULL;
    int i;
    if (table == NULL) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    p += sprintf(p, "{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {},"
                    " \"item\": {\"params\": {\"id\": \"int\"}}, \"tag\": {\"params\": {\"slug\": \"string\"}},"
                    " \"about\": {}, \"order\": {\"params\": {\"uid\": \"int\", \"order\": \"int\"}}},"
                    " \"links\": [");
    for (i = 0; i < n; i++) {
        shapes(i, pattern, r3_pattern, path);
        p += sprintf(p, "%s{\"url\": \"%s\", \"stack\": [\"%s\"]}", i > 0 ? "," : "", pattern, stacks[i % 4]);
    }
    strcpy(p, "]}");
    MUST(navcore_navigator_new(table, &nav));
    free(table);
    return nav;
}

/* URLs to resolve, and what one resolve batch works on. */
struct urls {
    navcore_navigator *nav;
    int count;
    char url[PATTERNS][TEXT + sizeof ORIGIN];
};

/* navcore_resolve_url + navcore_string_free, cycling through the URLs. */
static double resolve_batch(void *context, long n)
{
    struct urls *u = context;
    double start = now_ns();
    long i;
    for (i = 0; i < n; i++) {
        char *out = NULL;
        MUST(navcore_resolve_url(u->nav, u->url[i % u->count], &out));
        navcore_string_free(out);
    }
    return now_ns() - start;
}

/* SAMPLE URLs spread over the n links of nav. */
static void spread(struct urls *u, navcore_navigator *nav, int n)
{
    char pattern[TEXT], r3_pattern[TEXT], path[TEXT];
    int k;
    u->nav = nav;
    u->count = SAMPLE;
    for (k = 0; k < SAMPLE; k++) {
        shapes((int)((long)k * n / SAMPLE), pattern, r3_pattern, path);
        sprintf(u->url[k], "%s%s", ORIGIN, path);
    }
}

/* The request paths, split for navcore and whole for r3. */
struct paths {
    navcore_navigator *nav;
    node *tree;
    char path[PATTERNS][TEXT];
    char words[PATTERNS][MAX_SEGMENTS][24];
    const char *segments[PATTERNS][MAX_SEGMENTS];
    size_t count[PATTERNS];
    int length[PATTERNS];
};

/* navcore_match_segments on the split paths. */
static double match_batch(void *context, long n)
{
    struct paths *p = context;
    double start = now_ns();
    long i;
    for (i = 0; i < n; i++) {
        size_t link;
        int k = (int)(i % PATTERNS);
        MUST(navcore_match_segments(p->nav, "https", "shop.example.com", p->segments[k], p->count[k], &link));
    }
    return now_ns() - start;
}

/* n r3_tree_matchl calls, with a match_entry capturing the slugs (made and freed per match) or without. */
static double r3_batch(struct paths *p, long n, int with_entry)
{
    double start = now_ns();
    long i;
    for (i = 0; i < n; i++) {
        int k = (int)(i % PATTERNS);
        match_entry *entry = with_entry ? match_entry_createl(p->path[k], p->length[k]) : NULL;
        if (r3_tree_matchl(p->tree, p->path[k], p->length[k], entry) == NULL)
            die("r3_tree_matchl", NAVCORE_ENOMATCH);
        if (entry != NULL)
            match_entry_free(entry);
    }
    return now_ns() - start;
}

static double r3_entry_batch(void *context, long n)
{
    return r3_batch(context, n, 1);
}

static double r3_bare_batch(void *context, long n)
{
    return r3_batch(context, n, 0);
}

/*
 * The median over rounds of a's round time over b's: steadier than a ratio of
 * medians on a shared machine whose speed drifts, since round i of a and of b
 * ran back to back. Call it before result_of(), which sorts the rounds.
 */
static double round_ratio(const struct bench *a, const struct bench *b)
{
    double ratios[ROUNDS];
    int i;
    for (i = 0; i < ROUNDS; i++)
        ratios[i] = a->per_op[i] / b->per_op[i];
    qsort(ratios, ROUNDS, sizeof ratios[0], compare_doubles);
    return ratios[ROUNDS / 2];
}

/* Fills p with the 1,000 patterns in an r3 tree and the split request paths; checks both match them. */
static void prepare_paths(struct paths *p, navcore_navigator *nav)
{
    char pattern[TEXT], r3_pattern[TEXT], *error = NULL;
    int i;
    p->nav = nav;
    p->tree = r3_tree_create(10);
    for (i = 0; i < PATTERNS; i++) {
        char *word;
        size_t link = 0;
        shapes(i, pattern, r3_pattern, p->path[i]);
        r3_tree_insert_pathl(p->tree, r3_pattern, (int)strlen(r3_pattern), (void *)(long)(i + 1));
        p->length[i] = (int)strlen(p->path[i]);
        p->count[i] = 0;
        strcpy(pattern, p->path[i] + 1);
        for (word = strtok(pattern, "/"); word != NULL && p->count[i] < MAX_SEGMENTS; word = strtok(NULL, "/")) {
            strcpy(p->words[i][p->count[i]], word);
            p->segments[i][p->count[i]] = p->words[i][p->count[i]];
            p->count[i]++;
        }
        MUST(navcore_match_segments(nav, "https", "shop.example.com", p->segments[i], p->count[i], &link));
        if (link != (size_t)i) {
            fprintf(stderr, "bench: navcore matched %s to link %lu\n", p->path[i], (unsigned long)link);
            exit(1);
        }
    }
    if (r3_tree_compile(p->tree, &error) != 0) {
        fprintf(stderr, "bench: r3_tree_compile: %s\n", error != NULL ? error : "failed");
        exit(1);
    }
    for (i = 0; i < PATTERNS; i++) {
        node *matched = r3_tree_matchl(p->tree, p->path[i], p->length[i], NULL);
        if (matched == NULL || matched->data != (void *)(long)(i + 1)) {
            fprintf(stderr, "bench: r3 does not match %s to its pattern\n", p->path[i]);
            exit(1);
        }
    }
}

int main(void)
{
    static struct urls small, medium, large, all;
    static struct paths paths;
    navcore_navigator *nav10 = links_navigator(10), *nav1k = links_navigator(PATTERNS);
    navcore_navigator *nav10k = links_navigator(10000);
    struct result r10, r1k, r10k, match_r, r3_entry, r3_bare, resolve_r;
    double scaling, versus_entry, versus_bare;
    int i;

    printf("navcore %s links bench: median of %d rounds per figure, ns per operation\n\n",
           navcore_version(), ROUNDS);

    spread(&small, nav10, 10);
    spread(&medium, nav1k, PATTERNS);
    spread(&large, nav10k, 10000);
    {
        struct bench set[3] = {{resolve_batch, NULL, 0, {0}}, {resolve_batch, NULL, 0, {0}},
                               {resolve_batch, NULL, 0, {0}}};
        set[0].context = &small;
        set[1].context = &medium;
        set[2].context = &large;
        measure(set, 3);
        scaling = round_ratio(&set[2], &set[0]);
        r10 = result_of(&set[0]);
        r1k = result_of(&set[1]);
        r10k = result_of(&set[2]);
    }
    printf("f  navcore_resolve_url + navcore_string_free, %d URLs spread over the table\n", SAMPLE);
    row("   10 links", r10);
    row("   1,000 links", r1k);
    row("   10,000 links", r10k);
    printf("   ratio 10,000 / 10 links: %.2fx   (target <= 1.50x: %s)\n\n", scaling,
           scaling <= 1.5 ? "met" : "NOT MET");

    prepare_paths(&paths, nav1k);
    all.nav = nav1k;
    all.count = PATTERNS;
    for (i = 0; i < PATTERNS; i++)
        sprintf(all.url[i], "%s%s", ORIGIN, paths.path[i]);
    {
        struct bench set[4] = {{match_batch, NULL, 0, {0}}, {r3_entry_batch, NULL, 0, {0}},
                               {r3_bare_batch, NULL, 0, {0}}, {resolve_batch, NULL, 0, {0}}};
        set[0].context = &paths;
        set[1].context = &paths;
        set[2].context = &paths;
        set[3].context = &all;
        measure(set, 4);
        versus_entry = round_ratio(&set[0], &set[1]);
        versus_bare = round_ratio(&set[0], &set[2]);
        match_r = result_of(&set[0]);
        r3_entry = result_of(&set[1]);
        r3_bare = result_of(&set[2]);
        resolve_r = result_of(&set[3]);
    }
    printf("g  the matching step on %d patterns and request paths, every path in turn\n", PATTERNS);
    row("   navcore_match_segments (path split, placeholders typed)", match_r);
    row("   r3_tree_matchl with a match_entry (slugs captured)", r3_entry);
    row("   r3_tree_matchl without a match_entry", r3_bare);
    row("   navcore_resolve_url + string_free (URL parsed, JSON out)", resolve_r);
    printf("   ratio navcore / r3 with entry: %.2fx   (target <= 1.20x: %s)\n", versus_entry,
           versus_entry <= 1.2 ? "met" : "NOT MET");
    printf("   ratio navcore / r3 without entry: %.2fx   (target <= 2.00x: %s)\n", versus_bare,
           versus_bare <= 2.0 ? "met" : "NOT MET");
    printf("     navcore's step is a C call: the lock, UTF-8 checks of the C strings, a hash lookup\n"
           "     per literal segment, and each placeholder parsed as its type; r3 walks a compiled\n"
           "     radix tree of the whole path string.\n");

    r3_tree_free(paths.tree);
    navcore_navigator_free(nav10);
    navcore_navigator_free(nav1k);
    navcore_navigator_free(nav10k);
    return 0;
}
