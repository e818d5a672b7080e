/*
 * test_oom.c - a failed call changes nothing, even when memory runs out.
 *
 * jansson's allocator is replaced (json_set_alloc_funcs, process-wide) by one
 * that wraps malloc and free and fails the k-th allocation. Every call below
 * is made once for every k, each time on a fresh navigator, until it succeeds
 * without reaching k: each failure must be NAVCORE_ENOMEM with the
 * out-parameter untouched and navcore_state byte-identical, and under
 * valgrind (make test-valgrind) nothing may leak.
 *
 * jansson 2.14 can crash when an allocation fails inside its parser, so the
 * allocations of parsing a call's JSON input are never failed: the test
 * counts them by parsing the same text the way navcore does, and starts k
 * after them. A snapshot that navcore reads without jansson (docs/building.md,
 * "Where the time goes") has no parse to skip: every jansson allocation of its
 * restore is failed in turn. Swift's own allocations abort the process when
 * they fail and are out of reach of this test (docs/limits.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "navcore.h"

static char *out;
static char out_sentinel[] = "untouched";

/* Allocations left before the failing one; -1: never fail. */
static long countdown = -1;
/* Allocations made since counting started. */
static long allocations;

static void *failing_malloc(size_t size)
{
    allocations++;
    if (countdown == 0)
        return NULL;
    if (countdown > 0)
        countdown--;
    return malloc(size);
}

static const char SHOP[] =
    "{\"navcore\": 1, \"root\": \"home\", \"styles\": [\"sheet\", \"cover\"], \"routes\": {"
    "\"home\": {\"title\": \"Home\"},"
    "\"product\": {\"params\": {\"id\": \"int\"}, \"title\": \"Product {id}\"},"
    "\"cart\": {\"title\": \"Cart\"}},"
    " \"links\": [{\"url\": \"shop://product/{id}\", \"stack\": [\"product\"]}]}";

static const char TABS[] =
    "{\"navcore\": 1, \"routes\": {\"home\": {\"title\": \"Home\"},"
    "\"product\": {\"params\": {\"id\": \"int\"}, \"title\": \"Product {id}\"},"
    "\"cart\": {\"title\": \"Cart\"}, \"login\": {\"title\": \"Sign in\"}},"
    " \"tabs\": [{\"name\": \"shop\", \"root\": \"home\"}, {\"name\": \"cart\", \"root\": \"cart\"}]}";

/* The allocations jansson makes to parse `text` as navcore does. */
static long parse_allocations(const char *text)
{
    json_t *parsed;
    allocations = 0;
    parsed = json_loads(text, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, NULL);
    json_decref(parsed);
    return allocations;
}

/* A navigator made ready for one attempt, and the JSON text the call parses (or NULL). */
struct setup {
    navcore_navigator *(*make)(void);
    const char *input;
};

/* One call under test; writes its string out-parameter (if any) to *out_param. */
typedef int (*call_fn)(navcore_navigator *nav, char **out_param);

static void noop_listener(const char *transition, void *user_data)
{
    (void)transition;
    (void)user_data;
}

static navcore_navigator *new_nav(const char *table)
{
    navcore_navigator *nav = NULL;
    CHECK_OK(navcore_navigator_new(table, &nav));
    return nav;
}

static navcore_navigator *shop_two_deep(void)
{
    navcore_navigator *nav = new_nav(SHOP);
    CHECK_OK(navcore_push(nav, "product", "{\"id\": 1}", NULL));
    CHECK_OK(navcore_present(nav, "cart", NULL, "cover", NULL));
    CHECK_OK(navcore_push(nav, "product", "{\"id\": 2}", NULL));
    return nav;
}

static navcore_navigator *shop_listened(void)
{
    navcore_navigator *nav = shop_two_deep();
    int64_t id;
    CHECK_OK(navcore_subscribe(nav, noop_listener, NULL, &id));
    return nav;
}

/* Allows every batch. (A guard that redirects is left out: the allocations of jansson's parser,
 * which reads its actions, are outside the promise, docs/guarantees.md.) */
