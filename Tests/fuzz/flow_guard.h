/*
 * flow_guard.h - fuzz_flow's guard, which misbehaves as a step tells it to:
 * it allows, denies, redirects (to a batch that may show a protected route,
 * fail, or not be JSON), returns garbage, or tries to change the navigator it
 * is judging before it allows. It checks what it is given (a proposal with
 * the batch and its transition, the state from before the call) and records
 * its last answer and the transition it allowed, so that the step can check
 * that the call did what the guard said.
 */
#ifndef NAVCORE_FUZZ_FLOW_GUARD_H
#define NAVCORE_FUZZ_FLOW_GUARD_H

#include "flow.h"

/* The batches the guard redirects to, by table (tabs, split, nested), chosen by its step's argument. */
static const char *const flow_redirects[FLOW_TABLES][6] = {
    {"[{\"op\": \"push\", \"route\": {\"name\": \"home\"}}]",
     "[{\"op\": \"push\", \"route\": {\"name\": \"checkout\"}}]",
     "[{\"op\": \"select_tab\", \"tab\": \"cart\"}]", "[{\"op\": \"pop\"}]", "[{",
     "[{\"op\": \"push\", \"route\": {\"name\": \"nowhere\"}}]"},
    {"[{\"op\": \"push\", \"route\": {\"name\": \"message\", \"params\": {\"id\": 1}}}]",
     "[{\"op\": \"push\", \"route\": {\"name\": \"compose\"}}]",
     "[{\"op\": \"select\", \"route\": {\"name\": \"settings\"}}]", "[{\"op\": \"pop\"}]", "[{",
     "[{\"op\": \"push\", \"route\": {\"name\": \"nowhere\"}}]"},
    {"[{\"op\": \"push\", \"route\": {\"name\": \"post\", \"params\": {\"id\": 1}}, \"stack\": \"explore/following\"}]",
     "[{\"op\": \"push\", \"route\": {\"name\": \"checkout\"}}]",
     "[{\"op\": \"select_tab\", \"tab\": \"explore/following\"}]", "[{\"op\": \"pop\"}]", "[{",
     "[{\"op\": \"push\", \"route\": {\"name\": \"nowhere\"}, \"stack\": \"library/detail\"}]"},
};

/* The id of the active stack's top entry in a state. */
static inline long long flow_top_id(json_t *state)
{
    json_t *stack = NULL, *entries;
    const char *active = fuzz_tree_walk(state, &stack);
    entries = json_object_get(stack, "entries");
    if (json_array_size(entries) == 0)
        fuzz_fail("the active stack \"%s\" has no entries", active == NULL ? "(none)" : active);
    return (long long)json_integer_value(json_object_get(json_array_get(entries, json_array_size(entries) - 1), "id"));
}

/* fuzz_each_entry's visitor: remembers the id of an entry holding a result. */
static inline void flow_find_result(json_t *entry, void *id)
{
    if (json_object_get(entry, "result") != NULL)
        *(long long *)id = (long long)json_integer_value(json_object_get(entry, "id"));
}

/*
 * From inside the guard: one change to the navigator being judged, of a kind
 * that would succeed outside the guard. It must fail with NAVCORE_ECASCADE,
 * with a message, writing nothing and changing nothing.
 */
