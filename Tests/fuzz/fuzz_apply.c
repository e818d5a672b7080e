/*
 * fuzz_apply - libFuzzer target: navcore_apply() of any text on the fuzz
 * table (tabs, links, presentations), three times in a row, so that later
 * rounds start from the state the earlier ones left.
 *
 * Invariants: a failure has a documented status and a message, leaves the
 * state byte-identical and the transition out-parameter untouched; a success
 * writes a transition (a JSON object whose seq is the state's); afterwards
 * the state's snapshot restores exactly into a fresh navigator (after
 * never-restored routes are dropped once), and the action log recorded all
 * along replays into a fresh navigator to the byte-identical state.
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *actions = fuzz_text(data, size);
    navcore_navigator *nav = fuzz_navigator();
    int round;
    if (navcore_record(nav, 1) != NAVCORE_OK)
        fuzz_fail("navcore_record refused to start: %s", navcore_last_error_message());
    for (round = 0; round < 3; round++) {
        char *before = fuzz_state(nav, "before navcore_apply");
        char *transition = FUZZ_UNTOUCHED;
        int rc = navcore_apply(nav, actions, &transition);
        if (rc != NAVCORE_OK) {
            FUZZ_CHECK_FAILURE(rc, "navcore_apply", NAVCORE_EINVAL, NAVCORE_EJSON, NAVCORE_EACTION,
                               NAVCORE_EROUTE, NAVCORE_EPARAMS, NAVCORE_ENOENTRY, NAVCORE_ETAB,
                               NAVCORE_ENOMATCH, NAVCORE_ELIMIT, NAVCORE_ENOMEM);
            fuzz_check_untouched(transition, "navcore_apply");
            fuzz_check_unchanged(nav, before, "navcore_apply");
        } else {
            fuzz_check_transition(nav, transition);
            navcore_string_free(transition);
        }
        navcore_string_free(before);
        if (rc != NAVCORE_OK)
            break;
    }
    fuzz_check_snapshot_restores(nav, fuzz_table(), 1);
    fuzz_check_log_replays(nav, fuzz_table());
    navcore_navigator_free(nav);
    free(actions);
    return 0;
}
