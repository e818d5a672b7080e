/*
 * test_signin.c - the sign-in flow through the C API (docs/conditions.md):
 * a protected push held behind the flow in one transition that listeners hear
 * once, the pending intent in the state, sign-in replaying it, cancelling
 * (which the back preview announces), sign-out, restore while signed out,
 * gates that chain, a restore report that names a replaced intent, and the
 * table's checks.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "navcore.h"

/* The out-parameter of the call under test; EXPECT_FAIL (check.h) presets it to a sentinel. */
static char out_sentinel[] = "untouched";
static char *out;

/* The seeds' shop: checkout and the orders tab require signed_in; the flow is a login cover. */
static const char *const SIGNIN =
    "{\"navcore\": 1,"
    " \"routes\": {\"home\": {\"title\": \"Home\"}, \"checkout\": {\"title\": \"Checkout\", \"requires\": [\"signed_in\"]},"
    "  \"orders\": {\"title\": \"Orders\"}, \"login\": {\"title\": \"Sign in\"}, \"register\": {\"title\": \"Create account\"}},"
    " \"tabs\": [{\"name\": \"shop\", \"root\": \"home\"}, {\"name\": \"orders\", \"root\": \"orders\", \"requires\": [\"signed_in\"]}],"
    " \"conditions\": {\"signed_in\": {\"flow\": {\"route\": \"login\", \"style\": \"cover\"}, \"on_false\": \"%s\"}}}";

/* A navigator of SIGNIN with the given on_false policy. */
static navcore_navigator *new_signin(const char *on_false)
{
    char table[1024];
    navcore_navigator *nav = NULL;
    snprintf(table, sizeof table, SIGNIN, on_false);
    CHECK_OK(navcore_navigator_new(table, &nav));
    return nav;
}

/* The name of the active stack's top entry, checked against expected. */
static void check_top(const navcore_navigator *nav, const char *expected)
{
    json_t *state = state_json(nav);
    json_t *active = jpath(state, "active_stack");
    char *stack = NULL;
    json_t *entries;
    if (CHECK_OK(navcore_stack(nav, &stack)) && (entries = check_parse(stack)) != NULL) {
        json_t *list = jpath(entries, "entries");
        CHECK_STREQ(json_string_value(jpath(json_array_get(list, json_array_size(list) - 1), "name")), expected);
        json_decref(entries);
    }
    CHECK(active != NULL);
    navcore_string_free(stack);
    json_decref(state);
}

/* A listener that counts transitions and keeps the last one's intent event. */
struct heard {
    int calls;
    char event[16];
};

static void on_transition(const char *transition_json, void *user_data)
{
    struct heard *heard = user_data;
    json_t *t = json_loads(transition_json, 0, NULL);
    const char *event = json_string_value(jpath(t, "intent.event"));
    heard->calls++;
    snprintf(heard->event, sizeof heard->event, "%s", event != NULL ? event : "");
    json_decref(t);
}

/* Proves a protected push is held in ONE transition, and sign-in replays it once. */
static void test_held_push_and_sign_in(void)
{
    navcore_navigator *nav = new_signin("remove");
    struct heard heard = {0, ""};
    int64_t id = 0;
    char *transition = NULL;
    json_t *t, *state;

    CHECK_OK(navcore_subscribe(nav, on_transition, &heard, &id));
    CHECK_OK(navcore_push(nav, "checkout", NULL, &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "results"), "[\"held\"]");
    CHECK_JSON(jpath(t, "presented"), "[{\"stack\": \"layer:3\", \"style\": \"cover\"}]");
    CHECK_JSON(jpath(t, "intent"), "{\"event\": \"held\", \"condition\": \"signed_in\","
                                   " \"actions\": [{\"op\": \"push\", \"route\": {\"name\": \"checkout\", \"params\": {}}}]}");
    CHECK(jpath(t, "stacks.shop") == NULL);
    json_decref(t);
    navcore_string_free(transition);
    CHECK(heard.calls == 1);
    CHECK_STREQ(heard.event, "held");
    check_top(nav, "login");
    state = state_json(nav);
    CHECK_JSON(jpath(state, "pending"), "{\"condition\": \"signed_in\", \"flow\": \"layer:3\","
                                        " \"actions\": [{\"op\": \"push\", \"route\": {\"name\": \"checkout\", \"params\": {}}}]}");
    json_decref(state);

    CHECK_OK(navcore_push(nav, "register", NULL, NULL));
    CHECK_OK(navcore_set_condition(nav, "signed_in", 1, &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "results"), "[\"condition_set\"]");
    CHECK_JSON(jpath(t, "dismissed"), "[\"layer:3\"]");
    CHECK_JSON(jpath(t, "intent.results"), "[\"pushed\"]");
    CHECK_STREQ(json_string_value(jpath(t, "after.top.name")), "checkout");
    json_decref(t);
    navcore_string_free(transition);
    CHECK(heard.calls == 3);
    CHECK_STREQ(heard.event, "replayed");
    state = state_json(nav);
    CHECK(jpath(state, "pending") == NULL);
    json_decref(state);

    /* Sign-out (remove) takes the checkout away. */
    CHECK_OK(navcore_set_condition(nav, "signed_in", 0, NULL));
    check_top(nav, "home");
    navcore_navigator_free(nav);
}

