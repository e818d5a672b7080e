/*
 * bench.c - navcore's benchmarks, as ratios to a floor measured in the same run.
 *
 *   a) the floor: what any JSON-in, JSON-out engine must pay with jansson: parse
 *      the push action text and serialise the resulting state document;
 *   b) navcore: the same push through navcore_apply, then navcore_state;
 *   c) the ratio b/a against its target;
 *   d) the cost of one push (and one pop) at path depth 10 and at depth
 *      100,000, whose ratio shows whether pushes are O(1), beside one jansson
 *      parse of the params the push takes;
 *   e) tab and presentation round trips, with their transitions: select
 *      another tab and back, and present a sheet then dismiss it, each as a
 *      ratio to the floor of a); and the select_tab round trip with 10 and with
 *      10,000 entries in a background tab, whose ratio shows that switching
 *      tabs neither copies nor re-encodes the other tabs' stacks;
 *   f) snapshot and restore of a 10-entry and a 10,000-entry navigator, as
 *      ratios to jansson's own dump and load of the same snapshot document,
 *      and their cost per entry at both sizes (linear: about constant);
 *   g) pushes with 10 and with 1,000 layers presented below;
 *   h) the cost of a delivery per listener with 1,000 and 80,000 subscriptions;
 *   i) a guarded push: navcore_push on a table without redirects and no guard,
 *      on one whose redirects apply to the pushed route but do not fire (target
 *      <= 1.2x), and with a guard that allows everything (for reference);
 *   o) the view model a shell renders after each change (docs/shells.md):
 *      navcore_view_model of a tabs navigator after a push, as a ratio to
 *      jansson's own dump of the same document (target <= 1.0x);
 *   n) nested containers (docs/structure.md, "Nesting"): a push + pop in a leaf
 *      stack three levels deep, with 10,000 entries in other subtrees, against
 *      one in a flat navigator (target <= 1.3x); select_tab of a nested tabs
 *      container with 10,000 against 10 entries elsewhere (<= 1.1x); back in
 *      a leaf stack four levels deep against back in a flat navigator (<= 1.5x).
 *
 * Each figure is the median over ROUNDS timed rounds (the best round is shown
 * too); a round runs enough iterations to last at least 10 ms, and the rounds
 * of the figures compared with each other are interleaved.
 */
#define _POSIX_C_SOURCE 200809L

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure.h"
#include "navcore.h"

static const char SHOP[] =
    "{\"navcore\": 1, \"version\": 3, \"root\": \"home\", \"routes\": {"
    "\"home\": {\"title\": \"Home\"},"
    "\"category\": {\"params\": {\"slug\": \"string\"}, \"title\": \"{slug}\"},"
    "\"product\": {\"params\": {\"id\": \"int\"}, \"title\": \"Product {id}\"},"
    "\"search\": {\"params\": {\"q\": {\"type\": \"string\", \"optional\": true}}, \"title\": \"Search\"},"
    "\"subscription\": {\"params\": {\"plan\": {\"enum\": [\"monthly\", \"yearly\"],"
    " \"default\": \"monthly\"}}}}}";

/* Three tabs (docs/structure.md); the settings tab takes any route, so it can be made deep. */
static const char TABS[] =
    "{\"navcore\": 1, \"routes\": {"
    "\"home\": {\"title\": \"Home\"},"
    "\"product\": {\"params\": {\"id\": \"int\"}, \"title\": \"Product {id}\"},"
    "\"cart\": {\"title\": \"Cart\"},"
    "\"settings\": {\"title\": \"Settings\"},"
    "\"login\": {\"title\": \"Sign in\"}},"
    " \"tabs\": [{\"name\": \"shop\", \"root\": \"home\"},"
    " {\"name\": \"cart\", \"root\": \"cart\", \"routes\": [\"cart\", \"product\"]},"
    " {\"name\": \"settings\", \"root\": \"settings\"}]}";

/* SHOP with a condition and redirects of the pushed route ("product") that do not fire while signed out. */
static const char SHOP_REDIRECTS[] =
    "{\"navcore\": 1, \"version\": 3, \"root\": \"home\", \"routes\": {"
    "\"home\": {\"title\": \"Home\"},"
    "\"login\": {\"title\": \"Sign in\"},"
    "\"product\": {\"params\": {\"id\": \"int\"}, \"title\": \"Product {id}\"}},"
    " \"conditions\": {\"signed_in\": {}, \"onboarded\": {\"initial\": true}},"
    " \"redirects\": [{\"from\": \"product\", \"when\": {\"onboarded\": true, \"signed_in\": true}, \"to\": \"home\"},"
    " {\"from\": \"product\", \"when\": {\"onboarded\": false}, \"to\": \"login\"},"
    " {\"from\": \"login\", \"when\": {\"signed_in\": true}, \"to\": \"home\"}]}";

/*
 * Containers in containers: the deep tab's root holds tabs (mid, side), mid's root
 * holds tabs (leaf, other), leaf's root holds a split view. So deep/mid/other is a
 * leaf stack three levels deep (its container and the two around it), and
 * deep/mid/leaf/detail one four levels deep. The big tab holds the other subtrees.
 */
