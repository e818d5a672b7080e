/*
 * test_links.c - the link functions of navcore.h through the shared library:
 * navcore_open_url with each mode, navcore_resolve_url, navcore_url_for,
 * navcore_stack_url and navcore_match_segments; their errors, bad URLs of
 * every kind (never a crash), listeners, threads and a 10,000-link table.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "navcore.h"
#include "navcore_debug.h"

static const char SHOP[] =
    "{\"navcore\": 1, \"root\": \"home\", \"not_found\": \"missing\", \"routes\": {"
    "\"home\": {\"title\": \"Home\"},"
    "\"missing\": {\"title\": \"Not found\"},"
    "\"category\": {\"params\": {\"slug\": \"string\"}, \"title\": \"{slug}\"},"
    "\"product\": {\"params\": {\"id\": \"int\"}, \"title\": \"Product {id}\"},"
    "\"settings\": {\"title\": \"Settings\"},"
    "\"subscription\": {\"params\": {\"plan\": {\"enum\": [\"monthly\", \"yearly\"],"
    " \"default\": \"monthly\", \"fallback\": true}}, \"parent\": \"settings\"}},"
    "\"links\": ["
    "{\"url\": \"shop://product/{id}\", \"stack\": [\"product\"], \"mode\": \"push\"},"
    "{\"url\": \"https://shop.example.com/c/{slug}\", \"hosts\": [\"www.shop.example.com\"],"
    " \"stack\": [\"category\"]},"
    "{\"url\": \"https://shop.example.com/settings/subscription?plan={plan}\","
    " \"stack\": [\"subscription\"]}]}";

/* The same table without not_found: a URL no link matches is NAVCORE_ENOMATCH. */
static char *strict_table(void)
{
    const char *cut = strstr(SHOP, " \"not_found\": \"missing\",");
    size_t head = (size_t)(cut - SHOP), skip = strlen(" \"not_found\": \"missing\",");
    char *text = malloc(sizeof SHOP);
    if (text == NULL)
        exit(2);
    memcpy(text, SHOP, head);
    strcpy(text + head, SHOP + head + skip);
    return text;
}

/* NAVCORE_TEST_SCALE=N divides the size of the biggest inputs by N (make test-valgrind sets it). */
static int scale = 1;

/* The out-parameter of the call under test; EXPECT_FAIL (check.h) presets it to a sentinel. */
static char *out;
static char out_sentinel[] = "untouched";

/* A malloc'ed URL: prefix, then n copies of unit. */
static char *long_url(const char *prefix, const char *unit, size_t n)
{
    size_t lp = strlen(prefix), lu = strlen(unit), i;
    char *text = malloc(lp + lu * n + 1);
    if (text == NULL)
        exit(2);
    memcpy(text, prefix, lp);
    for (i = 0; i < n; i++)
        memcpy(text + lp + lu * i, unit, lu);
    text[lp + lu * n] = '\0';
    return text;
}

static navcore_navigator *new_nav(const char *table)
{
    navcore_navigator *nav = NULL;
    CHECK_OK(navcore_navigator_new(table, &nav));
    return nav;
}

static void test_open_url_modes(void)
{
    navcore_navigator *nav = new_nav(SHOP);
    char *transition = NULL;
    json_t *t;

    CHECK_OK(navcore_open_url(nav, "https://shop.example.com/settings/subscription?plan=yearly",
                              NAVCORE_OPEN_DEFAULT, &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "cause"),
               "{\"source\": \"url\", \"url\": \"https://shop.example.com/settings/subscription?plan=yearly\","
               " \"link\": \"https://shop.example.com/settings/subscription?plan={plan}\", \"mode\": \"replace\"}");
    CHECK_JSON(jpath(t, "after.top.params"), "{\"plan\": \"yearly\"}");
    CHECK_JSON(jpath(t, "stacks.main.added.0.name"), "\"settings\"");
    json_decref(t);
    navcore_string_free(transition);

    /* shop://product/{id} declares push: the default mode pushes; REPLACE overrides it. */
    CHECK_OK(navcore_open_url(nav, "shop://product/7", NAVCORE_OPEN_DEFAULT, NULL));
    CHECK_OK(navcore_open_url(nav, "shop://product/7", NAVCORE_OPEN_PUSH, NULL));
    transition = NULL;
    CHECK_OK(navcore_open_url(nav, "SHOP://PRODUCT/7/#reviews", NAVCORE_OPEN_REPLACE, &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "stacks.main.removed"), "[2, 3, 4, 5]");
    CHECK_JSON(jpath(t, "stacks.main.added.0.id"), "6");
    CHECK_JSON(jpath(t, "cause.mode"), "\"replace\"");
    json_decref(t);
    navcore_string_free(transition);

    /* not_found: the route is shown instead of the error, with a null link. */
    transition = NULL;
    CHECK_OK(navcore_open_url(nav, "shop://nowhere", NAVCORE_OPEN_PUSH, &transition));
    t = check_parse(transition);
    CHECK_JSON(jpath(t, "cause.link"), "null");
    CHECK_JSON(jpath(t, "after.top.title"), "\"Not found\"");
    json_decref(t);
    navcore_string_free(transition);
    navcore_navigator_free(nav);
}

