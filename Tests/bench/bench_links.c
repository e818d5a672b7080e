/*
 * bench_links.c - the speed of links (docs/links.md), as ratios measured in the same run.
 *
 *   f) navcore_resolve_url with 10, 1,000 and 10,000 links in the table, on URLs
 *      spread over the whole table; the 10,000 / 10 ratio shows whether
 *      matching slows down as the table grows (target <= 1.1x). The same with
 *      10 and 10,000 links of which half have an optional segment
 *      (/s<i>/{lang?}/about, the optional present in every other URL) or a
 *      catch-all (/s<i>/files/{*path}) (target <= 1.1x). The same with
 *      10 and 10,000 links on a nested table, each link into a stack inside a
 *      route's layout (the Privacy tab of a settings sheet, or the Following
 *      tab of an explore tab), whose resolution also names its into and layer
 *      (target <= 1.1x);
 *   g) the matching step alone, the path already split, on the same 1,000
 *      patterns and request paths: navcore_match_segments against libr3's tree
 *      match (r3_tree_matchl, with and without a match_entry capturing the
 *      slugs), target within 1.2x of r3 with a match_entry and 2x without;
 *      beside it the full navcore_resolve_url of the same URLs, parsing and
 *      the JSON document included;
 *   h) placing a link with navcore_open_url (NULL transition_out) into a stack
 *      three containers down (a tab holding tabs holding tabs) against placing
 *      the same link on a flat navigator's one stack (target <= 1.3x); two URLs
 *      opened in turn, each replacing the route the other placed, so every
 *      call places a route and the rounds repeat.
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

/* The synthetic tables: links on a flat table's one stack, links into nested stacks, or links on a
 * flat table whose third and fourth shapes are an optional segment and a catch-all. */
enum table_kind { FLAT, NESTED, KINDS };

/* Link i of the synthetic table of kind: its navcore pattern, its r3 pattern and a request path
 * that it matches (for KINDS, the optional segment present in every other such link's path). */
