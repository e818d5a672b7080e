/*
 * test_blockers.c - blockers through the C API (docs/blockers.md): a marked
 * entry holds back any change that would remove it, navcore_last_blocked()
 * describes the batch and its token, navcore_proceed() applies it once, and
 * every wrong input gets its status with nothing changed. Results between
 * screens: handed by a pop, held, taken once with navcore_take_result().
 */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "navcore.h"

/* The out-parameter of the call under test; EXPECT_FAIL (check.h) presets it to a sentinel. */
static char out_sentinel[] = "untouched";
static char *out;

static const char TABLE[] =
    "{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {},"
    " \"editor\": {\"title\": \"Editor\", \"requires\": [\"signed_in\"]}, \"login\": {}},"
    " \"conditions\": {\"signed_in\": {\"initial\": true, \"forced\": true, \"flow\": {\"route\": \"login\"}}}}";

/* home > editor (id 2), the editor blocking with "Unsaved draft". */
static navcore_navigator *drafting(void)
{
    navcore_navigator *nav = NULL;
    CHECK_OK(navcore_navigator_new(TABLE, &nav));
    CHECK_OK(navcore_push(nav, "editor", NULL, NULL));
    CHECK_OK(navcore_set_blocker(nav, 2, "Unsaved draft", NULL));
    return nav;
}

/* The token of the last blocked call on this thread (malloc'd), or NULL. */
static char *last_token(void)
{
    const char *text = navcore_last_blocked();
    json_t *doc = text != NULL ? check_parse(text) : NULL;
    const char *token = json_string_value(jpath(doc, "token"));
    char *copy = token != NULL ? strdup(token) : NULL;
    json_decref(doc);
    return copy;
}

/* Proceeds with token and checks that the transition's value at path is the JSON text expected. */
static void check_proceeds(navcore_navigator *nav, const char *token, const char *path, const char *expected)
{
    char *transition = NULL;
    json_t *t;

    CHECK_OK(navcore_proceed(nav, token, &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, path), expected);
    json_decref(t);
    navcore_string_free(transition);
}

/* Proves a blocked back: NAVCORE_EBLOCKED, nothing changed, the document, then proceed once. */
static void test_blocked_then_proceed(void)
{
    navcore_navigator *nav = drafting();
    char *token;
    json_t *doc;

    EXPECT_FAIL(nav, navcore_back(nav, &out), NAVCORE_EBLOCKED,
                "entry 2 (\"Editor\" on stack \"main\") holds back this change: Unsaved draft");
    CHECK(navcore_back(nav, NULL) == NAVCORE_EBLOCKED);
    doc = check_parse(navcore_last_blocked());
    CHECK_JSON(jpath(doc, "reason"), "\"Unsaved draft\"");
    CHECK_JSON(jpath(doc, "stack"), "\"main\"");
    CHECK_JSON(jpath(doc, "entry"), "{\"id\": 2, \"name\": \"editor\", \"params\": {}, \"title\": \"Editor\", \"blocker\": \"Unsaved draft\"}");
    CHECK_JSON(jpath(doc, "actions"), "[{\"op\": \"back\"}]");
    json_decref(doc);
    token = last_token();
    CHECK(token != NULL);
    CHECK_STREQ(navcore_status_string(NAVCORE_EBLOCKED), "NAVCORE_EBLOCKED");
    CHECK(navcore_last_blocked() != NULL); /* navcore_status_string touches no last error */
    CHECK_OK(navcore_record(nav, 0));
    CHECK(navcore_last_blocked() == NULL); /* any other call clears it */

    check_proceeds(nav, token, "results", "[\"popped\"]");
    EXPECT_FAIL(nav, navcore_proceed(nav, token, &out), NAVCORE_ENOENTRY, "token: no batch is held back by token");
    free(token);
    navcore_navigator_free(nav);
}

/* Proves that each blocked call gets its own token, naming its batch: proceeding with the first
 * applies the first, and the second, whose entry is gone since, no longer proceeds. */
static void test_each_blocked_call_gets_its_token(void)
{
    navcore_navigator *nav = drafting();
    char *first, *second;

    CHECK(navcore_pop_to_root(nav, NULL) == NAVCORE_EBLOCKED);
    first = last_token();
    CHECK(navcore_back(nav, NULL) == NAVCORE_EBLOCKED);
    second = last_token();
    CHECK(first != NULL && second != NULL && strcmp(first, second) != 0);
    check_proceeds(nav, first, "cause.ops", "[\"pop_to_root\"]");
    EXPECT_FAIL(nav, navcore_proceed(nav, second, &out), NAVCORE_ENOENTRY, "the state it would change has changed since");
    EXPECT_FAIL(nav, navcore_proceed(nav, first, &out), NAVCORE_ENOENTRY, "it was already used: a token proceeds once");
    free(first);
    free(second);
    navcore_navigator_free(nav);
}

