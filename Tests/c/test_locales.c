/*
 * test_locales.c - localized titles and announcements (docs/locales.md) from C:
 * navcore_navigator_new_locale() and its errors, the set_locale action and its
 * transition, the fallback of a tag, and the table report's missing translations.
 */
#include <string.h>

#include "check.h"
#include "navcore.h"

/* The out-parameter of the call under test; EXPECT_FAIL (check.h) presets it to a sentinel. */
static char out_sentinel[] = "untouched";
static char *out;

static const char TABLE[] =
    "{\"navcore\": 1, \"routes\": {"
    "\"home\": {\"title\": \"Home\", \"titles\": {\"vi\": \"Trang ch\xe1\xbb\xa7\"}},"
    "\"cart\": {\"title\": \"Cart\", \"titles\": {\"vi\": \"Gi\xe1\xbb\x8f h\xc3\xa0ng\"}},"
    "\"product\": {\"params\": {\"id\": \"int\"}, \"title\": \"Product {id}\","
    " \"titles\": {\"vi\": \"S\xe1\xba\xa3n ph\xe1\xba\xa9m {id}\"}},"
    "\"login\": {\"title\": \"Sign in\"}},"
    " \"tabs\": [{\"name\": \"shop\", \"root\": \"home\"}, {\"name\": \"cart\", \"root\": \"cart\"}],"
    " \"announcements\": {\"vi\": {\"tab\": \"Th\xe1\xba\xbb {tab}\"}}}";

/* The parsed document a reader writes for nav; the caller json_decref()s it. */
static json_t *read_json(int (*reader)(const navcore_navigator *, char **), const navcore_navigator *nav)
{
    char *text = NULL;
    json_t *json = NULL;
    if (CHECK_OK(reader(nav, &text)))
        json = check_parse(text);
    navcore_string_free(text);
    return json;
}

/* The parsed transition of applying actions on nav (NULL after a failed check); the caller json_decref()s it. */
static json_t *applied(navcore_navigator *nav, const char *actions)
{
    char *transition = NULL;
    json_t *json = NULL;
    if (CHECK_OK(navcore_apply(nav, actions, &transition)))
        json = check_parse(transition);
    navcore_string_free(transition);
    return json;
}

/* Proves a navigator made in a locale titles its entries and tabs in it, and NULL is the default. */
static void test_new_locale(void)
{
    navcore_navigator *nav = NULL;
    json_t *json;

    CHECK_OK(navcore_navigator_new_locale(TABLE, "vi-VN", &nav));
    CHECK_OK(navcore_push(nav, "product", "{\"id\": 7}", NULL));
    json = read_json(navcore_stack, nav);
    CHECK_JSON(jpath(json, "entries.1.title"), "\"S\xe1\xba\xa3n ph\xe1\xba\xa9m 7\"");
    json_decref(json);
    json = read_json(navcore_state, nav);
    CHECK_JSON(jpath(json, "locale"), "\"vi-VN\"");
    json_decref(json);
    CHECK_OK(navcore_select_tab(nav, "cart", NULL));
    json = read_json(navcore_view_model, nav);
    CHECK_JSON(jpath(json, "announcement"), "\"Th\xe1\xba\xbb Gi\xe1\xbb\x8f h\xc3\xa0ng\"");
    CHECK_JSON(jpath(json, "tabs.0.title"), "\"Trang ch\xe1\xbb\xa7\"");
    json_decref(json);
    navcore_navigator_free(nav);

    nav = NULL;
    CHECK_OK(navcore_navigator_new_locale(TABLE, NULL, &nav));
    json = read_json(navcore_state, nav);
    CHECK(json != NULL && json_object_get(json, "locale") == NULL);
    CHECK_JSON(jpath(json, "stacks.shop.entries.0.title"), "\"Home\"");
    json_decref(json);
    navcore_navigator_free(nav);
}

/* Proves navcore_navigator_new_locale refuses NULLs, bad text and malformed tags, writing nothing. */
static void test_new_locale_errors(void)
{
    static int sentinel_storage;
    navcore_navigator *const sentinel = (navcore_navigator *)(void *)&sentinel_storage;
    static const struct {
        const char *locale;
        const char *needle;
    } bad[] = {
        {"", "empty locale tag"},
        {"vi_VN", "bad locale tag \"vi_VN\""},
        {"vi--VN", "bad locale tag"},
        {"1vi", "bad locale tag"},
        {"vi-abcdefghi", "bad locale tag"},
        {"vi-abcdefgh-abcdefgh-abcdefgh-abcdefgh", "longer than 35 bytes"},
        {"vi\xff", "UTF-8"},
    };
    navcore_navigator *nav;
    size_t i;

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        nav = sentinel;
        check_status(navcore_navigator_new_locale(TABLE, bad[i].locale, &nav), NAVCORE_EINVAL, __FILE__, __LINE__,
                     bad[i].locale);
        check_contains(navcore_last_error_message(), bad[i].needle, __FILE__, __LINE__, bad[i].locale);
        CHECK_STREQ(navcore_last_error_path(), "locale");
        CHECK(nav == sentinel);
    }
    nav = sentinel;
    CHECK_STATUS(navcore_navigator_new_locale(NULL, "vi", &nav), NAVCORE_EINVAL);
    CHECK_CONTAINS(navcore_last_error_message(), "route_table_json");
    CHECK_STATUS(navcore_navigator_new_locale(TABLE, "vi", NULL), NAVCORE_EINVAL);
    CHECK_CONTAINS(navcore_last_error_message(), "out");
    CHECK_STATUS(navcore_navigator_new_locale("{\"navcore\": 1}", "vi", &nav), NAVCORE_ETABLE);
    CHECK_STATUS(navcore_navigator_new_locale("{", "vi", &nav), NAVCORE_EJSON);
    CHECK(nav == sentinel);
}

