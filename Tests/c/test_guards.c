/*
 * test_guards.c - the table's redirects and the host guard through the C
 * API (docs/conditions.md, "Redirects and guards"): allow, deny, redirect,
 * loops and the limit, garbage answers, bad replacements, a guard that
 * changes its own navigator (taking a result included), a change committed by another thread while the
 * guard runs, and several threads applying through one guard.
 *
 * NAVCORE_TEST_SCALE=N divides the loop count of the threaded test by N, so
 * that runs under valgrind stay short.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "navcore.h"

static const char TABLE[] =
    "{\"navcore\": 1, \"root\": \"home\", \"routes\": {"
    "\"home\": {\"title\": \"Home\"}, \"login\": {\"title\": \"Sign in\"},"
    "\"checkout\": {\"title\": \"Checkout\"},"
    "\"product\": {\"params\": {\"id\": \"int\"}, \"title\": \"Product {id}\"}},"
    "\"conditions\": {\"signed_in\": {}},"
    "\"redirects\": [{\"from\": \"login\", \"when\": {\"signed_in\": true}, \"to\": \"home\"}]}";

static int scale = 1;

static navcore_navigator *new_nav(void)
{
    navcore_navigator *nav = NULL;
    CHECK_OK(navcore_navigator_new(TABLE, &nav));
    return nav;
}

/* The number of entries on the active stack. */
static size_t depth(const navcore_navigator *nav)
{
    char *text = NULL;
    size_t count = 0;
    if (CHECK_OK(navcore_stack(nav, &text))) {
        json_t *stack = check_parse(text);
        count = json_array_size(json_object_get(stack, "entries"));
        json_decref(stack);
    }
    navcore_string_free(text);
    return count;
}

/* What a scripted guard answers, and what it saw. */
struct script {
    navcore_navigator *nav;
    int calls;
    int answer;               /* the return value */
    const char *deny;         /* a reason to deny with, or NULL */
    const char *redirect;     /* actions to redirect to, or NULL */
    int redirect_status;      /* what navcore_guard_redirect returned */
    int second_answer_status; /* what a second answer returned */
    int reentrant_status;     /* what a change to nav from the guard returned */
    int take_status;          /* what taking a result from nav in the guard returned */
    int read_status;          /* what reading nav from the guard returned */
    char proposal[4096];
};

static int scripted_guard(const char *proposal_json, navcore_guard_decision *decision, void *user_data)
{
    struct script *script = user_data;
    script->calls++;
    snprintf(script->proposal, sizeof script->proposal, "%s", proposal_json);
    if (script->deny != NULL) {
        navcore_guard_deny(decision, script->deny);
        script->second_answer_status = navcore_guard_deny(decision, "again");
    }
    if (script->redirect != NULL && 
        strstr(proposal_json, "\"actions\":[{\"op\":\"push\",\"route\":{\"name\":\"checkout\"") == NULL)
        script->redirect_status = navcore_guard_redirect(decision, script->redirect);
    return script->answer;
}

static void test_allow_and_the_proposal(void)
{
    navcore_navigator *nav = new_nav();
    struct script script = {0};
    char *out = NULL;
    CHECK_OK(navcore_set_guard(nav, scripted_guard, &script));
    CHECK_OK(navcore_push(nav, "product", "{\"id\": 1}", &out));
    CHECK(script.calls == 1);
    json_t *proposal = check_parse(script.proposal);
    json_t *transition = check_parse(out);
    CHECK(json_equal(json_object_get(proposal, "transition"), transition));
    CHECK_JSON(json_object_get(proposal, "actions"), "[{\"op\": \"push\", \"route\": {\"name\": \"product\", \"params\": {\"id\": 1}}}]");
    json_decref(proposal);
    json_decref(transition);
    navcore_string_free(out);
    CHECK(depth(nav) == 2);
    CHECK_OK(navcore_set_guard(nav, NULL, NULL));
    CHECK_OK(navcore_pop(nav, 1, NULL));
    CHECK(script.calls == 1);
    CHECK_STATUS(navcore_set_guard(NULL, scripted_guard, NULL), NAVCORE_EINVAL);
    navcore_navigator_free(nav);
}

static void test_deny_and_garbage(void)
{
    navcore_navigator *nav = new_nav();
    struct script script = {0};
    char out_sentinel[] = "untouched";
    char *out = out_sentinel;
    CHECK_OK(navcore_set_guard(nav, scripted_guard, &script));
    script.deny = "the shop is closed";
    EXPECT_FAIL(nav, navcore_push(nav, "product", "{\"id\": 1}", &out), NAVCORE_EDENIED,
                "the guard denied the batch: the shop is closed");
    CHECK(script.second_answer_status == NAVCORE_EINVAL);
    script.deny = NULL;
    script.answer = 7;
    EXPECT_FAIL(nav, navcore_pop_to_root(nav, &out), NAVCORE_EDENIED, "the guard returned 7, not NAVCORE_OK");
    CHECK_STREQ(navcore_status_string(NAVCORE_EDENIED), "NAVCORE_EDENIED");
    CHECK_STREQ(navcore_status_string(NAVCORE_EREDIRECT), "NAVCORE_EREDIRECT");
    CHECK_STATUS(navcore_guard_deny(NULL, "x"), NAVCORE_EINVAL);
    CHECK_STATUS(navcore_guard_redirect(NULL, "[]"), NAVCORE_EINVAL);
    navcore_navigator_free(nav);
}

