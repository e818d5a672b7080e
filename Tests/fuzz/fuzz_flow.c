/*
 * fuzz_flow - libFuzzer target: sequences of steps over conditions and their
 * flows, redirects, a misbehaving guard, blockers and their tokens, results,
 * present policies and a compact split view, with the invariants checked
 * after every step (docs/building.md, "Coverage-guided fuzzing").
 *
 * The input: byte 0 picks the table (modulo 3, enum flow_table: 0,
 * Tests/fuzz/rich_table.json, with tabs; 1, Tests/fuzz/split_table.json, a
 * split view; 2, Tests/fuzz/nested_table.json, containers in containers,
 * whose actions also take a "stack" from the tree's names, entry ids and
 * wrong names; built with FUZZ_NESTED, as fuzz_nested_flow, always the
 * nested table); then each 3 bytes
 * [kind, a, b] are one step (at most FLOW_MAX_STEPS). kind % STEP_KINDS is the
 * step (enum step below); with its bit 7 set, a step that has a C convenience
 * call uses it rather than navcore_apply(); a and b choose its arguments.
 * FUZZ_FLOW_TRACE=1 prints each step, its call and its status to stderr.
 *
 * After every step: a failure returns a documented status with a message,
 * leaves the state byte-identical, writes no out-parameter and calls no
 * listener; navcore_last_blocked() is set exactly after NAVCORE_EBLOCKED; one
 * token names one held batch, and proceeding with a made-up, used or expired
 * token is NAVCORE_ENOENTRY, with one given at the current seq never; a
 * proceed applies its token's batch; seq and deliveries follow "changed" (an annotation alone,
 * set_blocker, set_entry_state or take_result, changes nothing); the
 * transition accounts for every result handed; no blocking entry goes without
 * its token; a guard that denies makes the call fail, a transition it allowed
 * is the one the call returns, and a change from the guard to its own
 * navigator fails with NAVCORE_ECASCADE; the view model's top is the stack's
 * (on the tables that do not nest);
 * back does what its preview said; no screen that needs a false condition is
 * on any stack; the state is a tree as documented (fuzz_tree.h). At the end
 * of each input: the snapshot restores into a fresh
 * navigator, the navigator restores its own snapshot, and its log replays,
 * each to the same state.
 */
#include "flow.h"
#include "flow_checks.h"
#include "flow_guard.h"
#include "flow_tokens.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Most steps of one input (the rest is ignored). */
#define FLOW_MAX_STEPS 64

/* The step kinds; those before STEP_ACTIONS each make one action, and a
 * batch step joins the actions of the steps after it. Values are stable:
 * the committed seeds (Tests/fuzz/seeds/flow) spell them. */
enum step {
    STEP_PUSH, STEP_POP, STEP_BACK, STEP_POP_TO, STEP_REPLACE, STEP_SET_STACK, STEP_SELECT, STEP_RESET,
    STEP_PRESENT, STEP_DISMISS, STEP_CONDITION, STEP_OPEN_URL, STEP_COMPACT, STEP_ENTRY_STATE, STEP_BLOCKER,
    STEP_TAKE_RESULT, STEP_ACTIONS,
    STEP_PROCEED = STEP_ACTIONS, STEP_GUARD, STEP_BATCH, STEP_BAD, STEP_KINDS
};

/* How a change is made: navcore_apply() or one of the C calls. */
enum call_kind {
    CALL_APPLY, CALL_BACK, CALL_CONDITION, CALL_OPEN_URL, CALL_COMPACT, CALL_ENTRY_STATE, CALL_BLOCKER,
    CALL_TAKE_RESULT, CALL_PROCEED
};

/* One change to make and check. */
struct call {
    enum call_kind kind;
    char *text; /* actions, condition name, URL, saved state, reason or token; may be NULL */
    long long id;
    int value;
    int back;       /* a lone back: check its preview */
    int result;     /* a back carrying a result (which nothing may receive) */
    int annotation; /* set_blocker, set_entry_state or take_result alone */
};

/* The names of the calls, for messages. */
static const char *const call_names[] = {
    "navcore_apply", "navcore_back", "navcore_set_condition", "navcore_open_url", "navcore_set_compact",
    "navcore_set_entry_state", "navcore_set_blocker", "navcore_take_result", "navcore_proceed",
};

/* Statuses of navcore_apply(), and of every call the guard was asked about
 * (its redirect may fail any way a batch does). */
static const int apply_errors[] = {
    NAVCORE_EINVAL, NAVCORE_EJSON, NAVCORE_EACTION, NAVCORE_EROUTE, NAVCORE_EPARAMS, NAVCORE_ENOENTRY,
    NAVCORE_ETAB, NAVCORE_ENOMATCH, NAVCORE_ELIMIT, NAVCORE_EBLOCKED, NAVCORE_EDENIED, NAVCORE_EREDIRECT,
    NAVCORE_ENOMEM,
};

/* The statuses a call documents (Include/navcore.h; a blockable change may also be
 * NAVCORE_EBLOCKED, docs/blockers.md), when no guard was asked. */