static void test_open_url_errors(void)
{
    char *strict = strict_table();
    navcore_navigator *nav = new_nav(strict);
    static const unsigned char latin1[] = {'s', 'h', 'o', 'p', ':', '/', '/', 0xE9, 0};

    CHECK_OK(navcore_open_url(nav, "shop://product/1", NAVCORE_OPEN_DEFAULT, NULL));
    EXPECT_FAIL(nav, navcore_open_url(NULL, "shop://product/1", 0, &out), NAVCORE_EINVAL, "nav: is NULL");
    EXPECT_FAIL(nav, navcore_open_url(nav, NULL, 0, &out), NAVCORE_EINVAL, "url: is NULL");
    EXPECT_FAIL(nav, navcore_open_url(nav, (const char *)latin1, 0, &out), NAVCORE_EINVAL,
                "url: is not valid UTF-8");
    EXPECT_FAIL(nav, navcore_open_url(nav, "shop://product/1", 3, &out), NAVCORE_EACTION,
                "actions[0].mode: unknown mode 3");
    EXPECT_FAIL(nav, navcore_open_url(nav, "shop://product/1", -1, &out), NAVCORE_EACTION, "unknown mode -1");
    EXPECT_FAIL(nav, navcore_open_url(nav, "shop://product/one", 0, &out), NAVCORE_ENOMATCH,
                "actions[0].url: no link matches \"shop://product/one\": closest is \"shop://product/{id}\","
                " where path segment 1 for {id}: \"one\" is not an int");
    EXPECT_FAIL(nav, navcore_open_url(nav, "https://shop.example.org/c/x", 0, &out), NAVCORE_ENOMATCH,
                "(did you mean \"https://shop.example.com\"?)");
    navcore_navigator_free(nav);
    free(strict);
}

/* Bad URLs of every kind: each an error, never a crash, the state unchanged. */
static void test_bad_urls(void)
{
    static const struct {
        const char *url;
        const char *needle;
    } cases[] = {
        {"", "the URL is empty"},
        {"product/1", "a relative URL"},
        {"//shop.example.com/c/x", "a relative URL"},
        {"shop://product/%zz", "malformed percent-escape \"%zz\""},
        {"shop://product/%", "malformed percent-escape \"%\""},
        {"shop://product/%E9", "does not decode to UTF-8"},
        {"shop://product/1\x01", "control character U+0001"},
        {"shop://product/\t1", "control character U+0009"},
        {"shop://product/1 2", "character \" \" at offset 16 must be percent-encoded"},
        {"shop://product/1|2", "character \"|\""},
        {"shop://product/%00", "decodes to control character U+0000"},
        {"shop:product/1", "no host"},
        {"shop://me@product/1", "user info"},
        {"https://[::1/c/x", "not a valid URL"},
    };
    char *strict = strict_table();
    navcore_navigator *nav = new_nav(strict);
    char *huge;
    size_t i;

    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        EXPECT_FAIL(nav, navcore_resolve_url(nav, cases[i].url, &out), NAVCORE_ENOMATCH, cases[i].needle);
        EXPECT_FAIL(nav, navcore_open_url(nav, cases[i].url, NAVCORE_OPEN_PUSH, &out), NAVCORE_ENOMATCH,
                    cases[i].needle);
    }
    /* Just under the limit: a long slug resolves (the string param limit then applies). */
    huge = long_url("https://shop.example.com/c/", "%41", 20000);
    out = NULL;
    CHECK_OK(navcore_resolve_url(nav, huge, &out));
    navcore_string_free(out);
    free(huge);
    /* A C string ends at its NUL: what follows is never seen. */
    out = NULL;
    CHECK_OK(navcore_resolve_url(nav, "shop://product/4\0garbage", &out));
    CHECK_CONTAINS(out, "\"params\":{\"id\":4}");
    navcore_string_free(out);
    navcore_navigator_free(nav);
    free(strict);
}

