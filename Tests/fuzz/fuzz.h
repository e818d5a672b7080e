/*
 * fuzz.h - what navcore's libFuzzer targets share: the input as C text, the
 * checks of the C contract's promises, and navigators of the fuzz table.
 *
 * A broken promise prints what broke and aborts, so libFuzzer keeps the
 * input as a crash file. The promises checked (Include/navcore.h):
 *  - a failure returns a status the call documents (never NAVCORE_EINTERNAL,
 *    never a value navcore_status_string() calls "NAVCORE_UNKNOWN") with a
 *    non-empty message, writes no out-parameter, and leaves the state
 *    byte-identical;
 *  - every document navcore writes is JSON that it reads back: a snapshot
 *    restores into a fresh navigator of the same table to the same state.
 *
 * FUZZ_TABLE (a file path, set by the Makefile) is the route table the
 * targets other than fuzz_table drive: tabs, links, presentations, restore
 * policies and migrations (Tests/fuzz/rich_table.json); for the nested_*
 * targets, built with FUZZ_NESTED, routes that nest (Tests/fuzz/nested_table.json).
 */
#ifndef NAVCORE_FUZZ_H
#define NAVCORE_FUZZ_H

#include <jansson.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "navcore.h"

/* A value no out-parameter holds before a call: a failed call must leave it. */
static char fuzz_untouched_mark;
#define FUZZ_UNTOUCHED (&fuzz_untouched_mark)