/* Redirects product 1 to product 2 and product 2 to product 1: a loop. */
static int flip_guard(const char *proposal_json, navcore_guard_decision *decision, void *user_data)
{
    (void)user_data;
    if (strstr(proposal_json, "\"id\":1") != NULL)
        navcore_guard_redirect(decision, "[{\"op\": \"push\", \"route\": {\"name\": \"product\", \"params\": {\"id\": 2}}}]");
    else
        navcore_guard_redirect(decision, "[{\"op\": \"push\", \"route\": {\"name\": \"product\", \"params\": {\"id\": 1}}}]");
    return NAVCORE_OK;
}

/* Redirects any push of product N to product N + 1: a chain past any limit. */
static int onwards_guard(const char *proposal_json, navcore_guard_decision *decision, void *user_data)
{
    char actions[256];
    const char *at = strstr(proposal_json, "\"id\":");
    (void)user_data;
    snprintf(actions, sizeof actions, "{\"op\": \"push\", \"route\": {\"name\": \"product\", \"params\": {\"id\": %d}}}",
             at != NULL ? atoi(at + 5) + 1 : 0);
    navcore_guard_redirect(decision, actions);
    return NAVCORE_OK;
}

static void test_redirects(void)
{
    navcore_navigator *nav = new_nav();
    struct script script = {0};
    char out_sentinel[] = "untouched";
    char *out = NULL;
    CHECK_OK(navcore_record(nav, 1));
    CHECK_OK(navcore_set_guard(nav, scripted_guard, &script));
    script.redirect = "[{\"op\": \"push\", \"route\": {\"name\": \"checkout\"}}]";
    CHECK_OK(navcore_push(nav, "product", "{\"id\": 1}", &out));
    CHECK(script.calls == 2 && script.redirect_status == NAVCORE_OK);
    CHECK_CONTAINS(out, "\"name\":\"checkout\"");
    navcore_string_free(out);
    out = out_sentinel;

    /* The log holds the replacement: a replay without a guard rebuilds the state. */
    char *log = NULL;
    char *state = state_text(nav);
    CHECK_OK(navcore_log(nav, &log));
    CHECK_CONTAINS(log, "checkout");
    CHECK(strstr(log, "product") == NULL);
    navcore_navigator *other = new_nav();
    CHECK_OK(navcore_replay(other, log, NULL));
    char *replayed = state_text(other);
    CHECK_STREQ(replayed, state);
    navcore_string_free(replayed);
    navcore_string_free(state);
    navcore_string_free(log);
    navcore_navigator_free(other);

    script.redirect = "[{\"op\": \"push\", \"route\": {\"name\": \"nowhere\"}}]";
    EXPECT_FAIL(nav, navcore_back(nav, &out), NAVCORE_EROUTE, "guard.redirect.actions[0].route.name: unknown route \"nowhere\"");
    script.redirect = "[{\"op\": ";
    EXPECT_FAIL(nav, navcore_back(nav, &out), NAVCORE_EJSON, "guard.redirect");
    CHECK(script.redirect_status == NAVCORE_EJSON);
    script.redirect = "[{\"op\": \"fly\"}]";
    EXPECT_FAIL(nav, navcore_back(nav, &out), NAVCORE_EACTION, "guard.redirect");

    CHECK_OK(navcore_set_guard(nav, flip_guard, NULL));
    EXPECT_FAIL(nav, navcore_push(nav, "product", "{\"id\": 1}", &out), NAVCORE_EREDIRECT,
                "the guard's redirects loop: product -> product -> product");
    CHECK_OK(navcore_set_guard(nav, onwards_guard, NULL));
    EXPECT_FAIL(nav, navcore_push(nav, "product", "{\"id\": 1}", &out), NAVCORE_EREDIRECT,
                "the guard's redirects go past the limit of 5: product -> product -> product -> product -> product -> product -> product");
    navcore_navigator_free(nav);
}

/* A guard that tries to change (pushing, taking a result) and read the navigator it judges. */
static int reentrant_guard(const char *proposal_json, navcore_guard_decision *decision, void *user_data)
{
    struct script *script = user_data;
    char *text = NULL;
    (void)proposal_json;
    (void)decision;
    script->calls++;
    script->reentrant_status = navcore_push(script->nav, "checkout", NULL, NULL);
    script->take_status = navcore_take_result(script->nav, 1, &text);
    navcore_string_free(text);
    text = NULL;
    script->read_status = navcore_state(script->nav, &text);
    navcore_string_free(text);
    return NAVCORE_OK;
}

