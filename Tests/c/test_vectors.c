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
#include "convenience_call.h"
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

/* Checks a failed call against {"error": NAME, "message": SUBSTRING}, and
 * "path": PLACE (the exact navcore_last_error_path()) when the vector gives it. */
static void check_error(const char *file, const char *where, int rc, json_t *expect)
{
    const char *name = json_string_value(json_object_get(expect, "error"));
    const char *needle = json_string_value(json_object_get(expect, "message"));
    json_t *path = json_object_get(expect, "path");
    if (!CHECK(name != NULL && needle != NULL && (path == NULL || json_is_string(path)))) {
        fprintf(stderr, "    %s: %s: \"error\", \"message\" and \"path\" must be strings\n", file, where);
        return;
    }
    if (!CHECK_STREQ(navcore_status_string(rc), name))
        fprintf(stderr, "    %s: %s\n", file, where);
    if (!CHECK_CONTAINS(navcore_last_error_message(), needle))
        fprintf(stderr, "    %s: %s\n", file, where);
    if (path != NULL && !CHECK_STREQ(navcore_last_error_path(), json_string_value(path)))
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

/* Whether the JSON array list holds the integer id or the string name. */
static int listed(json_t *list, json_int_t id, const char *name)
{
    size_t i;
    json_t *item;
    json_array_foreach(list, i, item) {
        if ((json_is_integer(item) && json_integer_value(item) == id) ||
            (json_is_string(item) && name != NULL && strcmp(json_string_value(item), name) == 0))
            return 1;
    }
    return 0;
}

/*
 * The validator of a restore step (user_data is the step): NAVCORE_VETO for
 * an entry whose id or route name its "veto" list holds, the garbage answer
 * 42 for one its "fail" list holds, NAVCORE_KEEP otherwise.
 */
static int vector_validator(const char *entry_json, void *user_data)
{
    json_t *step = user_data;
    json_t *entry = json_loads(entry_json, 0, NULL);
    json_int_t id = json_integer_value(json_object_get(entry, "id"));
    const char *name = json_string_value(json_object_get(entry, "name"));
    int answer = listed(json_object_get(step, "fail"), id, name)   ? 42
                 : listed(json_object_get(step, "veto"), id, name) ? NAVCORE_VETO
                                                                    : NAVCORE_KEEP;
    json_decref(entry);
    return answer;
}

/* The guard of an apply step with "guard": its answers, and how many proposals it was asked about. */
struct vector_guard {
    json_t *answers;
    size_t asked;
};

/*
 * Answers proposal k with the step's k-th "guard" answer: "allow", {"deny":
 * reason}, {"redirect": actions} or {"return": code}; allows after the last.
 */
static int vector_guard(const char *proposal_json, navcore_guard_decision *decision, void *user_data)
{
    struct vector_guard *guard = user_data;
    json_t *answer = json_array_get(guard->answers, guard->asked++);
    json_t *value;
    (void)proposal_json;
    if ((value = json_object_get(answer, "deny")) != NULL) {
        navcore_guard_deny(decision, json_string_value(value));
    } else if ((value = json_object_get(answer, "redirect")) != NULL) {
        char *actions = json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY);
        navcore_guard_redirect(decision, actions);
        free(actions);
    } else if ((value = json_object_get(answer, "return")) != NULL) {
        return (int)json_integer_value(value);
    }
    return NAVCORE_OK;
}

/* The text of a step's "restore" or "replay" value: a name kept by an earlier
 * step (in saved), or an inline document. Malloc'ed, or NULL. */
static char *document_text(const char *file, const char *where, json_t *value, json_t *saved)
{
    if (json_is_string(value)) {
        const char *text = json_string_value(json_object_get(saved, json_string_value(value)));
        if (!CHECK(text != NULL))
            fprintf(stderr, "    %s: %s: no earlier step kept \"%s\"\n", file, where,
                    json_string_value(value));
        return text != NULL ? strdup(text) : NULL;
    }
    return json_dumps(value, JSON_COMPACT);
}