/* Reports a broken promise and aborts: libFuzzer saves the input. */
static void fuzz_fail(const char *format, ...) __attribute__((noreturn, format(printf, 1, 2)));
static void fuzz_fail(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("navcore fuzz: promise broken: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    abort();
}

/* The input as NUL-terminated text (an embedded NUL ends it); free() it. */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (text == NULL)
        fuzz_fail("out of memory copying %zu bytes of input", size);
    if (size > 0)
        memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

/* Parses a document navcore wrote; it must be a JSON object. */
static inline json_t *fuzz_parse(const char *text, const char *what)
{
    json_error_t error;
    json_t *doc = json_loads(text, JSON_REJECT_DUPLICATES, &error);
    if (!json_is_object(doc))
        fuzz_fail("%s is not a JSON object (%s at %d:%d): %.300s", what, error.text, error.line,
                  error.column, text);
    return doc;
}

/*
 * Checks a failed call: rc is one of the n statuses in documented, has a name,
 * is not NAVCORE_EINTERNAL, and comes with a non-empty message.
 */
static inline void fuzz_check_failure(int rc, const int *documented, size_t n, const char *call)
{
    const char *message = navcore_last_error_message();
    size_t i;
    if (rc == NAVCORE_OK)
        return;
    if (rc == NAVCORE_EINTERNAL || strcmp(navcore_status_string(rc), "NAVCORE_UNKNOWN") == 0)
        fuzz_fail("%s returned %s (%d): %s", call, navcore_status_string(rc), rc, message);
    for (i = 0; i < n && documented[i] != rc; i++)
        ;
    if (i == n)
        fuzz_fail("%s returned %s, which it does not document: %s", call, navcore_status_string(rc),
                  message);
    if (message[0] == '\0')
        fuzz_fail("%s returned %s with an empty message", call, navcore_status_string(rc));
}
#define FUZZ_CHECK_FAILURE(rc, call, ...)                                                       \
    do {                                                                                        \
        static const int documented_[] = {__VA_ARGS__};                                        \
        fuzz_check_failure((rc), documented_, sizeof documented_ / sizeof documented_[0], call); \
    } while (0)

/* The navigator's state text; reading it must succeed and give a JSON object
 * with the keys every state has. Free it with navcore_string_free(). */
static inline char *fuzz_state(const navcore_navigator *nav, const char *when)
{
    static const char *const keys[] = {"navcore", "table_version", "next_id", "seq", "layout",
                                        "active_stack", "stacks", "presentations"};
    char *state = NULL;
    json_t *doc;
    size_t i;
    int rc = navcore_state(nav, &state);
    if (rc != NAVCORE_OK)
        fuzz_fail("navcore_state %s returned %s: %s", when, navcore_status_string(rc),
                  navcore_last_error_message());
    doc = fuzz_parse(state, "the state");
    for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (json_object_get(doc, keys[i]) == NULL)
            fuzz_fail("the state %s has no \"%s\": %.300s", when, keys[i], state);
    json_decref(doc);
    return state;
}

/* Checks that the navigator's state is still exactly before. */
static inline void fuzz_check_unchanged(const navcore_navigator *nav, const char *before, const char *call)
{
    char *after = fuzz_state(nav, "after a failed call");
    if (strcmp(before, after) != 0)
        fuzz_fail("a failed %s changed the state\nbefore: %.400s\nafter:  %.400s", call, before,
                  after);
    navcore_string_free(after);
}

/* Checks that a call that failed wrote nothing to its out-parameter. */
static inline void fuzz_check_untouched(const char *out, const char *call)
{
    if (out != FUZZ_UNTOUCHED)
        fuzz_fail("a failed %s wrote its out-parameter", call);
}

/* The text of the file at path, read once into *cache. */
static inline const char *fuzz_file(const char *path, char **cache)
{
    FILE *file;
    long length;
    if (*cache != NULL)
        return *cache;
    file = fopen(path, "rb");
    if (file == NULL || fseek(file, 0, SEEK_END) != 0 || (length = ftell(file)) < 0 ||
        fseek(file, 0, SEEK_SET) != 0)
        fuzz_fail("cannot read the fuzz table %s", path);
    *cache = malloc((size_t)length + 1);
    if (*cache == NULL || fread(*cache, 1, (size_t)length, file) != (size_t)length)
        fuzz_fail("cannot read the fuzz table %s", path);
    (*cache)[length] = '\0';
    fclose(file);
    return *cache;
}

/* The fuzz table's text, read once. */
static inline const char *fuzz_table(void)
{
    static char *table;
    return fuzz_file(FUZZ_TABLE, &table);
}

/* A fresh navigator of table_json, a table navcore accepted before. */
static inline navcore_navigator *fuzz_fresh(const char *table_json)
{
    navcore_navigator *nav = NULL;
    if (navcore_navigator_new(table_json, &nav) != NAVCORE_OK)
        fuzz_fail("a table navcore accepted once is refused: %s", navcore_last_error_message());
    return nav;
}

/* A fresh navigator of the fuzz table. */
static inline navcore_navigator *fuzz_navigator(void)
{
    return fuzz_fresh(fuzz_table());
}

/* Checks that two navigators' states are byte-identical. */
static inline void fuzz_check_same_state(const navcore_navigator *a, const navcore_navigator *b,
                                  const char *what)
{
    char *state_a = fuzz_state(a, what);
    char *state_b = fuzz_state(b, what);
    if (strcmp(state_a, state_b) != 0)
        fuzz_fail("%s does not give the same state\nexpected: %.400s\ngot:      %.400s", what,
                  state_a, state_b);
    navcore_string_free(state_a);
    navcore_string_free(state_b);
}

/* Checks the transition a successful change wrote: a JSON object whose seq is
 * the navigator's seq after the change. */
static inline void fuzz_check_transition(const navcore_navigator *nav, const char *transition)
{
    char *state;
    json_t *doc, *now;
    if (transition == FUZZ_UNTOUCHED)
        fuzz_fail("a successful change wrote no transition");
    doc = fuzz_parse(transition, "the transition");
    state = fuzz_state(nav, "after a change");
    now = fuzz_parse(state, "the state");
    if (!json_is_integer(json_object_get(doc, "seq")) ||
        !json_equal(json_object_get(doc, "seq"), json_object_get(now, "seq")))
        fuzz_fail("the transition's seq is not the state's\ntransition: %.300s\nstate: %.300s",
                  transition, state);
    json_decref(now);
    json_decref(doc);
    navcore_string_free(state);
}

/* Sets fresh's conditions to nav's, as a host does before it restores
 * (conditions are the host's: a restore keeps the navigator's own). */
static inline void fuzz_copy_conditions(const navcore_navigator *nav, navcore_navigator *fresh)
{
    char *state = fuzz_state(nav, "to read its conditions");
    json_t *doc = fuzz_parse(state, "the state");
    const char *name;
    json_t *value;
    json_object_foreach(json_object_get(doc, "conditions"), name, value) {
        int rc = navcore_set_condition(fresh, name, json_is_true(value), NULL);
        if (rc != NAVCORE_OK)
            fuzz_fail("setting a declared condition failed (%s): %s", navcore_status_string(rc),
                      navcore_last_error_message());
    }
    json_decref(doc);
    navcore_string_free(state);
}

/*
 * The read-back law for snapshots: nav's snapshot restores into a fresh
 * navigator of the same table, with nav's conditions, to a byte-identical state. With
 * may_drop_never, the restore may instead drop never-restored routes and
 * what is above them (a base stack whose root is such a route restarts with
 * a new id, at every restore).
 */
static inline void fuzz_check_snapshot_restores(const navcore_navigator *nav, const char *table_json,
                                         int may_drop_never)
{
    navcore_navigator *fresh = fuzz_fresh(table_json);
    char *snapshot = NULL, *report = NULL;
    json_t *doc, *dropped;
    size_t i;
    int rc = navcore_snapshot(nav, &snapshot);
    if (rc != NAVCORE_OK)
        fuzz_fail("navcore_snapshot returned %s: %s", navcore_status_string(rc),
                  navcore_last_error_message());
    json_decref(fuzz_parse(snapshot, "the snapshot"));
    fuzz_copy_conditions(nav, fresh);
    rc = navcore_restore(fresh, snapshot, NULL, NULL, &report);
    if (rc != NAVCORE_OK)
        fuzz_fail("navcore_restore refused the navigator's own snapshot (%s: %s): %.400s",
                  navcore_status_string(rc), navcore_last_error_message(), snapshot);
    doc = fuzz_parse(report, "the restore report");
    dropped = json_object_get(doc, "dropped");
    if (!json_is_array(dropped))
        fuzz_fail("the restore report has no \"dropped\" array: %.400s", report);
    for (i = 0; i < json_array_size(dropped); i++) {
        const char *reason = json_string_value(json_object_get(json_array_get(dropped, i), "reason"));
        if (!may_drop_never || reason == NULL ||
            (strcmp(reason, "never") != 0 && strcmp(reason, "below_dropped") != 0))
            fuzz_fail("restoring the navigator's own snapshot dropped an entry: %.400s\n"
                      "snapshot: %.400s", report, snapshot);
    }
    if (json_array_size(dropped) == 0)
        fuzz_check_same_state(nav, fresh, "restoring the navigator's own snapshot");
    json_decref(doc);
    navcore_string_free(report);
    navcore_string_free(snapshot);
    navcore_navigator_free(fresh);
}

/* The read-back law for logs: nav's action log (recording is on) replays into
 * a fresh navigator of the same table to a byte-identical state. */
static inline void fuzz_check_log_replays(const navcore_navigator *nav, const char *table_json)
{
    navcore_navigator *fresh = fuzz_fresh(table_json);
    char *log = NULL;
    int rc = navcore_log(nav, &log);
    if (rc != NAVCORE_OK)
        fuzz_fail("navcore_log returned %s: %s", navcore_status_string(rc),
                  navcore_last_error_message());
    json_decref(fuzz_parse(log, "the log"));
    rc = navcore_replay(fresh, log, NULL);
    if (rc != NAVCORE_OK)
        fuzz_fail("navcore_replay refused the navigator's own log (%s: %s): %.600s",
                  navcore_status_string(rc), navcore_last_error_message(), log);
    fuzz_check_same_state(nav, fresh, "replaying the navigator's own log");
    navcore_string_free(log);
    navcore_navigator_free(fresh);
}

/* What a listener was given: how many transitions, and the last one. */
struct fuzz_delivered {
    int count;
    char *last;
};

/* A listener keeping a copy of each delivered transition (user_data is a struct fuzz_delivered). */
static inline void fuzz_listen(const char *transition_json, void *user_data)
{
    struct fuzz_delivered *delivered = user_data;
    free(delivered->last);
    delivered->last = fuzz_text((const uint8_t *)transition_json, strlen(transition_json));
    delivered->count++;
}

/* Checks that a successful change was delivered exactly when it changed something, as written. */
static inline void fuzz_check_delivery(const char *transition, const struct fuzz_delivered *delivered,
                                       int count_before)
{
    json_t *doc = fuzz_parse(transition, "the transition");
    int changed = json_is_true(json_object_get(doc, "changed"));
    if (delivered->count != count_before + changed)
        fuzz_fail("a change with \"changed\": %s was delivered %d times: %.300s",
                  changed ? "true" : "false", delivered->count - count_before, transition);
    if (changed && strcmp(delivered->last, transition) != 0)
        fuzz_fail("the listener got another text than the caller\ncaller:   %.300s\nlistener: %.300s",
                  transition, delivered->last);
    json_decref(doc);
}

static inline void fuzz_each_entry_of_stacks(json_t *stacks, json_t *presentations,
                                             void (*visit)(json_t *entry, void *context), void *context);

/* Calls visit(entry, context) for each entry of stack (a stack or presentation object), then
 * for those of the container each entry holds, then for those of the presentations over it. */
static inline void fuzz_each_entry_of_stack(json_t *stack, void (*visit)(json_t *entry, void *context), void *context)
{
    json_t *entry, *container;
    size_t i;
    json_array_foreach(json_object_get(stack, "entries"), i, entry) {
        /* read the container first: a visitor may change the entry */
        container = json_incref(json_object_get(entry, "container"));
        visit(entry, context);
        if (container != NULL)
            fuzz_each_entry_of_stacks(json_object_get(container, "stacks"), NULL, visit, context);
        json_decref(container);
    }
    fuzz_each_entry_of_stacks(NULL, json_object_get(stack, "presentations"), visit, context);
}

/* fuzz_each_entry_of_stack for each stack of an object of stacks by name, then of an array of presentations. */
static inline void fuzz_each_entry_of_stacks(json_t *stacks, json_t *presentations,
                                             void (*visit)(json_t *entry, void *context), void *context)
{
    json_t *stack;
    const char *name;
    size_t i;
    json_object_foreach(stacks, name, stack) fuzz_each_entry_of_stack(stack, visit, context);
    json_array_foreach(presentations, i, stack) fuzz_each_entry_of_stack(stack, visit, context);
}

/* Calls visit(entry, context) for every entry of a state document, at every level: base
 * stacks, then presentations; within a stack, each entry, then what its container holds
 * (docs/structure.md, "Nesting"), then the presentations over the stack. */
static inline void fuzz_each_entry(json_t *state, void (*visit)(json_t *entry, void *context), void *context)
{
    fuzz_each_entry_of_stacks(json_object_get(state, "stacks"), json_object_get(state, "presentations"), visit, context);
}

/* fuzz_each_entry's visitor for fuzz_blocking_ids: appends a blocking entry's id. */
static inline void fuzz_add_if_blocking(json_t *entry, void *ids)
{
    if (json_object_get(entry, "blocker") != NULL)
        json_array_append(ids, json_object_get(entry, "id"));
}

/* The ids of nav's blocking entries, as a JSON array (the caller json_decref()s it). */
static inline json_t *fuzz_blocking_ids(const navcore_navigator *nav)
{
    char *state = fuzz_state(nav, "to find its blockers");
    json_t *doc = fuzz_parse(state, "the state"), *ids = json_array();
    fuzz_each_entry(doc, fuzz_add_if_blocking, ids);
    json_decref(doc);
    navcore_string_free(state);
    return ids;
}

/* Whether the JSON array holds a value equal to id. */
static inline int fuzz_holds(json_t *array, json_t *id)
{
    size_t i;
    json_t *value;
    json_array_foreach(array, i, value) if (json_equal(value, id)) return 1;
    return 0;
}

/* Checks that a successful change removed no blocking entry (of the ids in before)
 * without clearing its mark, overriding it, or proceeding past it (the ids in
 * passed, NULL for none). */
static inline void fuzz_check_blockers_kept(const navcore_navigator *nav, json_t *before,
                                            const char *transition, json_t *passed)
{
    json_t *after = fuzz_blocking_ids(nav), *doc = fuzz_parse(transition, "the transition"),
           *overrode = json_array(), *id;
    size_t i;
    int cleared = 0;
    json_array_foreach(json_object_get(doc, "overrode"), i, id)
        json_array_append(overrode, json_object_get(id, "id"));
    json_array_foreach(json_object_get(doc, "results"), i, id)
        cleared |= strcmp(json_string_value(id), "blocker_cleared") == 0;
    json_array_foreach(before, i, id) {
        if (!fuzz_holds(after, id) && !fuzz_holds(overrode, id) && !cleared &&
            (passed == NULL || !fuzz_holds(passed, id)))
            fuzz_fail("a change removed blocking entry %lld without its token: %.300s",
                      json_integer_value(id), transition);
    }
    json_decref(overrode);
    json_decref(doc);
    json_decref(after);
}

#endif
