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

/* The ids of nav's blocking entries, as a JSON array (the caller json_decref()s it). */
static json_t *blocking_ids(const navcore_navigator *nav)
{
    char *state = fuzz_state(nav, "to find its blockers");
    json_t *doc = fuzz_parse(state, "the state"), *ids = json_array(), *stack, *entry;
    const char *name;
    size_t i, j;
    json_object_foreach(json_object_get(doc, "stacks"), name, stack) {
        json_array_foreach(json_object_get(stack, "entries"), i, entry)
            if (json_object_get(entry, "blocker") != NULL)
                json_array_append(ids, json_object_get(entry, "id"));
    }
    json_array_foreach(json_object_get(doc, "presentations"), i, stack) {
        json_array_foreach(json_object_get(stack, "entries"), j, entry)
            if (json_object_get(entry, "blocker") != NULL)
                json_array_append(ids, json_object_get(entry, "id"));
    }
    json_decref(doc);
    navcore_string_free(state);
    return ids;
}

/* Whether the JSON array holds an integer equal to id. */
static int holds(json_t *array, json_t *id)
{
    size_t i;
    json_t *value;
    json_array_foreach(array, i, value) if (json_equal(value, id)) return 1;
    return 0;
}

/* Checks that a successful batch removed no blocking entry without clearing its
 * mark or overriding it. */
static void check_blockers_kept(const navcore_navigator *nav, json_t *before, const char *transition)
{
    json_t *after = blocking_ids(nav), *doc = fuzz_parse(transition, "the transition"), *overrode = json_array(), *id;
    size_t i;
    int cleared = 0;
    json_array_foreach(json_object_get(doc, "overrode"), i, id) json_array_append(overrode, json_object_get(id, "id"));
    json_array_foreach(json_object_get(doc, "results"), i, id) cleared |= strcmp(json_string_value(id), "blocker_cleared") == 0;
    json_array_foreach(before, i, id) {
        if (!holds(after, id) && !holds(overrode, id) && !cleared)
            fuzz_fail("a batch removed blocking entry %lld without its token: %.300s", json_integer_value(id), transition);
    }
    json_decref(overrode);
    json_decref(doc);
    json_decref(after);
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
    if (size % 2 == 1 &&
        navcore_apply(nav, "[{\"op\": \"push\", \"route\": {\"name\": \"product\", \"params\": {\"id\": 1}}},"
                           " {\"op\": \"set_blocker\", \"id\": 5, \"reason\": \"Unsaved draft\"}]", NULL) != NAVCORE_OK)
        fuzz_fail("cannot set up a blocker: %s", navcore_last_error_message());
    for (round = 0; round < 3; round++) {
        char *before = fuzz_state(nav, "before navcore_apply");
        json_t *blockers = blocking_ids(nav);
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
            check_delivery(transition, &delivered, count_before);
            check_blockers_kept(nav, blockers, transition);
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