static void shapes(int i, enum table_kind kind, char *pattern, char *r3_pattern, char *path)
{
    if (kind == KINDS && i % 4 >= 2) {
        if (i % 4 == 2) {
            sprintf(pattern, "%s/s%d/{lang?}/about", ORIGIN, i);
            sprintf(path, (i / 4) % 2 == 0 ? "/s%d/en/about" : "/s%d/about", i);
        } else {
            sprintf(pattern, "%s/s%d/files/{*path}", ORIGIN, i);
            sprintf(path, "/s%d/files/docs/%d/notes", i, i);
        }
        strcpy(r3_pattern, path);
        return;
    }
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

/*
 * The containers of the nested table (docs/links.md, "Links into nested
 * containers"): the base tab explore holds tabs (foryou, following), and the
 * route settings, presented as a sheet, holds tabs (general, privacy).
 */
static const char NESTED_ROUTES[] =
    " \"explore\": {\"layout\": {\"tabs\": [{\"name\": \"foryou\", \"root\": \"feed\"},"
    " {\"name\": \"following\", \"root\": \"following\"}]}}, \"feed\": {}, \"following\": {},"
    " \"settings\": {\"layout\": {\"tabs\": [{\"name\": \"general\", \"root\": \"general\"},"
    " {\"name\": \"privacy\", \"root\": \"privacy\"}]}}, \"general\": {}, \"privacy\": {},";

/* The into of link i of the nested table: in turn, every four links (so every shape goes to both),
 * the Privacy tab of the settings sheet (a layer) and the Following tab of the explore tab. */
static const char *into_of(int i)
{
    return (i / 4) % 2 == 0 ? "settings/privacy" : "explore/following";
}

/* A navigator whose table has n links of the four shapes of kind: on the one stack of a flat table,
 * or for NESTED, each into a stack inside a route's layout (into_of). */
static navcore_navigator *links_navigator(int n, enum table_kind kind)
{
    static const char *const stacks[] = {"item", "tag", "about", "order"};
    int nested = kind == NESTED;
    size_t capacity = 1024 + (size_t)n * 200;
    char *table = malloc(capacity), *p = table, pattern[TEXT], r3_pattern[TEXT], path[TEXT], into[40] = "";
    navcore_navigator *nav = NULL;
    int i;
    if (table == NULL) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    p += sprintf(p, "{\"navcore\": 1, %s \"routes\": {\"home\": {},%s"
                    " \"item\": {\"params\": {\"id\": \"int\"}}, \"tag\": {\"params\": {\"slug\": \"string\"}},"
                    " %s,"
                    " \"links\": [",
                 nested ? "\"tabs\": [{\"name\": \"home\", \"root\": \"home\"}, {\"name\": \"explore\", \"root\": \"explore\"}],"
                        : "\"root\": \"home\",",
                 nested ? NESTED_ROUTES : "",
                 kind == KINDS ? "\"about\": {\"params\": {\"lang\": {\"type\": \"string\", \"optional\": true}}},"
                                 " \"order\": {\"params\": {\"path\": {\"list\": \"string\"}}}}"
                               : "\"about\": {}, \"order\": {\"params\": {\"uid\": \"int\", \"order\": \"int\"}}}");
    for (i = 0; i < n; i++) {
        shapes(i, kind, pattern, r3_pattern, path);
        if (nested)
            sprintf(into, ", \"into\": \"%s\"", into_of(i));
        p += sprintf(p, "%s{\"url\": \"%s\", \"stack\": [\"%s\"]%s}", i > 0 ? "," : "", pattern, stacks[i % 4], into);
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

/* Whether text holds fragment; if not, says so with what, and text. */
static int holds(const char *text, const char *fragment, const char *what)
{
    if (strstr(text, fragment) != NULL)
        return 1;
    fprintf(stderr, "bench: %s lacks %s: %s\n", what, fragment, text);
    return 0;
}

/* SAMPLE URLs spread over the n links of nav, a table of kind, each checked to resolve to its own
 * link (and, nested, to its into and its layer) before anything is timed. */
static void spread(struct urls *u, navcore_navigator *nav, int n, enum table_kind kind)
{
    int nested = kind == NESTED;
    char pattern[TEXT], r3_pattern[TEXT], path[TEXT], fragment[TEXT + 16];
    int k;
    u->nav = nav;
    u->count = SAMPLE;
    for (k = 0; k < SAMPLE; k++) {
        char *out = NULL;
        int link = (int)((long)k * n / SAMPLE), fits;
        shapes(link, kind, pattern, r3_pattern, path);
        sprintf(u->url[k], "%s%s", ORIGIN, path);
        MUST(navcore_resolve_url(nav, u->url[k], &out));
        sprintf(fragment, "\"link\":\"%s\"", pattern);
        fits = holds(out, fragment, u->url[k]);
        if (nested) {
            sprintf(fragment, "\"into\":\"%s\"", into_of(link));
            fits = fits && holds(out, fragment, u->url[k]);
            if (strcmp(into_of(link), "settings/privacy") == 0)
                fits = fits && holds(out, "\"layers\":[{\"name\":\"settings\"", u->url[k]);
        } else if (strstr(out, "\"into\"") != NULL) {
            fprintf(stderr, "bench: %s resolves into a nested stack: %s\n", u->url[k], out);
            fits = 0;
        }
        navcore_string_free(out);
        if (!fits)
            exit(1);
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
        shapes(i, FLAT, pattern, r3_pattern, p->path[i]);
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

/*
 * h) Placing a link. The same link, myapp://product/{id} placing [product], on a flat table's one
 * stack and into deep/mid/other, a stack three containers down: the base tab deep holds tabs
 * (mid, side), mid's root holds tabs (leaf, other).
 */
static const char FLAT_PLACE[] =
    "{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {\"title\": \"Home\"},"
    " \"product\": {\"params\": {\"id\": \"int\"}, \"title\": \"Product {id}\"}},"
    " \"links\": [{\"url\": \"myapp://product/{id}\", \"stack\": [\"product\"]}]}";
static const char NESTED_PLACE[] =
    "{\"navcore\": 1, \"routes\": {\"home\": {\"title\": \"Home\"},"
    " \"product\": {\"params\": {\"id\": \"int\"}, \"title\": \"Product {id}\"},"
    " \"outer\": {\"layout\": {\"tabs\": [{\"name\": \"mid\", \"root\": \"inner\"}, {\"name\": \"side\", \"root\": \"home\"}]}},"
    " \"inner\": {\"layout\": {\"tabs\": [{\"name\": \"leaf\", \"root\": \"home\"}, {\"name\": \"other\", \"root\": \"home\"}]}}},"
    " \"tabs\": [{\"name\": \"deep\", \"root\": \"outer\"}, {\"name\": \"big\", \"root\": \"home\"}],"
    " \"links\": [{\"url\": \"myapp://product/{id}\", \"stack\": [\"product\"], \"into\": \"deep/mid/other\"}]}";

/* The two URLs a placement batch opens in turn, each replacing the product the other placed. */
static const char *const PLACED[2] = {"myapp://product/1", "myapp://product/2"};

/* n navcore_open_url calls, NULL transition_out, opening PLACED[0] and PLACED[1] in turn: n is
 * even (measure.h doubles 16), so the batch ends with product 2 placed, as it began. */
static double place_batch(void *context, long n)
{
    navcore_navigator *nav = context;
    double start = now_ns();
    long i;
    for (i = 0; i < n; i++)
        MUST(navcore_open_url(nav, PLACED[i & 1], NAVCORE_OPEN_DEFAULT, NULL));
    return now_ns() - start;
}

/* Whether nav's active stack is `stack`, holding [home, product(2)]. */
static int placed_ok(const navcore_navigator *nav, const char *stack)
{
    char *state = NULL, *entries = NULL, fragment[64];
    const char *at;
    int titles = 0, fits;
    MUST(navcore_state(nav, &state));
    MUST(navcore_stack(nav, &entries));
    for (at = strstr(entries, "\"title\":"); at != NULL; at = strstr(at + 1, "\"title\":"))
        titles++;
    sprintf(fragment, "\"active_stack\":\"%s\"", stack);
    fits = holds(state, fragment, "the state") && holds(entries, "\"name\":\"home\"", "the active stack")
           && holds(entries, "\"name\":\"product\",\"params\":{\"id\":2}", "the active stack");
    if (fits && titles != 2) {
        fprintf(stderr, "bench: the active stack holds %d entries, not 2: %s\n", titles, entries);
        fits = 0;
    }
    navcore_string_free(state);
    navcore_string_free(entries);
    return fits;
}

/* A navigator of table with PLACED[1] placed, each placement checked to change its stack. */
static navcore_navigator *placing_navigator(const char *table, const char *stack)
{
    navcore_navigator *nav = NULL;
    char *transition = NULL, fragment[64];
    int turn;
    MUST(navcore_navigator_new(table, &nav));
    sprintf(fragment, "\"%s\":{\"removed\":[", stack);
    for (turn = 0; turn < 2; turn++) {
        MUST(navcore_open_url(nav, PLACED[turn], NAVCORE_OPEN_DEFAULT, &transition));
        if (!holds(transition, "\"changed\":true", "a placement") || !holds(transition, fragment, "a placement"))
            exit(1);
        navcore_string_free(transition);
    }
    if (!placed_ok(nav, stack))
        exit(1);
    return nav;
}

/* h) Placing a link three levels deep against placing it on a flat navigator. */
static void placement_costs(void)
{
    navcore_navigator *flat = placing_navigator(FLAT_PLACE, "main"),
                      *deep = placing_navigator(NESTED_PLACE, "deep/mid/other");
    struct bench set[2] = {{place_batch, NULL, 0, {0}}, {place_batch, NULL, 0, {0}}};
    struct result r[2];
    double ratio;
    set[0].context = flat;
    set[1].context = deep;
    measure(set, 2);
    ratio = round_ratio(&set[1], &set[0]);
    r[0] = result_of(&set[0]);
    r[1] = result_of(&set[1]);
    if (!placed_ok(flat, "main") || !placed_ok(deep, "deep/mid/other"))
        exit(1);
    navcore_navigator_free(flat);
    navcore_navigator_free(deep);
    printf("h  placing a link: navcore_open_url(myapp://product/1, then /2, ...), NULL transition_out\n");
    row("   on a flat navigator's one stack", r[0]);
    row("   into deep/mid/other, three containers down", r[1]);
    ratio_row("   ratio three levels deep / flat", ratio, 1.3);
    printf("     each call replaces the product the call before placed, so both stacks stay\n"
           "     [home, product]; the nested one's tabs are selected already, so the walk\n"
           "     down the tree finds nothing to change at any level.\n");
}

int main(void)
{
    static struct urls small, medium, large, nested_small, nested_large, kinds_small, kinds_large, all;
    static struct paths paths;
    navcore_navigator *nav10 = links_navigator(10, FLAT), *nav1k = links_navigator(PATTERNS, FLAT);
    navcore_navigator *nav10k = links_navigator(10000, FLAT), *nested10 = links_navigator(10, NESTED);
    navcore_navigator *nested10k = links_navigator(10000, NESTED), *kinds10 = links_navigator(10, KINDS);
    navcore_navigator *kinds10k = links_navigator(10000, KINDS);
    struct result r[7], match_r, r3_entry, r3_bare, resolve_r;
    double scaling, nested_scaling, kinds_scaling, versus_entry, versus_bare;
    int i;

    printf("navcore %s links bench: median of %d rounds per figure, ns per operation\n\n",
           navcore_version(), ROUNDS);

    spread(&small, nav10, 10, FLAT);
    spread(&medium, nav1k, PATTERNS, FLAT);
    spread(&large, nav10k, 10000, FLAT);
    spread(&nested_small, nested10, 10, NESTED);
    spread(&nested_large, nested10k, 10000, NESTED);
    spread(&kinds_small, kinds10, 10, KINDS);
    spread(&kinds_large, kinds10k, 10000, KINDS);
    {
        struct bench set[7];
        struct urls *figures[7] = {&small, &medium, &large, &nested_small, &nested_large, &kinds_small, &kinds_large};
        for (i = 0; i < 7; i++) {
            set[i].batch = resolve_batch;
            set[i].context = figures[i];
        }
        measure(set, 7);
        scaling = round_ratio(&set[2], &set[0]);
        nested_scaling = round_ratio(&set[4], &set[3]);
        kinds_scaling = round_ratio(&set[6], &set[5]);
        for (i = 0; i < 7; i++)
            r[i] = result_of(&set[i]);
    }
    printf("f  navcore_resolve_url + navcore_string_free, %d URLs spread over the table\n", SAMPLE);
    row("   10 links", r[0]);
    row("   1,000 links", r[1]);
    row("   10,000 links", r[2]);
    row("   nested: 10 links into a sheet's tab or a tab's tab", r[3]);
    row("   nested: 10,000 links into a sheet's tab or a tab's tab", r[4]);
    row("   with optional and catch-all links: 10 links", r[5]);
    row("   with optional and catch-all links: 10,000 links", r[6]);
    ratio_row("   ratio 10,000 / 10 links", scaling, 1.1);
    ratio_row("   ratio nested 10,000 / 10 links", nested_scaling, 1.1);
    ratio_row("   ratio with optional and catch-all links 10,000 / 10", kinds_scaling, 1.1);
    printf("\n");
    navcore_navigator_free(nested10);
    navcore_navigator_free(nested10k);
    navcore_navigator_free(kinds10);
    navcore_navigator_free(kinds10k);

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

    printf("\n");
    placement_costs();

    r3_tree_free(paths.tree);
    navcore_navigator_free(nav10);
    navcore_navigator_free(nav1k);
    navcore_navigator_free(nav10k);
    return 0;
}