static const char NESTED[] =
    "{\"navcore\": 1, \"routes\": {"
    "\"home\": {\"title\": \"Home\"},"
    "\"product\": {\"params\": {\"id\": \"int\"}, \"title\": \"Product {id}\"},"
    "\"outer\": {\"layout\": {\"tabs\": [{\"name\": \"mid\", \"root\": \"inner\"}, {\"name\": \"side\", \"root\": \"home\"}]}},"
    "\"inner\": {\"layout\": {\"tabs\": [{\"name\": \"leaf\", \"root\": \"core\"}, {\"name\": \"other\", \"root\": \"home\"}]}},"
    "\"core\": {\"layout\": {\"root\": \"home\", \"split\": {\"sidebar\": [\"home\"]}}}},"
    " \"tabs\": [{\"name\": \"deep\", \"root\": \"outer\"}, {\"name\": \"big\", \"root\": \"home\"}]}";

static const char PUSH[] = "{\"op\":\"push\",\"route\":{\"name\":\"product\",\"params\":{\"id\":42}}}";

/* ---- a) the floor ---------------------------------------------------------- */

/* json_loads of the push action text plus json_dumps of the state tree, per operation. */
static double floor_batch(void *context, long n)
{
    json_t *state = context;
    double start = now_ns();
    long i;
    for (i = 0; i < n; i++) {
        json_t *action = json_loads(PUSH, 0, NULL);
        char *text = json_dumps(state, JSON_COMPACT);
        if (action == NULL || text == NULL) {
            fprintf(stderr, "bench: jansson failed\n");
            exit(1);
        }
        json_decref(action);
        free(text);
    }
    return now_ns() - start;
}

/* ---- b) navcore -------------------------------------------------------------- */

/* navcore_apply(push) + navcore_state + navcore_string_free + navcore_pop(1), per operation. */
static double push_state_pop_batch(void *context, long n)
{
    navcore_navigator *nav = context;
    double start = now_ns();
    long i;
    for (i = 0; i < n; i++) {
        char *state = NULL;
        MUST(navcore_apply(nav, PUSH, NULL));
        MUST(navcore_state(nav, &state));
        navcore_string_free(state);
        MUST(navcore_pop(nav, 1, NULL));
    }
    return now_ns() - start;
}

/* n timed removals, each of an entry pushed untimed (16 at a time): navcore_pop(1), or with back navcore_back. */
static double removal_batch(navcore_navigator *nav, long n, int back)
{
    double total = 0;
    long done = 0;
    while (done < n) {
        long k = n - done < 16 ? n - done : 16, i;
        double start;
        for (i = 0; i < k; i++)
            MUST(navcore_apply(nav, PUSH, NULL));
        start = now_ns();
        for (i = 0; i < k; i++)
            MUST(back ? navcore_back(nav, NULL) : navcore_pop(nav, 1, NULL));
        total += now_ns() - start;
        done += k;
    }
    return total;
}

/* navcore_pop(1) alone, at the same depths: pushes untimed, then pops timed. */
static double pop_batch(void *context, long n)
{
    return removal_batch(context, n, 0);
}

/* ---- d) push and pop at depth -------------------------------------------------- */

/* n pushes untimed (in one batch), then n single pops timed. */
static double pop_one_batch(void *context, long n)
{
    navcore_navigator *nav = context;
    double start;
    long i;
    for (i = 0; i < n; i++)
        MUST(navcore_push(nav, "product", "{\"id\": 42}", NULL));
    start = now_ns();
    for (i = 0; i < n; i++)
        MUST(navcore_pop(nav, 1, NULL));
    return now_ns() - start;
}

/* json_loads of the params navcore_push takes ("{\"id\": 42}") + json_decref, per operation. */
static double params_batch(void *context, long n)
{
    double start = now_ns();
    long i;
    (void)context;
    for (i = 0; i < n; i++) {
        json_t *params = json_loads("{\"id\": 42}", 0, NULL);
        if (params == NULL) {
            fprintf(stderr, "bench: jansson failed\n");
            exit(1);
        }
        json_decref(params);
    }
    return now_ns() - start;
}

/* ---- e) tabs and presentations ----------------------------------------------------- */

/* A navigator and the tabs a select_tab round trip goes to and back to. */
struct tab_trip {
    navcore_navigator *nav;
    const char *there, *back;
};

/* select_tab(there) + select_tab(back), each with its transition freed: one round trip per operation. */
static double select_tab_batch(void *context, long n)
{
    struct tab_trip *trip = context;
    double start = now_ns();
    long i;
    for (i = 0; i < n; i++) {
        char *transition = NULL;
        MUST(navcore_select_tab(trip->nav, trip->there, &transition));
        navcore_string_free(transition);
        transition = NULL;
        MUST(navcore_select_tab(trip->nav, trip->back, &transition));
        navcore_string_free(transition);
    }
    return now_ns() - start;
}

/* present(login) + dismiss, each with its transition freed: one round trip per operation. */
static double present_dismiss_batch(void *context, long n)
{
    navcore_navigator *nav = context;
    double start = now_ns();
    long i;
    for (i = 0; i < n; i++) {
        char *transition = NULL;
        MUST(navcore_present(nav, "login", NULL, NULL, &transition));
        navcore_string_free(transition);
        transition = NULL;
        MUST(navcore_dismiss(nav, 0, &transition));
        navcore_string_free(transition);
    }
    return now_ns() - start;
}

/*
 * A tabs navigator: the shop tab (selected) holds 10 entries, the cart tab
 * its root, and the settings tab, never selected, `background` entries.
 */