static void check_documented(const struct call *call, int rc, int guard_asked)
{
    static const int back[] = {NAVCORE_EINVAL, NAVCORE_EBLOCKED, NAVCORE_ELIMIT, NAVCORE_ENOMEM};
    static const int condition[] = {NAVCORE_EINVAL, NAVCORE_EACTION, NAVCORE_EBLOCKED, NAVCORE_ELIMIT, NAVCORE_ENOMEM};
    static const int url[] = {NAVCORE_EINVAL, NAVCORE_EACTION, NAVCORE_ENOMATCH, NAVCORE_EBLOCKED, NAVCORE_ELIMIT,
                              NAVCORE_ENOMEM};
    static const int compact[] = {NAVCORE_EINVAL, NAVCORE_EACTION, NAVCORE_ELIMIT, NAVCORE_ENOMEM};
    static const int blocker[] = {NAVCORE_EINVAL, NAVCORE_ENOENTRY, NAVCORE_EACTION, NAVCORE_ENOMEM};
    static const int take[] = {NAVCORE_EINVAL, NAVCORE_ENOENTRY, NAVCORE_ENOMEM};
    const int *list = apply_errors;
    size_t n = sizeof apply_errors / sizeof apply_errors[0];
#define USE(array) (list = (array), n = sizeof(array) / sizeof(array)[0])
    if (!guard_asked) {
        switch (call->kind) {
        case CALL_BACK: USE(back); break;
        case CALL_CONDITION: USE(condition); break;
        case CALL_OPEN_URL: USE(url); break;
        case CALL_COMPACT: USE(compact); break;
        case CALL_BLOCKER: USE(blocker); break;
        case CALL_TAKE_RESULT: USE(take); break;
        default: break;
        }
    }
#undef USE
    fuzz_check_failure(rc, list, n, call_names[call->kind]);
}

/* Makes the change. */
static int invoke(struct flow *flow, const struct call *call, char **out)
{
    navcore_navigator *nav = flow->nav;
    switch (call->kind) {
    case CALL_BACK: return navcore_back(nav, out);
    case CALL_CONDITION: return navcore_set_condition(nav, call->text, call->value, out);
    case CALL_OPEN_URL: return navcore_open_url(nav, call->text, call->value, out);
    case CALL_COMPACT: return navcore_set_compact(nav, call->value, out);
    case CALL_ENTRY_STATE: return navcore_set_entry_state(nav, call->id, call->text, out);
    case CALL_BLOCKER: return navcore_set_blocker(nav, call->id, call->text, out);
    case CALL_TAKE_RESULT: return navcore_take_result(nav, call->id, out);
    case CALL_PROCEED: return navcore_proceed(nav, call->text, out);
    default: return navcore_apply(nav, call->text, out);
    }
}

/* The back preview, parsed. */
static json_t *read_preview(const struct flow *flow)
{
    char *text = NULL;
    json_t *doc;
    int rc = navcore_back_preview(flow->nav, &text);
    if (rc != NAVCORE_OK)
        fuzz_fail("navcore_back_preview returned %s: %s", navcore_status_string(rc), navcore_last_error_message());
    doc = fuzz_parse(text, "the back preview");
    navcore_string_free(text);
    return doc;
}

/* A take_result that succeeded handed over what the entry held, took it away, and changed nothing else. */
static void check_taken(const struct flow *flow, const struct call *call, json_t *before, json_t *after,
                        const char *value_text, int delivered_before)
{
    json_t *was = flow_entries_by_id(before), *now = flow_entries_by_id(after);
    json_t *held = json_object_get(flow_entry(was, call->id), "result");
    json_t *value = json_loads(value_text, JSON_DECODE_ANY, NULL);
    json_t *masked_before = flow_masked(before), *masked_after = flow_masked(after);
    if (held == NULL || value == NULL || !json_equal(held, value))
        fuzz_fail("navcore_take_result(%lld) gave %.200s, not the result the entry held", call->id, value_text);
    if (json_object_get(flow_entry(now, call->id), "result") != NULL)
        fuzz_fail("navcore_take_result(%lld) left the result in the entry", call->id);
    if (flow_seq(after) != flow_seq(before) || flow->delivered.count != delivered_before ||
        !json_equal(masked_before, masked_after)) {
        char *text_before = flow_dump(before), *text_after = flow_dump(after);
        fuzz_fail("navcore_take_result changes no stack, yet it changed the state, seq or called a listener\n"
                  "before: %.600s\nafter:  %.600s", text_before, text_after);
    }
    json_decref(masked_before);
    json_decref(masked_after);
    json_decref(value);
    json_decref(was);
    json_decref(now);
}

/* What the guard's answer means for a call: a denial fails it with
 * NAVCORE_EDENIED, and only a denial does; a call it allowed returns the
 * transition it was shown; navcore_proceed asks no guard. */
static void check_guard(const struct flow *flow, const struct call *call, int rc, const char *transition)
{
    int denied = flow->guard_asked > 0 &&
                 (flow->guard_answer == ANSWER_DENY || flow->guard_answer == ANSWER_GARBAGE);
    if (call->kind == CALL_PROCEED && flow->guard_asked > 0)
        fuzz_fail("navcore_proceed asked the guard");
    if (denied != (rc == NAVCORE_EDENIED))
        fuzz_fail("%s returned %s, but the guard %s", call_names[call->kind], navcore_status_string(rc),
                  denied ? "denied it" : "did not deny it");
    if (rc == NAVCORE_OK && flow->guard_asked > 0 && transition != NULL) {
        json_t *doc = fuzz_parse(transition, "the transition");
        if (flow->guard_answer != ANSWER_ALLOW || !json_equal(doc, flow->guard_allowed)) {
            char *allowed = flow->guard_allowed != NULL ? flow_dump(flow->guard_allowed) : NULL;
            fuzz_fail("%s committed another transition than the guard allowed\nallowed:   %.600s\ncommitted: %.600s",
                      call_names[call->kind], allowed != NULL ? allowed : "(nothing)", transition);
        }
        json_decref(doc);
    }
}