/* The actions of navcore_apply() that open url (malloc'ed): [{"op": "open_url", "url": url, "dismiss": true}]. */
static char *open_url_batch(const char *url)
{
    static const char head[] = "[{\"op\": \"open_url\", \"url\": \"", tail[] = "\", \"dismiss\": true}]";
    char *text = malloc(sizeof head + strlen(url) + sizeof tail);
    if (text == NULL)
        exit(2);
    strcpy(text, head);
    strcat(text, url);
    strcat(text, tail);
    return text;
}

/*
 * A URL over NAVCORE_MAX_URL_BYTES is NAVCORE_ELIMIT at url through every
 * call (navcore_open_url with each mode, an open_url action, navcore_resolve_url),
 * with a not_found route or without; one over NAVCORE_MAX_BATCH_BYTES as well,
 * whose batch meets the batch limit first. One byte less is read as a URL.
 */
static void test_url_length_limit(void)
{
    static const char prefix[] = "https://shop.example.com/c/";
    static const int modes[] = {NAVCORE_OPEN_DEFAULT, NAVCORE_OPEN_REPLACE, NAVCORE_OPEN_PUSH,
                                NAVCORE_OPEN_PUSH | NAVCORE_OPEN_DISMISS};
    char *strict = strict_table();
    const char *tables[] = {SHOP, strict};
    char *over = long_url(prefix, "a", NAVCORE_MAX_URL_BYTES + 1 - strlen(prefix));
    char *at = long_url(prefix, "a", NAVCORE_MAX_URL_BYTES - strlen(prefix));
    char *past_batch = long_url(prefix, "a", NAVCORE_MAX_BATCH_BYTES);
    char *batch = open_url_batch(over), *big_batch = open_url_batch(past_batch);
    size_t t, m;

    CHECK(strlen(over) == NAVCORE_MAX_URL_BYTES + 1);
    for (t = 0; t < 2; t++) {
        navcore_navigator *nav = new_nav(tables[t]);
        EXPECT_FAIL(nav, navcore_resolve_url(nav, over, &out), NAVCORE_ELIMIT,
                    "url: a URL of 262145 bytes is over the 262144-byte limit");
        for (m = 0; m < sizeof modes / sizeof *modes; m++) {
            EXPECT_FAIL(nav, navcore_open_url(nav, over, modes[m], &out), NAVCORE_ELIMIT,
                        "actions[0].url: a URL of 262145 bytes is over the 262144-byte limit");
            EXPECT_FAIL(nav, navcore_open_url(nav, past_batch, modes[m], &out), NAVCORE_ELIMIT, "actions[0].url: a URL of");
        }
        EXPECT_FAIL(nav, navcore_apply(nav, batch, &out), NAVCORE_ELIMIT,
                    "actions[0].url: a URL of 262145 bytes is over the 262144-byte limit");
        EXPECT_FAIL(nav, navcore_apply(nav, big_batch, &out), NAVCORE_ELIMIT, "actions_json: is larger than");
        EXPECT_FAIL(nav, navcore_resolve_url(nav, past_batch, &out), NAVCORE_ELIMIT, "url: a URL of");
        /* At the limit, the text is read: a slug over the string param limit matches no link. */
        if (t == 0) {
            out = NULL;
            CHECK_OK(navcore_resolve_url(nav, at, &out));
            CHECK_CONTAINS(out, "\"link\":null");
            navcore_string_free(out);
        } else {
            EXPECT_FAIL(nav, navcore_resolve_url(nav, at, &out), NAVCORE_ENOMATCH, "no link matches");
        }
        navcore_navigator_free(nav);
    }
    free(big_batch);
    free(batch);
    free(past_batch);
    free(at);
    free(over);
    free(strict);
}