/* Proves every change from the guard is refused, taking a result too, so the guard is asked once. */
static void test_reentrant_change_is_refused(void)
{
    navcore_navigator *nav = new_nav();
    struct script script = {0};
    char *taken = NULL;
    script.nav = nav;
    CHECK_OK(navcore_apply(nav, "[{\"op\": \"push\", \"route\": {\"name\": \"checkout\"}}, {\"op\": \"pop\", \"result\": 5}]", NULL));
    CHECK_OK(navcore_set_guard(nav, reentrant_guard, &script));
    CHECK_OK(navcore_push(nav, "product", "{\"id\": 1}", NULL));
    CHECK(script.calls == 1);
    CHECK(script.reentrant_status == NAVCORE_ECASCADE);
    CHECK(script.take_status == NAVCORE_ECASCADE);
    CHECK(script.read_status == NAVCORE_OK);
    CHECK(depth(nav) == 2);
    CHECK_OK(navcore_set_guard(nav, NULL, NULL));
    if (CHECK_OK(navcore_take_result(nav, 1, &taken)))
        CHECK(strcmp(taken, "5") == 0);
    navcore_string_free(taken);
    navcore_navigator_free(nav);
}

/* Another thread's change, committed while the guard runs. */
static void *sign_in(void *arg)
{
    navcore_set_condition(arg, "signed_in", 1, NULL);
    return NULL;
}

static int racing_guard(const char *proposal_json, navcore_guard_decision *decision, void *user_data)
{
    struct script *script = user_data;
    pthread_t thread;
    (void)proposal_json;
    (void)decision;
    if (script->calls++ == 0 && pthread_create(&thread, NULL, sign_in, script->nav) == 0)
        pthread_join(thread, NULL);
    return NAVCORE_OK;
}

static void test_concurrent_change_is_kept(void)
{
    navcore_navigator *nav = new_nav();
    struct script script = {0};
    char *out = NULL;
    script.nav = nav;
    CHECK_OK(navcore_set_guard(nav, racing_guard, &script));
    CHECK_OK(navcore_push(nav, "product", "{\"id\": 1}", &out));
    CHECK(script.calls == 3); /* the push, the other thread's change, the push again */
    CHECK_CONTAINS(out, "\"seq\":2");
    navcore_string_free(out);
    char *state = state_text(nav);
    CHECK_CONTAINS(state, "\"signed_in\":true");
    navcore_string_free(state);
    navcore_navigator_free(nav);
}

static int counting_guard(const char *proposal_json, navcore_guard_decision *decision, void *user_data)
{
    (void)proposal_json;
    (void)decision;
    (void)user_data;
    return NAVCORE_OK;
}

struct worker {
    int failures;
    navcore_navigator *nav;
};

static void *push_worker(void *arg)
{
    struct worker *worker = arg;
    for (int i = 0; i < 200 / scale; i++)
        if (navcore_push(worker->nav, "product", "{\"id\": 1}", NULL) != NAVCORE_OK) {
            worker->failures++;
            fprintf(stderr, "%s\n", navcore_last_error_message());
        }
    return NULL;
}

static void test_threads(void)
{
    navcore_navigator *nav = new_nav();
    struct worker workers[4];
    pthread_t threads[4];
    CHECK_OK(navcore_set_guard(nav, counting_guard, NULL));
    for (int i = 0; i < 4; i++) {
        workers[i].failures = 0;
        workers[i].nav = nav;
        CHECK(pthread_create(&threads[i], NULL, push_worker, &workers[i]) == 0);
    }
    for (int i = 0; i < 4; i++) {
        pthread_join(threads[i], NULL);
        CHECK(workers[i].failures == 0);
    }
    CHECK(depth(nav) == (size_t)(1 + 4 * (200 / scale)));
    navcore_navigator_free(nav);
}

static void test_table_redirect_through_c(void)
{
    navcore_navigator *nav = new_nav();
    char *out = NULL;
    CHECK_OK(navcore_set_condition(nav, "signed_in", 1, NULL));
    CHECK_OK(navcore_push(nav, "login", NULL, &out));
    CHECK_CONTAINS(out, "\"redirects\":[{\"from\":\"login\",\"to\":\"home\"}]");
    CHECK_CONTAINS(out, "\"changed\":false");
    navcore_string_free(out);
    navcore_navigator_free(nav);
}

int main(void)
{
    const char *scale_text = getenv("NAVCORE_TEST_SCALE");
    if (scale_text != NULL && atoi(scale_text) > 0)
        scale = atoi(scale_text);
    test_allow_and_the_proposal();
    test_deny_and_garbage();
    test_redirects();
    test_reentrant_change_is_refused();
    test_concurrent_change_is_kept();
    test_threads();
    test_table_redirect_through_c();
    return check_summary();
}