/*
 * What a proceed may do: a made-up, used or expired token is NAVCORE_ENOENTRY;
 * a live one given at the current seq never is (nothing its batch would change
 * has changed); one given before other changes may proceed or be refused, as
 * its batch would or would not make the same change (flow_tokens.h).
 */
static void check_proceed(const struct flow *flow, const struct call *call, const struct token *token, int was_used,
                          long long seq, int rc)
{
    int expired = token != NULL && flow->given - token->number >= NAVCORE_MAX_HELD_BATCHES;
    int dead = token == NULL || was_used || expired;
    if (dead && rc != NAVCORE_ENOENTRY)
        fuzz_fail("navcore_proceed with a %s token \"%s\" returned %s, not NAVCORE_ENOENTRY",
                  token == NULL ? "made-up" : was_used ? "used" : "expired", call->text, navcore_status_string(rc));
    if (!dead && token->seq == seq && rc == NAVCORE_ENOENTRY)
        fuzz_fail("navcore_proceed refused a live token \"%s\": %s", call->text, navcore_last_error_message());
}

/*
 * A proceed that succeeded applied its token's batch (its cause names the
 * batch's ops), as the back preview said when nothing changed since (seq).
 */
static void check_proceeded(const struct token *token, const char *transition, long long seq)
{
    json_t *doc = fuzz_parse(transition, "the transition"), *ops = flow_ops(token->actions);
    json_t *cause = json_object_get(doc, "cause"), *first = json_array_get(token->actions, 0);
    /* a lone open_url's cause is the URL it opened, not its ops (docs/json.md) */
    int lone_url = json_array_size(token->actions) == 1 && strcmp(json_string_value(json_array_get(ops, 0)), "open_url") == 0;
    if (lone_url ? !json_equal(json_object_get(cause, "url"), json_object_get(first, "url"))
                 : !json_equal(json_object_get(cause, "ops"), ops)) {
        char *held = flow_dump(token->actions);
        fuzz_fail("navcore_proceed applied another batch than its token held back\nheld: %.300s\napplied: %.300s",
                  held, transition);
    }
    if (token->preview != NULL && token->seq == seq)
        flow_check_back(token->preview, transition, 0);
    json_decref(ops);
    json_decref(doc);
}

/* Checks a failed call; books the token of a blocked one. */
static void check_failure(struct flow *flow, const struct call *call, int rc, json_t *blocked, const char *blocked_text,
                          json_t *blocking, json_t *before, json_t *preview, const struct token *proceeding)
{
    check_documented(call, rc, flow->guard_asked > 0);
    if (rc != NAVCORE_EBLOCKED)
        return;
    flow_check_blocked_doc(blocked, blocked_text, blocking);
    if (preview != NULL && json_object_get(preview, "blocked") != NULL &&
        !json_equal(json_object_get(json_object_get(json_object_get(preview, "blocked"), "entry"), "id"),
                    json_object_get(json_object_get(blocked, "entry"), "id")))
        fuzz_fail("back was blocked by another entry than its preview said: %.300s", blocked_text);
    flow_token_book(flow, blocked, flow_seq(before), proceeding != NULL ? proceeding->passed : NULL,
                    proceeding != NULL ? proceeding->preview : call->back ? preview : NULL);
}

/* Checks a lone back against its preview, unless the guard had a say or its result found no receiver. */
static void check_back(const struct flow *flow, const struct call *call, json_t *preview, int rc, const char *transition)
{
    int blocked = json_object_get(preview, "blocked") != NULL;
    if (flow->guard_asked > 0 && (flow->guard_answer != ANSWER_ALLOW || flow->guard_redirected))
        return;
    if (call->result && rc == NAVCORE_EACTION)
        return;
    if (blocked != (rc == NAVCORE_EBLOCKED) || (!blocked && rc != NAVCORE_OK)) {
        char *said = flow_dump(preview);
        fuzz_fail("back returned %s, but its preview said %.400s", navcore_status_string(rc), said);
    }
    if (rc == NAVCORE_OK)
        flow_check_back(preview, transition, !call->result); /* a result shows in the new top */
}