static navcore_navigator *tabs_navigator(int background)
{
    navcore_navigator *nav = NULL;
    static const char unit[] = ",{\"name\":\"product\",\"params\":{\"id\":42}}";
    char *actions = malloc(sizeof unit * (size_t)background + 1024), *p = actions; /* + the shop tab */
    int i;
    if (actions == NULL) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    MUST(navcore_navigator_new(TABS, &nav));
    p += sprintf(p, "[{\"op\":\"set_stack\",\"tab\":\"settings\",\"routes\":[{\"name\":\"home\"}");
    for (i = 2; i < background; i++) {
        memcpy(p, unit, sizeof unit - 1);
        p += sizeof unit - 1;
    }
    p += sprintf(p, "]},{\"op\":\"set_stack\",\"tab\":\"shop\",\"routes\":[");
    for (i = 1; i < 10; i++)
        p += sprintf(p, "%s{\"name\":\"product\",\"params\":{\"id\":%d}}", i > 1 ? "," : "", i);
    strcpy(p, "]}]");
    MUST(navcore_apply(nav, actions, NULL));
    free(actions);
    return nav;
}

/* ---- f) snapshot and restore ------------------------------------------------------- */

/* A navigator and its snapshot, as text and as a jansson tree. */
struct snapshot_case {
    navcore_navigator *nav;
    char *text;
    json_t *tree;
};

/* json_dumps of the snapshot tree, text freed: the floor of navcore_snapshot. */
static double dump_batch(void *context, long n)
{
    struct snapshot_case *c = context;
    double start = now_ns();
    long i;
    for (i = 0; i < n; i++)
        free(json_dumps(c->tree, JSON_COMPACT));
    return now_ns() - start;
}

/* navcore_snapshot, text freed. */
static double snapshot_batch(void *context, long n)
{
    struct snapshot_case *c = context;
    double start = now_ns();
    long i;
    for (i = 0; i < n; i++) {
        char *text = NULL;
        MUST(navcore_snapshot(c->nav, &text));
        navcore_string_free(text);
    }
    return now_ns() - start;
}

/* json_loads of the snapshot text, tree freed: the floor of navcore_restore. */
static double load_batch(void *context, long n)
{
    struct snapshot_case *c = context;
    double start = now_ns();
    long i;
    for (i = 0; i < n; i++)
        json_decref(json_loads(c->text, 0, NULL));
    return now_ns() - start;
}

/*
 * navcore_restore of the snapshot into a new navigator, as at launch, with
 * its report written and freed. The navigators are made and freed untimed,
 * 8 at a time.
 */
static double restore_batch(void *context, long n)
{
    struct snapshot_case *c = context;
    navcore_navigator *fresh[8];
    double total = 0;
    long done = 0;
    while (done < n) {
        long k = n - done < 8 ? n - done : 8, i;
        double start;
        for (i = 0; i < k; i++)
            MUST(navcore_navigator_new(SHOP, &fresh[i]));
        start = now_ns();
        for (i = 0; i < k; i++) {
            char *report = NULL;
            MUST(navcore_restore(fresh[i], c->text, NULL, NULL, &report));
            navcore_string_free(report);
        }
        total += now_ns() - start;
        for (i = 0; i < k; i++)
            navcore_navigator_free(fresh[i]);
        done += k;
    }
    return total;
}

/* The number of entries of one base stack of nav. */
static size_t stack_size(const navcore_navigator *nav, const char *name)
{
    char *text = NULL;
    json_t *state;
    size_t n;
    MUST(navcore_state(nav, &text));
    state = json_loads(text, 0, NULL);
    n = json_array_size(json_object_get(json_object_get(json_object_get(state, "stacks"), name), "entries"));
    json_decref(state);
    navcore_string_free(text);
    return n;
}

/* A navigator whose active stack holds `entries` entries, root included: pushed
 * in batches of NAVCORE_MAX_BATCH_ACTIONS. */
static navcore_navigator *navigator_at(int entries)
{
    navcore_navigator *nav = NULL;
    static const char unit[] = "{\"op\":\"push\",\"route\":{\"name\":\"product\",\"params\":{\"id\":42}}},";
    char *batch = malloc(sizeof unit * NAVCORE_MAX_BATCH_ACTIONS + 2);
    int pushed = 1;
    if (batch == NULL) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    MUST(navcore_navigator_new(SHOP, &nav));
    while (pushed < entries) {
        char *p = batch;
        int i;
        *p++ = '[';
        for (i = 0; i < NAVCORE_MAX_BATCH_ACTIONS && pushed < entries; i++, pushed++)
            p += sprintf(p, "%s", unit);
        strcpy(p - 1, "]");
        MUST(navcore_apply(nav, batch, NULL));
    }
    free(batch);
    return nav;
}

/* The number of entries on nav's active stack. */
static size_t depth_of(const navcore_navigator *nav)
{
    char *text = NULL;
    json_t *stack;
    size_t n;
    MUST(navcore_stack(nav, &text));
    stack = json_loads(text, 0, NULL);
    n = json_array_size(json_object_get(stack, "entries"));
    json_decref(stack);
    navcore_string_free(text);
    return n;
}