static inline void flow_meddle(struct flow *flow, const char *state_text)
{
    json_t *state = fuzz_parse(state_text, "the state");
    long long top = flow_top_id(state), holder = 0;
    const char *condition = flow->which == FLOW_TABS ? "onboarded" : "signed_in";
    char *out = FUZZ_UNTOUCHED, *after;
    const char *what;
    int rc, kind = flow->guard_arg % 5;
    fuzz_each_entry(state, flow_find_result, &holder);
    if (kind == 0 && holder == 0)
        kind = 1;
    switch (kind) {
    case 0:
        what = "navcore_take_result";
        rc = navcore_take_result(flow->nav, holder, &out);
        break;
    case 1:
        what = "navcore_set_entry_state";
        rc = navcore_set_entry_state(flow->nav, top, "{\"meddled\": true}", &out);
        break;
    case 2:
        what = "navcore_set_blocker";
        rc = navcore_set_blocker(flow->nav, top, "Meddled", &out);
        break;
    case 3:
        what = "navcore_apply (a push)";
        rc = navcore_apply(flow->nav, flow->which == FLOW_SPLIT ? "{\"op\": \"push\", \"route\": {\"name\": \"inbox\"}}"
                                                                : "{\"op\": \"push\", \"route\": {\"name\": \"home\"}}", &out);
        break;
    default:
        what = "navcore_set_condition";
        rc = navcore_set_condition(flow->nav, condition,
                                   !json_is_true(json_object_get(json_object_get(state, "conditions"), condition)),
                                   &out);
        break;
    }
    if (rc != NAVCORE_ECASCADE)
        fuzz_fail("%s from the navigator's own guard returned %s, not NAVCORE_ECASCADE: %s", what,
                  navcore_status_string(rc), rc == NAVCORE_OK ? "it changed the navigator it is judging"
                                                              : navcore_last_error_message());
    FUZZ_CHECK_FAILURE(rc, what, NAVCORE_ECASCADE);
    fuzz_check_untouched(out, what);
    after = fuzz_state(flow->nav, "inside the guard");
    if (strcmp(after, state_text) != 0)
        fuzz_fail("%s from the navigator's own guard changed the state", what);
    navcore_string_free(after);
    json_decref(state);
}

/* Records that the guard allows the proposal: the call must return its transition. */
static inline void flow_allow(struct flow *flow, json_t *proposal)
{
    json_decref(flow->guard_allowed);
    flow->guard_allowed = json_incref(json_object_get(proposal, "transition"));
    flow->guard_answer = ANSWER_ALLOW;
}

/* The guard (user_data is the struct flow). */
static int flow_guard(const char *proposal_json, navcore_guard_decision *decision, void *user_data)
{
    struct flow *flow = user_data;
    json_t *proposal = fuzz_parse(proposal_json, "the guard's proposal");
    char *now = fuzz_state(flow->nav, "inside the guard");
    int rc = NAVCORE_OK, result = NAVCORE_OK;
    if (!json_is_array(json_object_get(proposal, "actions")) ||
        !json_is_object(json_object_get(proposal, "transition")))
        fuzz_fail("the guard's proposal has no \"actions\" array and \"transition\" object: %.300s", proposal_json);
    if (flow->call_before != NULL && strcmp(now, flow->call_before) != 0)
        fuzz_fail("the guard does not see the state from before the call\nbefore: %.300s\nguard:  %.300s",
                  flow->call_before, now);
    flow->guard_asked++;
    switch (flow->guard_mode) {
    case GUARD_DENY:
        rc = navcore_guard_deny(decision, "the fuzz guard says no");
        flow->guard_answer = ANSWER_DENY;
        break;
    case GUARD_REDIRECT:
        if (flow->guard_asked == 1) {
            rc = navcore_guard_redirect(decision, flow_redirects[flow->which][flow->guard_arg % 6]);
            FUZZ_CHECK_FAILURE(rc, "navcore_guard_redirect", NAVCORE_EJSON, NAVCORE_EACTION, NAVCORE_EROUTE,
                               NAVCORE_EPARAMS, NAVCORE_ETAB);
            rc = NAVCORE_OK;
            flow->guard_answer = ANSWER_REDIRECT;
            flow->guard_redirected = 1;
        } else
            flow_allow(flow, proposal);
        break;
    case GUARD_GARBAGE:
        flow->guard_answer = ANSWER_GARBAGE;
        result = 7;
        break;
    case GUARD_MEDDLE:
        flow_meddle(flow, now);
        flow_allow(flow, proposal);
        break;
    default:
        flow_allow(flow, proposal);
        break;
    }
    if (rc != NAVCORE_OK)
        fuzz_fail("navcore_guard_deny returned %s: %s", navcore_status_string(rc), navcore_last_error_message());
    navcore_string_free(now);
    json_decref(proposal);
    return result;
}

/* Sets the guard's mode (a step): GUARD_OFF removes it. */
static inline void flow_set_guard(struct flow *flow, int mode, int arg)
{
    int rc;
    flow->guard_mode = (enum guard_mode)mode;
    flow->guard_arg = arg;
    rc = navcore_set_guard(flow->nav, mode == GUARD_OFF ? NULL : flow_guard, flow);
    if (rc != NAVCORE_OK)
        fuzz_fail("navcore_set_guard returned %s", navcore_status_string(rc));
}

#endif