static int allowing_guard(const char *proposal_json, navcore_guard_decision *decision, void *user_data)
{
    (void)proposal_json;
    (void)decision;
    (void)user_data;
    return NAVCORE_OK;
}

static navcore_navigator *shop_guarded(void)
{
    navcore_navigator *nav = shop_listened();
    CHECK_OK(navcore_set_guard(nav, allowing_guard, NULL));
    return nav;
}

static navcore_navigator *tabs_nav(void)
{
    return new_nav(TABS);
}

/* The log and the snapshots the replay and restore calls read: made once, before any failure. */
static char *recorded_log;
static char *saved_snapshot;
static char *old_snapshot; /* of the shop at table version 1, restored with migrations into version 3 */

/* A navigator over Tests/vectors/tables/NAME.json (the test runs in Tests/vectors). */
static navcore_navigator *table_nav(const char *name)
{
    char path[128];
    json_t *table;
    char *text;
    navcore_navigator *nav;
    snprintf(path, sizeof path, "tables/%s.json", name);
    table = json_load_file(path, 0, NULL);
    text = table != NULL ? json_dumps(table, JSON_COMPACT) : NULL;
    json_decref(table);
    if (text == NULL) {
        fprintf(stderr, "cannot read %s (run in Tests/vectors)\n", path);
        exit(2);
    }
    nav = new_nav(text);
    free(text);
    return nav;
}

/* The links table of the vectors: params with defaults and enums, parents, many links. */
static navcore_navigator *links_nav(void)
{
    return table_nav("links");
}

static navcore_navigator *shop_v3(void)
{
    return table_nav("restore_v3");
}

/* The sign-in table, listened to: signed out, nothing held yet. */
static navcore_navigator *signin_nav(void)
{
    navcore_navigator *nav = table_nav("signin");
    int64_t id;
    CHECK_OK(navcore_subscribe(nav, noop_listener, NULL, &id));
    return nav;
}

/* The sign-in table with a link to order 7 held behind the flow. */
static navcore_navigator *signin_held(void)
{
    navcore_navigator *nav = signin_nav();
    CHECK_OK(navcore_open_url(nav, "shop://orders/7", NAVCORE_OPEN_DEFAULT, NULL));
    return nav;
}

static char *signed_in_snapshot; /* of the sign-in table, signed in, on a checkout */

static int hold_call(navcore_navigator *nav, char **o) { return navcore_push(nav, "checkout", NULL, o); }
static int sign_in_call(navcore_navigator *nav, char **o) { return navcore_set_condition(nav, "signed_in", 1, o); }
static int restore_held_call(navcore_navigator *nav, char **o)
{
    return navcore_restore(nav, signed_in_snapshot, NULL, NULL, o);
}
/* The shop with a result held on the cover's root (id 3), handed by a pop. */
static navcore_navigator *shop_result(void)
{
    navcore_navigator *nav = shop_two_deep();
    CHECK_OK(navcore_apply(nav, "{\"op\": \"pop\", \"result\": {\"picked\": [1, 2]}}", NULL));
    return nav;
}

/* The token of the batch shop_blocked() held back. */
static char blocked_token[128];

/* The shop, listened to, with a blocker on its top entry (id 4) that held back a Back. */
static navcore_navigator *shop_blocked(void)
{
    navcore_navigator *nav = shop_listened();
    json_t *doc;
    CHECK_OK(navcore_set_blocker(nav, 4, "Unsaved draft", NULL));
    CHECK(navcore_back(nav, NULL) == NAVCORE_EBLOCKED);
    doc = json_loads(navcore_last_blocked(), 0, NULL);
    snprintf(blocked_token, sizeof blocked_token, "%s", json_string_value(json_object_get(doc, "token")));
    json_decref(doc);
    return nav;
}

