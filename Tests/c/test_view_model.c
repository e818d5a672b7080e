/*
 * test_view_model.c - navcore_view_model() (docs/shells.md): what a shell
 * renders, from C: layers with Back buttons, the tab bar, the announcement,
 * and its errors.
 */
#include "check.h"
#include "navcore.h"

/* The out-parameter of the call under test; EXPECT_FAIL (check.h) presets it to a sentinel. */
static char out_sentinel[] = "untouched";
static char *out;

static const char TABLE[] =
    "{\"navcore\": 1, \"routes\": {\"home\": {\"title\": \"Home\"}, \"cart\": {\"title\": \"Cart\"},"
    " \"product\": {\"params\": {\"id\": \"int\"}, \"title\": \"Product {id}\"}},"
    " \"tabs\": [{\"name\": \"shop\", \"root\": \"home\", \"title\": \"Shop\"}, {\"name\": \"cart\", \"root\": \"cart\"}]}";

/* The parsed view model of nav; the caller json_decref()s it. */
static json_t *view_model(const navcore_navigator *nav)
{
    char *text = NULL;
    json_t *json = NULL;
    if (CHECK_OK(navcore_view_model(nav, &text)))
        json = check_parse(text);
    navcore_string_free(text);
    return json;
}

int main(void)
{
    navcore_navigator *nav = NULL;
    json_t *model;

    CHECK_OK(navcore_navigator_new(TABLE, &nav));
    model = view_model(nav);
    CHECK_JSON(jpath(model, "announcement"), "\"\"");
    CHECK_JSON(jpath(model, "tabs"), "[{\"name\": \"shop\", \"title\": \"Shop\", \"selected\": true, \"locked\": false},"
                                     " {\"name\": \"cart\", \"title\": \"Cart\", \"selected\": false, \"locked\": false}]");
    CHECK_JSON(jpath(model, "layers.0.back"), "{\"enabled\": false, \"label\": null, \"will\": \"nothing\"}");
    json_decref(model);

    CHECK_OK(navcore_push(nav, "product", "{\"id\": 42}", NULL));
    CHECK_OK(navcore_present(nav, "cart", NULL, "sheet", NULL));
    model = view_model(nav);
    CHECK_JSON(jpath(model, "announcement"), "\"Cart, sheet\"");
    CHECK_JSON(jpath(model, "layers.0.title"), "\"Product 42\"");
    CHECK_JSON(jpath(model, "layers.1.style"), "\"sheet\"");
    CHECK_JSON(jpath(model, "layers.1.back"), "{\"enabled\": true, \"label\": \"Product 42\", \"will\": \"dismissed\"}");
    CHECK_JSON(jpath(model, "layers.0.entries.1.title"), "\"Product 42\"");
    CHECK_JSON(jpath(model, "layers.0.back.will"), "\"popped\"");
    json_decref(model);

    EXPECT_FAIL(nav, navcore_view_model(NULL, &out), NAVCORE_EINVAL, "nav");
    EXPECT_FAIL(nav, navcore_view_model(nav, NULL), NAVCORE_EINVAL, "out");
    navcore_navigator_free(nav);
    return check_summary();
}