/* Makes one change and checks every invariant about it. */
static void change(struct flow *flow, const struct call *call)
{
    char *before_text = fuzz_state(flow->nav, "before a step"), *after_text, *out = FUZZ_UNTOUCHED;
    json_t *before = fuzz_parse(before_text, "the state"), *after, *blocked = NULL;
    json_t *blocking = fuzz_blocking_ids(flow->nav);
    json_t *preview = call->back ? read_preview(flow) : NULL;
    struct token *proceeding = call->kind == CALL_PROCEED ? flow_token_find(flow, call->text) : NULL;
    int was_used = proceeding != NULL && proceeding->used;
    int delivered_before = flow->delivered.count, rc;
    const char *blocked_now;
    char *blocked_text = NULL;
    flow->guard_asked = 0;
    flow->guard_answer = ANSWER_NONE;
    flow->guard_redirected = 0;
    json_decref(flow->guard_allowed);
    flow->guard_allowed = NULL;
    flow->call_before = before_text;
    rc = invoke(flow, call, &out);
    blocked_now = navcore_last_blocked();
    if (blocked_now != NULL)
        blocked_text = fuzz_text((const uint8_t *)blocked_now, strlen(blocked_now));
    flow->call_before = NULL;
    if (flow->trace)
        fprintf(stderr, "  %s(%s, id %lld, value %d) -> %s %s\n", call_names[call->kind],
                call->text != NULL ? call->text : "NULL", call->id, call->value, navcore_status_string(rc),
                rc != NAVCORE_OK ? navcore_last_error_message() : out);
    if ((blocked_text != NULL) != (rc == NAVCORE_EBLOCKED))
        fuzz_fail("%s returned %s, and navcore_last_blocked() is %s", call_names[call->kind], navcore_status_string(rc),
                  blocked_text != NULL ? "set" : "NULL");
    if (blocked_text != NULL)
        blocked = fuzz_parse(blocked_text, "navcore_last_blocked()");
    check_guard(flow, call, rc, call->kind == CALL_TAKE_RESULT || rc != NAVCORE_OK ? NULL : out);
    if (call->kind == CALL_PROCEED)
        check_proceed(flow, call, proceeding, was_used, flow_seq(before), rc);
    if (proceeding != NULL)
        proceeding->used = 1;
    if (preview != NULL)
        check_back(flow, call, preview, rc, out);
    if (rc != NAVCORE_OK) {
        check_failure(flow, call, rc, blocked, blocked_text, blocking, before, preview, proceeding);
        fuzz_check_untouched(out, call_names[call->kind]);
        fuzz_check_unchanged(flow->nav, before_text, call_names[call->kind]);
        if (flow->delivered.count != delivered_before)
            fuzz_fail("a failed %s called the listener", call_names[call->kind]);
    }
    after_text = fuzz_state(flow->nav, "after a step");
    after = fuzz_parse(after_text, "the state");
    if (rc == NAVCORE_OK && call->kind == CALL_TAKE_RESULT) {
        check_taken(flow, call, before, after, out, delivered_before);
    } else if (rc == NAVCORE_OK) {
        /* a guard's redirect replaced an annotation with another batch */
        flow_check_changed(flow, before, after, out, delivered_before, call->annotation && !flow->guard_redirected,
                           call_names[call->kind]);
        flow_check_handed(before, after, out, call_names[call->kind]);
        fuzz_check_blockers_kept(flow->nav, blocking, out, proceeding != NULL ? proceeding->passed : NULL);
        if (proceeding != NULL)
            check_proceeded(proceeding, out, flow_seq(before));
    }
    if (rc == NAVCORE_OK)
        navcore_string_free(out);
    flow_check_conditions(flow, after, after_text);
    fuzz_check_tree_doc(after, after_text);
    /* the view model shows the navigator's own level only, so far (docs/structure.md, "Nesting") */
    if (flow->which != FLOW_NESTED)
        flow_check_view_model(flow);
    json_decref(after);
    navcore_string_free(after_text);
    json_decref(blocked);
    free(blocked_text);
    json_decref(preview);
    json_decref(blocking);
    json_decref(before);
    navcore_string_free(before_text);
}

/* ---- the actions a step makes ------------------------------------------ */

/* A route of the nested table, by a (which) and b (its params); some hold containers, some are wrong. */
static json_t *nested_route(int a, int b)
{
    static const char *const plain[16] = {"home", NULL, "explore", "library", "albums", "artists", NULL, "settings",
                                          "privacy", "blocked", NULL, "shelf", NULL, "checkout", "login", "nowhere"};
    switch (a % 16) {
    case 1: return json_pack("{s:s,s:{s:i}}", "name", "post", "params", "id", 1 + b % 3);
    case 6: return json_pack("{s:s,s:{s:i}}", "name", "album", "params", "id", 1 + b % 3);
    case 10: return json_pack("{s:s,s:{s:i}}", "name", "channel", "params", "id", 1 + b % 3);
    case 12: return json_pack("{s:s,s:{s:s}}", "name", "product", "params", "id", "x");
    default: return json_pack("{s:s}", "name", plain[a % 16]);
    }
}

