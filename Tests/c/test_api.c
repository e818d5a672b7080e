/*
 * test_api.c - every function of navcore.h, through the shared library:
 * results on success, every documented error with its status and message,
 * out-parameters left untouched and state left byte-identical on failure.
 * The tab, presentation and back calls run over TABS, a table with three
 * tabs (docs/structure.md).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "navcore.h"

#define STRINGIFY2(x) #x
#define STRINGIFY(x) STRINGIFY2(x)

static const char SHOP[] =
    "{\"navcore\": 1, \"version\": 3, \"root\": \"home\", \"routes\": {"
    "\"home\": {\"title\": \"Home\"},"
    "\"category\": {\"params\": {\"slug\": \"string\"}, \"title\": \"{slug}\"},"
    "\"product\": {\"params\": {\"id\": \"int\"}, \"title\": \"Product {id}\"},"
    "\"search\": {\"params\": {\"q\": {\"type\": \"string\", \"optional\": true}},"
    " \"title\": \"Search {q}\"},"
    "\"order\": {\"params\": {\"ref\": \"uuid\", \"gift\": {\"type\": \"bool\", \"default\": false}},"
    " \"title\": \"Order {ref}\"},"
    "\"subscription\": {\"params\": {\"plan\": {\"enum\": [\"monthly\", \"yearly\"],"
    " \"default\": \"monthly\"}}}}}";

/* Three tabs; the cart tab accepts only its own routes; checkout is single_top. */
static const char TABS[] =
    "{\"navcore\": 1, \"routes\": {"
    "\"home\": {\"title\": \"Home\"},"
    "\"product\": {\"params\": {\"id\": \"int\"}, \"title\": \"Product {id}\"},"
    "\"cart\": {\"title\": \"Cart\"},"
    "\"checkout\": {\"title\": \"Checkout\", \"push_policy\": \"single_top\"},"
    "\"settings\": {\"title\": \"Settings\"},"
    "\"login\": {\"title\": \"Sign in\"},"
    "\"signup\": {\"title\": \"Sign up\"}},"
    " \"tabs\": [{\"name\": \"shop\", \"root\": \"home\"},"
    " {\"name\": \"cart\", \"root\": \"cart\", \"routes\": [\"cart\", \"checkout\", \"product\"]},"
    " {\"name\": \"settings\", \"root\": \"settings\"}],"
    " \"styles\": [\"sheet\", \"cover\"]}";

/* NAVCORE_TEST_SCALE=N divides the size of the biggest inputs by N (make test-valgrind sets it). */
static int scale = 1;

/* The out-parameter of the call under test; EXPECT_FAIL (check.h) presets it to a sentinel. */
static char *out;
static char out_sentinel[] = "untouched";

static navcore_navigator *new_shop(void)
{
    navcore_navigator *nav = NULL;
    CHECK_OK(navcore_navigator_new(SHOP, &nav));
    return nav;
}

static navcore_navigator *new_tabs(void)
{
    navcore_navigator *nav = NULL;
    CHECK_OK(navcore_navigator_new(TABS, &nav));
    return nav;
}

