/*
 * test_vectors.c - the C runner of the conformance vectors.
 *
 * Runs every .json file of the current directory (the Makefile runs it in
 * Tests/vectors), in name order, as Tests/vectors/README.md describes, and
 * prints one line per vector file, then the summary line.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "navcore.h"

/* Reads a whole file into a malloc'ed NUL-terminated string, or NULL. */
static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    long size;
    if (f == NULL)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (text = malloc((size_t)size + 1)) != NULL) {
        if (fread(text, 1, (size_t)size, f) == (size_t)size) {
            text[size] = '\0';
        } else {
            free(text);
            text = NULL;
        }
    }
    fclose(f);
    return text;
}

/* Checks that object has only the given keys (NULL-terminated list). */
static void check_keys(const char *file, const char *where, json_t *object, const char *const *keys)
{
    const char *key;
    json_t *value;
    json_object_foreach(object, key, value) {
        const char *const *k = keys;
        while (*k != NULL && strcmp(*k, key) != 0)
            k++;
        if (!CHECK(*k != NULL))
            fprintf(stderr, "    %s: %s has unknown key \"%s\"\n", file, where, key);
    }
}

/* The route table text of a vector (malloc'ed), from "table" or "table_text"; NULL if none. */
static char *table_text_of(const char *file, json_t *vector)
{
    json_t *table = json_object_get(vector, "table");
    json_t *text = json_object_get(vector, "table_text");
    if (!CHECK((table == NULL) != (text == NULL))) {
        fprintf(stderr, "    %s: needs exactly one of \"table\" and \"table_text\"\n", file);
        return NULL;
    }
    if (json_is_string(text))
        return strdup(json_string_value(text));
    if (json_is_object(table))
        return json_dumps(table, JSON_COMPACT);
    if (json_is_string(table)) {
        char path[512];
        char *loaded;
        snprintf(path, sizeof path, "tables/%s.json", json_string_value(table));
        loaded = read_text(path);
        if (!CHECK(loaded != NULL))
            fprintf(stderr, "    %s: cannot read %s\n", file, path);
        return loaded;
    }
    check_record(0, __FILE__, __LINE__, "\"table\" is a name or an object, \"table_text\" a string",
                 file);
    return NULL;
}

/* Checks a failed call against {"error": NAME, "message": SUBSTRING}. */
static void check_error(const char *file, const char *where, int rc, json_t *expect)
{
    const char *name = json_string_value(json_object_get(expect, "error"));
    const char *needle = json_string_value(json_object_get(expect, "message"));
    if (!CHECK(name != NULL && needle != NULL)) {
        fprintf(stderr, "    %s: %s: \"error\" and \"message\" must be strings\n", file, where);
        return;
    }
    if (!CHECK_STREQ(navcore_status_string(rc), name))
        fprintf(stderr, "    %s: %s\n", file, where);
    if (!CHECK_CONTAINS(navcore_last_error_message(), needle))
        fprintf(stderr, "    %s: %s\n", file, where);
}

/*
 * Checks that every top-level key of wanted deep-equals the same key of the
 * JSON document text (keys wanted does not name are not checked).
 */
static void check_subset(const char *file, const char *where, const char *label, const char *text,
                         json_t *wanted)
{
    json_t *got = check_parse(text);
    const char *key;
    json_t *value;
    json_object_foreach(wanted, key, value) {
        if (!CHECK(got != NULL && json_equal(json_object_get(got, key), value))) {
            char *want = json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY);
            char *have = json_dumps(json_object_get(got, key), JSON_COMPACT | JSON_ENCODE_ANY);
            fprintf(stderr, "    %s: %s %s.%s\n      got      %s\n      expected %s\n", file, where,
                    label, key, have != NULL ? have : "(absent)", want);
            free(want);
            free(have);
        }
    }
    json_decref(got);
}