/* f) Snapshot and restore at 10 and 10,000 entries, against jansson's dump and load. */
static int snapshot_and_restore(void)
{
    static const int sizes[2] = {10, 10000};
    struct snapshot_case cases[2];
    struct result r[2][4]; /* dump, snapshot, load, restore */
    int s, k;
    for (s = 0; s < 2; s++) {
        cases[s].nav = navigator_at(sizes[s]);
        cases[s].text = NULL;
        MUST(navcore_snapshot(cases[s].nav, &cases[s].text));
        cases[s].tree = json_loads(cases[s].text, 0, NULL);
        if (cases[s].tree == NULL || depth_of(cases[s].nav) != (size_t)sizes[s]) {
            fprintf(stderr, "bench: cannot set up the %d-entry snapshot\n", sizes[s]);
            return 1;
        }
    }
    for (s = 0; s < 2; s++) {
        struct bench set[4] = {{dump_batch, NULL, 0, {0}},
                               {snapshot_batch, NULL, 0, {0}},
                               {load_batch, NULL, 0, {0}},
                               {restore_batch, NULL, 0, {0}}};
        for (k = 0; k < 4; k++)
            set[k].context = &cases[s];
        measure(set, 4);
        for (k = 0; k < 4; k++)
            r[s][k] = result_of(&set[k]);
    }
    printf("\nf  snapshot and restore, one stack of 10 / 10,000 entries (snapshot %lu / %lu bytes)\n",
           (unsigned long)strlen(cases[0].text), (unsigned long)strlen(cases[1].text));
    for (s = 0; s < 2; s++) {
        char label[80];
        double snapshot_ratio = r[s][1].median / r[s][0].median;
        double restore_ratio = r[s][3].median / r[s][2].median;
        snprintf(label, sizeof label, "   floor: json_dumps(snapshot), %d entries", sizes[s]);
        row(label, r[s][0]);
        snprintf(label, sizeof label, "   navcore_snapshot, %d entries", sizes[s]);
        row(label, r[s][1]);
        ratio_row("   snapshot / dump", snapshot_ratio, 2.0);
        snprintf(label, sizeof label, "   floor: json_loads(snapshot), %d entries", sizes[s]);
        row(label, r[s][2]);
        snprintf(label, sizeof label, "   navcore_restore into a new navigator, %d entries", sizes[s]);
        row(label, r[s][3]);
        ratio_row("   restore / load", restore_ratio, 2.0);
    }
    printf("  per entry: snapshot %.0f ns at 10, %.0f ns at 10,000; restore %.0f ns at 10, %.0f ns at 10,000\n",
           r[0][1].median / sizes[0], r[1][1].median / sizes[1], r[0][3].median / sizes[0],
           r[1][3].median / sizes[1]);
    printf("     linear when the cost per entry at 10,000 is no higher than at 10 (there it\n"
           "     also carries each call's fixed cost). restore also validates every entry\n"
           "     against the table, builds the navigator and writes the report.\n");
    for (s = 0; s < 2; s++) {
        json_decref(cases[s].tree);
        navcore_string_free(cases[s].text);
        navcore_navigator_free(cases[s].nav);
    }
    return 0;
}

/* ---- g) presentations piled up ------------------------------------------------------ */

/* A shop navigator under `layers` presented product sheets. */
static navcore_navigator *navigator_under(int layers)
{
    navcore_navigator *nav = NULL;
    int i;
    MUST(navcore_navigator_new(SHOP, &nav));
    for (i = 0; i < layers; i++)
        MUST(navcore_present(nav, "product", "{\"id\": 42}", NULL, NULL));
    return nav;
}

/* n presents + dismisses with the transitions freed: one round trip per operation. */
static double present_dismiss_loop(void *context, long n)
{
    navcore_navigator *nav = context;
    double start = now_ns();
    long i;
    for (i = 0; i < n; i++) {
        MUST(navcore_present(nav, "product", "{\"id\": 7}", NULL, NULL));
        MUST(navcore_dismiss(nav, 0, NULL));
    }
    return now_ns() - start;
}

/* A push, a present and a dismiss cost the same under 10 and under 1,000 layers. */
static int layer_costs(void)
{
    navcore_navigator *few = navigator_under(10), *many = navigator_under(1000);
    struct result push10, push1000, present10, present1000;
    struct bench set[4] = {{push_batch, NULL, 0, {0}},
                           {push_batch, NULL, 0, {0}},
                           {present_dismiss_loop, NULL, 0, {0}},
                           {present_dismiss_loop, NULL, 0, {0}}};
    set[0].context = few;
    set[1].context = many;
    set[2].context = few;
    set[3].context = many;
    measure(set, 4);
    push10 = result_of(&set[0]);
    push1000 = result_of(&set[1]);
    present10 = result_of(&set[2]);
    present1000 = result_of(&set[3]);
    if (depth_of(few) != 1 || depth_of(many) != 1) {
        fprintf(stderr, "bench: layers drifted\n");
        return 1;
    }
    navcore_navigator_free(few);
    navcore_navigator_free(many);

    printf("\ng  presentations piled up: push on the top layer, present + dismiss above it\n");
    row("   push under 10 layers", push10);
    row("   push under 1,000 layers", push1000);
    row("   present + dismiss over 10 layers", present10);
    row("   present + dismiss over 1,000 layers", present1000);
    ratio_row("   push ratio 1,000 / 10 layers", push1000.median / push10.median, 1.2);
    ratio_row("   present + dismiss ratio 1,000 / 10 layers", present1000.median / present10.median, 1.2);
    return 0;
}