/*
 * Makes the one call a step asks for (Tests/vectors/README.md) on *nav and
 * returns its status. A step with "table" first replaces *nav with a new
 * navigator of that table. *out receives what the call writes: the
 * transition (apply, replay), the report (restore), the snapshot or the log;
 * "snapshot" and "log" steps also keep it in saved under their name.
 */
/* Makes a link step's call (docs/links.md); NAVCORE_EINVAL for another step. */
static int call_link_step(navcore_navigator *nav, json_t *step, char **out)
{
    json_t *value;
    char *text;
    int rc;
    if ((value = json_object_get(step, "open_url")) != NULL)
        return navcore_open_url(nav, json_string_value(json_object_get(value, "url")), open_url_mode(json_object_get(value, "mode")), out);
    if ((value = json_object_get(step, "resolve_url")) != NULL)
        return navcore_resolve_url(nav, json_string_value(value), out);
    if (json_object_get(step, "stack_url") != NULL)
        return navcore_stack_url(nav, out);
    if (json_object_get(step, "back_preview") != NULL)
        return navcore_back_preview(nav, out);
    if (json_object_get(step, "view_model") != NULL)
        return navcore_view_model(nav, out);
    if ((value = json_object_get(step, "url_for")) == NULL)
        return NAVCORE_EINVAL;
    text = json_dumps(value, JSON_COMPACT);
    rc = navcore_url_for(nav, text, out);
    free(text);
    return rc;
}

/* The key under which the token of the last blocked step is kept (no vector names a document so);
 * the token of each blocked step is also kept under "#" and its place, "#steps[3]". */
#define BLOCKED_TOKEN "#blocked-token"

/* After a call that failed with NAVCORE_EBLOCKED: keeps the token of navcore_last_blocked() for a
 * later "proceed" step, and checks the document's keys that "blocked" gives. */
static void check_blocked(const char *file, const char *where, json_t *expect, json_t *saved)
{
    const char *text = navcore_last_blocked();
    json_t *blocked = json_object_get(expect, "blocked");
    json_t *doc;
    if (text == NULL) {
        CHECK(blocked == NULL);
        return;
    }
    doc = check_parse(text);
    json_object_set(saved, BLOCKED_TOKEN, json_object_get(doc, "token"));
    {
        char key[80];
        snprintf(key, sizeof key, "#%s", where);
        json_object_set(saved, key, json_object_get(doc, "token"));
    }
    json_decref(doc);
    if (blocked != NULL)
        check_subset(file, where, "blocked", text, blocked);
}

/* With NAVCORE_VECTORS_CONVENIENCE set, makes a one-action batch through its convenience call
 * (convenience_call.h) and returns 1; else returns 0. */
static int by_convenience_call(navcore_navigator *nav, json_t *batch, char **out, int *rc)
{
    static int wanted = -1;
    json_t *action = json_is_array(batch) && json_array_size(batch) == 1 ? json_array_get(batch, 0) : batch;
    if (wanted < 0)
        wanted = getenv("NAVCORE_VECTORS_CONVENIENCE") != NULL;
    return wanted && json_is_object(action) && call_convenience(nav, action, out, rc);
}

/* Whether the run is lean (NAVCORE_VECTORS_LEAN): batches and proceeds then pass a NULL
 * transition_out, so that the library builds no transition, and their expected transitions go
 * unchecked; everything read after them (states, stacks, view models and their announcements)
 * is checked as usual. */
static int lean_run(void)
{
    static int lean = -1;
    if (lean < 0)
        lean = getenv("NAVCORE_VECTORS_LEAN") != NULL;
    return lean;
}