/* Proves dismissing the flow drops the intent, and a held tab waits for sign-in. */
static void test_cancel_and_held_tab(void)
{
    navcore_navigator *nav = new_signin("reset");
    char *transition = NULL, *preview = NULL;
    json_t *t, *state;

    CHECK_OK(navcore_select_tab(nav, "orders", NULL));
    /* The back preview at the flow's root names the intent that cancelling drops. */
    CHECK_OK(navcore_back_preview(nav, &preview));
    t = check_parse(preview);
    CHECK_STREQ(json_string_value(jpath(t, "result")), "dismissed");
    CHECK_STREQ(json_string_value(jpath(t, "intent.event")), "dropped");
    CHECK_STREQ(json_string_value(jpath(t, "intent.condition")), "signed_in");
    CHECK_STREQ(json_string_value(jpath(t, "intent.reason")), "its flow was dismissed");
    json_decref(t);
    navcore_string_free(preview);
    CHECK_OK(navcore_dismiss(nav, 0, &transition));
    t = check_parse(transition);
    CHECK_STREQ(json_string_value(jpath(t, "intent.event")), "dropped");
    CHECK_STREQ(json_string_value(jpath(t, "intent.reason")), "its flow was dismissed");
    json_decref(t);
    navcore_string_free(transition);
    CHECK_OK(navcore_set_condition(nav, "signed_in", 1, NULL));
    state = state_json(nav);
    CHECK_STREQ(json_string_value(jpath(state, "selected_tab")), "shop");
    json_decref(state);

    CHECK_OK(navcore_set_condition(nav, "signed_in", 0, NULL));
    CHECK_OK(navcore_select_tab(nav, "orders", NULL));
    CHECK_OK(navcore_set_condition(nav, "signed_in", 1, NULL));
    state = state_json(nav);
    CHECK_STREQ(json_string_value(jpath(state, "selected_tab")), "orders");
    json_decref(state);
    /* Sign-out (reset) brings everything back to the first tab. */
    CHECK_OK(navcore_set_condition(nav, "signed_in", 0, NULL));
    state = state_json(nav);
    CHECK_STREQ(json_string_value(jpath(state, "selected_tab")), "shop");
    json_decref(state);
    navcore_navigator_free(nav);
}

/* Proves a snapshot taken signed in, restored signed out, holds its checkout behind the flow. */
static void test_restore_while_signed_out(void)
{
    navcore_navigator *signed_in = new_signin("remove");
    navcore_navigator *nav = new_signin("remove");
    char *snapshot = NULL;
    json_t *state;

    CHECK_OK(navcore_set_condition(signed_in, "signed_in", 1, NULL));
    CHECK_OK(navcore_push(signed_in, "checkout", NULL, NULL));
    CHECK_OK(navcore_snapshot(signed_in, &snapshot));
    CHECK_OK(navcore_restore(nav, snapshot, NULL, NULL, NULL));
    check_top(nav, "login");
    state = state_json(nav);
    CHECK_JSON(jpath(state, "stacks.shop.entries.0.name"), "\"home\"");
    CHECK(jpath(state, "stacks.shop.entries.1") == NULL);
    CHECK_JSON(jpath(state, "pending.actions"),
               "[{\"op\": \"set_stack\", \"routes\": [{\"name\": \"checkout\", \"params\": {}}], \"tab\": \"shop\"}]");
    json_decref(state);
    CHECK_OK(navcore_set_condition(nav, "signed_in", 1, NULL));
    check_top(nav, "checkout");
    navcore_string_free(snapshot);
    navcore_navigator_free(signed_in);
    navcore_navigator_free(nav);
}

/* A route behind two gates: vip requires signed_in (a login cover) and premium (an offer sheet). */
static const char *const GATES =
    "{\"navcore\": 1, \"root\": \"home\","
    " \"routes\": {\"home\": {}, \"login\": {}, \"offer\": {}, \"checkout\": {\"requires\": [\"signed_in\"]},"
    "  \"vip\": {\"requires\": [\"signed_in\", \"premium\"]}},"
    " \"conditions\": {\"signed_in\": {\"flow\": {\"route\": \"login\", \"style\": \"cover\"}},"
    "  \"premium\": {\"flow\": {\"route\": \"offer\"}}}}";

/* Proves gates chain: signing in advances the intent to the next gate in one
 * transition that listeners hear once, and the last gate replays it. */
