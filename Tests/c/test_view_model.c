/*
 * test_view_model.c - navcore_view_model() (docs/shells.md): what a shell
 * renders, from C: layers with Back buttons, the tab bar, the announcement,
 * how to animate the last change (none before any, nor after a restore), and
 * its errors.
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
    CHECK(json_object_get(model, "animation") == NULL);
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
    CHECK_JSON(jpath(model, "animation.seq"), "2");
    CHECK_JSON(jpath(model, "animation.steps"), "[{\"kind\": \"present\", \"layer\": \"layer:4\", \"style\": \"sheet\","
                                                " \"entries\": [{\"id\": 4, \"name\": \"cart\", \"params\": {}, \"title\": \"Cart\"}]}]");
    json_decref(model);

    /* [dismiss, select_tab, push]: three steps, in that order. */
    CHECK_OK(navcore_apply(nav, "[{\"op\": \"dismiss\"}, {\"op\": \"select_tab\", \"tab\": \"cart\"},"
                                " {\"op\": \"push\", \"route\": {\"name\": \"product\", \"params\": {\"id\": 7}}}]", NULL));
    model = view_model(nav);
    CHECK_JSON(jpath(model, "animation"), "{\"seq\": 3, \"steps\": [{\"kind\": \"dismiss\", \"layer\": \"layer:4\"},"
                                          " {\"kind\": \"tab\", \"tab\": \"cart\", \"from\": \"shop\"},"
                                          " {\"kind\": \"push\", \"stack\": \"cart\", \"popped\": 0, \"pushed\":"
                                          " [{\"id\": 5, \"name\": \"product\", \"params\": {\"id\": 7}, \"title\": \"Product 7\"}]}]}");
    json_decref(model);

    /* A restore is a new state to draw, not a step to animate. */
    {
        char *snapshot = NULL;
        CHECK_OK(navcore_snapshot(nav, &snapshot));
        CHECK_OK(navcore_restore(nav, snapshot, NULL, NULL, NULL));
        navcore_string_free(snapshot);
        model = view_model(nav);
        CHECK(json_object_get(model, "animation") == NULL);
        json_decref(model);
    }

    EXPECT_FAIL(nav, navcore_view_model(NULL, &out), NAVCORE_EINVAL, "nav");
    EXPECT_FAIL(nav, navcore_view_model(nav, NULL), NAVCORE_EINVAL, "out");
    navcore_navigator_free(nav);
    return check_summary();
}