/* ---- h) delivery to many listeners ---------------------------------------------------- */

static void counting_listener(const char *transition, void *user_data)
{
    (void)transition;
    ++*(long *)user_data;
}

/* A shop navigator with `count` subscriptions of the counting listener. */
static navcore_navigator *navigator_heard_by(int count, long *calls)
{
    navcore_navigator *nav = NULL;
    int64_t id;
    int i;
    MUST(navcore_navigator_new(SHOP, &nav));
    for (i = 0; i < count; i++)
        MUST(navcore_subscribe(nav, counting_listener, calls, &id));
    return nav;
}

/*
 * The cost of a delivery per listener is the same with 1,000 and 80,000
 * subscriptions: (time with n - time with 1) / (n - 1), so the push and pop
 * themselves are left out.
 */
static int delivery_costs(void)
{
    static const int counts[3] = {1, 1000, 80000};
    long calls[3] = {0, 0, 0};
    navcore_navigator *navs[3];
    struct result r[3];
    struct bench set[3] = {{push_pop_batch, NULL, 0, {0}}, {push_pop_batch, NULL, 0, {0}}, {push_pop_batch, NULL, 0, {0}}};
    double per_few, per_many;
    int i;
    for (i = 0; i < 3; i++) {
        navs[i] = navigator_heard_by(counts[i], &calls[i]);
        set[i].context = navs[i];
    }
    measure(set, 3);
    for (i = 0; i < 3; i++) {
        r[i] = result_of(&set[i]);
        if (calls[i] < 2L * counts[i]) {
            fprintf(stderr, "bench: listeners were not called\n");
            return 1;
        }
        navcore_navigator_free(navs[i]);
    }
    per_few = (r[1].median - r[0].median) / (counts[1] - 1);
    per_many = (r[2].median - r[0].median) / (counts[2] - 1);
    printf("\nh  delivery: push + pop, each transition delivered to every listener\n");
    row("   1 subscription", r[0]);
    row("   1,000 subscriptions", r[1]);
    row("   80,000 subscriptions", r[2]);
    printf("  %-58s %10.1f ns\n", "   per listener and push + pop, 1,000 subscriptions", per_few);
    printf("  %-58s %10.1f ns\n", "   per listener and push + pop, 80,000 subscriptions", per_many);
    ratio_row("   per listener, 80,000 / 1,000 (linear)", per_many / per_few, 1.5);
    return 0;
}

/* ---- i) guarded push ------------------------------------------------------------------ */

static int allowing_guard(const char *proposal_json, navcore_guard_decision *decision, void *user_data)
{
    (void)proposal_json;
    (void)decision;
    (void)user_data;
    return NAVCORE_OK;
}

/* A navigator of `table` with 10 entries on its stack. */
static navcore_navigator *pushed_navigator(const char *table)
{
    navcore_navigator *nav = NULL;
    int i;
    MUST(navcore_navigator_new(table, &nav));
    for (i = 0; i < 9; i++)
        MUST(navcore_push(nav, "product", "{\"id\": 42}", NULL));
    return nav;
}

/* navcore_push with no guard and no redirects, with redirects that do not fire, and through a guard. */
static int guarded_push(void)
{
    navcore_navigator *navs[3];
    struct result r[3];
    struct bench set[3] = {{push_batch, NULL, 0, {0}}, {push_batch, NULL, 0, {0}}, {push_batch, NULL, 0, {0}}};
    double ratio;
    int i;
    navs[0] = pushed_navigator(SHOP);
    navs[1] = pushed_navigator(SHOP_REDIRECTS);
    navs[2] = pushed_navigator(SHOP);
    MUST(navcore_set_guard(navs[2], allowing_guard, NULL));
    for (i = 0; i < 3; i++)
        set[i].context = navs[i];
    measure(set, 3);
    for (i = 0; i < 3; i++) {
        r[i] = result_of(&set[i]);
        if (depth_of(navs[i]) != 10) {
            fprintf(stderr, "bench: guarded push depth drifted\n");
            return 1;
        }
        navcore_navigator_free(navs[i]);
    }
    ratio = r[1].median / r[0].median;
    printf("\ni  guarded push: navcore_push(product), NULL transition_out, depth 10\n");
    row("   no redirects, no guard", r[0]);
    row("   redirects of the pushed route that do not fire, no guard", r[1]);
    row("   a guard that allows (proposal written, guard called)", r[2]);
    ratio_row("   redirects not firing / none", ratio, 1.2);
    printf("  %-58s %10.2fx\n", "   with a guard / none (reference)", r[2].median / r[0].median);
    return 0;
}

/* ---- o) the view model ---------------------------------------------------------- */

/* navcore_view_model + navcore_string_free, per operation (nothing changes between calls). */
static double view_model_batch(void *context, long n)
{
    navcore_navigator *nav = context;
    double start = now_ns();
    long i;
    for (i = 0; i < n; i++) {
        char *model = NULL;
        MUST(navcore_view_model(nav, &model));
        navcore_string_free(model);
    }
    return now_ns() - start;
}

