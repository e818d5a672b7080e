/*
 * check.h - the assertion helper of navcore's C tests.
 *
 * Each CHECK macro counts one passed or failed assertion; a failure prints
 * its file, line and expression to stderr and the test goes on. A test's
 * main() ends with `return check_summary();`, which prints the closing line
 * "N passed, M failed" and returns non-zero when anything failed.
 *
 * The counters are not synchronised: call the macros from one thread only.
 * Threaded tests record results in their own memory and check them after
 * joining.
 *
 * The tests read the library's JSON with jansson: check_parse(), jpath()
 * and CHECK_JSON() compare documents by value, not by formatting.
 */
#ifndef NAVCORE_TEST_CHECK_H
#define NAVCORE_TEST_CHECK_H

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "navcore.h"
#include "status_log.h" /* NAVCORE_STATUS_LOG: the statuses each call returned */

static int check_passed;
static int check_failed;

/* Counts one assertion; on failure prints where it was and what it said. */
static inline int check_record(int ok, const char *file, int line, const char *what,
                               const char *detail)
{
    if (ok) {
        check_passed++;
    } else {
        check_failed++;
        fprintf(stderr, "%s:%d: FAILED: %s%s%s\n", file, line, what,
                detail != NULL && detail[0] != '\0' ? "\n    " : "",
                detail != NULL ? detail : "");
    }
    return ok;
}

/* Checks that a navcore call returned rc == expected, describing both. */
static inline int check_status(int rc, int expected, const char *file, int line,
                               const char *call)
{
    char detail[512];
    if (rc == expected)
        return check_record(1, file, line, call, NULL);
    snprintf(detail, sizeof detail, "returned %s (%d), expected %s (%d); message: \"%.300s\"",
             navcore_status_string(rc), rc, navcore_status_string(expected), expected,
             navcore_last_error_message());
    return check_record(0, file, line, call, detail);
}

/* Checks that haystack contains needle; a NULL haystack fails. */
static inline int check_contains(const char *haystack, const char *needle, const char *file,
                                 int line, const char *what)
{
    char detail[512];
    if (haystack != NULL && strstr(haystack, needle) != NULL)
        return check_record(1, file, line, what, NULL);
    snprintf(detail, sizeof detail, "\"%.200s\" does not contain \"%.200s\"",
             haystack != NULL ? haystack : "(null)", needle);
    return check_record(0, file, line, what, detail);
}

/* Checks that two strings are equal; a NULL on either side fails. */
static inline int check_streq(const char *actual, const char *expected, const char *file,
                              int line, const char *what)
{
    char detail[512];
    if (actual != NULL && expected != NULL && strcmp(actual, expected) == 0)
        return check_record(1, file, line, what, NULL);
    snprintf(detail, sizeof detail, "got \"%.200s\", expected \"%.200s\"",
             actual != NULL ? actual : "(null)", expected != NULL ? expected : "(null)");
    return check_record(0, file, line, what, detail);
}

/* Parses JSON text; on failure counts a failed assertion and returns NULL. */
static inline json_t *check_parse_at(const char *text, const char *file, int line)
{
    json_error_t error;
    char detail[512];
    json_t *json = text != NULL ? json_loads(text, JSON_DECODE_ANY, &error) : NULL;
    if (json != NULL)
        return json;
    snprintf(detail, sizeof detail, "%s in \"%.200s\"",
             text != NULL ? error.text : "no text", text != NULL ? text : "(null)");
    check_record(0, file, line, "text is valid JSON", detail);
    return NULL;
}

/*
 * The value at a dotted path such as "stacks.main.added.0.title" (a number
 * indexes an array), or NULL when there is none. Borrowed from root.
 */
static inline json_t *jpath(json_t *root, const char *path)
{
    char key[256];
    json_t *node = root;
    while (node != NULL && *path != '\0') {
        size_t n = strcspn(path, ".");
        if (n >= sizeof key)
            return NULL;
        memcpy(key, path, n);
        key[n] = '\0';
        if (json_is_array(node)) {
            char *end;
            unsigned long index = strtoul(key, &end, 10);
            node = (*end == '\0' && end != key) ? json_array_get(node, index) : NULL;
        } else {
            node = json_object_get(node, key);
        }
        path += n;
        if (*path == '.')
            path++;
    }
    return node;
}