static int call_step(const char *file, const char *where, navcore_navigator **nav, json_t *step,
                     json_t *saved, char **out)
{
    json_t *value;
    char *text = NULL;
    int rc = NAVCORE_EINVAL;
    if ((value = json_object_get(step, "apply")) != NULL || json_object_get(step, "apply_text")) {
        text = value != NULL ? json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY)
                             : strdup(json_string_value(json_object_get(step, "apply_text")));
        /* The guard stays set after the call, whose last error a removal would clear. */
        static struct vector_guard guard;
        guard.answers = json_object_get(step, "guard");
        guard.asked = 0;
        navcore_set_guard(*nav, guard.answers != NULL ? vector_guard : NULL, &guard);
        if (!by_convenience_call(*nav, value, out, &rc))
            rc = navcore_apply(*nav, text, lean_run() ? NULL : out);
    } else if ((value = json_object_get(step, "snapshot")) != NULL) {
        rc = navcore_snapshot(*nav, out);
        if (rc == NAVCORE_OK)
            json_object_set_new(saved, json_string_value(value), json_string(*out));
    } else if ((value = json_object_get(step, "log")) != NULL) {
        rc = navcore_log(*nav, out);
        if (rc == NAVCORE_OK)
            json_object_set_new(saved, json_string_value(value), json_string(*out));
    } else if ((value = json_object_get(step, "record")) != NULL) {
        rc = navcore_record(*nav, json_is_true(value));
    } else if ((value = json_object_get(step, "restore")) != NULL ||
               json_object_get(step, "restore_text") != NULL) {
        text = value != NULL ? document_text(file, where, value, saved)
                             : strdup(json_string_value(json_object_get(step, "restore_text")));
        if (text != NULL)
            rc = navcore_restore(*nav, text, vector_validator, step, out);
    } else if ((value = json_object_get(step, "replay")) != NULL) {
        text = document_text(file, where, value, saved);
        if (text != NULL)
            rc = navcore_replay(*nav, text, out);
    } else if ((value = json_object_get(step, "proceed")) != NULL) {
        /* true: the last blocked step's token; an index: that step's. */
        char key[80];
        const char *token;
        snprintf(key, sizeof key, "#steps[%" JSON_INTEGER_FORMAT "]", json_integer_value(value));
        token = json_string_value(json_object_get(saved, json_is_integer(value) ? key : BLOCKED_TOKEN));
        rc = navcore_proceed(*nav, token != NULL ? token : "", lean_run() ? NULL : out);
    } else {
        rc = call_link_step(*nav, step, out);
    }
    free(text);
    return rc;
}

/* Replaces *nav with a new navigator of the step's "table"; 0 when that fails. */
static int renew(const char *file, navcore_navigator **nav, json_t *step)
{
    char *table = table_text_of(file, step);
    navcore_navigator *fresh = NULL;
    if (table == NULL || !CHECK_OK(navcore_navigator_new(table, &fresh))) {
        free(table);
        return 0;
    }
    free(table);
    navcore_navigator_free(*nav);
    *nav = fresh;
    return 1;
}