/* Proves tokens belong to their navigator and end when what their batch changes does; a forced
 * condition overrides. */
static void test_tokens_and_forced(void)
{
    navcore_navigator *nav = drafting(), *other = drafting();
    char *token, *transition = NULL;
    json_t *t;

    CHECK(navcore_pop_to_root(nav, NULL) == NAVCORE_EBLOCKED);
    token = last_token();
    EXPECT_FAIL(other, navcore_proceed(other, token, &out), NAVCORE_ENOENTRY, "this navigator gave no such token");
    CHECK_OK(navcore_apply(nav, "{\"op\": \"set_entry_state\", \"id\": 2, \"state\": {\"text\": \"saved\"}}", NULL));
    CHECK_OK(navcore_present(nav, "login", NULL, NULL, NULL));
    EXPECT_FAIL(nav, navcore_proceed(nav, token, &out), NAVCORE_ENOENTRY,
                "the state it would change has changed since: it now differs in what it does to stack \"main\"");
    free(token);

    CHECK_OK(navcore_dismiss(nav, 0, NULL));
    CHECK_OK(navcore_set_condition(nav, "signed_in", 0, &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "overrode.0.id"), "2");
    json_decref(t);
    navcore_string_free(transition);
    navcore_navigator_free(nav);
    navcore_navigator_free(other);
}

/* Proves every documented error of navcore_set_blocker and navcore_proceed. */
static void test_errors(void)
{
    navcore_navigator *nav = drafting();
    EXPECT_FAIL(nav, navcore_set_blocker(NULL, 2, "x", &out), NAVCORE_EINVAL, "nav");
    EXPECT_FAIL(nav, navcore_set_blocker(nav, 2, "bad\xff", &out), NAVCORE_EINVAL, "reason");
    EXPECT_FAIL(nav, navcore_set_blocker(nav, 99, "x", &out), NAVCORE_ENOENTRY, "actions[0].id: no entry with id 99");
    EXPECT_FAIL(nav, navcore_set_blocker(nav, 2, "", &out), NAVCORE_EACTION, "actions[0].reason: must not be empty");
    EXPECT_FAIL(nav, navcore_proceed(NULL, "t", &out), NAVCORE_EINVAL, "nav");
    EXPECT_FAIL(nav, navcore_proceed(nav, NULL, &out), NAVCORE_EINVAL, "token");
    EXPECT_FAIL(nav, navcore_proceed(nav, "made-up", &out), NAVCORE_ENOENTRY, "\"made-up\"");
    CHECK_OK(navcore_set_blocker(nav, 2, NULL, NULL));
    CHECK_OK(navcore_back(nav, NULL));
    navcore_navigator_free(nav);
}

/* Proves a result handed by a pop is taken once with navcore_take_result(), and its errors. */
static void test_results(void)
{
    navcore_navigator *nav = drafting();
    char *transition = NULL, *result = NULL;
    json_t *t;

    CHECK_OK(navcore_set_blocker(nav, 2, NULL, NULL));
    CHECK_OK(navcore_apply(nav, "{\"op\": \"pop\", \"result\": {\"color\": \"blue\"}}", &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "handed"), "[{\"from\": 2, \"to\": 1, \"value\": {\"color\": \"blue\"}}]");
    json_decref(t);
    navcore_string_free(transition);
    EXPECT_FAIL(nav, navcore_take_result(nav, 1, NULL), NAVCORE_EINVAL, "result_out");
    EXPECT_FAIL(nav, navcore_take_result(NULL, 1, &out), NAVCORE_EINVAL, "nav");
    EXPECT_FAIL(nav, navcore_take_result(nav, 9, &out), NAVCORE_ENOENTRY, "no entry with id 9");
    CHECK_OK(navcore_take_result(nav, 1, &result));
    t = check_parse(result);
    CHECK_JSON(t, "{\"color\": \"blue\"}");
    json_decref(t);
    navcore_string_free(result);
    EXPECT_FAIL(nav, navcore_take_result(nav, 1, &out), NAVCORE_ENOENTRY, "entry 1 holds no result");
    EXPECT_FAIL(nav, navcore_apply(nav, "{\"op\": \"back\", \"result\": 1}", &out), NAVCORE_EACTION,
                "actions[0].result: no screen receives the result");
    navcore_navigator_free(nav);
}

int main(void)
{
    test_blocked_then_proceed();
    test_each_blocked_call_gets_its_token();
    test_tokens_and_forced();
    test_errors();
    test_results();
    return check_summary();
}