/* Proves set_locale is a change that lists no stack, the same tag again none, and a bad tag EACTION. */
static void test_set_locale(void)
{
    navcore_navigator *nav = NULL;
    json_t *json;

    CHECK_OK(navcore_navigator_new(TABLE, &nav));
    CHECK_OK(navcore_push(nav, "product", "{\"id\": 3}", NULL));
    json = applied(nav, "{\"op\": \"set_locale\", \"locale\": \"vi\"}");
    CHECK_JSON(jpath(json, "results"), "[\"locale_set\"]");
    CHECK_JSON(jpath(json, "locale"), "{\"before\": null, \"after\": \"vi\"}");
    CHECK_JSON(jpath(json, "stacks"), "{}");
    CHECK_JSON(jpath(json, "after.top.title"), "\"S\xe1\xba\xa3n ph\xe1\xba\xa9m 3\"");
    CHECK_JSON(jpath(json, "seq"), "2");
    json_decref(json);

    json = applied(nav, "{\"op\": \"set_locale\", \"locale\": \"Vi\"}");
    CHECK_JSON(jpath(json, "changed"), "false");
    CHECK_JSON(jpath(json, "seq"), "2");
    json_decref(json);

    EXPECT_FAIL(nav, navcore_apply(nav, "{\"op\": \"set_locale\", \"locale\": \"v i\"}", &out), NAVCORE_EACTION,
                "actions[0].locale: bad locale tag");
    EXPECT_FAIL(nav, navcore_apply(nav, "{\"op\": \"set_locale\"}", &out), NAVCORE_EACTION, "actions[0].locale: missing");
    navcore_navigator_free(nav);
}

/* Proves navcore_set_locale is the set_locale action: the same transition, and the errors of its argument. */
static void test_set_locale_function(void)
{
    navcore_navigator *nav = NULL;
    char *transition = NULL;
    json_t *json;

    CHECK_OK(navcore_navigator_new(TABLE, &nav));
    CHECK_OK(navcore_push(nav, "product", "{\"id\": 3}", NULL));
    if (CHECK_OK(navcore_set_locale(nav, "vi", &transition))) {
        json = check_parse(transition);
        CHECK_JSON(jpath(json, "results"), "[\"locale_set\"]");
        CHECK_JSON(jpath(json, "locale"), "{\"before\": null, \"after\": \"vi\"}");
        CHECK_JSON(jpath(json, "after.top.title"), "\"S\xe1\xba\xa3n ph\xe1\xba\xa9m 3\"");
        json_decref(json);
    }
    navcore_string_free(transition);
    CHECK_OK(navcore_set_locale(nav, "VI", NULL));

    EXPECT_FAIL(nav, navcore_set_locale(nav, NULL, &out), NAVCORE_EINVAL, "locale");
    EXPECT_FAIL(nav, navcore_set_locale(nav, "v\xff", &out), NAVCORE_EINVAL, "UTF-8");
    EXPECT_FAIL(nav, navcore_set_locale(nav, "v i", &out), NAVCORE_EACTION, "actions[0].locale: bad locale tag");
    CHECK_STATUS(navcore_set_locale(NULL, "vi", NULL), NAVCORE_EINVAL);
    navcore_navigator_free(nav);
}

/* Proves the table report lists missing translations only for a table with locales. */
static void test_table_report(void)
{
    navcore_navigator *nav = NULL;
    json_t *json;

    CHECK_OK(navcore_navigator_new(TABLE, &nav));
    json = read_json(navcore_table_report, nav);
    CHECK_JSON(jpath(json, "locales.0.locale"), "\"vi\"");
    CHECK_JSON(jpath(json, "locales.0.missing"),
               "[\"routes.login.titles\", \"announcements.presented\", \"announcements.tab_screen\","
               " \"announcements.closed\", \"announcements.styles.sheet\", \"announcements.styles.cover\"]");
    json_decref(json);
    navcore_navigator_free(nav);

    nav = NULL;
    CHECK_OK(navcore_navigator_new("{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {\"title\": \"Home\"}}}", &nav));
    json = read_json(navcore_table_report, nav);
    CHECK(json != NULL && json_object_get(json, "locales") == NULL);
    json_decref(json);
    navcore_navigator_free(nav);
}

int main(void)
{
    test_new_locale();
    test_new_locale_errors();
    test_set_locale();
    test_set_locale_function();
    test_table_report();
    return check_summary();
}
