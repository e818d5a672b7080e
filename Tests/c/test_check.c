/*
 * test_check.c - navcore_check(): the search's report, a table's own
 * invariant that fails and its shortest counterexample with its vector, its
 * replay, seeded random walks, laws turned off, and the errors of bad input
 * (docs/tools.md, "navcore check").
 */
#include <string.h>

#include "check.h"
#include "navcore.h"

static const char TABLE[] =
    "{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {}, \"cart\": {}, \"checkout\": {}}}";

int main(void)
{
    char *report = NULL;
    json_t *document;

    /* Every law holds; the search stops at the depth bound. */
    CHECK_OK(navcore_check(TABLE, "{\"depth\": 2}", &report));
    document = check_parse(report);
    CHECK(json_integer_value(json_object_get(document, "depth")) == 2);
    CHECK(strcmp(json_string_value(json_object_get(document, "bound")), "depth") == 0);
    CHECK(json_integer_value(json_object_get(document, "states")) > 3);
    CHECK(json_array_size(json_object_get(document, "counterexamples")) == 0);
    /* Restore and the action log are checked on every state too. */
    CHECK(strstr(report, "\"restore_matches_report\"") != NULL && strstr(report, "\"log_replays\"") != NULL);
    json_decref(document);
    navcore_string_free(report);
    report = NULL;

    /* The table's own invariant fails: the shortest counterexample is one push. */
    CHECK_OK(navcore_check(TABLE, "{\"depth\": 3, \"invariants\": [{\"name\": \"checkout_after_cart\", \"route\": \"checkout\", \"under\": \"cart\"}]}",
                           &report));
    document = check_parse(report);
    {
        json_t *found = json_array_get(json_object_get(document, "counterexamples"), 0);
        json_t *steps = json_object_get(found, "steps");
        CHECK(strcmp(json_string_value(json_object_get(found, "law")), "checkout_after_cart") == 0);
        CHECK(json_array_size(steps) == 1);
        json_t *vector = json_object_get(found, "vector");
        CHECK(json_array_size(steps) == 1);
        CHECK_JSON(json_object_get(json_array_get(steps, 0), "action"),
                   "{\"op\": \"push\", \"route\": {\"name\": \"checkout\", \"params\": {}}}");
        /* The counterexample as a conformance vector: the table inline, the push and the stack it gives. */
        CHECK(strcmp(json_string_value(json_object_get(json_object_get(vector, "table"), "root")), "home") == 0);
        CHECK_JSON(json_object_get(json_array_get(json_object_get(vector, "steps"), 0), "expect"),
                   "{\"stack\": [{\"id\": 1, \"name\": \"home\", \"params\": {}, \"title\": \"home\"},"
                   " {\"id\": 2, \"name\": \"checkout\", \"params\": {}, \"title\": \"checkout\"}]}");
    }
    json_decref(document);
    navcore_string_free(report);
    report = NULL;

    /* The replay of a step whose status differs reports it. */
    CHECK_OK(navcore_check(TABLE, "{\"replay\": [{\"action\": {\"op\": \"pop\"}, \"status\": \"NAVCORE_EBLOCKED\"}]}", &report));
    CHECK(report != NULL && strstr(report, "\"law\":\"replay_status\"") != NULL);
    navcore_string_free(report);
    report = NULL;

    /* A replay proceeds past a blocker with the last token: the pop held back applies, and each law holds. */
    CHECK_OK(navcore_check(TABLE, "{\"replay\": [{\"action\": {\"op\": \"push\", \"route\": {\"name\": \"cart\"}}, \"status\": \"ok\"},"
                                  " {\"action\": {\"op\": \"set_blocker\", \"id\": 2, \"reason\": \"Unsaved draft\"}, \"status\": \"ok\"},"
                                  " {\"action\": {\"op\": \"pop\"}, \"status\": \"NAVCORE_EBLOCKED\"},"
                                  " {\"proceed\": true, \"status\": \"ok\"}, {\"proceed\": true, \"status\": \"NAVCORE_ENOENTRY\"}]}", &report));
    document = check_parse(report);
    CHECK(json_array_size(json_object_get(document, "counterexamples")) == 0);
    CHECK(json_integer_value(json_object_get(document, "transitions")) == 5);
    json_decref(document);
    navcore_string_free(report);
    report = NULL;
    /* A proceed step must say true, alone. */
    CHECK(navcore_check(TABLE, "{\"replay\": [{\"proceed\": 1, \"status\": \"ok\"}]}", &report) == NAVCORE_EINVAL);
    CHECK(strcmp(navcore_last_error_path(), "replay[0].proceed") == 0);
    CHECK(report == NULL);

    /* Seeded random walks after the search: the report gives the seed; a law turned off is listed with its reason. */
    CHECK_OK(navcore_check(TABLE, "{\"depth\": 1, \"walk\": 3, \"walk_length\": 10, \"seed\": 5,"
                                  " \"laws_off\": {\"back_progress\": \"a flow that may not be dismissed\"}}", &report));
    document = check_parse(report);
    CHECK_JSON(json_object_get(document, "walk"), "{\"seed\": 5, \"walks\": 3, \"length\": 10, \"transitions\": 30}");
    CHECK_JSON(json_object_get(document, "laws_off"), "{\"back_progress\": \"a flow that may not be dismissed\"}");
    CHECK(json_array_size(json_object_get(document, "counterexamples")) == 0);
    json_decref(document);
    navcore_string_free(report);
    report = NULL;

    /* Bad input: a status, a message naming the problem, no report. */
    CHECK(navcore_check(TABLE, "{\"walk\": 0}", &report) == NAVCORE_EINVAL);
    CHECK(strcmp(navcore_last_error_path(), "walk") == 0);
    CHECK(navcore_check(TABLE, "{\"walk\": 1, \"walk_length\": \"long\"}", &report) == NAVCORE_EINVAL);
    CHECK(strcmp(navcore_last_error_path(), "walk_length") == 0);
    CHECK(navcore_check(TABLE, "{\"walk\": 1, \"seed\": -1}", &report) == NAVCORE_EINVAL);
    CHECK(strcmp(navcore_last_error_path(), "seed") == 0);
    CHECK(strstr(navcore_last_error_message(), "from 0 to 2^53") != NULL);
    CHECK(navcore_check(TABLE, "{\"laws_off\": {\"back_progress\": 1}}", &report) == NAVCORE_EINVAL);
    CHECK(strcmp(navcore_last_error_path(), "laws_off.back_progress") == 0);
    CHECK(navcore_check(TABLE, "{\"depth\": 0}", &report) == NAVCORE_EINVAL);
    CHECK(strcmp(navcore_last_error_path(), "depth") == 0);
    CHECK(navcore_check(TABLE, "{\"deep\": 2}", &report) == NAVCORE_EINVAL);
    CHECK(strstr(navcore_last_error_message(), "unknown option") != NULL);
    CHECK(navcore_check(TABLE, "{\"laws_off\": {\"nope\": \"x\"}}", &report) == NAVCORE_EINVAL);
    CHECK(navcore_check(TABLE, "{", &report) == NAVCORE_EJSON);
    CHECK(navcore_check("{\"navcore\": 1}", NULL, &report) == NAVCORE_ETABLE);
    CHECK(navcore_check(NULL, NULL, &report) == NAVCORE_EINVAL);
    CHECK(navcore_check(TABLE, NULL, NULL) == NAVCORE_EINVAL);
    CHECK(report == NULL);
    return check_summary();
}
