/*
 * test_table_report.c - navcore_table_report() through the C ABI
 * (docs/tools.md): the structure and warnings of a table, the argument
 * checks, and a table that does not load reporting its place through
 * navcore_navigator_new().
 */
#include "check.h"

static const char *const TABLE =
    "{\"navcore\": 1, \"routes\": {\"home\": {\"title\": \"Home\"}, \"orders\": {},"
    " \"order\": {\"params\": {\"id\": \"int\"}, \"parent\": \"orders\"}, \"login\": {}, \"help\": {}},"
    " \"tabs\": [{\"name\": \"shop\", \"root\": \"home\"},"
    "          {\"name\": \"orders\", \"root\": \"orders\", \"requires\": [\"signed_in\"]}],"
    " \"links\": [{\"url\": \"shop://orders/{id}\", \"stack\": [\"order\"], \"tab\": \"orders\"}],"
    " \"conditions\": {\"signed_in\": {\"flow\": {\"route\": \"login\", \"style\": \"cover\"}},"
    "                \"onboarded\": {}}}";

static void test_the_report_holds_the_structure_and_the_warnings(void)
{
    navcore_navigator *nav = NULL;
    char *out = NULL;
    if (!CHECK_OK(navcore_navigator_new(TABLE, &nav)))
        return;
    if (CHECK_OK(navcore_table_report(nav, &out))) {
        json_t *report = check_parse_at(out, __FILE__, __LINE__);
        CHECK_JSON(jpath(report, "navcore"), "1");
        CHECK_JSON(jpath(report, "layout"), "\"tabs\"");
        CHECK_JSON(jpath(report, "tabs.1.requires"), "[\"signed_in\"]");
        CHECK_JSON(jpath(report, "links.0.chain"), "[\"order\"]");
        /* {id} of an int: rank 2 of the precedence table, a typed placeholder */
        CHECK_JSON(jpath(report, "links.0.rank"), "[2]");
        CHECK_JSON(jpath(report, "conditions.0.required_by"), "[\"tabs[1]\"]");
        CHECK_JSON(jpath(report, "warnings"),
                   "[{\"kind\": \"push_only_route\", \"path\": \"routes.help\", \"message\":"
                   " \"no link, tab root, sidebar, flow, redirect, parent chain or not_found names route \\\"help\\\":"
                   " only a direct push or present shows it\"},"
                   " {\"kind\": \"unused_condition\", \"path\": \"conditions.onboarded\", \"message\":"
                   " \"no route or tab requires condition \\\"onboarded\\\" and no redirect tests it\"}]");
        json_decref(report);
        navcore_string_free(out);
    }
    navcore_navigator_free(nav);
}

static void test_null_arguments_are_refused(void)
{
    navcore_navigator *nav = NULL;
    char *out = NULL;
    CHECK_STATUS(navcore_table_report(NULL, &out), NAVCORE_EINVAL);
    CHECK(out == NULL);
    if (!CHECK_OK(navcore_navigator_new(TABLE, &nav)))
        return;
    CHECK_STATUS(navcore_table_report(nav, NULL), NAVCORE_EINVAL);
    CHECK_STREQ(navcore_last_error_path(), "report_out");
    navcore_navigator_free(nav);
}

static void test_a_table_that_does_not_load_gives_its_place(void)
{
    navcore_navigator *nav = NULL;
    CHECK_STATUS(navcore_navigator_new("{\"navcore\": 1, \"root\": \"a\", \"routes\": {\"a\": {\"parent\": \"b\"}}}", &nav),
                 NAVCORE_ETABLE);
    CHECK(nav == NULL);
    CHECK_STREQ(navcore_last_error_path(), "routes.a.parent");
    CHECK_CONTAINS(navcore_last_error_message(), "unknown route \"b\"");
}

int main(void)
{
    test_the_report_holds_the_structure_and_the_warnings();
    test_null_arguments_are_refused();
    test_a_table_that_does_not_load_gives_its_place();
    return check_summary();
}