/* A route of the table, by a (which) and b (its params); some are wrong on purpose. */
static json_t *route(const struct flow *flow, int a, int b)
{
    if (flow->which == FLOW_NESTED)
        return nested_route(a, b);
    if (flow->which == FLOW_SPLIT) {
        switch (a % 8) {
        case 0: return json_pack("{s:s}", "name", "inbox");
        case 1: return json_pack("{s:s,s:{s:s}}", "name", "folder", "params", "name", b % 2 ? "work" : "home");
        case 2: return json_pack("{s:s,s:{s:i}}", "name", "message", "params", "id", 1 + b % 3);
        case 3: return json_pack("{s:s}", "name", "compose");
        case 4: return json_pack("{s:s}", "name", "picker");
        case 5: return json_pack("{s:s}", "name", "settings");
        case 6: return json_pack("{s:s}", "name", "login");
        default: return json_pack("{s:s}", "name", "nowhere");
        }
    }
    switch (a % 16) {
    case 0: return json_pack("{s:s}", "name", "home");
    case 1: return json_pack("{s:s,s:{s:i}}", "name", "product", "params", "id", 1 + b % 3);
    case 2: return json_pack("{s:s,s:{s:i,s:s}}", "name", "product", "params", "id", 1 + b % 3, "color", "red");
    case 3: return json_pack("{s:s,s:{s:s}}", "name", "category", "params", "slug", "shoes");
    case 4: return json_pack("{s:s,s:{s:s}}", "name", "search", "params", "q", "x");
    case 5: return json_pack("{s:s}", "name", "cart");
    case 6: return json_pack("{s:s}", "name", "checkout");
    case 7: return json_pack("{s:s,s:{s:s,s:b}}", "name", "order", "params", "order",
                             "123e4567-e89b-12d3-a456-426614174000", "gift", b % 2);
    case 8: return json_pack("{s:s}", "name", "userList");
    case 9: return json_pack("{s:s,s:{s:i}}", "name", "userDetail", "params", "id", b % 3);
    case 10: return json_pack("{s:s,s:{s:i}}", "name", "userEdit", "params", "id", b % 3);
    case 11: return json_pack("{s:s}", "name", "settings");
    case 12: return json_pack("{s:s,s:{s:s}}", "name", "subscription", "params", "plan", b % 2 ? "yearly" : "monthly");
    case 13: return json_pack("{s:s}", "name", "login");
    case 14: return json_pack("{s:s,s:{s:s}}", "name", "product", "params", "id", "x");
    default: return json_pack("{s:s}", "name", "nowhere");
    }
}

/* A result value, by v. */
static json_t *result_value(int v)
{
    switch (v % 4) {
    case 0: return json_integer(5);
    case 1: return json_string("picked");
    case 2: return json_pack("{s:s}", "color", "blue");
    default: return json_pack("[i,i]", 1, 2);
    }
}

/* fuzz_each_entry's visitor collecting entry ids into a JSON array. */
static void add_id(json_t *entry, void *ids)
{
    json_array_append(ids, json_object_get(entry, "id"));
}

/* An entry id, by a: one of the state's entries, the next id (never issued), or one that is gone. */
static long long pick_id(json_t *state, int a)
{
    json_t *ids = json_array();
    long long next = (long long)json_integer_value(json_object_get(state, "next_id")), id;
    size_t n, k;
    fuzz_each_entry(state, add_id, ids);
    n = json_array_size(ids);
    k = (size_t)a % (n + 2);
    if (k < n)
        id = (long long)json_integer_value(json_array_get(ids, k));
    else if (k == n)
        id = next;
    else {
        json_t *value;
        for (id = 1; id < next; id++) {
            size_t i;
            int present = 0;
            json_array_foreach(ids, i, value) present |= json_integer_value(value) == id;
            if (!present)
                break;
        }
    }
    json_decref(ids);
    return id;
}

/* An entry holding a result, or pick_id's choice when none does. */
static long long pick_holder(json_t *state, int a)
{
    long long id = 0;
    fuzz_each_entry(state, flow_find_result, &id);
    return id != 0 ? id : pick_id(state, a);
}

/* Appends to names (a JSON array) the names of the stacks (an object by name) and
 * presentations (an array), and of the stacks inside them. */
static void collect_stacks(json_t *names, json_t *stacks, json_t *presentations)
{
    json_t *stack, *entry;
    const char *name;
    size_t i, j;
    json_object_foreach(stacks, name, stack) {
        json_array_append_new(names, json_string(name));
        json_array_foreach(json_object_get(stack, "entries"), i, entry)
            collect_stacks(names, json_object_get(json_object_get(entry, "container"), "stacks"), NULL);
        collect_stacks(names, NULL, json_object_get(stack, "presentations"));
    }
    json_array_foreach(presentations, i, stack) {
        json_array_append(names, json_object_get(stack, "stack"));
        json_array_foreach(json_object_get(stack, "entries"), j, entry)
            collect_stacks(names, json_object_get(json_object_get(entry, "container"), "stacks"), NULL);
    }
}

/* Wrong stack names: no base stack, a part its container lacks, under an entry that holds nothing. */
static const char *const bad_stacks[3] = {"nowhere", "explore/folowing", "home/x"};

/*
 * The "stack" of an action on the nested table, by k: none (k % 4 == 0), else
 * one of the state's stack names, an entry id (pick_id) or a wrong name; NULL
 * (no "stack") on the other tables.
 */
static json_t *pick_stack(const struct flow *flow, json_t *state, int k)
{
    json_t *names, *name;
    size_t n, choice;
    if (flow->which != FLOW_NESTED || k % 4 == 0)
        return NULL;
    names = json_array();
    collect_stacks(names, json_object_get(state, "stacks"), json_object_get(state, "presentations"));
    n = json_array_size(names);
    choice = (size_t)(k / 4) % (n + 2);
    if (choice < n)
        name = json_incref(json_array_get(names, choice));
    else if (choice == n)
        name = json_integer(pick_id(state, k));
    else
        name = json_string(bad_stacks[k % 3]);
    json_decref(names);
    return name;
}

