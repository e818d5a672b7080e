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
 * along replays into a fresh navigator to the byte-identical state.
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* What the listener was given: how many transitions, and the last one. */
struct delivered {
    int count;
    char *last;
};

/* Keeps a copy of each delivered transition. */
static void listen(const char *transition_json, void *user_data)
{
    struct delivered *delivered = user_data;
    free(delivered->last);
    delivered->last = fuzz_text((const uint8_t *)transition_json, strlen(transition_json));
    delivered->count++;
}

/* Checks that a successful change was delivered exactly when it changed something, as written. */
static void check_delivery(const char *transition, const struct delivered *delivered, int count_before)
{
    json_t *doc = fuzz_parse(transition, "the transition");
    int changed = json_is_true(json_object_get(doc, "changed"));
    if (delivered->count != count_before + changed)
        fuzz_fail("a change with \"changed\": %s was delivered %d times: %.300s",
                  changed ? "true" : "false", delivered->count - count_before, transition);
    if (changed && strcmp(delivered->last, transition) != 0)
        fuzz_fail("the listener got another text than the caller\ncaller:   %.300s\nlistener: %.300s",
                  transition, delivered->last);
    json_decref(doc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *actions = fuzz_text(data, size);
    navcore_navigator *nav = fuzz_navigator();
    struct delivered delivered = {0, NULL};
    int64_t subscription;
    int round;
    if (navcore_record(nav, 1) != NAVCORE_OK ||
        navcore_subscribe(nav, listen, &delivered, &subscription) != NAVCORE_OK)
        fuzz_fail("navcore_record or navcore_subscribe failed: %s", navcore_last_error_message());
    for (round = 0; round < 3; round++) {
        char *before = fuzz_state(nav, "before navcore_apply");
        char *transition = FUZZ_UNTOUCHED;
        int count_before = delivered.count;
        int rc = navcore_apply(nav, actions, &transition);
        if (rc != NAVCORE_OK) {
            FUZZ_CHECK_FAILURE(rc, "navcore_apply", NAVCORE_EINVAL, NAVCORE_EJSON, NAVCORE_EACTION,
                               NAVCORE_EROUTE, NAVCORE_EPARAMS, NAVCORE_ENOENTRY, NAVCORE_ETAB,
                               NAVCORE_ENOMATCH, NAVCORE_ELIMIT, NAVCORE_ENOMEM);
            fuzz_check_untouched(transition, "navcore_apply");
            fuzz_check_unchanged(nav, before, "navcore_apply");
            if (delivered.count != count_before)
                fuzz_fail("a failed navcore_apply called the listener");
        } else {
            fuzz_check_transition(nav, transition);
            check_delivery(transition, &delivered, count_before);
            navcore_string_free(transition);
        }
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