static void test_gates_chain(void)
{
    navcore_navigator *nav = NULL;
    struct heard heard = {0, ""};
    int64_t id = 0;
    char *transition = NULL;
    json_t *t;

    CHECK_OK(navcore_navigator_new(GATES, &nav));
    CHECK_OK(navcore_push(nav, "vip", NULL, NULL));
    CHECK_OK(navcore_subscribe(nav, on_transition, &heard, &id));
    CHECK_OK(navcore_set_condition(nav, "signed_in", 1, &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "intent"), "{\"event\": \"advanced\", \"condition\": \"premium\", \"passed\": \"signed_in\","
                                   " \"flow\": \"layer:3\", \"actions\": [{\"op\": \"push\", \"route\": {\"name\": \"vip\", \"params\": {}}}]}");
    CHECK_JSON(jpath(t, "presented"), "[{\"stack\": \"layer:3\", \"style\": \"sheet\"}]");
    json_decref(t);
    navcore_string_free(transition);
    CHECK(heard.calls == 1);
    CHECK_STREQ(heard.event, "advanced");
    check_top(nav, "offer");
    CHECK_OK(navcore_set_condition(nav, "premium", 1, NULL));
    CHECK(heard.calls == 2);
    CHECK_STREQ(heard.event, "replayed");
    check_top(nav, "vip");
    navcore_navigator_free(nav);
}

/* Proves a restore whose restored intent is replaced by a new hold says so in its report. */
static void test_restore_report_names_a_replaced_intent(void)
{
    navcore_navigator *signed_in = NULL;
    navcore_navigator *nav = NULL;
    char *snapshot = NULL;
    char *report = NULL;
    json_t *r;

    CHECK_OK(navcore_navigator_new(GATES, &signed_in));
    CHECK_OK(navcore_navigator_new(GATES, &nav));
    CHECK_OK(navcore_set_condition(signed_in, "signed_in", 1, NULL));
    CHECK_OK(navcore_push(signed_in, "checkout", NULL, NULL));
    CHECK_OK(navcore_push(signed_in, "vip", NULL, NULL));
    CHECK_OK(navcore_snapshot(signed_in, &snapshot));
    CHECK_OK(navcore_set_condition(nav, "premium", 1, NULL));
    CHECK_OK(navcore_restore(nav, snapshot, NULL, NULL, &report));
    r = check_parse(report);
    CHECK_JSON(jpath(r, "notes"), "[\"the snapshot's pending intent, waiting for \\\"premium\\\", was replaced by the restored"
                                  " screens held for \\\"signed_in\\\": \\\"premium\\\" is true now\"]");
    json_decref(r);
    check_top(nav, "login");
    navcore_string_free(report);
    navcore_string_free(snapshot);
    navcore_navigator_free(signed_in);
    navcore_navigator_free(nav);
}

/* Proves the table's checks: each a NAVCORE_ETABLE naming the place, *out untouched. */
static void test_table_errors(void)
{
    static const struct {
        const char *table;
        const char *path;
        const char *needle;
    } cases[] = {
        {"{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {}, \"c\": {\"requires\": [\"signed_in\"]}},"
         " \"conditions\": {\"signed_in\": {}}}",
         "conditions.signed_in", "required by route \"c\" but declares no \"flow\""},
        {"{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {}, \"c\": {\"requires\": [\"nope\"]}},"
         " \"conditions\": {\"signed_in\": {}}}",
         "routes.c.requires[0]", "unknown condition \"nope\" (allowed: signed_in)"},
        {"{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {\"requires\": [\"s\"]}, \"login\": {}},"
         " \"conditions\": {\"s\": {\"flow\": {\"route\": \"login\"}}}}",
         "root", "the first screen requires \"s\""},
        {"{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {}, \"login\": {\"requires\": [\"s\"]}},"
         " \"conditions\": {\"s\": {\"flow\": {\"route\": \"login\"}}}}",
         "conditions.s.flow.route", "flow route \"login\" requires \"s\""},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        navcore_navigator *nav = (navcore_navigator *)out_sentinel;
        CHECK(navcore_navigator_new(cases[i].table, &nav) == NAVCORE_ETABLE);
        CHECK(nav == (navcore_navigator *)out_sentinel);
        CHECK_STREQ(navcore_last_error_path(), cases[i].path);
        CHECK_CONTAINS(navcore_last_error_message(), cases[i].needle);
    }
}

/* Proves a batch that sets its condition false and then needs it fails, changing nothing. */
static void test_self_contradicting_batch(void)
{
    navcore_navigator *nav = new_signin("remove");
    CHECK_OK(navcore_set_condition(nav, "signed_in", 1, NULL));
    EXPECT_FAIL(nav, navcore_apply(nav, "[{\"op\": \"set_condition\", \"name\": \"signed_in\", \"value\": false},"
                                        " {\"op\": \"push\", \"route\": {\"name\": \"checkout\"}}]", &out),
                NAVCORE_EROUTE, "actions[1]: route \"checkout\" requires \"signed_in\", which is false");
    navcore_navigator_free(nav);
}

int main(void)
{
    test_held_push_and_sign_in();
    test_cancel_and_held_tab();
    test_restore_while_signed_out();
    test_gates_chain();
    test_restore_report_names_a_replaced_intent();
    test_table_errors();
    test_self_contradicting_batch();
    return check_summary();
}
