/*
 * fuzz_apply - libFuzzer target: navcore_apply() of any text on the fuzz
 * table (tabs, links, presentations), three times in a row, so that later
 * rounds start from the state the earlier ones left.
 *
 * Invariants: a failure has a documented status and a message, leaves the
 * state byte-identical and the transition out-parameter untouched, and calls
 * no listener; a success writes a transition (a JSON object whose seq is the
 * state's), delivered to a listener, text for text, exactly when it says
 * "changed": true; afterwards the state's snapshot restores into a fresh
 * navigator dropping nothing but never-restored routes (and what is above
 * them), exactly when it drops nothing, and the action log recorded all
 * along replays into a fresh navigator to the byte-identical state. For an
 * odd-sized input the navigator starts with a blocking entry (an unsaved
 * draft): no successful batch removes a blocking entry unless it clears a mark
 * (set_blocker with null) or a forced condition overrides it (docs/blockers.md).
 * Every state read is a tree as documented (fuzz_tree.h).
 *
 * Built with FUZZ_NESTED (fuzz_nested_apply, on Tests/fuzz/nested_table.json),
 * the draft sits three levels deep: in the detail stack of a split view, in a
 * tab of a pushed screen with nested tabs, in a tab of tabs.
 */
#include "fuzz.h"
#include "fuzz_tree.h"

#ifdef FUZZ_NESTED
/* Where the draft goes: explore/foryou@7/shelf/detail. */
static const char draft_place[] =
    "[{\"op\": \"select_tab\", \"tab\": \"explore\"}, {\"op\": \"push\", \"route\": {\"name\": \"channel\", \"params\": {\"id\": 1}}},"
    " {\"op\": \"select_tab\", \"tab\": \"shelf\"}]";
#else
/* Where the draft goes: the active stack of a new navigator. */
static const char draft_place[] = "[]";
#endif

/* Pushes a product on the stack draft_place leads to and marks it as a draft. */
static void add_draft(navcore_navigator *nav)
{
    char *state, batch[256];
    json_t *doc;
    if (navcore_apply(nav, draft_place, NULL) != NAVCORE_OK)
        fuzz_fail("cannot reach the draft's place: %s", navcore_last_error_message());
    state = fuzz_state(nav, "before the draft");
    doc = fuzz_parse(state, "the state");
    snprintf(batch, sizeof batch,
             "[{\"op\": \"push\", \"route\": {\"name\": \"product\", \"params\": {\"id\": 1}}},"
             " {\"op\": \"set_blocker\", \"id\": %lld, \"reason\": \"Unsaved draft\"}]",
             (long long)json_integer_value(json_object_get(doc, "next_id")));
    if (navcore_apply(nav, batch, NULL) != NAVCORE_OK)
        fuzz_fail("cannot set up a blocker: %s", navcore_last_error_message());
    json_decref(doc);
    navcore_string_free(state);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *actions = fuzz_text(data, size);
    navcore_navigator *nav = fuzz_navigator();
    struct fuzz_delivered delivered = {0, NULL};
    int64_t subscription;
    int round;
    if (navcore_record(nav, 1) != NAVCORE_OK ||
        navcore_subscribe(nav, fuzz_listen, &delivered, &subscription) != NAVCORE_OK)
        fuzz_fail("navcore_record or navcore_subscribe failed: %s", navcore_last_error_message());
    if (size % 2 == 1)
        add_draft(nav);
    for (round = 0; round < 3; round++) {
        char *before = fuzz_state(nav, "before navcore_apply");
        json_t *blockers = fuzz_blocking_ids(nav);
        char *transition = FUZZ_UNTOUCHED;
        int count_before = delivered.count;
        int rc = navcore_apply(nav, actions, &transition);
        if (rc != NAVCORE_OK) {
            FUZZ_CHECK_FAILURE(rc, "navcore_apply", NAVCORE_EINVAL, NAVCORE_EJSON, NAVCORE_EACTION,
                               NAVCORE_EROUTE, NAVCORE_EPARAMS, NAVCORE_ENOENTRY, NAVCORE_ETAB,
                               NAVCORE_ENOMATCH, NAVCORE_ELIMIT, NAVCORE_EBLOCKED, NAVCORE_ENOMEM);
            fuzz_check_untouched(transition, "navcore_apply");
            fuzz_check_unchanged(nav, before, "navcore_apply");
            if (delivered.count != count_before)
                fuzz_fail("a failed navcore_apply called the listener");
        } else {
            fuzz_check_transition(nav, transition);
            fuzz_check_delivery(transition, &delivered, count_before);
            fuzz_check_blockers_kept(nav, blockers, transition, NULL);
            fuzz_check_tree(nav);
            navcore_string_free(transition);
        }
        json_decref(blockers);
        navcore_string_free(before);
        if (rc != NAVCORE_OK)
            break;
    }
    fuzz_check_snapshot_restores(nav, fuzz_table(), 1);
    fuzz_check_log_replays(nav, fuzz_table());
    navcore_navigator_free(nav);
    free(delivered.last);
    free(actions);
    return 0;
}