/* o) the view model after a push on the tabs navigator (shop tab: 10 entries), against dumping its tree. */
static int view_model_costs(void)
{
    navcore_navigator *nav = tabs_navigator(10);
    char *text = NULL;
    struct snapshot_case floor = {NULL, NULL, NULL}; /* only its tree: dump_batch's floor, as in f) */
    struct result r[2];
    struct bench set[2] = {{dump_batch, NULL, 0, {0}}, {view_model_batch, NULL, 0, {0}}};
    size_t size;
    MUST(navcore_pop(nav, 1, NULL));
    MUST(navcore_push(nav, "product", "{\"id\": 42}", NULL));
    MUST(navcore_view_model(nav, &text));
    size = strlen(text);
    floor.tree = json_loads(text, 0, NULL);
    navcore_string_free(text);
    if (floor.tree == NULL || depth_of(nav) != 10) {
        fprintf(stderr, "bench: cannot set up the view model\n");
        return 1;
    }
    set[0].context = &floor;
    set[1].context = nav;
    measure(set, 2);
    r[0] = result_of(&set[0]);
    r[1] = result_of(&set[1]);
    json_decref(floor.tree);
    navcore_navigator_free(nav);

    printf("\no  the view model after a push: tabs, shop tab of 10 entries (%lu bytes)\n", (unsigned long)size);
    row("   floor: json_dumps of the same document's tree", r[0]);
    row("   navcore_view_model", r[1]);
    ratio_row("   view model / dump", r[1].median / r[0].median, 1.0);
    printf("     the view model is built from the state (layers, tabs, Back, the\n"
           "     announcement, the animation of the push) and written as text.\n");
    return 0;
}

/* ---- n) nested containers -------------------------------------------------------- */

/* Entries a pushed "outer" brings: itself, inner, side's home, core, other's home, core's detail home. */
#define OUTER_ENTRIES 6

/*
 * A NESTED navigator whose big tab holds `elsewhere` entries (root included):
 * pushed "outer" subtrees, then products; its active stack is deep/mid/<tab>
 * ("other": three levels deep; "leaf": its split view's detail, four), with
 * 9 products above its root.
 */
static navcore_navigator *nested_navigator(int elsewhere, const char *tab)
{
    static const char outer[] = "{\"op\":\"push\",\"tab\":\"big\",\"route\":{\"name\":\"outer\"}},";
    static const char product[] = "{\"op\":\"push\",\"tab\":\"big\",\"route\":{\"name\":\"product\",\"params\":{\"id\":7}}},";
    navcore_navigator *nav = NULL;
    char *batch = malloc(sizeof product * NAVCORE_MAX_BATCH_ACTIONS + 2);
    char select[96];
    int count = 1, i;
    if (batch == NULL) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    MUST(navcore_navigator_new(NESTED, &nav));
    while (count < elsewhere) {
        char *p = batch;
        *p++ = '[';
        for (i = 0; i < NAVCORE_MAX_BATCH_ACTIONS && count < elsewhere; i++) {
            int whole = elsewhere - count >= OUTER_ENTRIES;
            p += sprintf(p, "%s", whole ? outer : product);
            count += whole ? OUTER_ENTRIES : 1;
        }
        strcpy(p - 1, "]");
        MUST(navcore_apply(nav, batch, NULL));
    }
    free(batch);
    snprintf(select, sizeof select, "[{\"op\":\"select_tab\",\"tab\":\"%s\"}]", tab);
    MUST(navcore_apply(nav, select, NULL));
    for (i = 0; i < 9; i++)
        MUST(navcore_push(nav, "product", "{\"id\": 42}", NULL));
    return nav;
}

/* Adds up the entries of every stack in stacks (an object by name) and in presentations, at every level. */
static size_t tree_entries(json_t *stacks, json_t *presentations)
{
    json_t *stack, *entry;
    const char *name;
    size_t n = 0, i;
    json_object_foreach(stacks, name, stack) {
        json_array_foreach(json_object_get(stack, "entries"), i, entry) {
            n += 1 + tree_entries(json_object_get(json_object_get(entry, "container"), "stacks"), NULL);
        }
        n += tree_entries(NULL, json_object_get(stack, "presentations"));
    }
    json_array_foreach(presentations, i, stack) {
        json_t *one = json_object();
        json_object_set(one, "layer", stack);
        n += tree_entries(one, NULL);
        json_decref(one);
    }
    return n;
}

/* The entries of nav's base stack `name`, at every level, and its active stack's name in active. */
static size_t nested_size(const navcore_navigator *nav, const char *name, char *active, size_t size)
{
    char *text = NULL;
    json_t *state, *one = json_object();
    size_t n;
    MUST(navcore_state(nav, &text));
    state = json_loads(text, 0, NULL);
    json_object_set(one, name, json_object_get(json_object_get(state, "stacks"), name));
    n = tree_entries(one, NULL);
    snprintf(active, size, "%s", json_string_value(json_object_get(state, "active_stack")));
    json_decref(one);
    json_decref(state);
    navcore_string_free(text);
    return n;
}

/* navcore_back alone, NULL transition_out: pushes untimed, then backs timed. */
static double back_batch(void *context, long n)
{
    return removal_batch(context, n, 1);
}

/* Checks that nav's active stack is `active` with `depth` entries and its big tab holds `elsewhere`. */
static int nested_ok(const navcore_navigator *nav, const char *active, size_t depth, size_t elsewhere)
{
    char now[128];
    if (nested_size(nav, "big", now, sizeof now) != elsewhere || strcmp(now, active) != 0 || depth_of(nav) != depth) {
        fprintf(stderr, "bench: the nested navigator is not as set up (%s, %lu entries)\n", now,
                (unsigned long)depth_of(nav));
        return 0;
    }
    return 1;
}