/* NAVCORE_OPEN_DISMISS: every presentation goes first when any is up; none up, the link alone opens. */
static void test_open_url_dismiss(void)
{
    navcore_navigator *nav = new_nav(SHOP);
    char *t = NULL;
    CHECK_OK(navcore_open_url(nav, "shop://product/1", NAVCORE_OPEN_DEFAULT | NAVCORE_OPEN_DISMISS, &t));
    CHECK_CONTAINS(t, "\"results\":[\"opened\"]");
    CHECK(strstr(t, "\"dismissed\":[]") != NULL);
    navcore_string_free(t);
    CHECK_OK(navcore_present(nav, "settings", NULL, NULL, NULL));
    CHECK_OK(navcore_present(nav, "home", NULL, NULL, NULL));
    t = NULL;
    CHECK_OK(navcore_open_url(nav, "shop://product/2", NAVCORE_OPEN_REPLACE | NAVCORE_OPEN_DISMISS, &t));
    CHECK_CONTAINS(t, "\"dismissed\":[\"layer:3\",\"layer:4\"]");
    navcore_string_free(t);
    t = NULL;
    CHECK_OK(navcore_stack(nav, &t));
    CHECK_CONTAINS(t, "[{\"id\":1,\"name\":\"home\"");
    CHECK_CONTAINS(t, "{\"id\":5,\"name\":\"product\",\"params\":{\"id\":2}");
    navcore_string_free(t);
    EXPECT_FAIL(nav, navcore_open_url(nav, "shop://product/3", 3 | NAVCORE_OPEN_DISMISS, &out), NAVCORE_EACTION,
                "actions[0].mode: unknown mode 7");
    EXPECT_FAIL(nav, navcore_open_url(nav, "shop://product/3", 8, &out), NAVCORE_EACTION, "actions[0].mode: unknown mode 8");
    navcore_navigator_free(nav);
}

static void test_resolve_url(void)
{
    navcore_navigator *nav = new_nav(SHOP);
    char *before = state_text(nav), *after, *text = NULL;
    json_t *d;

    CHECK_OK(navcore_resolve_url(nav, "https://WWW.shop.example.com/c/caf%C3%A9+cr%C3%A8me", &text));
    d = check_parse(text);
    CHECK_JSON(d, "{\"navcore\": 1, \"link\": \"https://shop.example.com/c/{slug}\", \"mode\": \"replace\","
                  " \"routes\": [{\"name\": \"category\", \"params\": {\"slug\": \"café+crème\"}}]}");
    json_decref(d);
    navcore_string_free(text);

    text = NULL;
    CHECK_OK(navcore_resolve_url(nav, "https://shop.example.com/settings/subscription?plan=bogus", &text));
    d = check_parse(text);
    CHECK_JSON(jpath(d, "routes"), "[{\"name\": \"settings\", \"params\": {}},"
                                   " {\"name\": \"subscription\", \"params\": {\"plan\": \"monthly\"}}]");
    json_decref(d);
    navcore_string_free(text);

    text = NULL;
    CHECK_OK(navcore_resolve_url(nav, "shop://product/x", &text));
    d = check_parse(text);
    CHECK_JSON(jpath(d, "link"), "null");
    CHECK_JSON(jpath(d, "routes"), "[{\"name\": \"missing\", \"params\": {}}]");
    CHECK_CONTAINS(json_string_value(jpath(d, "reason")), "\"x\" is not an int");
    json_decref(d);
    navcore_string_free(text);

    after = state_text(nav);
    CHECK_STREQ(after, before);
    navcore_string_free(after);
    navcore_string_free(before);

    EXPECT_FAIL(nav, navcore_resolve_url(NULL, "shop://product/1", &out), NAVCORE_EINVAL, "nav: is NULL");
    EXPECT_FAIL(nav, navcore_resolve_url(nav, NULL, &out), NAVCORE_EINVAL, "url: is NULL");
    EXPECT_FAIL(nav, navcore_resolve_url(nav, "shop://product/1", NULL), NAVCORE_EINVAL, "routes_out: is NULL");
    navcore_navigator_free(nav);
}