/* Returns malloc'ed text: prefix, n copies of unit, suffix. */
static char *repeat(const char *prefix, const char *unit, size_t n, const char *suffix)
{
    size_t lp = strlen(prefix), lu = strlen(unit), ls = strlen(suffix);
    char *text = malloc(lp + lu * n + ls + 1);
    char *p = text;
    size_t i;
    if (text == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    memcpy(p, prefix, lp);
    p += lp;
    for (i = 0; i < n; i++, p += lu)
        memcpy(p, unit, lu);
    memcpy(p, suffix, ls + 1);
    return text;
}

/* 100,000 nested arrays, "[[[...]]]": valid JSON syntax, far past jansson's depth limit. */
static char *deep_nesting(void)
{
    char *text = repeat("", "[", 100000, "");
    char *closed = repeat(text, "]", 100000, "");
    free(text);
    return closed;
}

/* The parsed active stack of nav; the caller json_decref()s it. */
static json_t *stack_json(const navcore_navigator *nav)
{
    char *text = NULL;
    json_t *json = NULL;
    if (CHECK_OK(navcore_stack(nav, &text)))
        json = check_parse(text);
    navcore_string_free(text);
    return json;
}

/* Number of entries on the active stack, root included; -1 on failure. */
static int depth(const navcore_navigator *nav)
{
    json_t *stack = stack_json(nav);
    int n = stack != NULL ? (int)json_array_size(jpath(stack, "entries")) : -1;
    json_decref(stack);
    return n;
}

/* Proves navcore_version and navcore_version_number match the header, and every
 * status code has its name. */
static void test_version_and_status_strings(void)
{
    static const struct {
        int code;
        const char *name;
    } codes[] = {
        {NAVCORE_OK, "NAVCORE_OK"},           {NAVCORE_EINVAL, "NAVCORE_EINVAL"},
        {NAVCORE_ENOMEM, "NAVCORE_ENOMEM"},   {NAVCORE_EJSON, "NAVCORE_EJSON"},
        {NAVCORE_ETABLE, "NAVCORE_ETABLE"},   {NAVCORE_EACTION, "NAVCORE_EACTION"},
        {NAVCORE_EROUTE, "NAVCORE_EROUTE"},   {NAVCORE_EPARAMS, "NAVCORE_EPARAMS"},
        {NAVCORE_ENOENTRY, "NAVCORE_ENOENTRY"}, {NAVCORE_ECASCADE, "NAVCORE_ECASCADE"},
        {NAVCORE_EINTERNAL, "NAVCORE_EINTERNAL"}, {NAVCORE_ETAB, "NAVCORE_ETAB"},
        {NAVCORE_ERESTORE, "NAVCORE_ERESTORE"}, {NAVCORE_ENOMATCH, "NAVCORE_ENOMATCH"},
        {NAVCORE_ELIMIT, "NAVCORE_ELIMIT"},   {NAVCORE_EREDIRECT, "NAVCORE_EREDIRECT"},
        {NAVCORE_EDENIED, "NAVCORE_EDENIED"}, {NAVCORE_EBLOCKED, "NAVCORE_EBLOCKED"},
    };
    static const int unknown[] = {1, 42, -18, -100, INT_MAX, INT_MIN};
    size_t i;

    CHECK(navcore_version() != NULL);
    CHECK_STREQ(navcore_version(), NAVCORE_VERSION);
    CHECK_STREQ(NAVCORE_VERSION, STRINGIFY(NAVCORE_VERSION_MAJOR) "." STRINGIFY(
                                     NAVCORE_VERSION_MINOR) "." STRINGIFY(NAVCORE_VERSION_PATCH));
    CHECK(navcore_version() == navcore_version()); /* a static string */
    CHECK(navcore_version_number() == NAVCORE_VERSION_NUMBER);
    CHECK(NAVCORE_VERSION_NUMBER ==
          NAVCORE_VERSION_MAJOR * 1000000 + NAVCORE_VERSION_MINOR * 1000 + NAVCORE_VERSION_PATCH);

    for (i = 0; i < sizeof codes / sizeof codes[0]; i++)
        CHECK_STREQ(navcore_status_string(codes[i].code), codes[i].name);
    for (i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
        CHECK_STREQ(navcore_status_string(unknown[i]), "NAVCORE_UNKNOWN");
}

/* A listener that does nothing. */
static void ignore_transition(const char *transition_json, void *user_data)
{
    (void)transition_json;
    (void)user_data;
}

/*
 * Proves the last error is never NULL, is "" on a thread that has made no
 * failing call, is set by a failure, is cleared on entry by every function
 * that returns a status (after a successful call it is ""), and survives the
 * functions that return none.
 */
static void test_last_error(void)
{
    navcore_navigator *nav, *other = NULL;
    char *text = NULL;
    int64_t subscription = 0;

    CHECK(navcore_last_error_message() != NULL);
    CHECK_STREQ(navcore_last_error_message(), "");
    CHECK(navcore_last_error_path() != NULL);
    CHECK_STREQ(navcore_last_error_path(), "");

    nav = new_shop();
    CHECK_STREQ(navcore_last_error_message(), "");

#define FAIL_THEN(call)                                                               \
    do {                                                                              \
        CHECK_STATUS(navcore_push(nav, "prodcut", NULL, NULL), NAVCORE_EROUTE);      \
        CHECK(navcore_last_error_message()[0] != '\0');                               \
        call;                                                                         \
        CHECK(navcore_last_error_message() != NULL);                                  \
        check_streq(navcore_last_error_message(), "", __FILE__, __LINE__,             \
                    "last error cleared on entry by " #call);                         \
        check_streq(navcore_last_error_path(), "", __FILE__, __LINE__,                \
                    "last error path cleared on entry by " #call);                    \
    } while (0)

    CHECK_STATUS(navcore_push(nav, "prodcut", NULL, NULL), NAVCORE_EROUTE);
    CHECK_CONTAINS(navcore_last_error_message(), "prodcut");
    CHECK_STREQ(navcore_status_string(NAVCORE_EROUTE), "NAVCORE_EROUTE");
    CHECK_CONTAINS(navcore_last_error_message(), "prodcut");

#define FAIL_KEEPS(call)                                                              \
    do {                                                                              \
        CHECK_STATUS(navcore_push(nav, "prodcut", NULL, NULL), NAVCORE_EROUTE);      \
        call;                                                                         \
        CHECK_CONTAINS(navcore_last_error_message(), "prodcut");                      \
        CHECK_STREQ(navcore_last_error_path(), "actions[0].route.name");              \
    } while (0)

    FAIL_KEEPS(CHECK(navcore_version() != NULL));
    FAIL_KEEPS(CHECK(navcore_status_string(NAVCORE_EJSON) != NULL));
    FAIL_KEEPS(navcore_string_free(NULL));
    FAIL_KEEPS(navcore_navigator_free(NULL));
    FAIL_KEEPS(CHECK(navcore_last_error_message() != NULL));
    FAIL_KEEPS(CHECK(navcore_last_error_path() != NULL));
    FAIL_THEN(CHECK_OK(navcore_push(nav, "home", NULL, NULL)));
    FAIL_THEN(CHECK_OK(navcore_pop(nav, 1, NULL)));
    FAIL_THEN(CHECK_OK(navcore_pop_to_root(nav, NULL)));
    FAIL_THEN(CHECK_OK(navcore_set_stack(nav, "[]", NULL)));
    FAIL_THEN(CHECK_OK(navcore_apply(nav, "{\"op\": \"pop\"}", NULL)));
    FAIL_THEN(CHECK_OK(navcore_state(nav, &text)); navcore_string_free(text));
    FAIL_THEN(CHECK_OK(navcore_stack(nav, &text)); navcore_string_free(text));
    FAIL_THEN(CHECK_OK(navcore_subscribe(nav, ignore_transition, NULL, &subscription)));
    FAIL_THEN(CHECK_OK(navcore_unsubscribe(nav, subscription)));
    FAIL_THEN(CHECK_OK(navcore_navigator_new(SHOP, &other)));
    FAIL_KEEPS(navcore_navigator_free(other));
    FAIL_THEN(CHECK_OK(navcore_present(nav, "home", NULL, NULL, NULL)));
    FAIL_THEN(CHECK_OK(navcore_back(nav, NULL)));
    FAIL_THEN(CHECK_OK(navcore_present(nav, "home", NULL, "cover", NULL)));
    FAIL_THEN(CHECK_OK(navcore_dismiss(nav, 1, NULL)));
    FAIL_THEN(CHECK_OK(navcore_back(nav, NULL)));
    other = new_tabs();
    CHECK_STATUS(navcore_push(nav, "prodcut", NULL, NULL), NAVCORE_EROUTE);
    CHECK_OK(navcore_select_tab(other, "cart", NULL));
    CHECK_STREQ(navcore_last_error_message(), "");
    navcore_navigator_free(other);
#undef FAIL_THEN
#undef FAIL_KEEPS

    /* A failure replaces the previous message rather than appending to it. */
    CHECK_STATUS(navcore_push(nav, "prodcut", NULL, NULL), NAVCORE_EROUTE);
    CHECK_STATUS(navcore_push(nav, "nosuch", NULL, NULL), NAVCORE_EROUTE);
    CHECK_CONTAINS(navcore_last_error_message(), "nosuch");
    CHECK(strstr(navcore_last_error_message(), "prodcut") == NULL);

    navcore_navigator_free(nav);
}

/* Checks that the last error's place is path and that its message is that
 * place, ": ", then a detail (just a detail when path is ""). */
static void check_error_path(const char *path, const char *file, int line)
{
    const char *message = navcore_last_error_message();
    size_t length = strlen(path);
    check_streq(navcore_last_error_path(), path, file, line, "navcore_last_error_path()");
    check_record(message[0] != '\0', file, line, "a failure has a message", NULL);
    if (length > 0)
        check_record(strncmp(message, path, length) == 0 && strncmp(message + length, ": ", 2) == 0, file, line,
                     "the message starts with the path and \": \"", message);
}
#define CHECK_ERROR_PATH(path) check_error_path((path), __FILE__, __LINE__)

/*
 * Proves navcore_last_error_path() gives the place of the last failure on its
 * own, as the message begins with it: in actions, in a convenience call's
 * params (shape errors at the action's route, text that is not JSON at the
 * argument), at an argument that is NULL, and "" for an error without a place.
 */
static void test_last_error_path(void)
{
    navcore_navigator *nav = new_shop();
    char *text = NULL;

    CHECK_STATUS(navcore_apply(nav, "[{\"op\": \"pop\"}, {\"op\": \"push\", \"route\": {\"name\": \"prodcut\"}}]", NULL),
                 NAVCORE_EROUTE);
    CHECK_ERROR_PATH("actions[1].route.name");
    CHECK_STATUS(navcore_apply(nav, "{\"op\": \"push\", \"route\": {\"name\": \"product\", \"params\": {\"id\": \"x\"}}}",
                               NULL),
                 NAVCORE_EPARAMS);
    CHECK_ERROR_PATH("actions[0].route.params.id");
    CHECK_STATUS(navcore_push(nav, "product", "[1]", NULL), NAVCORE_EPARAMS);
    CHECK_ERROR_PATH("actions[0].route.params");
    CHECK_STATUS(navcore_push(nav, "product", "{", NULL), NAVCORE_EJSON);
    CHECK_ERROR_PATH("params_json");
    CHECK_STATUS(navcore_set_stack(nav, "[{\"name\": \"home\"}, {}]", NULL), NAVCORE_EACTION);
    CHECK_ERROR_PATH("actions[0].routes[1].name");
    CHECK_STATUS(navcore_open_url(nav, "shop://product/1", 7, NULL), NAVCORE_EACTION);
    CHECK_ERROR_PATH("actions[0].mode");
    CHECK_STATUS(navcore_state(NULL, &text), NAVCORE_EINVAL);
    CHECK_ERROR_PATH("nav");
    CHECK_STATUS(navcore_apply(nav, "{", NULL), NAVCORE_EJSON);
    CHECK_ERROR_PATH("");
    CHECK_OK(navcore_push(nav, "home", NULL, NULL));
    CHECK_STREQ(navcore_last_error_path(), "");
    CHECK_STREQ(navcore_last_error_message(), "");

    navcore_navigator_free(nav);
}

/* Proves a new navigator holds the table's root as entry 1, with an empty path. */
static void test_navigator_new(void)
{
    navcore_navigator *nav = new_shop();
    json_t *state = state_json(nav);
    json_t *stack = stack_json(nav);

    CHECK(nav != NULL);
    CHECK(json_object_size(state) == 8);
    CHECK_JSON(jpath(state, "navcore"), "1");
    CHECK_JSON(jpath(state, "layout"), "\"stack\"");
    CHECK_JSON(jpath(state, "presentations"), "[]");
    CHECK_JSON(jpath(state, "table_version"), "3");
    CHECK_JSON(jpath(state, "next_id"), "2");
    CHECK_JSON(jpath(state, "seq"), "0");
    CHECK_JSON(jpath(state, "active_stack"), "\"main\"");
    CHECK_JSON(jpath(state, "stacks"),
               "{\"main\": {\"entries\": [{\"id\": 1, \"name\": \"home\", \"params\": {},"
               " \"title\": \"Home\"}]}}");
    CHECK_JSON(stack, "{\"navcore\": 1, \"stack\": \"main\", \"entries\": [{\"id\": 1,"
                      " \"name\": \"home\", \"params\": {}, \"title\": \"Home\"}]}");
    json_decref(state);
    json_decref(stack);
    navcore_navigator_free(nav);

    /* The version defaults to 1; a root may be a route object with params. */
    nav = NULL;
    CHECK_OK(navcore_navigator_new(
        "{\"navcore\": 1, \"root\": {\"name\": \"c\", \"params\": {\"slug\": \"all\"}},"
        " \"routes\": {\"c\": {\"params\": {\"slug\": \"string\"}, \"title\": \"{{{slug}}}\"}}}",
        &nav));
    state = state_json(nav);
    CHECK_JSON(jpath(state, "table_version"), "1");
    CHECK_JSON(jpath(state, "stacks.main.entries"),
               "[{\"id\": 1, \"name\": \"c\", \"params\": {\"slug\": \"all\"}, \"title\": \"{all}\"}]");
    json_decref(state);
    navcore_navigator_free(nav);

    /* Two navigators are independent. */
    {
        navcore_navigator *a = new_shop(), *b = new_shop();
        CHECK(a != b);
        CHECK_OK(navcore_push(a, "home", NULL, NULL));
        CHECK(depth(a) == 2);
        CHECK(depth(b) == 1);
        navcore_navigator_free(a);
        navcore_navigator_free(b);
    }
}

/* Proves every documented error of navcore_navigator_new, leaving *out untouched. */
static void test_navigator_new_errors(void)
{
    static int sentinel_storage;
    navcore_navigator *const sentinel = (navcore_navigator *)(void *)&sentinel_storage;
    static const struct {
        const char *text;
        int code;
        const char *needle;
    } cases[] = {
        {"\xff\xfe", NAVCORE_EINVAL, "UTF-8"},
        {"{\"navcore\": 1, \"root\": \"h\xc3\", \"routes\": {\"h\": {}}}", NAVCORE_EINVAL, "UTF-8"},
        {"{\"navcore\": 1, \"root\": \"\xc0\xaf\", \"routes\": {\"h\": {}}}", NAVCORE_EINVAL, "UTF-8"},
        {"{\"navcore\": 1, \"root\": \"\xed\xa0\x80\", \"routes\": {\"h\": {}}}", NAVCORE_EINVAL,
         "UTF-8"},
        {"", NAVCORE_EJSON, "line"},
        {"{\"navcore\": 1,", NAVCORE_EJSON, "line"},
        {"{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {", NAVCORE_EJSON, "line"},
        {"{\"navcore\": 1 \"root\": \"home\"}", NAVCORE_EJSON, "line"},
        {"{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {}}} extra", NAVCORE_EJSON,
         "line"},
        {"[]", NAVCORE_ETABLE, ""},
        {"{\"navcore\": 2, \"root\": \"home\", \"routes\": {\"home\": {}}}", NAVCORE_ETABLE,
         "navcore"},
        {"{\"root\": \"home\", \"routes\": {\"home\": {}}}", NAVCORE_ETABLE, "navcore"},
        {"{\"navcore\": 1, \"routes\": {\"home\": {}}}", NAVCORE_ETABLE, "root"},
        {"{\"navcore\": 1, \"root\": \"home\"}", NAVCORE_ETABLE, "routes"},
        {"{\"navcore\": 1, \"root\": \"home\", \"routes\": {}}", NAVCORE_ETABLE, "routes"},
        {"{\"navcore\": 1, \"version\": 0, \"root\": \"home\", \"routes\": {\"home\": {}}}",
         NAVCORE_ETABLE, "version"},
        {"{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {}}, \"colour\": 1}",
         NAVCORE_ETABLE, "colour"},
        {"{\"navcore\": 1, \"root\": \"hom\", \"routes\": {\"home\": {}}}", NAVCORE_ETABLE,
         "root: unknown route \"hom\""},
        {"{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {},"
         " \"product\": {\"params\": {\"id\": \"integer\"}}}}",
         NAVCORE_ETABLE, "routes.product.params.id: unknown type \"integer\""},
        {"{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {},"
         " \"product\": {\"titel\": \"Product\"}}}",
         NAVCORE_ETABLE, "routes.product: unknown key \"titel\""},
        {"{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {},"
         " \"product\": {\"params\": {\"id\": \"int\"}, \"title\": \"Product {idd}\"}}}",
         NAVCORE_ETABLE, "idd"},
        {"{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {},"
         " \"sub\": {\"params\": {\"plan\": {\"enum\": [\"monthly\"], \"default\": \"weekly\"}}}}}",
         NAVCORE_ETABLE, "routes.sub.params.plan"},
        {"{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {},"
         " \"p\": {\"params\": {\"id\": {\"type\": \"int\", \"default\": \"x\"}}}}}",
         NAVCORE_ETABLE, "routes.p.params.id"},
        {"{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {}, \"bad name\": {}}}",
         NAVCORE_ETABLE, "bad name"},
        {"{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {\"title\": 7}}}",
         NAVCORE_ETABLE, "routes.home.title"},
        {"{\"navcore\": 1, \"root\": {\"name\": \"c\"}, \"routes\":"
         " {\"c\": {\"params\": {\"slug\": \"string\"}}}}",
         NAVCORE_ETABLE, "slug"},
    };
    char *deep = deep_nesting();
    navcore_navigator *nav = sentinel;
    size_t i;

    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char message[1024];
        int rc;
        nav = sentinel;
        rc = navcore_navigator_new(cases[i].text, &nav);
        snprintf(message, sizeof message, "%s", navcore_last_error_message());
        check_status(rc, cases[i].code, __FILE__, __LINE__, cases[i].text);
        check_contains(message, cases[i].needle, __FILE__, __LINE__, cases[i].text);
        CHECK(message[0] != '\0');
        CHECK(nav == sentinel);
        if (rc == NAVCORE_OK)
            navcore_navigator_free(nav);
    }

    nav = sentinel;
    CHECK_STATUS(navcore_navigator_new(NULL, &nav), NAVCORE_EINVAL);
    CHECK_CONTAINS(navcore_last_error_message(), "route_table_json");
    CHECK(nav == sentinel);
    CHECK_STATUS(navcore_navigator_new(SHOP, NULL), NAVCORE_EINVAL);
    CHECK_CONTAINS(navcore_last_error_message(), "out");
    CHECK_STATUS(navcore_navigator_new(deep, &nav), NAVCORE_EJSON);
    CHECK_CONTAINS(navcore_last_error_message(), "line");
    CHECK(nav == sentinel);
    free(deep);
}

/* Proves a push adds an entry with the next id, its params and resolved title, and reports it. */
static void test_push(void)
{
    navcore_navigator *nav = new_shop();
    navcore_navigator *twin = new_shop();
    char *transition = NULL, *a, *b;
    json_t *t, *stack;

    CHECK_OK(navcore_push(nav, "product", "{\"id\": 42}", &transition));
    t = check_parse(transition);
    CHECK(json_object_size(t) == 10);
    CHECK_JSON(jpath(t, "navcore"), "1");
    CHECK_JSON(jpath(t, "seq"), "1");
    CHECK_JSON(jpath(t, "changed"), "true");
    CHECK_JSON(jpath(t, "cause"), "{\"source\": \"actions\", \"ops\": [\"push\"]}");
    CHECK_JSON(jpath(t, "results"), "[\"pushed\"]");
    CHECK_JSON(jpath(t, "presented"), "[]");
    CHECK_JSON(jpath(t, "dismissed"), "[]");
    CHECK_JSON(jpath(t, "stacks"),
               "{\"main\": {\"removed\": [], \"added\": [{\"id\": 2, \"name\": \"product\","
               " \"params\": {\"id\": 42}, \"title\": \"Product 42\"}]}}");
    CHECK_JSON(jpath(t, "before"), "{\"stack\": \"main\", \"top\": {\"id\": 1, \"name\": \"home\","
                                   " \"params\": {}, \"title\": \"Home\"}}");
    CHECK_JSON(jpath(t, "after"), "{\"stack\": \"main\", \"top\": {\"id\": 2, \"name\": \"product\","
                                  " \"params\": {\"id\": 42}, \"title\": \"Product 42\"}}");
    json_decref(t);
    navcore_string_free(transition);

    /* Without transition_out the same push makes the same state. */
    CHECK_OK(navcore_push(twin, "product", "{\"id\": 42}", NULL));
    a = state_text(nav);
    b = state_text(twin);
    CHECK_STREQ(a, b);
    navcore_string_free(a);
    navcore_string_free(b);

    /* NULL params means none; defaults are filled in; no title means the route name. */
    CHECK_OK(navcore_push(nav, "home", NULL, NULL));
    CHECK_OK(navcore_push(nav, "subscription", NULL, NULL));
    CHECK_OK(navcore_push(nav, "subscription", "{\"plan\": \"yearly\"}", NULL));
    CHECK_OK(navcore_push(nav, "search", "{}", NULL));
    CHECK_OK(navcore_push(nav, "search", "{\"q\": \"red shoes\"}", NULL));
    CHECK_OK(navcore_push(nav, "order", "{\"ref\": \"0A1B2C3D-0000-4000-8000-00000000ABCD\"}", NULL));
    CHECK_OK(navcore_push(nav, "category", "{\"slug\": \"caf\xc3\xa9 \\\"quotes\\\"\"}", NULL));
    stack = stack_json(nav);
    CHECK_JSON(jpath(stack, "entries.2"),
               "{\"id\": 3, \"name\": \"home\", \"params\": {}, \"title\": \"Home\"}");
    CHECK_JSON(jpath(stack, "entries.3"), "{\"id\": 4, \"name\": \"subscription\","
                                          " \"params\": {\"plan\": \"monthly\"}, \"title\": \"subscription\"}");
    CHECK_JSON(jpath(stack, "entries.4.params"), "{\"plan\": \"yearly\"}");
    CHECK_JSON(jpath(stack, "entries.5.params"), "{}");
    CHECK_JSON(jpath(stack, "entries.6"), "{\"id\": 7, \"name\": \"search\","
                                          " \"params\": {\"q\": \"red shoes\"}, \"title\": \"Search red shoes\"}");
    CHECK_JSON(jpath(stack, "entries.7"),
               "{\"id\": 8, \"name\": \"order\", \"params\": {\"ref\": "
               "\"0a1b2c3d-0000-4000-8000-00000000abcd\", \"gift\": false},"
               " \"title\": \"Order 0a1b2c3d-0000-4000-8000-00000000abcd\"}");
    CHECK_JSON(jpath(stack, "entries.8.title"), "\"caf\xc3\xa9 \\\"quotes\\\"\"");
    CHECK(json_array_size(jpath(stack, "entries")) == 9);
    json_decref(stack);

    /* Ids are never reused: after a pop the next push takes a new id. */
    CHECK_OK(navcore_pop(nav, 1, NULL));
    CHECK_OK(navcore_push(nav, "home", NULL, &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "stacks.main"), "{\"removed\": [], \"added\": [{\"id\": 10,"
                                        " \"name\": \"home\", \"params\": {}, \"title\": \"Home\"}]}");
    CHECK_JSON(jpath(t, "seq"), "10");
    json_decref(t);
    navcore_string_free(transition);

    navcore_navigator_free(twin);
    navcore_navigator_free(nav);
}

/* Proves every documented error of navcore_push, each leaving the state and *transition_out as they were. */
static void test_push_errors(void)
{
    navcore_navigator *nav = new_shop();
    char *deep = deep_nesting();

    CHECK_OK(navcore_push(nav, "category", "{\"slug\": \"shoes\"}", NULL));
    EXPECT_FAIL(nav, navcore_push(NULL, "home", NULL, &out), NAVCORE_EINVAL, "nav");
    EXPECT_FAIL(nav, navcore_push(nav, NULL, NULL, &out), NAVCORE_EINVAL, "name");
    EXPECT_FAIL(nav, navcore_push(nav, "\xff\xfe", NULL, &out), NAVCORE_EINVAL, "UTF-8");
    EXPECT_FAIL(nav, navcore_push(nav, "category", "{\"slug\": \"\xc3\"}", &out), NAVCORE_EINVAL,
                "UTF-8");
    EXPECT_FAIL(nav, navcore_push(nav, "category", "{\"slug\": \"\xed\xa0\x80\"}", &out),
                NAVCORE_EINVAL, "UTF-8");
    EXPECT_FAIL(nav, navcore_push(nav, "prodcut", "{\"id\": 1}", &out), NAVCORE_EROUTE,
                "unknown route \"prodcut\"");
    EXPECT_FAIL(nav, navcore_push(nav, "", NULL, &out), NAVCORE_EROUTE, "unknown route");
    EXPECT_FAIL(nav, navcore_push(nav, "product", "{\"id\": \"42\"}", &out), NAVCORE_EPARAMS,
                "params.id");
    EXPECT_FAIL(nav, navcore_push(nav, "product", "{\"id\": \"42\"}", &out), NAVCORE_EPARAMS,
                "expected int, got string");
    EXPECT_FAIL(nav, navcore_push(nav, "product", "{\"id\": 42.0}", &out), NAVCORE_EPARAMS,
                "params.id");
    EXPECT_FAIL(nav, navcore_push(nav, "product", "{\"id\": null}", &out), NAVCORE_EPARAMS,
                "params.id");
    EXPECT_FAIL(nav, navcore_push(nav, "product", "{}", &out), NAVCORE_EPARAMS, "id");
    EXPECT_FAIL(nav, navcore_push(nav, "product", NULL, &out), NAVCORE_EPARAMS, "id");
    EXPECT_FAIL(nav, navcore_push(nav, "product", "{\"id\": 1, \"colour\": \"red\"}", &out),
                NAVCORE_EPARAMS, "colour");
    EXPECT_FAIL(nav, navcore_push(nav, "subscription", "{\"plan\": \"weekly\"}", &out),
                NAVCORE_EPARAMS, "params.plan");
    EXPECT_FAIL(nav, navcore_push(nav, "order", "{\"ref\": \"not-a-uuid\"}", &out),
                NAVCORE_EPARAMS, "params.ref");
    EXPECT_FAIL(nav, navcore_push(nav, "order", "{\"ref\": \"0a1b2c3d-0000-4000-8000-00000000abcd\","
                                                " \"gift\": \"yes\"}", &out),
                NAVCORE_EPARAMS, "params.gift");
    EXPECT_FAIL(nav, navcore_push(nav, "product", "{\"id\": ", &out), NAVCORE_EJSON, "line");
    EXPECT_FAIL(nav, navcore_push(nav, "product", "{\"id\": 1}}", &out), NAVCORE_EJSON, "line");
    EXPECT_FAIL(nav, navcore_push(nav, "product", deep, &out), NAVCORE_EJSON, "line");
    EXPECT_FAIL(nav, navcore_push(nav, "product", "[42]", &out), NAVCORE_EPARAMS, "params");
    EXPECT_FAIL(nav, navcore_push(nav, "product", "42", &out), NAVCORE_EPARAMS, "params");
    /* Flat params text is read without jansson, but what jansson refuses keeps jansson's error. */
    EXPECT_FAIL(nav, navcore_push(nav, "product", "{\"id\": 1, \"id\": 2}", &out), NAVCORE_EJSON,
                "params_json: invalid JSON at line 1, column 14: duplicate object key near '\"id\"'");
    EXPECT_FAIL(nav, navcore_push(nav, "product", "{\"id\": 01}", &out), NAVCORE_EJSON, "params_json: invalid JSON");
    EXPECT_FAIL(nav, navcore_push(nav, "product", "{\"id\": 1,}", &out), NAVCORE_EJSON, "params_json: invalid JSON");
    EXPECT_FAIL(nav, navcore_push(nav, "product", "{\"id\": 9223372036854775808}", &out), NAVCORE_EJSON,
                "too big integer");
    EXPECT_FAIL(nav, navcore_push(nav, "category", "{\"slug\": \"a\tb\"}", &out), NAVCORE_EJSON,
                "control character");
    CHECK(depth(nav) == 2);
    free(deep);
    navcore_navigator_free(nav);
}

/* Proves pop removes up to count entries, never the root, and at the root succeeds unchanged. */
static void test_pop(void)
{
    navcore_navigator *nav = new_shop();
    char *transition = NULL;
    json_t *t;

    CHECK_OK(navcore_apply(nav, "[{\"op\": \"push\", \"route\": {\"name\": \"home\"}},"
                                " {\"op\": \"push\", \"route\": {\"name\": \"product\", \"params\": {\"id\": 1}}},"
                                " {\"op\": \"push\", \"route\": {\"name\": \"product\", \"params\": {\"id\": 2}}},"
                                " {\"op\": \"push\", \"route\": {\"name\": \"product\", \"params\": {\"id\": 3}}}]",
                           NULL));
    CHECK(depth(nav) == 5);

    CHECK_OK(navcore_pop(nav, 1, &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "seq"), "2");
    CHECK_JSON(jpath(t, "changed"), "true");
    CHECK_JSON(jpath(t, "cause.ops"), "[\"pop\"]");
    CHECK_JSON(jpath(t, "stacks"), "{\"main\": {\"removed\": [5], \"added\": []}}");
    CHECK_JSON(jpath(t, "before.top.id"), "5");
    CHECK_JSON(jpath(t, "after.top"), "{\"id\": 4, \"name\": \"product\", \"params\": {\"id\": 2},"
                                      " \"title\": \"Product 2\"}");
    json_decref(t);
    navcore_string_free(transition);

    CHECK_OK(navcore_pop(nav, 1, NULL));
    CHECK(depth(nav) == 3);

    /* More than the path holds pops to the root, removed ids in stack order. */
    CHECK_OK(navcore_pop(nav, 100, &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "stacks.main.removed"), "[2, 3]");
    CHECK_JSON(jpath(t, "after.top.id"), "1");
    json_decref(t);
    navcore_string_free(transition);
    CHECK(depth(nav) == 1);

    /* At the root: success, nothing changed, seq unchanged, no stacks listed. */
    CHECK_OK(navcore_pop(nav, 1, &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "changed"), "false");
    CHECK_JSON(jpath(t, "seq"), "4");
    CHECK_JSON(jpath(t, "stacks"), "{}");
    CHECK_JSON(jpath(t, "before.top.id"), "1");
    CHECK_JSON(jpath(t, "after.top.id"), "1");
    json_decref(t);
    navcore_string_free(transition);
    CHECK_OK(navcore_pop(nav, 1, NULL));
    CHECK(depth(nav) == 1);

    CHECK_OK(navcore_push(nav, "home", NULL, NULL));
    EXPECT_FAIL(nav, navcore_pop(nav, 0, &out), NAVCORE_EACTION, "count");
    EXPECT_FAIL(nav, navcore_pop(nav, -1, &out), NAVCORE_EACTION, "count");
    EXPECT_FAIL(nav, navcore_pop(nav, INT_MIN, &out), NAVCORE_EACTION, "count");
    EXPECT_FAIL(nav, navcore_pop(NULL, 1, &out), NAVCORE_EINVAL, "nav");
    CHECK_OK(navcore_pop(nav, INT_MAX, NULL));
    CHECK(depth(nav) == 1);
    navcore_navigator_free(nav);
}

/* Proves pop_to_root removes every entry above the root, and is a no-op change at the root. */
static void test_pop_to_root(void)
{
    navcore_navigator *nav = new_shop();
    char *transition = NULL;
    json_t *t;

    CHECK_OK(navcore_push(nav, "home", NULL, NULL));
    CHECK_OK(navcore_push(nav, "product", "{\"id\": 7}", NULL));
    CHECK_OK(navcore_pop_to_root(nav, &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "cause.ops"), "[\"pop_to_root\"]");
    CHECK_JSON(jpath(t, "stacks"), "{\"main\": {\"removed\": [2, 3], \"added\": []}}");
    CHECK_JSON(jpath(t, "after.top.title"), "\"Home\"");
    json_decref(t);
    navcore_string_free(transition);
    CHECK(depth(nav) == 1);

    CHECK_OK(navcore_pop_to_root(nav, &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "changed"), "false");
    CHECK_JSON(jpath(t, "seq"), "3");
    json_decref(t);
    navcore_string_free(transition);

    CHECK_OK(navcore_push(nav, "home", NULL, NULL));
    CHECK_OK(navcore_pop_to_root(nav, NULL));
    CHECK(depth(nav) == 1);
    EXPECT_FAIL(nav, navcore_pop_to_root(NULL, &out), NAVCORE_EINVAL, "nav");
    navcore_navigator_free(nav);
}

/* Proves set_stack replaces the path, keeping the ids of an equal prefix, and its errors. */
static void test_set_stack(void)
{
    navcore_navigator *nav = new_shop();
    char *transition = NULL, *deep = deep_nesting();
    json_t *t, *stack;

    CHECK_OK(navcore_set_stack(nav, "[{\"name\": \"category\", \"params\": {\"slug\": \"shoes\"}},"
                                    " {\"name\": \"product\", \"params\": {\"id\": 42}}]",
                               &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "cause.ops"), "[\"set_stack\"]");
    CHECK_JSON(jpath(t, "stacks.main.removed"), "[]");
    CHECK_JSON(jpath(t, "stacks.main.added"),
               "[{\"id\": 2, \"name\": \"category\", \"params\": {\"slug\": \"shoes\"}, \"title\": \"shoes\"},"
               " {\"id\": 3, \"name\": \"product\", \"params\": {\"id\": 42}, \"title\": \"Product 42\"}]");
    json_decref(t);
    navcore_string_free(transition);

    /* Same first route: it keeps id 2; from the first difference on, new ids. */
    CHECK_OK(navcore_set_stack(nav, "[{\"name\": \"category\", \"params\": {\"slug\": \"shoes\"}},"
                                    " {\"name\": \"product\", \"params\": {\"id\": 7}},"
                                    " {\"name\": \"subscription\"}]",
                               &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "stacks.main.removed"), "[3]");
    CHECK_JSON(jpath(t, "stacks.main.added"),
               "[{\"id\": 4, \"name\": \"product\", \"params\": {\"id\": 7}, \"title\": \"Product 7\"},"
               " {\"id\": 5, \"name\": \"subscription\", \"params\": {\"plan\": \"monthly\"},"
               " \"title\": \"subscription\"}]");
    json_decref(t);
    navcore_string_free(transition);

    /* An explicit default equals the filled-in one: the same route, the same id. */
    CHECK_OK(navcore_set_stack(nav, "[{\"name\": \"category\", \"params\": {\"slug\": \"shoes\"}},"
                                    " {\"name\": \"product\", \"params\": {\"id\": 7}},"
                                    " {\"name\": \"subscription\", \"params\": {\"plan\": \"monthly\"}}]",
                               &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "changed"), "false");
    json_decref(t);
    navcore_string_free(transition);

    stack = stack_json(nav);
    CHECK_JSON(jpath(stack, "entries.1.id"), "2");
    CHECK_JSON(jpath(stack, "entries.2.id"), "4");
    CHECK_JSON(jpath(stack, "entries.3.id"), "5");
    json_decref(stack);

    EXPECT_FAIL(nav, navcore_set_stack(NULL, "[]", &out), NAVCORE_EINVAL, "nav");
    EXPECT_FAIL(nav, navcore_set_stack(nav, NULL, &out), NAVCORE_EINVAL, "routes_json");
    EXPECT_FAIL(nav, navcore_set_stack(nav, "[{\"name\": \"\xff\xfe\"}]", &out), NAVCORE_EINVAL,
                "UTF-8");
    EXPECT_FAIL(nav, navcore_set_stack(nav, "[{\"name\": \"home\"}", &out), NAVCORE_EJSON, "line");
    EXPECT_FAIL(nav, navcore_set_stack(nav, deep, &out), NAVCORE_EJSON, "line");
    EXPECT_FAIL(nav, navcore_set_stack(nav, "{\"name\": \"home\"}", &out), NAVCORE_EACTION,
                "routes");
    EXPECT_FAIL(nav, navcore_set_stack(nav, "[{\"name\": \"home\"}, {\"name\": \"prodcut\"}]", &out),
                NAVCORE_EROUTE, "unknown route \"prodcut\"");
    EXPECT_FAIL(nav, navcore_set_stack(nav, "[{\"name\": \"product\", \"params\": {\"id\": true}}]",
                                       &out),
                NAVCORE_EPARAMS, "params.id");

    CHECK_OK(navcore_set_stack(nav, "[]", NULL));
    CHECK(depth(nav) == 1);
    free(deep);
    navcore_navigator_free(nav);
}

/* Proves apply runs each op of docs/json.md, a batch as one transition, and atomically. */
static void test_apply(void)
{
    navcore_navigator *nav = new_shop();
    char *transition = NULL;
    json_t *t, *stack;

    CHECK_OK(navcore_apply(nav, "[{\"op\": \"push\", \"route\": {\"name\": \"category\","
                                " \"params\": {\"slug\": \"shoes\"}}},"
                                " {\"op\": \"push\", \"route\": {\"name\": \"product\", \"params\": {\"id\": 1}}},"
                                " {\"op\": \"push\", \"route\": {\"name\": \"category\","
                                " \"params\": {\"slug\": \"hats\"}}},"
                                " {\"op\": \"push\", \"route\": {\"name\": \"product\", \"params\": {\"id\": 2}}}]",
                           &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "seq"), "1");
    CHECK_JSON(jpath(t, "cause"), "{\"source\": \"actions\", \"ops\": [\"push\", \"push\", \"push\", \"push\"]}");
    CHECK(json_array_size(jpath(t, "stacks.main.added")) == 4);
    CHECK_JSON(jpath(t, "stacks.main.added.3.id"), "5");
    json_decref(t);
    navcore_string_free(transition);

    /* pop_to by name: the topmost entry of that route. */
    CHECK_OK(navcore_apply(nav, "{\"op\": \"pop_to\", \"name\": \"category\"}", &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "stacks.main.removed"), "[5]");
    CHECK_JSON(jpath(t, "after.top.title"), "\"hats\"");
    json_decref(t);
    navcore_string_free(transition);

    /* pop_to by id, inclusive. */
    CHECK_OK(navcore_apply(nav, "{\"op\": \"pop_to\", \"id\": 3, \"inclusive\": true}", &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "stacks.main.removed"), "[3, 4]");
    CHECK_JSON(jpath(t, "after.top.id"), "2");
    json_decref(t);
    navcore_string_free(transition);

    /* replace: the top entry gets a new id. */
    CHECK_OK(navcore_apply(nav, "{\"op\": \"replace\", \"route\": {\"name\": \"product\","
                                " \"params\": {\"id\": 9}}}",
                           &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "stacks.main"), "{\"removed\": [2], \"added\": [{\"id\": 6, \"name\": \"product\","
                                        " \"params\": {\"id\": 9}, \"title\": \"Product 9\"}]}");
    CHECK_JSON(jpath(t, "cause.ops"), "[\"replace\"]");
    json_decref(t);
    navcore_string_free(transition);

    /* A mixed batch is one transition: pop then push, net removed and added. */
    CHECK_OK(navcore_apply(nav, "[{\"op\": \"pop\"}, {\"op\": \"push\", \"route\": {\"name\": \"product\","
                                " \"params\": {\"id\": 10}}}]",
                           &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "seq"), "5");
    CHECK_JSON(jpath(t, "cause.ops"), "[\"pop\", \"push\"]");
    CHECK_JSON(jpath(t, "stacks.main.removed"), "[6]");
    CHECK_JSON(jpath(t, "stacks.main.added.0.id"), "7");
    json_decref(t);
    navcore_string_free(transition);

    /* An empty batch, and a batch whose net effect is nothing, change nothing; ids still advance. */
    CHECK_OK(navcore_apply(nav, "[]", &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "changed"), "false");
    CHECK_JSON(jpath(t, "seq"), "5");
    json_decref(t);
    navcore_string_free(transition);
    CHECK_OK(navcore_apply(nav, "[{\"op\": \"push\", \"route\": {\"name\": \"home\"}}, {\"op\": \"pop\"}]",
                           &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "changed"), "false");
    CHECK_JSON(jpath(t, "stacks"), "{}");
    CHECK_JSON(jpath(t, "seq"), "5");
    json_decref(t);
    navcore_string_free(transition);
    t = state_json(nav);
    CHECK_JSON(jpath(t, "next_id"), "9");
    json_decref(t);

    /* pop_to inclusive on the root acts as pop_to_root; without transition_out. */
    CHECK_OK(navcore_apply(nav, "{\"op\": \"pop_to\", \"id\": 1, \"inclusive\": true}", NULL));
    stack = stack_json(nav);
    CHECK_JSON(jpath(stack, "entries"), "[{\"id\": 1, \"name\": \"home\", \"params\": {}, \"title\": \"Home\"}]");
    json_decref(stack);

    CHECK_OK(navcore_apply(nav, "{\"op\": \"pop_to_root\"}", NULL));
    CHECK_OK(navcore_apply(nav, "{\"op\": \"set_stack\", \"routes\": [{\"name\": \"home\"}]}", NULL));
    CHECK(depth(nav) == 2);
    navcore_navigator_free(nav);
}

/* Proves every documented error of navcore_apply, each leaving the state and *transition_out as they were. */
static void test_apply_errors(void)
{
    static const struct {
        const char *actions;
        int code;
        const char *needle;
    } cases[] = {
        {"\xff\xfe", NAVCORE_EINVAL, "UTF-8"},
        {"{\"op\": \"push\", \"route\": {\"name\": \"\xff\xfe\"}}", NAVCORE_EINVAL, "UTF-8"},
        {"{\"op\": \"pop\", \"count\": 1, \"\xc0\xaf\": 1}", NAVCORE_EINVAL, "UTF-8"},
        {"", NAVCORE_EJSON, "line"},
        {"{\"op\":", NAVCORE_EJSON, "line"},
        {"[{\"op\": \"pop\"}", NAVCORE_EJSON, "line"},
        {"{\"op\": \"pop\"} {\"op\": \"pop\"}", NAVCORE_EJSON, "line"},
        {"{op: \"pop\"}", NAVCORE_EJSON, "line"},
        {"{\"op\": \"pop\", \"op\": \"pop\"}", NAVCORE_EJSON, "line"},
        {"{\"op\": \"pop\", \"count\": 99999999999999999999}", NAVCORE_EJSON, "line"},
        {"{\"op\": \"push\", \"route\": {\"name\": \"ho\\u0000me\"}}", NAVCORE_EJSON, "line"},
        {"42", NAVCORE_EACTION, "actions"},
        {"\"pop\"", NAVCORE_EACTION, "actions"},
        {"{\"op\": \"jump\"}", NAVCORE_EACTION, "jump"},
        {"{\"op\": \"jump\"}", NAVCORE_EACTION, "actions[0]"},
        {"{\"op\": 7}", NAVCORE_EACTION, "op"},
        {"{\"route\": {\"name\": \"home\"}}", NAVCORE_EACTION, "op"},
        {"{\"op\": \"push\"}", NAVCORE_EACTION, "route"},
        {"{\"op\": \"push\", \"route\": {\"name\": \"home\"}, \"animated\": true}", NAVCORE_EACTION,
         "animated"},
        {"{\"op\": \"push\", \"route\": \"home\"}", NAVCORE_EACTION, "route"},
        {"{\"op\": \"push\", \"route\": {\"name\": \"home\", \"colour\": \"red\"}}", NAVCORE_EACTION,
         "colour"},
        {"{\"op\": \"pop\", \"count\": \"2\"}", NAVCORE_EACTION, "count"},
        {"{\"op\": \"pop\", \"count\": 0}", NAVCORE_EACTION, "count"},
        {"{\"op\": \"pop\", \"count\": 1.5}", NAVCORE_EACTION, "count"},
        {"{\"op\": \"pop_to\"}", NAVCORE_EACTION, "actions[0]"},
        {"{\"op\": \"pop_to\", \"id\": 2, \"name\": \"category\"}", NAVCORE_EACTION, "actions[0]"},
        {"{\"op\": \"pop_to\", \"id\": \"2\"}", NAVCORE_EACTION, "id"},
        {"{\"op\": \"pop_to\", \"id\": 2, \"inclusive\": 1}", NAVCORE_EACTION, "inclusive"},
        {"{\"op\": \"pop_to_root\", \"count\": 1}", NAVCORE_EACTION, "count"},
        {"{\"op\": \"set_stack\"}", NAVCORE_EACTION, "routes"},
        {"[{\"op\": \"pop\"}, 7]", NAVCORE_EACTION, "actions[1]"},
        {"{\"op\": \"push\", \"route\": {\"name\": \"prodcut\"}}", NAVCORE_EROUTE,
         "actions[0].route.name: unknown route \"prodcut\""},
        {"[{\"op\": \"pop\"}, {\"op\": \"push\", \"route\": {\"name\": \"prodcut\"}}]", NAVCORE_EROUTE,
         "actions[1].route.name: unknown route \"prodcut\""},
        {"{\"op\": \"replace\", \"route\": {\"name\": \"prodcut\"}}", NAVCORE_EROUTE, "prodcut"},
        {"{\"op\": \"pop_to\", \"name\": \"nosuch\"}", NAVCORE_EROUTE, "nosuch"},
        {"{\"op\": \"push\", \"route\": {\"name\": \"product\", \"params\": {\"id\": \"42\"}}}",
         NAVCORE_EPARAMS, "actions[0].route.params.id: expected int, got string"},
        {"[{\"op\": \"pop\"}, {\"op\": \"push\", \"route\": {\"name\": \"product\"}}]", NAVCORE_EPARAMS,
         "actions[1]"},
        {"{\"op\": \"set_stack\", \"routes\": [{\"name\": \"home\"},"
         " {\"name\": \"product\", \"params\": {\"id\": 1, \"x\": 2}}]}",
         NAVCORE_EPARAMS, "x"},
        {"{\"op\": \"push\", \"route\": {\"name\": \"product\", \"params\": [1]}}", NAVCORE_EPARAMS,
         "params"},
        {"[{\"op\": \"pop_to_root\"}, {\"op\": \"replace\", \"route\": {\"name\": \"prodcut\"}}]",
         NAVCORE_EROUTE, "actions[1]"},
        {"{\"op\": \"pop_to\", \"id\": 99}", NAVCORE_ENOENTRY, "99"},
        {"{\"op\": \"pop_to\", \"id\": 0}", NAVCORE_ENOENTRY, "actions[0]"},
        {"{\"op\": \"pop_to\", \"id\": -3}", NAVCORE_ENOENTRY, "-3"},
        {"{\"op\": \"pop_to\", \"id\": 3}", NAVCORE_ENOENTRY, "3"},
        {"{\"op\": \"pop_to\", \"name\": \"subscription\"}", NAVCORE_ENOENTRY, "subscription"},
        {"[{\"op\": \"pop_to_root\"}, {\"op\": \"replace\", \"route\": {\"name\": \"home\"}}]",
         NAVCORE_ENOENTRY, "actions[1]"},
        /* An error after successful actions: the whole batch is refused. */
        {"[{\"op\": \"push\", \"route\": {\"name\": \"home\"}}, {\"op\": \"pop_to_root\"},"
         " {\"op\": \"pop_to\", \"id\": 2}]",
         NAVCORE_ENOENTRY, "actions[2]"},
    };
    navcore_navigator *nav = new_shop();
    char *deep = deep_nesting();
    size_t i;

    /* The stack is home(1) > category shoes(2); entry 3 was pushed and popped. */
    CHECK_OK(navcore_push(nav, "category", "{\"slug\": \"shoes\"}", NULL));
    CHECK_OK(navcore_push(nav, "home", NULL, NULL));
    CHECK_OK(navcore_pop(nav, 1, NULL));

    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *before, *after;
        char message[1024];
        int rc;
        before = state_text(nav);
        out = out_sentinel;
        rc = navcore_apply(nav, cases[i].actions, &out);
        snprintf(message, sizeof message, "%s", navcore_last_error_message());
        check_status(rc, cases[i].code, __FILE__, __LINE__, cases[i].actions);
        check_contains(message, cases[i].needle, __FILE__, __LINE__, cases[i].actions);
        CHECK(out == out_sentinel);
        if (out != out_sentinel)
            navcore_string_free(out);
        after = state_text(nav);
        CHECK_STREQ(after, before);
        navcore_string_free(before);
        navcore_string_free(after);
    }

    EXPECT_FAIL(nav, navcore_apply(NULL, "{\"op\": \"pop\"}", &out), NAVCORE_EINVAL, "nav");
    EXPECT_FAIL(nav, navcore_apply(nav, NULL, &out), NAVCORE_EINVAL, "actions_json");
    EXPECT_FAIL(nav, navcore_apply(nav, deep, &out), NAVCORE_EJSON, "line");
    CHECK(depth(nav) == 2);
    free(deep);
    navcore_navigator_free(nav);
}

/* Proves select_tab switches tabs keeping every stack, reports the tab change, and reselect pops to the root. */
static void test_select_tab(void)
{
    navcore_navigator *nav = new_tabs();
    navcore_navigator *twin = new_tabs();
    char *transition = NULL, *a, *b;
    json_t *t, *state;

    CHECK_OK(navcore_push(nav, "product", "{\"id\": 42}", NULL));
    CHECK_OK(navcore_select_tab(nav, "cart", &transition));
    t = check_parse(transition);
    CHECK(json_object_size(t) == 12);
    CHECK_JSON(jpath(t, "tab_history"), "[\"shop\"]");
    CHECK_JSON(jpath(t, "seq"), "2");
    CHECK_JSON(jpath(t, "changed"), "true");
    CHECK_JSON(jpath(t, "cause"), "{\"source\": \"actions\", \"ops\": [\"select_tab\"]}");
    CHECK_JSON(jpath(t, "results"), "[\"selected\"]");
    CHECK_JSON(jpath(t, "stacks"), "{}");
    CHECK_JSON(jpath(t, "tab"), "{\"before\": \"shop\", \"after\": \"cart\"}");
    CHECK_JSON(jpath(t, "before"), "{\"stack\": \"shop\", \"top\": {\"id\": 4, \"name\": \"product\","
                                   " \"params\": {\"id\": 42}, \"title\": \"Product 42\"}}");
    CHECK_JSON(jpath(t, "after"), "{\"stack\": \"cart\", \"top\": {\"id\": 2, \"name\": \"cart\","
                                  " \"params\": {}, \"title\": \"Cart\"}}");
    json_decref(t);
    navcore_string_free(transition);

    /* The shop tab kept its depth; the selection and history are in the state. */
    state = state_json(nav);
    CHECK_JSON(jpath(state, "layout"), "\"tabs\"");
    CHECK_JSON(jpath(state, "active_stack"), "\"cart\"");
    CHECK_JSON(jpath(state, "selected_tab"), "\"cart\"");
    CHECK_JSON(jpath(state, "tab_history"), "[\"shop\"]");
    CHECK(json_array_size(jpath(state, "stacks.shop.entries")) == 2);
    json_decref(state);
    CHECK(depth(nav) == 1);

    /* Without transition_out, the same calls make the same state. */
    CHECK_OK(navcore_push(twin, "product", "{\"id\": 42}", NULL));
    CHECK_OK(navcore_select_tab(twin, "cart", NULL));
    a = state_text(nav);
    b = state_text(twin);
    CHECK_STREQ(a, b);
    navcore_string_free(a);
    navcore_string_free(b);

    /* Reselecting the selected tab pops it to its root; at the root it changes nothing. */
    CHECK_OK(navcore_select_tab(nav, "shop", NULL));
    CHECK(depth(nav) == 2);
    CHECK_OK(navcore_select_tab(nav, "shop", &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "results"), "[\"popped\"]");
    CHECK_JSON(jpath(t, "stacks"), "{\"shop\": {\"removed\": [4], \"added\": []}}");
    CHECK(jpath(t, "tab") == NULL);
    json_decref(t);
    navcore_string_free(transition);
    CHECK_OK(navcore_select_tab(nav, "shop", &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "changed"), "false");
    CHECK_JSON(jpath(t, "results"), "[\"unchanged\"]");
    CHECK_JSON(jpath(t, "seq"), "4");
    json_decref(t);
    navcore_string_free(transition);
    navcore_navigator_free(twin);
    navcore_navigator_free(nav);
}

/* Proves every documented error of navcore_select_tab, leaving the state and *transition_out as they were. */
static void test_select_tab_errors(void)
{
    navcore_navigator *nav = new_tabs();
    navcore_navigator *shop = new_shop();

    CHECK_OK(navcore_push(nav, "product", "{\"id\": 1}", NULL));
    CHECK_OK(navcore_select_tab(nav, "settings", NULL));
    EXPECT_FAIL(nav, navcore_select_tab(NULL, "cart", &out), NAVCORE_EINVAL, "nav");
    EXPECT_FAIL(nav, navcore_select_tab(nav, NULL, &out), NAVCORE_EINVAL, "tab");
    EXPECT_FAIL(nav, navcore_select_tab(nav, "ca\xffrt", &out), NAVCORE_EINVAL, "UTF-8");
    EXPECT_FAIL(nav, navcore_select_tab(nav, "\xed\xa0\x80", &out), NAVCORE_EINVAL, "UTF-8");
    EXPECT_FAIL(nav, navcore_select_tab(nav, "profile", &out), NAVCORE_ETAB, "profile");
    EXPECT_FAIL(nav, navcore_select_tab(nav, "Cart", &out), NAVCORE_ETAB, "Cart");
    EXPECT_FAIL(nav, navcore_select_tab(nav, "", &out), NAVCORE_ETAB, "tab");
    EXPECT_FAIL(nav, navcore_select_tab(nav, "layer:1", &out), NAVCORE_ETAB, "layer:1");
    EXPECT_FAIL(shop, navcore_select_tab(shop, "main", &out), NAVCORE_ETAB, "main");
    EXPECT_FAIL(nav, navcore_apply(nav, "[{\"op\": \"select_tab\", \"tab\": \"cart\"},"
                                        " {\"op\": \"select_tab\", \"tab\": \"nope\"}]", &out),
                NAVCORE_ETAB, "actions[1]");
    EXPECT_FAIL(nav, navcore_apply(nav, "{\"op\": \"select_tab\"}", &out), NAVCORE_EACTION, "tab");
    EXPECT_FAIL(nav, navcore_apply(nav, "{\"op\": \"select_tab\", \"tab\": 1}", &out), NAVCORE_EACTION, "tab");
    EXPECT_FAIL(nav, navcore_apply(nav, "{\"op\": \"reset_tab\", \"tab\": \"nope\"}", &out), NAVCORE_ETAB, "nope");
    EXPECT_FAIL(shop, navcore_apply(shop, "{\"op\": \"reset_tab\"}", &out), NAVCORE_ETAB, "actions[0]");
    EXPECT_FAIL(nav, navcore_apply(nav, "{\"op\": \"push\", \"route\": {\"name\": \"home\"}, \"tab\": \"cart\"}",
                                   &out),
                NAVCORE_EROUTE, "cart");
    EXPECT_FAIL(nav, navcore_apply(nav, "{\"op\": \"push\", \"route\": {\"name\": \"home\"}, \"policy\": \"x\"}",
                                   &out),
                NAVCORE_EACTION, "policy");
    navcore_navigator_free(shop);
    navcore_navigator_free(nav);
}

static const char CONDITIONS[] =
    "{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {\"title\": \"Home\"}},"
    " \"conditions\": {\"signed_in\": {}, \"onboarded\": {\"initial\": true}}}";

/* Proves navcore_set_condition: a change counts and lists the condition; the same value changes nothing. */
static void test_set_condition(void)
{
    navcore_navigator *nav = NULL;
    char *transition = NULL;
    json_t *t, *state;

    CHECK_OK(navcore_navigator_new(CONDITIONS, &nav));
    state = state_json(nav);
    CHECK_JSON(jpath(state, "conditions"), "{\"signed_in\": false, \"onboarded\": true}");
    json_decref(state);
    CHECK_OK(navcore_set_condition(nav, "signed_in", 7, &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "seq"), "1");
    CHECK_JSON(jpath(t, "changed"), "true");
    CHECK_JSON(jpath(t, "results"), "[\"condition_set\"]");
    CHECK_JSON(jpath(t, "conditions"), "{\"signed_in\": true}");
    json_decref(t);
    navcore_string_free(transition);
    CHECK_OK(navcore_set_condition(nav, "signed_in", 1, &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "changed"), "false");
    CHECK_JSON(jpath(t, "results"), "[\"unchanged\"]");
    CHECK(jpath(t, "conditions") == NULL);
    json_decref(t);
    navcore_string_free(transition);
    CHECK_OK(navcore_set_condition(nav, "onboarded", 0, NULL));
    state = state_json(nav);
    CHECK_JSON(jpath(state, "conditions"), "{\"signed_in\": true, \"onboarded\": false}");
    CHECK_JSON(jpath(state, "seq"), "2");
    json_decref(state);
    navcore_navigator_free(nav);
}

/* Proves every documented error of navcore_set_condition, leaving the state and *transition_out as they were. */
static void test_set_condition_errors(void)
{
    navcore_navigator *nav = NULL;
    navcore_navigator *shop = new_shop();

    CHECK_OK(navcore_navigator_new(CONDITIONS, &nav));
    EXPECT_FAIL(nav, navcore_set_condition(NULL, "signed_in", 1, &out), NAVCORE_EINVAL, "nav");
    EXPECT_FAIL(nav, navcore_set_condition(nav, NULL, 1, &out), NAVCORE_EINVAL, "name");
    EXPECT_FAIL(nav, navcore_set_condition(nav, "signed\xff_in", 1, &out), NAVCORE_EINVAL, "UTF-8");
    EXPECT_FAIL(nav, navcore_set_condition(nav, "\xed\xa0\x80", 1, &out), NAVCORE_EINVAL, "UTF-8");
    EXPECT_FAIL(nav, navcore_set_condition(nav, "premium", 1, &out), NAVCORE_EACTION,
                "actions[0].name: unknown condition \"premium\" (allowed: signed_in, onboarded)");
    EXPECT_FAIL(nav, navcore_set_condition(nav, "", 1, &out), NAVCORE_EACTION, "unknown condition \"\"");
    EXPECT_FAIL(shop, navcore_set_condition(shop, "signed_in", 1, &out), NAVCORE_EACTION, "declares no conditions");
    EXPECT_FAIL(nav, navcore_apply(nav, "[{\"op\": \"set_condition\", \"name\": \"signed_in\", \"value\": true},"
                                        " {\"op\": \"pop_to\", \"id\": 9}]", &out),
                NAVCORE_ENOENTRY, "actions[1]");
    navcore_navigator_free(shop);
    navcore_navigator_free(nav);
}

static const char SHELL[] =
    "{\"navcore\": 1, \"root\": \"inbox\", \"split\": {\"sidebar\": [\"inbox\"]},"
    " \"routes\": {\"inbox\": {\"title\": \"Inbox\"}, \"mail\": {\"title\": \"Mail\"},"
    " \"wall\": {\"title\": \"Sign in\", \"dismissable\": false}}}";

/* Proves navcore_back_preview says what navcore_back then does, changing nothing, held layers and the
   sidebar of a compact split view included; and navcore_set_compact. */
static void test_back_preview_and_compact(void)
{
    navcore_navigator *nav = NULL;
    char *preview = NULL, *transition = NULL, *before, *after;
    json_t *p, *t;
    int step;

    CHECK_OK(navcore_navigator_new(SHELL, &nav));
    CHECK_OK(navcore_apply(nav, "[{\"op\": \"push\", \"route\": {\"name\": \"mail\"}},"
                                " {\"op\": \"present\", \"route\": {\"name\": \"wall\"}}]", NULL));
    CHECK_OK(navcore_set_compact(nav, 5, &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "results"), "[\"compact_set\"]");
    CHECK_JSON(jpath(t, "compact"), "true");
    CHECK_JSON(jpath(t, "sidebar_shown"), "false");
    json_decref(t);
    navcore_string_free(transition);
    for (step = 0; step < 4; step++) {
        before = state_text(nav);
        CHECK_OK(navcore_back_preview(nav, &preview));
        after = state_text(nav);
        CHECK_STREQ(after, before);
        p = check_parse(preview);
        if (step == 0) {
            CHECK_JSON(jpath(p, "result"), "\"held_by_presentation\"");
            CHECK_CONTAINS(json_string_value(jpath(p, "reason")), "\"layer:3\" (Sign in) is not dismissable by Back");
            CHECK_OK(navcore_dismiss(nav, 0, NULL));
        } else {
            CHECK_OK(navcore_back(nav, &transition));
            t = check_parse(transition);
            CHECK(json_equal(jpath(p, "result"), json_array_get(jpath(t, "results"), 0)));
            CHECK(json_equal(jpath(p, "after"), jpath(t, "after")));
            json_decref(t);
            navcore_string_free(transition);
        }
        CHECK_JSON(jpath(p, "result"), step == 0 ? "\"held_by_presentation\"" : step == 1 ? "\"popped\""
                                       : step == 2 ? "\"to_sidebar\"" : "\"nothing\"");
        json_decref(p);
        navcore_string_free(preview);
        navcore_string_free(before);
        navcore_string_free(after);
    }
    CHECK_OK(navcore_set_compact(nav, 0, NULL));
    before = state_text(nav);
    CHECK(strstr(before, "compact") == NULL);
    navcore_string_free(before);
    navcore_navigator_free(nav);
}

/* Proves the documented errors of navcore_back_preview and navcore_set_compact, leaving the state and the
   out-parameter as they were. */
static void test_back_preview_and_compact_errors(void)
{
    navcore_navigator *nav = NULL;
    navcore_navigator *tabs = new_tabs();

    CHECK_OK(navcore_navigator_new(SHELL, &nav));
    EXPECT_FAIL(nav, navcore_back_preview(NULL, &out), NAVCORE_EINVAL, "nav");
    EXPECT_FAIL(nav, navcore_back_preview(nav, NULL), NAVCORE_EINVAL, "out");
    EXPECT_FAIL(nav, navcore_set_compact(NULL, 1, &out), NAVCORE_EINVAL, "nav");
    EXPECT_FAIL(tabs, navcore_set_compact(tabs, 1, &out), NAVCORE_EACTION,
                "actions[0]: set_compact needs a split layout");
    EXPECT_FAIL(nav, navcore_apply(nav, "[{\"op\": \"set_compact\", \"value\": true},"
                                        " {\"op\": \"set_compact\", \"value\": null}]", &out),
                NAVCORE_EACTION, "actions[1].value");
    EXPECT_FAIL(nav, navcore_apply(nav, "{\"op\": \"present\", \"route\": {\"name\": \"mail\"},"
                                        " \"policy\": \"replace_top\"}", &out),
                NAVCORE_EACTION, "actions[0].policy: unknown policy \"replace_top\"");
    navcore_navigator_free(tabs);
    navcore_navigator_free(nav);
}

/* Proves present puts a layer on top with its own stack: default style, params and an explicit style. */
static void test_present(void)
{
    navcore_navigator *nav = new_tabs();
    char *transition = NULL;
    json_t *t, *stack, *state;

    CHECK_OK(navcore_present(nav, "login", NULL, NULL, &transition));
    t = check_parse(transition);
    CHECK(json_object_size(t) == 10);
    CHECK_JSON(jpath(t, "cause.ops"), "[\"present\"]");
    CHECK_JSON(jpath(t, "results"), "[\"presented\"]");
    CHECK_JSON(jpath(t, "presented"), "[{\"stack\": \"layer:4\", \"style\": \"sheet\"}]");
    CHECK_JSON(jpath(t, "dismissed"), "[]");
    CHECK_JSON(jpath(t, "stacks"), "{\"layer:4\": {\"removed\": [], \"added\": [{\"id\": 4,"
                                   " \"name\": \"login\", \"params\": {}, \"title\": \"Sign in\"}]}}");
    CHECK_JSON(jpath(t, "after.stack"), "\"layer:4\"");
    json_decref(t);
    navcore_string_free(transition);
    stack = stack_json(nav);
    CHECK_JSON(jpath(stack, "stack"), "\"layer:4\"");
    json_decref(stack);

    /* A layer above a layer, with params and a style; pushes go to the top layer. */
    CHECK_OK(navcore_present(nav, "product", "{\"id\": 7}", "cover", &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "presented"), "[{\"stack\": \"layer:5\", \"style\": \"cover\"}]");
    CHECK_JSON(jpath(t, "stacks.layer:5.added.0.title"), "\"Product 7\"");
    json_decref(t);
    navcore_string_free(transition);
    CHECK_OK(navcore_push(nav, "signup", NULL, NULL));
    CHECK_OK(navcore_present(nav, "home", "{}", "sheet", NULL));
    state = state_json(nav);
    CHECK_JSON(jpath(state, "active_stack"), "\"layer:7\"");
    CHECK_JSON(jpath(state, "selected_tab"), "\"shop\"");
    CHECK(json_array_size(jpath(state, "presentations")) == 3);
    CHECK_JSON(jpath(state, "presentations.1"),
               "{\"stack\": \"layer:5\", \"style\": \"cover\", \"entries\": ["
               "{\"id\": 5, \"name\": \"product\", \"params\": {\"id\": 7}, \"title\": \"Product 7\"},"
               " {\"id\": 6, \"name\": \"signup\", \"params\": {}, \"title\": \"Sign up\"}]}");
    CHECK(json_array_size(jpath(state, "stacks.shop.entries")) == 1);
    json_decref(state);
    navcore_navigator_free(nav);
}

/* Proves every documented error of navcore_present. */
static void test_present_errors(void)
{
    navcore_navigator *nav = new_tabs();
    char *deep = deep_nesting();

    CHECK_OK(navcore_present(nav, "login", NULL, NULL, NULL));
    EXPECT_FAIL(nav, navcore_present(NULL, "login", NULL, NULL, &out), NAVCORE_EINVAL, "nav");
    EXPECT_FAIL(nav, navcore_present(nav, NULL, NULL, NULL, &out), NAVCORE_EINVAL, "name");
    EXPECT_FAIL(nav, navcore_present(nav, "log\xc0\xafin", NULL, NULL, &out), NAVCORE_EINVAL, "UTF-8");
    EXPECT_FAIL(nav, navcore_present(nav, "product", "{\"id\": \"\xff\"}", NULL, &out), NAVCORE_EINVAL,
                "UTF-8");
    EXPECT_FAIL(nav, navcore_present(nav, "login", NULL, "she\xe9t", &out), NAVCORE_EINVAL, "UTF-8");
    EXPECT_FAIL(nav, navcore_present(nav, "logn", NULL, NULL, &out), NAVCORE_EROUTE, "unknown route \"logn\"");
    EXPECT_FAIL(nav, navcore_present(nav, "product", NULL, NULL, &out), NAVCORE_EPARAMS, "id");
    EXPECT_FAIL(nav, navcore_present(nav, "product", "{\"id\": true}", NULL, &out), NAVCORE_EPARAMS,
                "params.id");
    EXPECT_FAIL(nav, navcore_present(nav, "product", "[7]", NULL, &out), NAVCORE_EPARAMS, "params");
    EXPECT_FAIL(nav, navcore_present(nav, "product", "{\"id\": ", NULL, &out), NAVCORE_EJSON, "line");
    EXPECT_FAIL(nav, navcore_present(nav, "product", deep, NULL, &out), NAVCORE_EJSON, "line");
    EXPECT_FAIL(nav, navcore_present(nav, "login", NULL, "popover", &out), NAVCORE_EACTION, "popover");
    EXPECT_FAIL(nav, navcore_present(nav, "login", NULL, "", &out), NAVCORE_EACTION, "style");
    EXPECT_FAIL(nav, navcore_present(nav, "login", NULL, "Sheet", &out), NAVCORE_EACTION, "Sheet");
    EXPECT_FAIL(nav, navcore_apply(nav, "{\"op\": \"present\", \"route\": {\"name\": \"login\"},"
                                        " \"tab\": \"cart\"}", &out),
                NAVCORE_EACTION, "tab");
    CHECK(depth(nav) == 1);
    free(deep);
    navcore_navigator_free(nav);
}

/* Proves dismiss removes the top layer or every layer, and refuses when nothing is presented. */
static void test_dismiss(void)
{
    navcore_navigator *nav = new_tabs();
    char *transition = NULL;
    json_t *t, *state;

    EXPECT_FAIL(nav, navcore_dismiss(nav, 0, &out), NAVCORE_ENOENTRY, "presented");
    EXPECT_FAIL(nav, navcore_dismiss(nav, 1, &out), NAVCORE_ENOENTRY, "presented");
    EXPECT_FAIL(nav, navcore_dismiss(NULL, 0, &out), NAVCORE_EINVAL, "nav");

    CHECK_OK(navcore_present(nav, "login", NULL, NULL, NULL));
    CHECK_OK(navcore_push(nav, "signup", NULL, NULL));
    CHECK_OK(navcore_present(nav, "product", "{\"id\": 1}", "cover", NULL));
    CHECK_OK(navcore_dismiss(nav, 0, &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "cause.ops"), "[\"dismiss\"]");
    CHECK_JSON(jpath(t, "results"), "[\"dismissed\"]");
    CHECK_JSON(jpath(t, "dismissed"), "[\"layer:6\"]");
    CHECK_JSON(jpath(t, "presented"), "[]");
    CHECK_JSON(jpath(t, "stacks"), "{\"layer:6\": {\"removed\": [6], \"added\": []}}");
    CHECK_JSON(jpath(t, "after"), "{\"stack\": \"layer:4\", \"top\": {\"id\": 5, \"name\": \"signup\","
                                  " \"params\": {}, \"title\": \"Sign up\"}}");
    json_decref(t);
    navcore_string_free(transition);

    /* Any non-zero all dismisses every layer. */
    CHECK_OK(navcore_present(nav, "home", NULL, NULL, NULL));
    CHECK_OK(navcore_dismiss(nav, -7, &transition));
    t = check_parse(transition);
    CHECK(json_array_size(jpath(t, "dismissed")) == 2);
    CHECK_JSON(jpath(t, "stacks.layer:4"), "{\"removed\": [4, 5], \"added\": []}");
    CHECK_JSON(jpath(t, "stacks.layer:7"), "{\"removed\": [7], \"added\": []}");
    CHECK_JSON(jpath(t, "after.stack"), "\"shop\"");
    json_decref(t);
    navcore_string_free(transition);
    state = state_json(nav);
    CHECK_JSON(jpath(state, "presentations"), "[]");
    CHECK_JSON(jpath(state, "active_stack"), "\"shop\"");
    json_decref(state);

    CHECK_OK(navcore_present(nav, "home", NULL, NULL, NULL));
    CHECK_OK(navcore_dismiss(nav, 2, NULL));
    EXPECT_FAIL(nav, navcore_dismiss(nav, 0, &out), NAVCORE_ENOENTRY, "presented");
    EXPECT_FAIL(nav, navcore_apply(nav, "{\"op\": \"dismiss\", \"all\": 1}", &out), NAVCORE_EACTION, "all");
    navcore_navigator_free(nav);
}

/* Calls navcore_back and checks the transition's results (JSON text, e.g. "[\"popped\"]") and changed. */
static void check_back(navcore_navigator *nav, const char *results, const char *changed, const char *file,
                       int line)
{
    char *transition = NULL;
    json_t *t;
    check_status(navcore_back(nav, &transition), NAVCORE_OK, file, line, "navcore_back(nav, &transition)");
    t = check_parse(transition);
    check_json(jpath(t, "results"), results, file, line, "back: results");
    check_json(jpath(t, "changed"), changed, file, line, "back: changed");
    check_json(jpath(t, "cause.ops"), "[\"back\"]", file, line, "back: cause.ops");
    json_decref(t);
    navcore_string_free(transition);
}
#define CHECK_BACK(nav, results, changed) check_back((nav), (results), (changed), __FILE__, __LINE__)

/* Proves back takes the first step of the back rule that applies, in order, down to "nothing". */
static void test_back(void)
{
    navcore_navigator *nav = new_tabs();
    navcore_navigator *shop = new_shop();
    char *before, *after;

    CHECK_OK(navcore_push(nav, "product", "{\"id\": 1}", NULL));
    CHECK_OK(navcore_select_tab(nav, "cart", NULL));
    CHECK_OK(navcore_push(nav, "checkout", NULL, NULL));
    CHECK_OK(navcore_present(nav, "login", NULL, NULL, NULL));
    CHECK_OK(navcore_push(nav, "signup", NULL, NULL));
    CHECK_BACK(nav, "[\"popped_presentation\"]", "true");
    CHECK_BACK(nav, "[\"dismissed\"]", "true");
    CHECK_BACK(nav, "[\"popped\"]", "true");
    CHECK(depth(nav) == 1);
    CHECK_BACK(nav, "[\"previous_tab\"]", "true");
    CHECK(depth(nav) == 2);
    CHECK_BACK(nav, "[\"popped\"]", "true");
    before = state_text(nav);
    CHECK_BACK(nav, "[\"nothing\"]", "false");
    CHECK_OK(navcore_back(nav, NULL));
    after = state_text(nav);
    CHECK_STREQ(after, before); /* nothing to go back to: nothing changes */
    navcore_string_free(before);
    navcore_string_free(after);

    /* The one-stack layout: pop, then nothing. */
    CHECK_OK(navcore_push(shop, "home", NULL, NULL));
    CHECK_BACK(shop, "[\"popped\"]", "true");
    CHECK_BACK(shop, "[\"nothing\"]", "false");
    EXPECT_FAIL(shop, navcore_back(NULL, &out), NAVCORE_EINVAL, "nav");
    EXPECT_FAIL(shop, navcore_apply(shop, "{\"op\": \"back\", \"count\": 2}", &out), NAVCORE_EACTION, "count");
    navcore_navigator_free(shop);
    navcore_navigator_free(nav);
}

/* Proves reset_all is one transition that puts every tab back to its root and dismisses every layer. */
static void test_reset_all(void)
{
    navcore_navigator *nav = new_tabs();
    char *transition = NULL;
    json_t *t, *state;

    CHECK_OK(navcore_push(nav, "product", "{\"id\": 1}", NULL));
    CHECK_OK(navcore_select_tab(nav, "settings", NULL));
    CHECK_OK(navcore_push(nav, "signup", NULL, NULL));
    CHECK_OK(navcore_present(nav, "login", NULL, "cover", NULL));
    CHECK_OK(navcore_apply(nav, "{\"op\": \"reset_all\"}", &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "results"), "[\"reset\"]");
    CHECK_JSON(jpath(t, "stacks"), "{\"shop\": {\"removed\": [4], \"added\": []},"
                                   " \"settings\": {\"removed\": [5], \"added\": []},"
                                   " \"layer:6\": {\"removed\": [6], \"added\": []}}");
    CHECK_JSON(jpath(t, "dismissed"), "[\"layer:6\"]");
    CHECK_JSON(jpath(t, "tab"), "{\"before\": \"settings\", \"after\": \"shop\"}");
    json_decref(t);
    navcore_string_free(transition);
    state = state_json(nav);
    CHECK_JSON(jpath(state, "selected_tab"), "\"shop\"");
    CHECK_JSON(jpath(state, "tab_history"), "[]");
    CHECK_JSON(jpath(state, "presentations"), "[]");
    json_decref(state);
    navcore_navigator_free(nav);
}

/* Proves navcore_state and navcore_stack refuse NULL arguments and leave *out untouched. */
static void test_reader_errors(void)
{
    navcore_navigator *nav = new_shop();
    EXPECT_FAIL(nav, navcore_state(NULL, &out), NAVCORE_EINVAL, "nav");
    EXPECT_FAIL(nav, navcore_state(nav, NULL), NAVCORE_EINVAL, "out");
    EXPECT_FAIL(nav, navcore_stack(NULL, &out), NAVCORE_EINVAL, "nav");
    EXPECT_FAIL(nav, navcore_stack(nav, NULL), NAVCORE_EINVAL, "out");
    navcore_navigator_free(nav);
}

/*
 * Proves string params are limited to NAVCORE_MAX_STRING_PARAM_BYTES bytes of
 * UTF-8 (not characters), and that a 10 MB param is refused cleanly, before it
 * is parsed, by the batch limit (through navcore_apply it is 10 MB /
 * NAVCORE_TEST_SCALE, still over NAVCORE_MAX_BATCH_BYTES).
 */
static void test_string_param_limit(void)
{
    navcore_navigator *nav = new_shop();
    char *at_limit = repeat("{\"slug\": \"", "x", NAVCORE_MAX_STRING_PARAM_BYTES, "\"}");
    char *over_limit = repeat("{\"slug\": \"", "x", NAVCORE_MAX_STRING_PARAM_BYTES + 1, "\"}");
    char *two_byte_at_limit = repeat("{\"slug\": \"", "\xc3\xa9", NAVCORE_MAX_STRING_PARAM_BYTES / 2, "\"}");
    char *two_byte_over = repeat("{\"slug\": \"\xc3\xa9", "\xc3\xa9", NAVCORE_MAX_STRING_PARAM_BYTES / 2, "\"}");
    char *huge = repeat("{\"slug\": \"", "0123456789", 1024 * 1024, "\"}");
    char *huge_action = repeat("{\"op\": \"push\", \"route\": {\"name\": \"category\", \"params\": {\"slug\": \"",
                               "0123456789", 1024 * 1024 / (size_t)scale, "\"}}}");
    char *transition = NULL;
    json_t *t;

    CHECK_OK(navcore_push(nav, "category", at_limit, &transition));
    t = check_parse(transition);
    CHECK(json_string_length(jpath(t, "stacks.main.added.0.params.slug")) ==
          NAVCORE_MAX_STRING_PARAM_BYTES);
    json_decref(t);
    navcore_string_free(transition);
    CHECK_OK(navcore_push(nav, "category", two_byte_at_limit, NULL));
    EXPECT_FAIL(nav, navcore_push(nav, "category", over_limit, &out), NAVCORE_EPARAMS, "params.slug");
    EXPECT_FAIL(nav, navcore_push(nav, "category", two_byte_over, &out), NAVCORE_EPARAMS,
                "params.slug");
    EXPECT_FAIL(nav, navcore_push(nav, "category", huge, &out), NAVCORE_ELIMIT,
                "params_json: is larger than the 1048576-byte limit");
    EXPECT_FAIL(nav, navcore_apply(nav, huge_action, &out), NAVCORE_ELIMIT,
                "actions_json: is larger than the 1048576-byte limit");
    CHECK(depth(nav) == 3);

    free(at_limit);
    free(over_limit);
    free(two_byte_at_limit);
    free(two_byte_over);
    free(huge);
    free(huge_action);
    navcore_navigator_free(nav);
}

/*
 * Proves the batch limits: NAVCORE_MAX_BATCH_BYTES of text and
 * NAVCORE_MAX_BATCH_ACTIONS actions are accepted, one more is NAVCORE_ELIMIT
 * naming the limit, with the state unchanged.
 */
static void test_batch_limits(void)
{
    navcore_navigator *nav = new_shop();
    char *at_bytes = repeat("[", " ", NAVCORE_MAX_BATCH_BYTES - 2, "]");
    char *over_bytes = repeat("[", " ", NAVCORE_MAX_BATCH_BYTES - 1, "]");
    char *at_actions = repeat("[", "{\"op\": \"back\"},", NAVCORE_MAX_BATCH_ACTIONS - 1, "{\"op\": \"back\"}]");
    char *over_actions = repeat("[", "{\"op\": \"back\"},", NAVCORE_MAX_BATCH_ACTIONS, "{\"op\": \"back\"}]");

    CHECK(strlen(at_bytes) == NAVCORE_MAX_BATCH_BYTES);
    CHECK_OK(navcore_apply(nav, at_bytes, NULL));
    EXPECT_FAIL(nav, navcore_apply(nav, over_bytes, &out), NAVCORE_ELIMIT,
                "actions_json: is larger than the 1048576-byte limit for a batch (NAVCORE_MAX_BATCH_BYTES)");
    EXPECT_FAIL(nav, navcore_set_stack(nav, over_bytes, &out), NAVCORE_ELIMIT, "routes_json: is larger");
    CHECK_STATUS(navcore_set_stack(nav, over_bytes, NULL), NAVCORE_ELIMIT);
    CHECK_STREQ(navcore_last_error_message(),
                "routes_json: is larger than the 1048576-byte limit for a batch (NAVCORE_MAX_BATCH_BYTES)");
    CHECK_OK(navcore_push(nav, "category", "{\"slug\": \"a\"}", NULL));
    CHECK_OK(navcore_apply(nav, at_actions, NULL));
    CHECK(depth(nav) == 1);
    CHECK_OK(navcore_push(nav, "category", "{\"slug\": \"a\"}", NULL));
    EXPECT_FAIL(nav, navcore_apply(nav, over_actions, &out), NAVCORE_ELIMIT,
                "actions: a batch holds at most 1024 actions, got 1025");
    CHECK(depth(nav) == 2);

    free(at_bytes);
    free(over_bytes);
    free(at_actions);
    free(over_actions);
    navcore_navigator_free(nav);
}

/* Proves the NULL no-ops: navcore_navigator_free(NULL) and
 * navcore_string_free(NULL) do nothing, not even to the last error. */
static void test_free_null(void)
{
    navcore_navigator *nav = NULL;
    CHECK_STATUS(navcore_navigator_new("{", &nav), NAVCORE_EJSON);
    navcore_navigator_free(NULL);
    navcore_string_free(NULL);
    CHECK(nav == NULL);
    CHECK_CONTAINS(navcore_last_error_message(), "invalid JSON");
}

int main(void)
{
    const char *env = getenv("NAVCORE_TEST_SCALE");
    if (env != NULL && atoi(env) > 1)
        scale = atoi(env);

    test_last_error(); /* first: it checks the thread's initial last error */
    test_last_error_path();
    test_version_and_status_strings();
    test_free_null();
    test_navigator_new();
    test_navigator_new_errors();
    test_push();
    test_push_errors();
    test_pop();
    test_pop_to_root();
    test_set_stack();
    test_apply();
    test_apply_errors();
    test_select_tab();
    test_select_tab_errors();
    test_set_condition();
    test_set_condition_errors();
    test_back_preview_and_compact();
    test_back_preview_and_compact_errors();
    test_present();
    test_present_errors();
    test_dismiss();
    test_back();
    test_reset_all();
    test_reader_errors();
    test_string_param_limit();
    test_batch_limits();
    return check_summary();
}