/* Runs one step on *nav (which a "table" step replaces); counts checks. */
static void run_step(const char *file, size_t index, navcore_navigator **nav, json_t *step,
                     json_t *saved)
{
    static const char *const step_keys[] = {"apply", "apply_text", "snapshot", "restore",
                                            "restore_text", "record", "log", "replay",
                                            "open_url", "resolve_url", "url_for", "stack_url",
                                            "back_preview", "view_model", "proceed", "table", "veto", "fail", "guard",
                                            "expect", NULL};
    static const char *const calls[] = {"apply", "apply_text", "snapshot", "restore",
                                        "restore_text", "record", "log", "replay",
                                        "open_url", "resolve_url", "url_for", "stack_url",
                                        "back_preview", "view_model", "proceed", NULL};
    static const char *const expect_keys[] = {"stack", "transition", "state", "report",
                                              "snapshot", "log", "resolved", "preview", "view", "url", "error",
                                              "message", "path", "blocked", NULL};
    static char sentinel[] = "untouched";
    json_t *expect = json_object_get(step, "expect");
    const char *documents[] = {"transition", "report", "snapshot", "log", "resolved", "preview", "view"};
    int reads = json_object_get(step, "resolve_url") != NULL || json_object_get(step, "url_for") != NULL ||
                json_object_get(step, "stack_url") != NULL || json_object_get(step, "back_preview") != NULL ||
                json_object_get(step, "view_model") != NULL;
    const char *const *call;
    char where[64], *out = sentinel, *before = NULL;
    int rc, count = 0;
    size_t i;

    snprintf(where, sizeof where, "steps[%lu]", (unsigned long)index);
    check_keys(file, where, step, step_keys);
    check_keys(file, where, expect, expect_keys);
    for (call = calls; *call != NULL; call++)
        count += json_object_get(step, *call) != NULL;
    if (!CHECK(count == 1 && json_is_object(expect))) {
        fprintf(stderr, "    %s: %s needs exactly one call key, and an expect object\n", file,
                where);
        return;
    }
    if (json_object_get(step, "table") != NULL && !renew(file, nav, step))
        return;
    if (json_object_get(expect, "error") != NULL) {
        char *after;
        before = state_text(*nav);
        rc = call_step(file, where, nav, step, saved, &out);
        check_blocked(file, where, expect, saved);
        check_error(file, where, rc, expect);
        CHECK(out == sentinel);
        after = state_text(*nav);
        if (!CHECK_STREQ(after, before))
            fprintf(stderr, "    %s: %s changed the state although it failed\n", file, where);
        navcore_string_free(after);
        navcore_string_free(before);
        if (out != sentinel)
            navcore_string_free(out);
        for (i = 0; i < sizeof documents / sizeof *documents; i++)
            CHECK(json_object_get(expect, documents[i]) == NULL);
        CHECK(json_object_get(expect, "stack") == NULL && json_object_get(expect, "state") == NULL);
        return;
    }

    if (reads)
        before = state_text(*nav);
    rc = call_step(file, where, nav, step, saved, &out);
    if (!CHECK_OK(rc))
        fprintf(stderr, "    %s: %s\n", file, where);
    if (reads) {
        char *after = state_text(*nav);
        if (!CHECK_STREQ(after, before))
            fprintf(stderr, "    %s: %s changed the state although it only read\n", file, where);
        navcore_string_free(after);
        navcore_string_free(before);
    }
    if (rc != NAVCORE_OK)
        return;
    if (json_object_get(expect, "url") != NULL && !CHECK_STREQ(out != sentinel ? out : NULL, json_string_value(json_object_get(expect, "url"))))
        fprintf(stderr, "    %s: %s url\n", file, where);
    if (json_object_get(expect, "stack") != NULL) {
        char *text = NULL;
        json_t *stack = NULL, *expect_stack = json_object_get(expect, "stack");
        if (CHECK_OK(navcore_stack(*nav, &text)))
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
    for (i = 0; i < sizeof documents / sizeof *documents; i++) {
        json_t *wanted = json_object_get(expect, documents[i]);
        if (wanted != NULL && !(lean_run() && i == 0 && out == sentinel))
            check_subset(file, where, documents[i], out != sentinel ? out : NULL, wanted);
    }
    if (json_object_get(expect, "state") != NULL) {
        char *text = state_text(*nav);
        check_subset(file, where, "state", text, json_object_get(expect, "state"));
        navcore_string_free(text);
    }
    if (out != sentinel)
        navcore_string_free(out);
}

/* Runs one vector file; returns its number of steps. */
static size_t run_vector(const char *file)
{
    static const char *const vector_keys[] = {"description", "table", "table_text", "locale",
                                              "expect_table_error", "steps", NULL};
    json_error_t error;
    json_t *vector = json_load_file(file, 0, &error);
    json_t *table_error, *steps, *step, *locale;
    navcore_navigator *nav = NULL;
    json_t *saved;
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

    saved = json_object(); /* the texts that snapshot and log steps keep, by name */
    /* A vector's "locale" makes its navigator in that locale. */
    locale = json_object_get(vector, "locale");
    rc = locale != NULL ? navcore_navigator_new_locale(table, json_string_value(locale), &nav) : navcore_navigator_new(table, &nav);
    free(table);
    if (table_error != NULL) {
        CHECK(steps == NULL);
        check_error(file, "the table", rc, table_error);
        CHECK(rc == NAVCORE_OK || nav == NULL);
    } else if (CHECK_OK(rc) && CHECK(json_is_array(steps) && json_array_size(steps) > 0)) {
        json_array_foreach(steps, index, step)
            run_step(file, index, &nav, step, saved);
    }
    navcore_navigator_free(rc == NAVCORE_OK ? nav : NULL);
    json_decref(saved);
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
        size_t steps;
        status_log_context = names[i];
        steps = run_vector(names[i]);
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