static void test_url_for_and_stack_url(void)
{
    navcore_navigator *nav = new_nav(SHOP);
    char *url = NULL;

    CHECK_OK(navcore_url_for(nav, "{\"name\": \"category\", \"params\": {\"slug\": \"a b/ç+?\"}}", &url));
    CHECK_STREQ(url, "https://shop.example.com/c/a%20b%2F%C3%A7%2B%3F");
    navcore_string_free(url);
    url = NULL;
    CHECK_OK(navcore_url_for(nav, "{\"name\": \"subscription\", \"params\": {\"plan\": \"yearly\"}}", &url));
    CHECK_STREQ(url, "https://shop.example.com/settings/subscription?plan=yearly");
    navcore_string_free(url);
    url = NULL;
    CHECK_OK(navcore_url_for(nav, "{\"name\": \"subscription\"}", &url));
    CHECK_STREQ(url, "https://shop.example.com/settings/subscription");
    navcore_string_free(url);

    EXPECT_FAIL(nav, navcore_url_for(nav, "{\"name\": \"settings\"}", &out), NAVCORE_ENOMATCH,
                "route: no link produces route \"settings\"");
    EXPECT_FAIL(nav, navcore_url_for(nav, "{\"name\": \"prodct\", \"params\": {\"id\": 1}}", &out), NAVCORE_EROUTE,
                "route.name: unknown route \"prodct\" (did you mean \"product\"?)");
    EXPECT_FAIL(nav, navcore_url_for(nav, "{\"name\": \"product\", \"params\": {\"id\": \"1\"}}", &out),
                NAVCORE_EPARAMS, "route.params.id: expected int, got string");
    EXPECT_FAIL(nav, navcore_url_for(nav, "[]", &out), NAVCORE_EACTION, "route: expected an object, got array");
    EXPECT_FAIL(nav, navcore_url_for(nav, "{\"name\":", &out), NAVCORE_EJSON, "invalid JSON");
    EXPECT_FAIL(nav, navcore_url_for(nav, NULL, &out), NAVCORE_EINVAL, "route_json: is NULL");
    EXPECT_FAIL(nav, navcore_url_for(nav, "{\"name\": \"product\"}", NULL), NAVCORE_EINVAL, "url_out: is NULL");
    EXPECT_FAIL(nav, navcore_url_for(NULL, "{\"name\": \"product\"}", &out), NAVCORE_EINVAL, "nav: is NULL");

    EXPECT_FAIL(nav, navcore_stack_url(nav, &out), NAVCORE_ENOMATCH, "no link produces route \"home\"");
    CHECK_OK(navcore_open_url(nav, "https://shop.example.com/settings/subscription?plan=yearly", 0, NULL));
    url = NULL;
    CHECK_OK(navcore_stack_url(nav, &url));
    CHECK_STREQ(url, "https://shop.example.com/settings/subscription?plan=yearly");
    navcore_string_free(url);
    EXPECT_FAIL(nav, navcore_stack_url(NULL, &out), NAVCORE_EINVAL, "nav: is NULL");
    EXPECT_FAIL(nav, navcore_stack_url(nav, NULL), NAVCORE_EINVAL, "url_out: is NULL");
    navcore_navigator_free(nav);
}