/* Runs one step on nav; returns nothing, counts checks. */
static void run_step(const char *file, size_t index, navcore_navigator *nav, json_t *step)
{
    static const char *const step_keys[] = {"apply", "apply_text", "expect", NULL};
    static const char *const expect_keys[] = {"stack", "transition", "state", "error", "message",
                                              NULL};
    static char sentinel[] = "untouched";
    json_t *apply = json_object_get(step, "apply");
    json_t *apply_text = json_object_get(step, "apply_text");
    json_t *expect = json_object_get(step, "expect");
    json_t *expect_stack = json_object_get(expect, "stack");
    json_t *expect_transition = json_object_get(expect, "transition");
    json_t *expect_state = json_object_get(expect, "state");
    char where[64], *actions = NULL, *transition = sentinel, *before = NULL;
    int rc;

    snprintf(where, sizeof where, "steps[%lu]", (unsigned long)index);
    check_keys(file, where, step, step_keys);
    check_keys(file, where, expect, expect_keys);
    if (!CHECK((apply == NULL) != (apply_text == NULL) && json_is_object(expect))) {
        fprintf(stderr, "    %s: %s needs one of apply / apply_text, and an expect object\n", file,
                where);
        return;
    }
    actions = apply != NULL ? json_dumps(apply, JSON_COMPACT | JSON_ENCODE_ANY)
                            : strdup(json_string_value(apply_text) != NULL
                                         ? json_string_value(apply_text)
                                         : "");
    if (json_object_get(expect, "error") != NULL) {
        char *after;
        before = state_text(nav);
        rc = navcore_apply(nav, actions, &transition);
        check_error(file, where, rc, expect);
        CHECK(transition == sentinel);
        after = state_text(nav);
        if (!CHECK_STREQ(after, before))
            fprintf(stderr, "    %s: %s changed the state although it failed\n", file, where);
        navcore_string_free(after);
        navcore_string_free(before);
        if (transition != sentinel)
            navcore_string_free(transition);
        CHECK(expect_stack == NULL && expect_transition == NULL && expect_state == NULL);
        free(actions);
        return;
    }

    rc = navcore_apply(nav, actions, &transition);
    if (!CHECK_OK(rc))
        fprintf(stderr, "    %s: %s: %s\n", file, where, actions);
    free(actions);
    if (rc != NAVCORE_OK)
        return;

    if (expect_stack != NULL) {
        char *text = NULL;
        json_t *stack = NULL;
        if (CHECK_OK(navcore_stack(nav, &text)))
            stack = check_parse(text);
        if (!CHECK(stack != NULL && json_equal(json_object_get(stack, "entries"), expect_stack))) {
            char *want = json_dumps(expect_stack, JSON_COMPACT);
            fprintf(stderr, "    %s: %s stack\n      got      %s\n      expected %s\n", file, where,
                    text != NULL ? text : "(none)", want);
            free(want);
        }
        json_decref(stack);
        navcore_string_free(text);
    }
    if (expect_transition != NULL)
        check_subset(file, where, "transition", transition, expect_transition);
    if (expect_state != NULL) {
        char *text = state_text(nav);
        check_subset(file, where, "state", text, expect_state);
        navcore_string_free(text);
    }
    navcore_string_free(transition);
}

/* Runs one vector file; returns its number of steps. */
static size_t run_vector(const char *file)
{
    static const char *const vector_keys[] = {"description", "table", "table_text",
                                              "expect_table_error", "steps", NULL};
    json_error_t error;
    json_t *vector = json_load_file(file, 0, &error);
    json_t *table_error, *steps, *step;
    navcore_navigator *nav = NULL;
    char *table;
    size_t index = 0;
    int rc;

    if (!CHECK(json_is_object(vector))) {
        fprintf(stderr, "    %s: not a JSON object: %s (line %d)\n", file, error.text, error.line);
        json_decref(vector);
        return 0;
    }
    check_keys(file, "the vector", vector, vector_keys);
    CHECK(json_is_string(json_object_get(vector, "description")));
    table_error = json_object_get(vector, "expect_table_error");
    steps = json_object_get(vector, "steps");
    table = table_text_of(file, vector);
    if (table == NULL) {
        json_decref(vector);
        return 0;
    }

    rc = navcore_navigator_new(table, &nav);
    free(table);
    if (table_error != NULL) {
        CHECK(steps == NULL);
        check_error(file, "the table", rc, table_error);
        CHECK(rc == NAVCORE_OK || nav == NULL);
    } else if (CHECK_OK(rc) && CHECK(json_is_array(steps) && json_array_size(steps) > 0)) {
        json_array_foreach(steps, index, step)
            run_step(file, index, nav, step);
    }
    navcore_navigator_free(rc == NAVCORE_OK ? nav : NULL);
    json_decref(vector);
    return index;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Proves the library agrees with every conformance vector of the current directory. */
int main(void)
{
    DIR *dir = opendir(".");
    struct dirent *e;
    char **names = NULL;
    size_t count = 0, capacity = 0, i;

    setvbuf(stdout, NULL, _IOLBF, 0); /* per-file lines interleave with failure details */
    if (!CHECK(dir != NULL))
        return check_summary();
    while ((e = readdir(dir)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n <= 5 || strcmp(e->d_name + n - 5, ".json") != 0)
            continue;
        if (count == capacity) {
            capacity = capacity ? capacity * 2 : 64;
            names = realloc(names, capacity * sizeof *names);
            if (names == NULL) {
                fprintf(stderr, "out of memory\n");
                return 2;
            }
        }
        names[count++] = strdup(e->d_name);
    }
    closedir(dir);
    qsort(names, count, sizeof *names, compare_names);

    if (!CHECK(count > 0))
        fprintf(stderr, "no vector files in the current directory\n");
    for (i = 0; i < count; i++) {
        int failed_before = check_failed;
        size_t steps = run_vector(names[i]);
        if (steps > 0)
            printf("%s %s (%lu step%s)\n", check_failed == failed_before ? "ok  " : "FAIL",
                   names[i], (unsigned long)steps, steps == 1 ? "" : "s");
        else
            printf("%s %s\n", check_failed == failed_before ? "ok  " : "FAIL", names[i]);
        free(names[i]);
    }
    free(names);
    return check_summary();
}