static int take_result_call(navcore_navigator *nav, char **o) { return navcore_take_result(nav, 3, o); }
static int proceed_call(navcore_navigator *nav, char **o) { return navcore_proceed(nav, blocked_token, o); }
static int push_call(navcore_navigator *nav, char **o) { return navcore_push(nav, "product", "{\"id\": 7}", o); }
static int push_no_out(navcore_navigator *nav, char **o) { (void)o; return navcore_push(nav, "product", "{\"id\": 7}", NULL); }
static int pop_call(navcore_navigator *nav, char **o) { return navcore_pop(nav, 1, o); }
static int back_call(navcore_navigator *nav, char **o) { return navcore_back(nav, o); }
static int dismiss_call(navcore_navigator *nav, char **o) { return navcore_dismiss(nav, 1, o); }
static int open_url_call(navcore_navigator *nav, char **o) { return navcore_open_url(nav, "shop://product/9", NAVCORE_OPEN_PUSH, o); }
static int replay_call(navcore_navigator *nav, char **o) { return navcore_replay(nav, recorded_log, o); }
static int restore_call(navcore_navigator *nav, char **o) { return navcore_restore(nav, saved_snapshot, NULL, NULL, o); }
static int restore_migrating_call(navcore_navigator *nav, char **o)
{
    return navcore_restore(nav, old_snapshot, NULL, NULL, o);
}
static int state_call(navcore_navigator *nav, char **o) { return navcore_state(nav, o); }
static int snapshot_call(navcore_navigator *nav, char **o) { return navcore_snapshot(nav, o); }
static int back_preview_call(navcore_navigator *nav, char **o) { return navcore_back_preview(nav, o); }
static int view_model_call(navcore_navigator *nav, char **o) { return navcore_view_model(nav, o); }
static int log_call(navcore_navigator *nav, char **o) { return navcore_log(nav, o); }
static int table_report_call(navcore_navigator *nav, char **o) { return navcore_table_report(nav, o); }

static const char BATCH[] =
    "[{\"op\": \"push\", \"route\": {\"name\": \"product\", \"params\": {\"id\": 3}}},"
    " {\"op\": \"select_tab\", \"tab\": \"cart\"}, {\"op\": \"present\", \"route\": {\"name\": \"login\"}},"
    " {\"op\": \"set_entry_state\", \"id\": 1, \"state\": {\"draft\": [1, 2, \"x\"]}}]";
static int apply_call(navcore_navigator *nav, char **o) { return navcore_apply(nav, BATCH, o); }

static navcore_navigator *recording_nav(void)
{
    navcore_navigator *nav = shop_two_deep();
    CHECK_OK(navcore_record(nav, 1));
    CHECK_OK(navcore_back(nav, NULL));
    CHECK_OK(navcore_apply(nav, "{\"op\": \"set_entry_state\", \"id\": 2, \"state\": [true]}", NULL));
    return nav;
}

/*
 * Makes `call` on a fresh navigator of `setup` failing the k-th jansson
 * allocation (after the input's parse), for k = 0, 1, ... until it succeeds.
 * Returns how many attempts failed.
 */
static int for_every_allocation(const char *name, navcore_navigator *(*make)(void), const char *input,
                                 call_fn call)
{
    long skip = input != NULL ? parse_allocations(input) : 0, k;
    int failures = 0;
    for (k = skip;; k++) {
        navcore_navigator *nav = make();
        char *before = state_text(nav), *after;
        int rc;
        out = out_sentinel;
        allocations = 0;
        countdown = k;
        rc = call(nav, &out);
        countdown = -1;
        if (rc == NAVCORE_OK) {
            CHECK(allocations <= k);
            if (out != out_sentinel)
                navcore_string_free(out);
            navcore_string_free(before);
            navcore_navigator_free(nav);
            break;
        }
        failures++;
        if (rc != NAVCORE_ENOMEM)
            fprintf(stderr, "%s: allocation %ld failed the call with %s: %s\n", name, k,
                    navcore_status_string(rc), navcore_last_error_message());
        CHECK_STATUS(rc, NAVCORE_ENOMEM);
        CHECK(out == out_sentinel);
        after = state_text(nav);
        if (strcmp(before, after) != 0)
            fprintf(stderr, "%s: allocation %ld failed and the state changed\n", name, k);
        CHECK_STREQ(after, before);
        navcore_string_free(after);
        navcore_string_free(before);
        navcore_navigator_free(nav);
        if (k > 100000) {
            CHECK(!"the call never succeeded");
            break;
        }
    }
    printf("%-34s %4d failing allocations, each NAVCORE_ENOMEM with nothing changed\n", name, failures);
    CHECK(failures > 0);
    return failures;
}