/* The conditions, tabs and URLs steps choose from, by table. */
static const char *const conditions[FLOW_TABLES][3] = {
    {"signed_in", "onboarded", "nosuch"}, {"signed_in", "nosuch", "signed_in"}, {"signed_in", "nosuch", "signed_in"}};
static const int sidebar_routes[4] = {0, 1, 5, 2}; /* route() of the split table: in the sidebar, then not */
static const char *const tabs[5] = {"shop", "cart", "account", "settings", "nosuch"};
/* The nested table's tabs at every level, a tab's stack name, and a wrong name. */
static const char *const nested_tabs[12] = {"home", "explore", "library", "foryou", "following", "general",
                                            "privacy", "account", "videos", "shelf", "explore/following", "nosuch"};
/* nested_route() choices: in a sidebar (library's, then a shelf's), then not. */
static const int nested_sidebar_routes[4] = {4, 5, 11, 6};
static const char *const urls[FLOW_TABLES][8] = {
    {"myapp://product/2", "myapp://category/shoes/product/2", "myapp://cart/checkout",
     "myapp://orders/123e4567-e89b-12d3-a456-426614174000?gift=true", "myapp://users/4/edit",
     "https://shop.example.com/settings/subscription?plan=yearly", "myapp://home", "myapp://nowhere"},
    {"mail://message/3", "mail://compose", "mail://folder/work", "mail://nowhere", "mail://message/x", "not a url",
     "mail://message/1", "mail://folder/home"},
    {"nest://post/2", "nest://channel/3", "nest://checkout", "nest://nowhere", "nest://settings/privacy/blocked", "not a url",
     "nest://following/post/1", "nest://library/album/4"},
};
static const char *const open_modes[3] = {NULL, "replace", "push"};
static const char *const push_policies[4] = {NULL, "single_top", "bring_to_front", "replace_top"};
static const char *const present_policies[3] = {NULL, "allow", "single_top"};
static const char *const styles[3] = {"sheet", "cover", "popup"};
static const char *const reasons[4] = {"Unsaved draft", NULL, "Other draft", ""};

/* Sets key to value in action unless value is NULL; returns action. */
static json_t *with(json_t *action, const char *key, json_t *value)
{
    if (value != NULL)
        json_object_set_new(action, key, value);
    return action;
}

/* A string value, or NULL for NULL. */
static json_t *maybe_string(const char *text)
{
    return text != NULL ? json_string(text) : NULL;
}

/* The action of an action step (kind < STEP_ACTIONS), without a "stack". */
static json_t *plain_action(const struct flow *flow, json_t *state, int kind, int a, int b)
{
    switch (kind) {
    case STEP_PUSH:
        return with(json_pack("{s:s,s:o}", "op", "push", "route", route(flow, a, b)), "policy",
                    maybe_string(push_policies[(b >> 6) & 3]));
    case STEP_POP:
        return with(json_pack("{s:s,s:i}", "op", "pop", "count", 1 + a % 3), "result", b % 2 ? result_value(b >> 1) : NULL);
    case STEP_BACK:
        return with(json_pack("{s:s}", "op", "back"), "result", b % 2 ? result_value(b >> 1) : NULL);
    case STEP_POP_TO:
        if (a % 3 == 0)
            return json_pack("{s:s}", "op", "pop_to_root");
        if (a % 3 == 1)
            return json_pack("{s:s,s:I,s:b}", "op", "pop_to", "id", (json_int_t)pick_id(state, b), "inclusive", (a >> 2) % 2);
        return json_pack("{s:s,s:s}", "op", "pop_to", "name",
                         flow->which == FLOW_SPLIT ? "message" : flow->which == FLOW_NESTED ? "album" : "product");
    case STEP_REPLACE:
        return json_pack("{s:s,s:o}", "op", "replace", "route", route(flow, a, b));
    case STEP_SET_STACK: {
        json_t *routes = json_array();
        int i;
        for (i = 0; i < a % 3; i++)
            json_array_append_new(routes, route(flow, i == 0 ? a >> 2 : b, i == 0 ? b : a));
        return json_pack("{s:s,s:o}", "op", "set_stack", "routes", routes);
    }
    case STEP_SELECT:
        if (flow->which == FLOW_SPLIT)
            return json_pack("{s:s,s:o}", "op", "select", "route", route(flow, sidebar_routes[a % 4], b));
        if (flow->which == FLOW_NESTED && a % 3 == 0)
            return json_pack("{s:s,s:o}", "op", "select", "route", route(flow, nested_sidebar_routes[(a / 3) % 4], b));
        if (flow->which == FLOW_NESTED)
            return json_pack("{s:s,s:s}", "op", "select_tab", "tab", nested_tabs[(a / 3) % 12]);
        return json_pack("{s:s,s:s}", "op", "select_tab", "tab", tabs[a % 5]);
    case STEP_RESET:
        if (a % 3 == 0)
            return json_pack("{s:s}", "op", "reset_all");
        return with(json_pack("{s:s}", "op", "reset_tab"), "tab",
                    a % 3 != 2 ? NULL : json_string(flow->which == FLOW_NESTED ? nested_tabs[b % 12] : tabs[b % 5]));
    case STEP_PRESENT:
        return with(json_pack("{s:s,s:o,s:s}", "op", "present", "route", route(flow, a, b), "style",
                              styles[(b >> 4) % 3]),
                    "policy", maybe_string(present_policies[(b >> 6) % 3]));
    case STEP_DISMISS:
        return with(json_pack("{s:s,s:b}", "op", "dismiss", "all", a % 2), "result", b % 2 ? result_value(b >> 1) : NULL);
    case STEP_CONDITION:
        return json_pack("{s:s,s:s,s:b}", "op", "set_condition", "name", conditions[flow->which][a % 3], "value", b % 2);
    case STEP_OPEN_URL:
        return with(json_pack("{s:s,s:s}", "op", "open_url", "url", urls[flow->which][a % 8]), "mode",
                    maybe_string(open_modes[b % 3]));
    case STEP_COMPACT:
        return json_pack("{s:s,s:b}", "op", "set_compact", "value", a % 2);
    case STEP_ENTRY_STATE:
        return json_pack("{s:s,s:I,s:o}", "op", "set_entry_state", "id", (json_int_t)pick_id(state, a), "state",
                         b % 3 == 0 ? json_pack("{s:i}", "scroll", b) : b % 3 == 1 ? json_null() : json_string("draft"));
    case STEP_BLOCKER:
        return json_pack("{s:s,s:I,s:o}", "op", "set_blocker", "id", (json_int_t)pick_id(state, a), "reason",
                         reasons[b % 4] != NULL ? json_string(reasons[b % 4]) : json_null());
    default:
        return json_pack("{s:s,s:I}", "op", "take_result", "id",
                         (json_int_t)(b % 2 ? pick_holder(state, a) : pick_id(state, a)));
    }
}

