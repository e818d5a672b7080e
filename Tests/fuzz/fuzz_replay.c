/*
 * fuzz_replay - libFuzzer target: navcore_replay() of any text on the fuzz
 * table, into a navigator that records and already holds entries.
 *
 * Invariants: a failure is NAVCORE_ERESTORE (or NAVCORE_ENOMEM) with a
 * message, the state byte-identical and the transition untouched; a success
 * writes a transition, gives the same state as replaying the text into a
 * fresh navigator (a replay takes over the recorded state, whatever was there
 * before), the replayed state is a tree as documented (fuzz_tree.h), and the
 * navigator's own log, which recorded the replay, replays into a fresh
 * navigator to the byte-identical state.
 *
 * Built with FUZZ_NESTED (fuzz_nested_replay, on Tests/fuzz/nested_table.json),
 * the navigator replayed into shows a split view in a tab with a sheet with
 * tabs over its detail stack alone.
 */
#include "fuzz.h"
#include "fuzz_tree.h"

#ifdef FUZZ_NESTED
/* The setup batch: an album in library/detail, a settings sheet over that stack. */
static const char setup[] =
    "[{\"op\": \"select_tab\", \"tab\": \"library\"}, {\"op\": \"push\", \"route\": {\"name\": \"album\", \"params\": {\"id\": 1}}},"
    " {\"op\": \"present\", \"route\": {\"name\": \"settings\"}, \"stack\": \"library/detail\"}]";
#else
/* The setup batch: a product and a cover. */
static const char setup[] =
    "[{\"op\": \"push\", \"route\": {\"name\": \"product\", \"params\": {\"id\": 1}}},"
    " {\"op\": \"present\", \"route\": {\"name\": \"login\"}, \"style\": \"cover\"}]";
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *log = fuzz_text(data, size);
    navcore_navigator *nav = fuzz_navigator();
    char *transition = FUZZ_UNTOUCHED, *before;
    int rc;
    if (navcore_apply(nav, setup, NULL) != NAVCORE_OK || navcore_record(nav, 1) != NAVCORE_OK)
        fuzz_fail("the setup is refused: %s", navcore_last_error_message());
    before = fuzz_state(nav, "before navcore_replay");
    rc = navcore_replay(nav, log, &transition);
    if (rc != NAVCORE_OK) {
        FUZZ_CHECK_FAILURE(rc, "navcore_replay", NAVCORE_ERESTORE, NAVCORE_ENOMEM);
        fuzz_check_untouched(transition, "navcore_replay");
        fuzz_check_unchanged(nav, before, "navcore_replay");
    } else {
        navcore_navigator *fresh = fuzz_navigator();
        fuzz_check_transition(nav, transition);
        navcore_string_free(transition);
        rc = navcore_replay(fresh, log, NULL);
        if (rc != NAVCORE_OK)
            fuzz_fail("a log replayed once is refused by a fresh navigator (%s: %s)",
                      navcore_status_string(rc), navcore_last_error_message());
        fuzz_check_same_state(nav, fresh, "replaying the log into a fresh navigator");
        fuzz_check_tree(nav);
        navcore_navigator_free(fresh);
        fuzz_check_log_replays(nav, fuzz_table());
    }
    navcore_string_free(before);
    navcore_navigator_free(nav);
    free(log);
    return 0;
}