/* n) a push in a nested leaf, select_tab of nested tabs, and back four levels deep. */
static int nested_costs(void)
{
    navcore_navigator *flat = navigator_at(10), *three = nested_navigator(10000, "other"),
                      *few = nested_navigator(10, "other"), *four = nested_navigator(10000, "leaf");
    struct result r[6]; /* flat push + pop, nested push + pop, select 10, select 10,000, flat back, nested back */
    struct tab_trip trips[2];
    struct bench set[6] = {{push_pop_batch, NULL, 0, {0}},     {push_pop_batch, NULL, 0, {0}},
                           {select_tab_batch, NULL, 0, {0}},    {select_tab_batch, NULL, 0, {0}},
                           {back_batch, NULL, 0, {0}},          {back_batch, NULL, 0, {0}}};
    int i;
    if (!nested_ok(three, "deep/mid/other", 10, 10000) || !nested_ok(few, "deep/mid/other", 10, 10) ||
        !nested_ok(four, "deep/mid/leaf/detail", 10, 10000))
        return 1;
    set[0].context = flat;
    set[1].context = three;
    trips[0].nav = few;
    trips[1].nav = three;
    for (i = 0; i < 2; i++) {
        trips[i].there = "leaf";
        trips[i].back = "other";
        set[2 + i].context = &trips[i];
    }
    set[4].context = flat;
    set[5].context = four;
    measure(set, 6);
    for (i = 0; i < 6; i++)
        r[i] = result_of(&set[i]);
    if (!nested_ok(three, "deep/mid/other", 10, 10000) || !nested_ok(few, "deep/mid/other", 10, 10) ||
        !nested_ok(four, "deep/mid/leaf/detail", 10, 10000) || depth_of(flat) != 10)
        return 1;
    navcore_navigator_free(flat);
    navcore_navigator_free(three);
    navcore_navigator_free(few);
    navcore_navigator_free(four);

    printf("\nn  nested containers, NULL transition_out unless said (active stacks of 10 entries)\n");
    row("   push + pop, flat navigator", r[0]);
    row("   push + pop, leaf 3 levels deep, 10,000 entries elsewhere", r[1]);
    row("   select_tab round trip, nested tabs, 10 elsewhere", r[2]);
    row("   select_tab round trip, nested tabs, 10,000 elsewhere", r[3]);
    row("   back, flat navigator", r[4]);
    row("   back, leaf 4 levels deep, 10,000 entries elsewhere", r[5]);
    ratio_row("   push + pop 3 levels deep / flat", r[1].median / r[0].median, 1.3);
    ratio_row("   nested select_tab 10,000 / 10 entries elsewhere", r[3].median / r[2].median, 1.1);
    ratio_row("   back 4 levels deep / flat", r[5].median / r[4].median, 1.5);
    printf("     the select_tab round trip writes and frees both transitions; \"elsewhere\" is\n"
           "     the big tab: pushed subtrees of three containers each, then products.\n");
    return 0;
}