/* The action of an action step (kind < STEP_ACTIONS), with a "stack" on the nested table (pick_stack). */
static json_t *action(const struct flow *flow, json_t *state, int kind, int a, int b)
{
    /* for each kind that takes a "stack": the bits of a (else b) that plain_action leaves alone */
    static const struct {
        int from_a, shift;
    } spare[STEP_ACTIONS] = {
        [STEP_PUSH] = {1, 4}, [STEP_POP] = {0, 4}, [STEP_POP_TO] = {1, 3}, [STEP_REPLACE] = {1, 4},
        [STEP_SET_STACK] = {0, 5}, [STEP_SELECT] = {0, 3}, [STEP_RESET] = {0, 3}, [STEP_PRESENT] = {1, 4},
        [STEP_DISMISS] = {1, 1}, [STEP_COMPACT] = {1, 1},
    };
    json_t *act = plain_action(flow, state, kind, a, b);
    if (spare[kind].shift > 0)
        act = with(act, "stack", pick_stack(flow, state, (spare[kind].from_a ? a : b) >> spare[kind].shift));
    return act;
}

/* A copy of a JSON string's text (free() it), or NULL when value is no string. */
static char *copy_string(json_t *value)
{
    const char *text = json_string_value(value);
    return text != NULL ? fuzz_text((const uint8_t *)text, strlen(text)) : NULL;
}

/* The action steps that have a C call: which, and the action's key that gives its text
 * (as the JSON text of the value when as_json, else as a string's text). */
static const struct {
    int step;
    enum call_kind call;
    const char *key;
    int as_json;
} c_calls[] = {
    {STEP_BACK, CALL_BACK, NULL, 0},           {STEP_CONDITION, CALL_CONDITION, "name", 0},
    {STEP_OPEN_URL, CALL_OPEN_URL, "url", 0},  {STEP_COMPACT, CALL_COMPACT, NULL, 0},
    {STEP_ENTRY_STATE, CALL_ENTRY_STATE, "state", 1}, {STEP_BLOCKER, CALL_BLOCKER, "reason", 0},
    {STEP_TAKE_RESULT, CALL_TAKE_RESULT, NULL, 0},
};

/* The call for one action step on its own: its C call when it has one and via_c
 * is set (take_result always; a back with a result has none), else navcore_apply(). */
static struct call single_call(json_t *act, int kind, int via_c)
{
    struct call call = {CALL_APPLY, NULL, 0, 0, 0, 0, 0};
    const char *mode = json_string_value(json_object_get(act, "mode"));
    size_t i;
    call.back = kind == STEP_BACK;
    call.result = json_object_get(act, "result") != NULL;
    call.annotation = kind == STEP_ENTRY_STATE || kind == STEP_BLOCKER || kind == STEP_TAKE_RESULT;
    call.id = (long long)json_integer_value(json_object_get(act, "id"));
    call.value = json_is_true(json_object_get(act, "value"));
    if (kind == STEP_OPEN_URL)
        call.value = mode == NULL ? NAVCORE_OPEN_DEFAULT
                     : strcmp(mode, "push") == 0 ? NAVCORE_OPEN_PUSH : NAVCORE_OPEN_REPLACE;
    for (i = 0; i < sizeof c_calls / sizeof c_calls[0]; i++) {
        if (c_calls[i].step == kind && (via_c || kind == STEP_TAKE_RESULT) && !call.result) {
            json_t *text = c_calls[i].key != NULL ? json_object_get(act, c_calls[i].key) : NULL;
            call.kind = c_calls[i].call;
            call.text = text == NULL ? NULL : c_calls[i].as_json ? flow_dump(text) : copy_string(text);
            return call;
        }
    }
    call.text = flow_dump(act);
    return call;
}