static void test_match_segments(void)
{
    navcore_navigator *nav = new_nav(SHOP);
    const char *product[] = {"42"};
    const char *category[] = {"c", "shoes"};
    const char *wrong[] = {"c", NULL};
    static const unsigned char bad_utf8[] = {0xC3, 0x28, 0};
    const char *invalid[] = {"c", (const char *)bad_utf8};
    size_t link = 99;

    CHECK_OK(navcore_match_segments(nav, "shop", "product", product, 1, &link));
    CHECK(link == 0);
    CHECK_OK(navcore_match_segments(nav, "HTTPS", "www.shop.example.com", category, 2, &link));
    CHECK(link == 1);
    link = 99;
    CHECK_STATUS(navcore_match_segments(nav, "shop", "product", NULL, 0, &link), NAVCORE_ENOMATCH);
    CHECK_CONTAINS(navcore_last_error_message(), "goes on with \"/{id}\"");
    CHECK(link == 99);
    CHECK_STATUS(navcore_match_segments(nav, "https", "shop.example.com", category, 1, &link), NAVCORE_ENOMATCH);
    CHECK_STATUS(navcore_match_segments(nav, "https", "shop.example.com", wrong, 2, &link), NAVCORE_EINVAL);
    CHECK_CONTAINS(navcore_last_error_message(), "segments[1]: is NULL");
    CHECK_STREQ(navcore_last_error_path(), "segments[1]");
    CHECK_STATUS(navcore_match_segments(nav, "https", "shop.example.com", invalid, 2, &link), NAVCORE_EINVAL);
    CHECK_CONTAINS(navcore_last_error_message(), "is not valid UTF-8");
    CHECK_STREQ(navcore_last_error_path(), "segments[1]");
    CHECK_STATUS(navcore_match_segments(nav, "https", "shop.example.com", NULL, 2, &link), NAVCORE_EINVAL);
    CHECK_STATUS(navcore_match_segments(nav, "https", "shop.example.com", category, (size_t)-1, &link), NAVCORE_EINVAL);
    CHECK_CONTAINS(navcore_last_error_message(), "count: ");
    CHECK_STATUS(navcore_match_segments(nav, "https", "shop.example.com", category, (size_t)1 << 40, &link),
                 NAVCORE_EINVAL);
    CHECK_STATUS(navcore_match_segments(nav, NULL, "x", product, 1, &link), NAVCORE_EINVAL);
    CHECK_STATUS(navcore_match_segments(nav, "shop", NULL, product, 1, &link), NAVCORE_EINVAL);
    CHECK_STATUS(navcore_match_segments(nav, "shop", "product", product, 1, NULL), NAVCORE_EINVAL);
    CHECK_STATUS(navcore_match_segments(NULL, "shop", "product", product, 1, &link), NAVCORE_EINVAL);
    CHECK(link == 99);
    navcore_navigator_free(nav);
}

/* The offset of the first byte that breaks UTF-8 in text (RFC 3629's table: no overlong form, no
 * surrogate, nothing above U+10FFFF), or -1 when it is valid: the reference the library's check
 * is held to below. */
static long first_invalid_utf8(const unsigned char *text)
{
    long i = 0;
    while (text[i] != 0) {
        unsigned char lead = text[i], low = 0x80, high = 0xBF;
        int more, k;
        if (lead < 0x80) {
            i++;
            continue;
        }
        if (lead >= 0xC2 && lead <= 0xDF)
            more = 1;
        else if (lead == 0xE0)
            more = 2, low = 0xA0;
        else if ((lead >= 0xE1 && lead <= 0xEC) || lead == 0xEE || lead == 0xEF)
            more = 2;
        else if (lead == 0xED)
            more = 2, high = 0x9F;
        else if (lead == 0xF0)
            more = 3, low = 0x90;
        else if (lead >= 0xF1 && lead <= 0xF3)
            more = 3;
        else if (lead == 0xF4)
            more = 3, high = 0x8F;
        else
            return i;
        for (k = 1; k <= more; k++) {
            unsigned char byte = text[i + k];
            if (byte < (k == 1 ? low : 0x80) || byte > (k == 1 ? high : 0xBF))
                return i + k;
        }
        i += more + 1;
    }
    return -1;
}

