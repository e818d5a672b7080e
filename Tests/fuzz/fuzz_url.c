/*
 * fuzz_url - libFuzzer target: navcore_resolve_url() and navcore_open_url()
 * of any text on the fuzz table.
 *
 * Invariants: resolving changes nothing, and when it fails it has a
 * documented status and a message and leaves its out-parameter untouched;
 * opening (the link's own mode) fails exactly when resolving does, with a
 * documented status, the state byte-identical and the transition untouched;
 * when it succeeds, its transition names the link and mode resolving gave,
 * and the active stack is the resolved routes: its top entry is the last of
 * them (or the root, when there are none). Opening the URL again in push mode
 * keeps the failure invariants. The canonical URL of the last resolved route
 * (navcore_url_for), when a link produces it, resolves to routes ending with
 * that route: the same name and params compared as JSON, so a list param
 * comes back with the same items in the same order (an empty list and an
 * absent optional one included). Built as fuzz_url_patterns on
 * Tests/fuzz/links_table.json, it meets optional and catch-all segments and
 * list params bound by repeated query keys.
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Checks that the active stack shows what resolving gave: the last resolved
 * route on top, or only the root when the link has no routes. */
static void check_stack_shows(const navcore_navigator *nav, json_t *resolution, const char *url)
{
    json_t *routes = json_object_get(resolution, "routes");
    size_t count = json_array_size(routes);
    char *stack_text = NULL;
    json_t *stack, *entries, *top;
    if (navcore_stack(nav, &stack_text) != NAVCORE_OK)
        fuzz_fail("navcore_stack failed: %s", navcore_last_error_message());
    stack = fuzz_parse(stack_text, "the stack");
    entries = json_object_get(stack, "entries");
    top = json_array_get(entries, json_array_size(entries) - 1);
    if (count == 0 ? json_array_size(entries) != 1
                   : !json_equal(json_object_get(top, "name"),
                                 json_object_get(json_array_get(routes, count - 1), "name")) ||
                         !json_equal(json_object_get(top, "params"),
                                     json_object_get(json_array_get(routes, count - 1), "params")))
        fuzz_fail("opening \"%.200s\" does not show what resolving gave\nstack: %.400s", url,
                  stack_text);
    json_decref(stack);
    navcore_string_free(stack_text);
}

/* Checks that the transition's cause names the resolution's link and mode. */
static void check_cause(const char *transition, json_t *resolution, const char *url)
{
    json_t *doc = fuzz_parse(transition, "the transition");
    json_t *cause = json_object_get(doc, "cause");
    if (!json_equal(json_object_get(cause, "link"), json_object_get(resolution, "link")) ||
        !json_equal(json_object_get(cause, "mode"), json_object_get(resolution, "mode")))
        fuzz_fail("opening \"%.200s\" used another link or mode than resolving: %.400s", url,
                  transition);
    json_decref(doc);
}

/* Checks that the canonical URL of the last resolved route, when there is
 * one, resolves to routes ending with that route. */
static void check_canonical_url(const navcore_navigator *nav, json_t *resolution)
{
    json_t *routes = json_object_get(resolution, "routes");
    json_t *route = json_array_get(routes, json_array_size(routes) - 1);
    char *route_text, *url = FUZZ_UNTOUCHED, *again = NULL;
    json_t *doc, *again_routes;
    int rc;
    if (route == NULL)
        return;
    route_text = json_dumps(route, JSON_COMPACT);
    rc = navcore_url_for(nav, route_text, &url);
    if (rc != NAVCORE_OK) {
        FUZZ_CHECK_FAILURE(rc, "navcore_url_for", NAVCORE_ENOMATCH, NAVCORE_ENOMEM);
        fuzz_check_untouched(url, "navcore_url_for");
    } else {
        if (navcore_resolve_url(nav, url, &again) != NAVCORE_OK)
            fuzz_fail("the canonical URL \"%.200s\" of %.200s does not resolve: %s", url, route_text,
                      navcore_last_error_message());
        doc = fuzz_parse(again, "the resolution");
        again_routes = json_object_get(doc, "routes");
        if (!json_equal(json_array_get(again_routes, json_array_size(again_routes) - 1), route))
            fuzz_fail("the canonical URL \"%.200s\" of %.200s resolves to %.300s", url, route_text,
                      again);
        json_decref(doc);
        navcore_string_free(again);
        navcore_string_free(url);
    }
    free(route_text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *url = fuzz_text(data, size);
    navcore_navigator *nav = fuzz_navigator();
    char *before;
    /* Signed in, so that every link opens as it resolves (fuzz_apply covers held links). */
    if (navcore_set_condition(nav, "signed_in", 1, NULL) != NAVCORE_OK)
        fuzz_fail("cannot sign in: %s", navcore_last_error_message());
    before = fuzz_state(nav, "before navcore_resolve_url");
    char *routes = FUZZ_UNTOUCHED, *transition = FUZZ_UNTOUCHED;
    json_t *resolution = NULL;
    int resolved = navcore_resolve_url(nav, url, &routes);
    int opened;
    if (resolved != NAVCORE_OK) {
        FUZZ_CHECK_FAILURE(resolved, "navcore_resolve_url", NAVCORE_EINVAL, NAVCORE_ENOMATCH,
                           NAVCORE_ENOMEM);
        fuzz_check_untouched(routes, "navcore_resolve_url");
    } else {
        resolution = fuzz_parse(routes, "the resolution");
        if (!json_is_array(json_object_get(resolution, "routes")))
            fuzz_fail("the resolution has no routes: %.400s", routes);
        navcore_string_free(routes);
        check_canonical_url(nav, resolution);
    }
    fuzz_check_unchanged(nav, before, "navcore_resolve_url");

    opened = navcore_open_url(nav, url, NAVCORE_OPEN_DEFAULT, &transition);
    if ((opened == NAVCORE_OK) != (resolved == NAVCORE_OK))
        fuzz_fail("navcore_resolve_url returned %s but navcore_open_url %s for \"%.200s\": %s",
                  navcore_status_string(resolved), navcore_status_string(opened), url,
                  navcore_last_error_message());
    if (opened != NAVCORE_OK) {
        FUZZ_CHECK_FAILURE(opened, "navcore_open_url", NAVCORE_EINVAL, NAVCORE_ENOMATCH,
                           NAVCORE_ENOMEM);
        fuzz_check_untouched(transition, "navcore_open_url");
        fuzz_check_unchanged(nav, before, "navcore_open_url");
    } else {
        fuzz_check_transition(nav, transition);
        check_cause(transition, resolution, url);
        check_stack_shows(nav, resolution, url);
        navcore_string_free(transition);

        navcore_string_free(before);
        before = fuzz_state(nav, "before navcore_open_url in push mode");
        transition = FUZZ_UNTOUCHED;
        opened = navcore_open_url(nav, url, NAVCORE_OPEN_PUSH, &transition);
        if (opened != NAVCORE_OK) {
            FUZZ_CHECK_FAILURE(opened, "navcore_open_url", NAVCORE_ENOMEM);
            fuzz_check_untouched(transition, "navcore_open_url");
            fuzz_check_unchanged(nav, before, "navcore_open_url");
        } else {
            fuzz_check_transition(nav, transition);
            navcore_string_free(transition);
        }
    }
    json_decref(resolution);
    navcore_string_free(before);
    navcore_navigator_free(nav);
    free(url);
    return 0;
}