int main(void)
{
    navcore_navigator *source;

    json_set_alloc_funcs(failing_malloc, free);

    source = recording_nav();
    CHECK_OK(navcore_log(source, &recorded_log));
    CHECK_OK(navcore_snapshot(source, &saved_snapshot));
    navcore_navigator_free(source);
    source = table_nav("restore_v1");
    CHECK_OK(navcore_apply(source, "[{\"op\": \"push\", \"route\": {\"name\": \"item\", \"params\": {\"sku\": 4}}},"
                                   " {\"op\": \"push\", \"route\": {\"name\": \"promo\", \"params\": {\"code\": \"X\"}}}]", NULL));
    CHECK_OK(navcore_snapshot(source, &old_snapshot));
    navcore_navigator_free(source);
    source = table_nav("signin");
    CHECK_OK(navcore_apply(source, "[{\"op\": \"set_condition\", \"name\": \"signed_in\", \"value\": true},"
                                   " {\"op\": \"push\", \"route\": {\"name\": \"checkout\"}}]", NULL));
    CHECK_OK(navcore_snapshot(source, &signed_in_snapshot));
    navcore_navigator_free(source);

    for_every_allocation("navcore_push, held behind a flow", signin_nav, NULL, hold_call);
    for_every_allocation("navcore_set_condition, replaying", signin_held, NULL, sign_in_call);
    /* Read without jansson (no saved state): no parse allocations to skip. */
    for_every_allocation("navcore_restore, held", signin_nav, NULL, restore_held_call);
    for_every_allocation("navcore_take_result", shop_result, NULL, take_result_call);
    for_every_allocation("navcore_proceed", shop_blocked, NULL, proceed_call);
    /* A push's flat params are read without jansson (FlatParamsReader): no parse to skip. Its
     * transition text is its one jansson allocation (two with a listener's copy). */
    for_every_allocation("navcore_push", shop_two_deep, NULL, push_call);
    for_every_allocation("navcore_push, a listener", shop_listened, NULL, push_call);
    for_every_allocation("navcore_push, a listener, no out", shop_listened, NULL, push_no_out);
    for_every_allocation("navcore_push, a guard", shop_guarded, NULL, push_call);
    for_every_allocation("navcore_pop", shop_two_deep, NULL, pop_call);
    for_every_allocation("navcore_back", shop_listened, NULL, back_call);
    for_every_allocation("navcore_dismiss", shop_two_deep, NULL, dismiss_call);
    for_every_allocation("navcore_open_url", shop_listened, NULL, open_url_call);
    for_every_allocation("navcore_apply", tabs_nav, BATCH, apply_call);
    for_every_allocation("navcore_replay", shop_listened, recorded_log, replay_call);
    for_every_allocation("navcore_restore", shop_listened, saved_snapshot, restore_call);
    for_every_allocation("navcore_restore, migrating", shop_v3, NULL, restore_migrating_call);
    for_every_allocation("navcore_state", shop_two_deep, NULL, state_call);
    for_every_allocation("navcore_snapshot", shop_two_deep, NULL, snapshot_call);
    for_every_allocation("navcore_back_preview", shop_two_deep, NULL, back_preview_call);
    for_every_allocation("navcore_view_model, animating", shop_two_deep, NULL, view_model_call);
    for_every_allocation("navcore_log", recording_nav, NULL, log_call);
    for_every_allocation("navcore_table_report", signin_nav, NULL, table_report_call);
    for_every_allocation("navcore_table_report, links", links_nav, NULL, table_report_call);

    navcore_string_free(recorded_log);
    navcore_string_free(saved_snapshot);
    navcore_string_free(old_snapshot);
    navcore_string_free(signed_in_snapshot);
    return check_summary();
}