/* Runs every figure; with the argument "nested" figure n alone, with "view_model" figure o alone (to profile them). */
int main(int argc, char **argv)
{
    navcore_navigator *nav, *shallow, *deep, *other;
    struct result floor_r, total_r, pop_r, push10, pop10, push100k, pop100k, params_r;
    struct result floor_e, select10, select10k, present_r;
    json_t *state_tree;
    char *state_text = NULL;
    double b, ratio;

    printf("navcore %s bench: median of %d rounds per figure, ns per operation\n\n",
           navcore_version(), ROUNDS);
    if (argc > 1 && strcmp(argv[1], "nested") == 0)
        return nested_costs();
    if (argc > 1 && strcmp(argv[1], "view_model") == 0)
        return view_model_costs();

    /* The state navcore serialises in b): 10 entries, right after the push. */
    nav = navigator_at(9);
    MUST(navcore_apply(nav, PUSH, NULL));
    MUST(navcore_state(nav, &state_text));
    state_tree = json_loads(state_text, 0, NULL);
    if (state_tree == NULL || depth_of(nav) != 10) {
        fprintf(stderr, "bench: cannot set up the 10-entry state\n");
        return 1;
    }
    navcore_string_free(state_text);
    MUST(navcore_pop(nav, 1, NULL));

    {
        struct bench set[3] = {{floor_batch, NULL, 0, {0}},
                               {push_state_pop_batch, NULL, 0, {0}},
                               {pop_batch, NULL, 0, {0}}};
        set[0].context = state_tree;
        set[1].context = nav;
        set[2].context = nav;
        measure(set, 3);
        floor_r = result_of(&set[0]);
        total_r = result_of(&set[1]);
        pop_r = result_of(&set[2]);
    }
    b = total_r.median - pop_r.median;
    ratio = b / floor_r.median;

    printf("push + state, stack of 9 entries -> 10 -> 9\n");
    row("a  floor: json_loads(push action) + json_dumps(state)", floor_r);
    row("   navcore: apply(push) + state + string_free + pop(1)", total_r);
    row("   navcore: pop(1) alone, same depths", pop_r);
    printf("  %-58s %10.0f ns\n", "b  navcore: apply(push) + state + string_free", b);
    printf("  c  ratio b/a: %.2fx   (target <= 1.10x: %s)\n", ratio,
           ratio <= 1.1 ? "met" : "NOT MET");
    printf("     b is the measured loop minus the measured pop, so both sides do the same\n"
           "     work: parse the push action, write the 10-entry state as compact JSON\n"
           "     text and free it. navcore also validates the route and commits the push\n"
           "     under its lock; it writes each entry's text once and keeps it.\n\n");
    json_decref(state_tree);
    navcore_navigator_free(nav);

    shallow = navigator_at(10);
    deep = navigator_at(100000);
    {
        struct bench set[5] = {{push_batch, NULL, 0, {0}},
                               {push_batch, NULL, 0, {0}},
                               {pop_one_batch, NULL, 0, {0}},
                               {pop_one_batch, NULL, 0, {0}},
                               {params_batch, NULL, 0, {0}}};
        set[0].context = shallow;
        set[1].context = deep;
        set[2].context = shallow;
        set[3].context = deep;
        measure(set, 5);
        push10 = result_of(&set[0]);
        push100k = result_of(&set[1]);
        pop10 = result_of(&set[2]);
        pop100k = result_of(&set[3]);
        params_r = result_of(&set[4]);
    }
    if (depth_of(shallow) != 10 || depth_of(deep) != 100000) {
        fprintf(stderr, "bench: depth drifted\n");
        return 1;
    }
    navcore_navigator_free(shallow);
    navcore_navigator_free(deep);

    printf("d  navcore_push / navcore_pop(1), NULL transition_out, batches above the depth\n");
    row("   push at depth 10", push10);
    row("   push at depth 100,000", push100k);
    row("   pop(1) at depth 10", pop10);
    row("   pop(1) at depth 100,000", pop100k);
    row("   floor: json_loads of the push's params + json_decref", params_r);
    printf("  %-58s %10.0f ns  (target <= 1500 ns: %s)\n", "   push at depth 10, median", push10.median,
           push10.median <= 1500 ? "met" : "NOT MET");
    printf("  %-58s %10.2fx\n", "   push at depth 10 / one parse of its params", push10.median / params_r.median);
    ratio_row("   push ratio depth 100,000 / depth 10 (O(1))", push100k.median / push10.median, 1.1);
    ratio_row("   pop ratio depth 100,000 / depth 10 (O(1))", pop100k.median / pop10.median, 1.1);

    /* e) The floor is measured again in the same interleaved rounds as these figures. */
    shallow = tabs_navigator(10);
    deep = tabs_navigator(10000);
    nav = tabs_navigator(10);
    if (stack_size(shallow, "settings") != 10 || stack_size(deep, "settings") != 10000 ||
        stack_size(deep, "shop") != 10) {
        fprintf(stderr, "bench: cannot set up the tabs navigators\n");
        return 1;
    }
    /* The floor's state: the same 10-entry one-stack state as in a). */
    other = navigator_at(9);
    MUST(navcore_apply(other, PUSH, NULL));
    MUST(navcore_state(other, &state_text));
    navcore_navigator_free(other);
    state_tree = json_loads(state_text, 0, NULL);
    navcore_string_free(state_text);
    {
        struct bench set[4] = {{floor_batch, NULL, 0, {0}},
                               {select_tab_batch, NULL, 0, {0}},
                               {select_tab_batch, NULL, 0, {0}},
                               {present_dismiss_batch, NULL, 0, {0}}};
        struct tab_trip trips[2] = {{NULL, "cart", "shop"}, {NULL, "cart", "shop"}};
        set[0].context = state_tree;
        trips[0].nav = shallow;
        trips[1].nav = deep;
        set[1].context = &trips[0];
        set[2].context = &trips[1];
        set[3].context = nav;
        measure(set, 4);
        floor_e = result_of(&set[0]);
        select10 = result_of(&set[1]);
        select10k = result_of(&set[2]);
        present_r = result_of(&set[3]);
    }
    if (stack_size(deep, "settings") != 10000 || depth_of(deep) != 10 || depth_of(nav) != 10) {
        fprintf(stderr, "bench: tabs state drifted\n");
        return 1;
    }
    json_decref(state_tree);
    navcore_navigator_free(shallow);
    navcore_navigator_free(deep);
    navcore_navigator_free(nav);

    printf("\ne  tabs and presentations, transition_out read and freed (shop tab: 10 entries)\n");
    row("   floor, as in a), measured again alongside", floor_e);
    row("   select_tab(cart) + select_tab(shop), 10 in background", select10);
    row("   select_tab(cart) + select_tab(shop), 10,000 in background", select10k);
    row("   present(login) + dismiss", present_r);
    printf("  %-58s %10.2fx\n", "   select_tab round trip / floor", select10.median / floor_e.median);
    printf("  %-58s %10.2fx\n", "   present + dismiss round trip / floor", present_r.median / floor_e.median);
    ratio_row("   select_tab 10,000 / 10 entries in background", select10k.median / select10.median, 1.1);
    printf("     each round trip is two calls, each writing a transition; the floor is one\n"
           "     json_loads + one json_dumps of a 10-entry state.\n");
    if (snapshot_and_restore() != 0 || layer_costs() != 0)
        return 1;
    if (delivery_costs() != 0 || guarded_push() != 0 || view_model_costs() != 0)
        return 1;
    return nested_costs();
}