/* A seeded xorshift generator, so that a failure reproduces. */
static unsigned long next_random(unsigned long *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* Generated text, valid UTF-8 or not: ASCII, encoded code points (surrogates and all) and
 * stray bytes, up to 12 pieces. */
static void random_text(unsigned long *state, unsigned char *text)
{
    int pieces = (int)(next_random(state) % 13), n = 0, p;
    for (p = 0; p < pieces; p++) {
        unsigned long kind = next_random(state) % 4, point = next_random(state) % 0x110000;
        if (kind == 0) {
            text[n++] = (unsigned char)('a' + next_random(state) % 26);
        } else if (kind == 1) {
            text[n++] = (unsigned char)(0x80 + next_random(state) % 0x80);
        } else if (point < 0x800) {
            text[n++] = (unsigned char)(0xC0 | (point >> 6 & 0x1F));
            text[n++] = (unsigned char)(0x80 | (point & 0x3F));
        } else if (point < 0x10000) {
            text[n++] = (unsigned char)(0xE0 | point >> 12);
            text[n++] = (unsigned char)(0x80 | (point >> 6 & 0x3F));
            text[n++] = (unsigned char)(0x80 | (point & 0x3F));
        } else {
            text[n++] = (unsigned char)(0xF0 | point >> 18);
            text[n++] = (unsigned char)(0x80 | (point >> 12 & 0x3F));
            text[n++] = (unsigned char)(0x80 | (point >> 6 & 0x3F));
            text[n++] = (unsigned char)(0x80 | (point & 0x3F));
        }
        if (kind == 3 && n > 1 && next_random(state) % 3 == 0)
            n--; /* a sequence cut short */
    }
    text[n] = 0;
}

/* The law of C strings in: text is refused as not UTF-8 exactly when RFC 3629 says so, the
 * message naming the argument, the first bad byte and its offset; valid text gets past the check.
 * Over generated text, as a segment and as the host. */
static void test_utf8_check_of_c_strings(void)
{
    navcore_navigator *nav = new_nav(SHOP);
    unsigned long state = 2024;
    unsigned char text[64];
    char expected[96];
    int round, rounds = 4000 / scale;
    for (round = 0; round < rounds; round++) {
        const char *segments[2] = {"c", NULL};
        long bad;
        size_t link = 99;
        int as_host = round % 2, status;
        random_text(&state, text);
        segments[1] = (const char *)text;
        bad = first_invalid_utf8(text);
        status = as_host ? navcore_match_segments(nav, "https", (const char *)text, segments, 1, &link)
                         : navcore_match_segments(nav, "https", "shop.example.com", segments, 2, &link);
        if (bad < 0) {
            CHECK(status != NAVCORE_EINVAL);
            continue;
        }
        CHECK_STATUS(status, NAVCORE_EINVAL);
        CHECK_STREQ(navcore_last_error_path(), as_host ? "host" : "segments[1]");
        sprintf(expected, "is not valid UTF-8 (byte 0x%02X at offset %ld)", text[bad], bad);
        CHECK_CONTAINS(navcore_last_error_message(), expected);
        CHECK(link == 99);
    }
    navcore_navigator_free(nav);
}

static void test_table_errors(void)
{
    static const struct {
        const char *links;
        const char *needle;
    } cases[] = {
        {"[{\"url\": \"shop://p/{id}\", \"stack\": [\"product\"]}, {\"url\": \"shop://p/{slug}\", \"stack\": [\"category\"]}]",
         "links[1]: \"shop://p/{slug}\" is ambiguous with links[0] \"shop://p/{id}\": both match shop://p/0"},
        {"[{\"url\": \"shop://p/{id}\", \"stack\": [\"prodct\"]}]", "links[0].stack[0]: unknown route \"prodct\""},
        {"[{\"url\": \"shop://p/{pid}\", \"stack\": [\"product\"]}]", "links[0].url: placeholder {pid} is no param"},
        {"[{\"url\": \"shop://p\", \"stack\": [\"product\"]}]", "route \"product\" requires param \"id\""},
        {"[{\"url\": \"shop://p\", \"stack\": []}, {\"url\": \"shop://p/\", \"stack\": []}]", "is ambiguous"},
        {"[{\"url\": 42, \"stack\": []}]", "links[0].url: expected string, got int"},
        {"[{\"url\": \"shop://p\", \"stack\": [], \"extra\": 1}]", "links[0]: unknown key \"extra\""},
        {"{}", "links: expected array, got object"},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        navcore_navigator *nav = NULL;
        char table[1024];
        snprintf(table, sizeof table,
                 "{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {}, \"product\": {\"params\": {\"id\": \"int\"}},"
                 " \"category\": {\"params\": {\"slug\": \"string\"}}}, \"links\": %s}",
                 cases[i].links);
        CHECK_STATUS(navcore_navigator_new(table, &nav), NAVCORE_ETABLE);
        CHECK_CONTAINS(navcore_last_error_message(), cases[i].needle);
        CHECK(nav == NULL);
    }
}

/* A table of n links: https://shop.example.com/s<i>/items/{id}. */
static char *many_links(int n)
{
    size_t capacity = 256 + (size_t)n * 96;
    char *table = malloc(capacity), *p = table;
    int i;
    if (table == NULL)
        exit(2);
    p += sprintf(p, "{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {},"
                    " \"item\": {\"params\": {\"id\": \"int\"}}}, \"links\": [");
    for (i = 0; i < n; i++)
        p += sprintf(p, "%s{\"url\": \"https://shop.example.com/s%d/items/{id}\", \"stack\": [\"item\"]}",
                     i > 0 ? "," : "", i);
    strcpy(p, "]}");
    return table;
}

static void test_many_links(void)
{
    int n = 10000 / scale;
    char *table = many_links(n), *text = NULL, url[128];
    navcore_navigator *nav = new_nav(table);
    snprintf(url, sizeof url, "https://shop.example.com/s%d/items/5", n - 1);
    CHECK_OK(navcore_resolve_url(nav, url, &text));
    CHECK_CONTAINS(text, "\"routes\":[{\"name\":\"item\",\"params\":{\"id\":5}}]");
    navcore_string_free(text);
    text = NULL;
    CHECK_OK(navcore_url_for(nav, "{\"name\": \"item\", \"params\": {\"id\": 5}}", &text));
    CHECK_STREQ(text, "https://shop.example.com/s0/items/5");
    navcore_string_free(text);
    navcore_navigator_free(nav);
    free(table);
}

/* A listener that counts url-caused transitions. */
static void count_url_causes(const char *transition_json, void *user_data)
{
    int *count = user_data;
    if (strstr(transition_json, "\"source\":\"url\"") != NULL)
        (*count)++;
}

static void test_listeners_see_the_url_cause(void)
{
    navcore_navigator *nav = new_nav(SHOP);
    int count = 0;
    int64_t id = 0;
    CHECK_OK(navcore_subscribe(nav, count_url_causes, &count, &id));
    CHECK_OK(navcore_open_url(nav, "shop://product/1", NAVCORE_OPEN_PUSH, NULL));
    CHECK_OK(navcore_apply(nav, "{\"op\": \"open_url\", \"url\": \"shop://product/2\"}", NULL));
    CHECK_STATUS(navcore_open_url(nav, "shop://product/1", 9, NULL), NAVCORE_EACTION);
    CHECK(count == 2);
    navcore_navigator_free(nav);
}

struct worker {
    navcore_navigator *nav;
    int failures;
};

/* Resolves and opens URLs in a loop; counts unexpected results. */
static void *resolve_in_loop(void *arg)
{
    struct worker *w = arg;
    int i;
    for (i = 0; i < 2000 / scale; i++) {
        char *text = NULL, url[64];
        snprintf(url, sizeof url, "shop://product/%d", i);
        if (navcore_resolve_url(w->nav, url, &text) != NAVCORE_OK || strstr(text, "\"product\"") == NULL)
            w->failures++;
        navcore_string_free(text);
        if (navcore_open_url(w->nav, url, i % 2 ? NAVCORE_OPEN_PUSH : NAVCORE_OPEN_REPLACE, NULL) != NAVCORE_OK)
            w->failures++;
    }
    return NULL;
}

static void test_threads(void)
{
    navcore_navigator *nav = new_nav(SHOP);
    struct worker workers[4];
    pthread_t threads[4];
    int i;
    for (i = 0; i < 4; i++) {
        workers[i].nav = nav;
        workers[i].failures = 0;
        CHECK(pthread_create(&threads[i], NULL, resolve_in_loop, &workers[i]) == 0);
    }
    for (i = 0; i < 4; i++) {
        CHECK(pthread_join(threads[i], NULL) == 0);
        CHECK(workers[i].failures == 0);
    }
    navcore_navigator_free(nav);
}

int main(void)
{
    const char *env = getenv("NAVCORE_TEST_SCALE");
    if (env != NULL && atoi(env) > 1)
        scale = atoi(env);

    test_open_url_modes();
    test_open_url_errors();
    test_bad_urls();
    test_url_length_limit();
    test_open_url_dismiss();
    test_resolve_url();
    test_url_for_and_stack_url();
    test_match_segments();
    test_utf8_check_of_c_strings();
    test_table_errors();
    test_many_links();
    test_listeners_see_the_url_cause();
    test_threads();
    return check_summary();
}