/* Checks that actual deep-equals the JSON text expected (NULL actual fails). */
static inline int check_json(json_t *actual, const char *expected, const char *file, int line,
                             const char *what)
{
    char detail[640];
    json_t *want = check_parse_at(expected, file, line);
    int ok = actual != NULL && want != NULL && json_equal(actual, want);
    char *got = actual != NULL ? json_dumps(actual, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
    snprintf(detail, sizeof detail, "got %.300s, expected %.300s", got != NULL ? got : "nothing",
             expected);
    free(got);
    json_decref(want);
    return check_record(ok, file, line, what, ok ? NULL : detail);
}

/* The navigator's state JSON (free with navcore_string_free), or NULL on failure. */
static inline char *check_state_text_at(const navcore_navigator *nav, const char *file, int line)
{
    char *text = NULL;
    if (check_status(navcore_state(nav, &text), NAVCORE_OK, file, line, "navcore_state(nav, &text)"))
        return text;
    return NULL;
}

/*
 * After a call that had to fail: its status, a message containing needle, its
 * out-parameter untouched (out_untouched) and, for a navigator, its state
 * byte-identical to before (which is freed).
 */
static inline void check_failure(const navcore_navigator *nav, char *before, int rc, int code,
                                 const char *needle, int out_untouched, const char *file, int line,
                                 const char *call)
{
    char message[2048];
    snprintf(message, sizeof message, "%s", navcore_last_error_message());
    check_status(rc, code, file, line, call);
    check_contains(message, needle, file, line, "the error message names the problem");
    check_record(out_untouched, file, line, "the out-parameter is untouched", call);
    if (nav != NULL) {
        char *after = check_state_text_at(nav, file, line);
        check_streq(after, before, file, line, "navcore_state is byte-identical after the failure");
        navcore_string_free(after);
    }
    navcore_string_free(before);
}

/* Prints the closing summary line; returns the process exit status. */
static inline int check_summary(void)
{
    printf("%d passed, %d failed\n", check_passed, check_failed);
    fflush(stdout);
    return check_failed == 0 ? 0 : 1;
}

/* Each macro evaluates to 1 when the assertion held, 0 when it failed. */
#define CHECK(cond) check_record((cond) ? 1 : 0, __FILE__, __LINE__, #cond, NULL)
#define CHECK_OK(call) check_status((call), NAVCORE_OK, __FILE__, __LINE__, #call)
#define CHECK_STATUS(call, expected) check_status((call), (expected), __FILE__, __LINE__, #call)
#define CHECK_CONTAINS(haystack, needle) \
    check_contains((haystack), (needle), __FILE__, __LINE__, #haystack " contains " #needle)
#define CHECK_STREQ(actual, expected) \
    check_streq((actual), (expected), __FILE__, __LINE__, #actual " == " #expected)
#define CHECK_JSON(actual, expected) \
    check_json((actual), (expected), __FILE__, __LINE__, #actual " equals " #expected)
#define check_parse(text) check_parse_at((text), __FILE__, __LINE__)
#define state_text(nav) check_state_text_at((nav), __FILE__, __LINE__)

/* The parsed state of nav, or NULL after a failed assertion; the caller json_decref()s it. */
static inline json_t *check_state_json_at(const navcore_navigator *nav, const char *file, int line)
{
    char *text = check_state_text_at(nav, file, line);
    json_t *json = text != NULL ? check_parse_at(text, file, line) : NULL;
    navcore_string_free(text);
    return json;
}
#define state_json(nav) check_state_json_at((nav), __FILE__, __LINE__)

/*
 * EXPECT_FAIL(nav, call, code, needle): call must fail with code and a message
 * containing needle, leave its out-parameter untouched and nav's state as it
 * was (nav may be NULL). The test file declares `char *out` and a `char
 * out_sentinel[]`; a call with a string out-parameter writes it to &out.
 */
#define EXPECT_FAIL(nav, call, code, needle)                                                    \
    do {                                                                                        \
        const navcore_navigator *nav_ = (nav);                                                  \
        char *before_ = nav_ != NULL ? state_text(nav_) : NULL;                                 \
        int rc_;                                                                                \
        out = out_sentinel;                                                                     \
        rc_ = (call);                                                                           \
        check_failure(nav_, before_, rc_, (code), (needle), out == out_sentinel, __FILE__,      \
                      __LINE__, #call);                                                         \
        if (out != out_sentinel)                                                                \
            navcore_string_free(out);                                                           \
    } while (0)

#endif /* NAVCORE_TEST_CHECK_H */