/* Wrong input of several kinds (a step). */
static const char *const bad_batches[5] = {
    "{\"op\": \"nosuch\"}", "{\"op\": \"pop\", \"count\": 0}", "[1, 2",
    "{\"op\": \"push\", \"route\": {\"name\": \"inbox\"}, \"extra\": 1}", "{\"op\": \"pop_to\", \"id\": 9999}",
};

/* Runs the step at data (3 bytes each, from step i of count); returns how many steps it used. */
static size_t step(struct flow *flow, const uint8_t *data, size_t i, size_t count)
{
    int kind = (data[3 * i] & 0x7f) % STEP_KINDS, via_c = data[3 * i] & 0x80, a = data[3 * i + 1], b = data[3 * i + 2];
    json_t *state = flow_state_doc(flow, "to choose a step's arguments");
    struct call call = {CALL_APPLY, NULL, 0, 0, 0, 0, 0};
    size_t used = 1;
    char token[256];
    if (flow->trace)
        fprintf(stderr, "step %zu: kind %d%s, a %d, b %d\n", i, kind, via_c ? " (C call)" : "", a, b);
    if (kind < STEP_ACTIONS) {
        json_t *act = action(flow, state, kind, a, b);
        call = single_call(act, kind, via_c);
        json_decref(act);
    } else if (kind == STEP_PROCEED) {
        flow_token_pick(flow, a, b, token, sizeof token);
        call.kind = CALL_PROCEED;
        call.text = fuzz_text((const uint8_t *)token, strlen(token));
    } else if (kind == STEP_GUARD) {
        flow_set_guard(flow, a % GUARD_MODES, b);
    } else if (kind == STEP_BATCH) {
        json_t *batch = json_array();
        size_t j;
        for (j = i + 1; j < count && j <= i + 2 + (size_t)(a % 2); j++)
            json_array_append_new(batch, action(flow, state, (data[3 * j] & 0x7f) % STEP_ACTIONS, data[3 * j + 1],
                                                data[3 * j + 2]));
        used = j - i;
        call.text = flow_dump(batch);
        json_decref(batch);
    } else {
        call.text = fuzz_text((const uint8_t *)bad_batches[a % 5], strlen(bad_batches[a % 5]));
    }
    json_decref(state);
    if (kind != STEP_GUARD)
        change(flow, &call);
    free(call.text);
    return used;
}

/* The end of an input: the snapshot restores into a fresh navigator, and into
 * the navigator itself, and the log replays, each to the same state. */
static void check_round_trips(struct flow *flow)
{
    char *snapshot = NULL, *report = NULL, *before;
    json_t *doc;
    int rc;
    flow_set_guard(flow, GUARD_OFF, 0);
    fuzz_check_snapshot_restores(flow->nav, flow->table, 1);
    before = fuzz_state(flow->nav, "before restoring its own snapshot");
    if ((rc = navcore_snapshot(flow->nav, &snapshot)) != NAVCORE_OK ||
        (rc = navcore_restore(flow->nav, snapshot, NULL, NULL, &report)) != NAVCORE_OK)
        fuzz_fail("the navigator cannot restore its own snapshot (%s: %s): %.400s", navcore_status_string(rc),
                  navcore_last_error_message(), snapshot != NULL ? snapshot : "");
    doc = fuzz_parse(report, "the restore report");
    if (json_array_size(json_object_get(doc, "dropped")) == 0)
        fuzz_check_unchanged(flow->nav, before, "restore of the navigator's own snapshot (which dropped nothing)");
    json_decref(doc);
    navcore_string_free(report);
    navcore_string_free(snapshot);
    navcore_string_free(before);
    fuzz_check_log_replays(flow->nav, flow->table);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const paths[FLOW_TABLES] = {FUZZ_TABLE, FUZZ_SPLIT_TABLE, FUZZ_NESTED_TABLE};
    static char *tables[FLOW_TABLES];
    static json_t *table_docs[FLOW_TABLES];
    struct flow flow;
    size_t count = size < 1 ? 0 : (size - 1) / 3, i;
    int64_t subscription;
    memset(&flow, 0, sizeof flow);
#ifdef FUZZ_NESTED
    flow.which = FLOW_NESTED;
#else
    flow.which = size > 0 ? (enum flow_table)(data[0] % FLOW_TABLES) : FLOW_TABS;
#endif
    flow.table = fuzz_file(paths[flow.which], &tables[flow.which]);
    if (table_docs[flow.which] == NULL)
        table_docs[flow.which] = fuzz_parse(flow.table, "the fuzz table");
    flow.table_doc = table_docs[flow.which];
    flow.trace = getenv("FUZZ_FLOW_TRACE") != NULL;
    flow.nav = fuzz_fresh(flow.table);
    if (navcore_record(flow.nav, 1) != NAVCORE_OK ||
        navcore_subscribe(flow.nav, fuzz_listen, &flow.delivered, &subscription) != NAVCORE_OK)
        fuzz_fail("navcore_record or navcore_subscribe failed: %s", navcore_last_error_message());
    if (count > FLOW_MAX_STEPS)
        count = FLOW_MAX_STEPS;
    for (i = 0; i < count;)
        i += step(&flow, data + 1, i, count);
    check_round_trips(&flow);
    navcore_navigator_free(flow.nav);
    json_decref(flow.guard_allowed);
    flow_tokens_free(&flow);
    free(flow.delivered.last);
    return 0;
}
