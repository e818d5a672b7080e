/*
 * test_restore.c - navcore_snapshot, navcore_restore (with validators),
 * navcore_record, navcore_log, navcore_replay and set_entry_state, through the
 * shared library: results on success; every documented error with its status
 * and message, out-parameters untouched and state byte-identical on failure;
 * validators on the calling thread, without the lock; listeners; a restore
 * racing pushes on another thread.
 * Runs in Tests/vectors (the Makefile's working directory), whose tables/
 * hold the shop app's route tables at versions 1 to 3.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "navcore.h"

/* The out-parameter of the call under test; EXPECT_FAIL (check.h) presets it to a sentinel. */
static char *out;
static char out_sentinel[] = "untouched";

/* NAVCORE_TEST_SCALE=N > 1 (make test-valgrind) skips the 64 MiB input. */
static int scale = 1;

/* Reads tables/NAME.json into a malloc'ed string; exits when it cannot. */
static char *table_text(const char *name)
{
    char path[256];
    json_error_t error;
    json_t *table;
    char *text;
    snprintf(path, sizeof path, "tables/%s.json", name);
    table = json_load_file(path, 0, &error);
    text = table != NULL ? json_dumps(table, JSON_COMPACT) : NULL;
    json_decref(table);
    if (text == NULL) {
        fprintf(stderr, "cannot read %s (run in Tests/vectors): %s\n", path, error.text);
        exit(2);
    }
    return text;
}

/* A new navigator over tables/NAME.json. */
static navcore_navigator *new_nav(const char *name)
{
    navcore_navigator *nav = NULL;
    char *table = table_text(name);
    CHECK_OK(navcore_navigator_new(table, &nav));
    free(table);
    return nav;
}

/* The shop at version 3, three screens deep, with saved state on the top entry. */
static navcore_navigator *three_deep(void)
{
    navcore_navigator *nav = new_nav("restore_v3");
    CHECK_OK(navcore_apply(nav,
                           "[{\"op\": \"push\", \"route\": {\"name\": \"category\", \"params\": {\"slug\": \"shoes\"}}},"
                           " {\"op\": \"push\", \"route\": {\"name\": \"product\", \"params\": {\"id\": 42}}},"
                           " {\"op\": \"push\", \"route\": {\"name\": \"cart\"}},"
                           " {\"op\": \"set_entry_state\", \"id\": 4, \"state\": {\"scroll\": 120}}]",
                           NULL));
    return nav;
}

/* The navigator's snapshot text (free with navcore_string_free). */
static char *snapshot_text(const navcore_navigator *nav)
{
    char *text = NULL;
    CHECK_OK(navcore_snapshot(nav, &text));
    return text;
}

static void test_snapshot(void)
{
    navcore_navigator *nav = three_deep();
    char *text = snapshot_text(nav);
    json_t *snapshot = check_parse(text);
    CHECK_JSON(jpath(snapshot, "navcore"), "1");
    CHECK_JSON(jpath(snapshot, "app"), "\"shop\"");
    CHECK_JSON(jpath(snapshot, "table_version"), "3");
    CHECK_JSON(jpath(snapshot, "next_id"), "5");
    CHECK(jpath(snapshot, "active_stack") == NULL);
    CHECK_JSON(jpath(snapshot, "stacks.main.entries.3"),
               "{\"id\": 4, \"name\": \"cart\", \"params\": {}, \"title\": \"Cart\", \"state\": {\"scroll\": 120}}");
    json_decref(snapshot);
    navcore_string_free(text);

    EXPECT_FAIL(NULL, navcore_snapshot(NULL, &out), NAVCORE_EINVAL, "nav: is NULL");
    EXPECT_FAIL(nav, navcore_snapshot(nav, NULL), NAVCORE_EINVAL, "out: is NULL");
    navcore_navigator_free(nav);
}

static void test_restore_into_a_new_navigator(void)
{
    navcore_navigator *nav = three_deep();
    navcore_navigator *fresh = new_nav("restore_v3");
    char *text = snapshot_text(nav), *report = NULL, *expected = state_text(nav), *got;
    json_t *parsed;

    CHECK_OK(navcore_restore(fresh, text, NULL, NULL, &report));
    got = state_text(fresh);
    CHECK_STREQ(got, expected);
    parsed = check_parse(report);
    CHECK_JSON(jpath(parsed, "kept"), "{\"main\": [1, 2, 3, 4]}");
    CHECK_JSON(jpath(parsed, "dropped"), "[]");
    CHECK_JSON(jpath(parsed, "migrations"), "[]");
    json_decref(parsed);
    CHECK_OK(navcore_restore(fresh, text, NULL, NULL, NULL)); /* report_out may be NULL */
    navcore_string_free(got);
    navcore_string_free(report);
    navcore_string_free(expected);
    navcore_string_free(text);
    navcore_navigator_free(fresh);
    navcore_navigator_free(nav);
}

static void test_restore_migrates_and_drops(void)
{
    navcore_navigator *old = new_nav("restore_v1"), *nav = new_nav("restore_v3");
    char *text, *report = NULL;
    json_t *parsed;
    CHECK_OK(navcore_apply(old,
                           "[{\"op\": \"push\", \"route\": {\"name\": \"item\", \"params\": {\"sku\": 7}}},"
                           " {\"op\": \"push\", \"route\": {\"name\": \"checkout\"}},"
                           " {\"op\": \"push\", \"route\": {\"name\": \"cart\"}}]",
                           NULL));
    text = snapshot_text(old);
    CHECK_OK(navcore_restore(nav, text, NULL, NULL, &report));
    parsed = check_parse(report);
    CHECK_JSON(jpath(parsed, "from_version"), "1");
    CHECK_JSON(jpath(parsed, "migrations.0.changes.0"),
               "{\"op\": \"rename_route\", \"detail\": \"route \\\"item\\\" renamed to \\\"product\\\"\", \"ids\": [2]}");
    CHECK_JSON(jpath(parsed, "dropped.0.reason"), "\"never\"");
    CHECK_JSON(jpath(parsed, "dropped.1.reason"), "\"below_dropped\"");
    json_decref(parsed);
    navcore_string_free(report);
    {
        char *stack = NULL;
        json_t *entries;
        CHECK_OK(navcore_stack(nav, &stack));
        entries = check_parse(stack);
        CHECK_JSON(jpath(entries, "entries.1.title"), "\"Product 7\"");
        CHECK(json_array_size(jpath(entries, "entries")) == 2);
        json_decref(entries);
        navcore_string_free(stack);
    }
    navcore_string_free(text);
    navcore_navigator_free(old);
    navcore_navigator_free(nav);
}

/* What a validator saw: its calls, the thread, and what it read of the navigator. */
struct seen {
    navcore_navigator *nav;
    pthread_t thread;
    int calls;
    int other_thread;
    int veto_id;
    int answer;
    size_t depths[8];
};

/*
 * A validator: answers `answer` for the entry veto_id and NAVCORE_KEEP for
 * the others; records its calls, reads the navigator's state and changes it.
 */
static int validator(const char *entry_json, void *user_data)
{
    struct seen *seen = user_data;
    json_t *entry = json_loads(entry_json, 0, NULL);
    char *state = NULL;
    int id = (int)json_integer_value(json_object_get(entry, "id"));
    json_decref(entry);
    if (!pthread_equal(pthread_self(), seen->thread))
        seen->other_thread = 1;
    if (seen->nav != NULL && navcore_state(seen->nav, &state) == NAVCORE_OK) {
        json_t *parsed = json_loads(state, 0, NULL);
        if (seen->calls < 8)
            seen->depths[seen->calls] = json_array_size(jpath(parsed, "stacks.main.entries"));
        json_decref(parsed);
        navcore_string_free(state);
        navcore_push(seen->nav, "cart", NULL, NULL); /* replaced when the restore commits */
    }
    seen->calls++;
    return id == seen->veto_id ? seen->answer : NAVCORE_KEEP;
}

static void test_validators(void)
{
    navcore_navigator *nav = three_deep();
    char *text = snapshot_text(nav), *report = NULL;
    json_t *parsed;
    struct seen seen;
    navcore_navigator *fresh = new_nav("restore_v3");

    memset(&seen, 0, sizeof seen);
    seen.thread = pthread_self();
    seen.nav = fresh;
    seen.veto_id = 3;
    seen.answer = NAVCORE_VETO;
    CHECK_OK(navcore_restore(fresh, text, validator, &seen, &report));
    CHECK(seen.calls == 3); /* 1, 2, 3; 4 is dropped with 3 before it is offered */
    CHECK(seen.other_thread == 0);
    CHECK(seen.depths[0] == 1 && seen.depths[1] == 2 && seen.depths[2] == 3); /* the old state, unlocked */
    parsed = check_parse(report);
    CHECK_JSON(jpath(parsed, "kept"), "{\"main\": [1, 2]}");
    CHECK_JSON(jpath(parsed, "dropped.0"),
               "{\"id\": 3, \"stack\": \"main\", \"name\": \"product\", \"reason\": \"vetoed\","
               " \"message\": \"vetoed by the validator\"}");
    json_decref(parsed);
    navcore_string_free(report);
    {
        json_t *state = NULL;
        char *state_json = state_text(fresh);
        state = check_parse(state_json);
        CHECK(json_array_size(jpath(state, "stacks.main.entries")) == 2); /* the validator's pushes are gone */
        json_decref(state);
        navcore_string_free(state_json);
    }

    seen.nav = NULL;
    seen.calls = 0;
    seen.answer = 7; /* garbage */
    CHECK_OK(navcore_restore(fresh, text, validator, &seen, &report));
    parsed = check_parse(report);
    CHECK_JSON(jpath(parsed, "dropped.0.reason"), "\"validator_failed\"");
    CHECK_JSON(jpath(parsed, "dropped.0.message"),
               "\"the validator returned 7, neither NAVCORE_KEEP (1) nor NAVCORE_VETO (0)\"");
    json_decref(parsed);
    navcore_string_free(report);
    navcore_string_free(text);
    navcore_navigator_free(fresh);
    navcore_navigator_free(nav);
}

/* Replaces the object member key of the snapshot text by value (JSON); malloc'ed. */
static char *edited(const char *text, const char *path, const char *key, const char *value)
{
    json_t *snapshot = json_loads(text, 0, NULL);
    json_t *parent = path[0] != '\0' ? jpath(snapshot, path) : snapshot;
    char *result;
    if (value == NULL)
        json_object_del(parent, key);
    else
        json_object_set_new(parent, key, json_loads(value, JSON_DECODE_ANY, NULL));
    result = json_dumps(snapshot, JSON_COMPACT);
    json_decref(snapshot);
    return result;
}

static void test_restore_errors(void)
{
    navcore_navigator *nav = three_deep();
    char *good = snapshot_text(nav), *bad;
    size_t i;
    struct {
        const char *path, *key, *value, *needle;
    } edits[] = {
        {"", "navcore", "2", "navcore: format 2 is newer than this library's format 1"},
        {"", "app", "\"news\"", "app: a snapshot of app \"news\", but this route table is app \"shop\""},
        {"stacks.main.entries.3", "id", "2", "stacks.main.entries[3].id: duplicate entry id 2"},
        {"stacks.main.entries.3", "id", "5", "stacks.main.entries[3].id: id 5 is outside 1..<next_id (5)"},
        {"", "stacks", "[]", "stacks: expected object, got array"},
        {"", "active_stack", "\"main\"", "unknown key \"active_stack\""},
        {"stacks.main.entries.1", "params", "[1]", "stacks.main.entries[1].params: expected object, got array"},
        {"stacks.main.entries.1", "params", NULL, "stacks.main.entries[1].params: missing"},
        {"stacks.main.entries.1", "title", NULL, "stacks.main.entries[1].title: missing"},
        {"", "seq", "9223372036854775807", "seq: must be in 0...9007199254740991, got 9223372036854775807"},
        {"", "next_id", "9007199254740992", "next_id: must be in 1...9007199254740991, got 9007199254740992"},
        {"", "selected_tab", "\"main\"", "selected_tab: only a snapshot of the tabs layout has it"},
        {"", "stacks", "{\"detail\": {\"entries\": [{\"id\": 1, \"name\": \"home\", \"params\": {}, \"title\": \"Home\"}]}}",
         "stacks: a snapshot of the stack layout has exactly one stack, \"main\""},
    };

    EXPECT_FAIL(NULL, navcore_restore(NULL, good, NULL, NULL, &out), NAVCORE_EINVAL, "nav: is NULL");
    EXPECT_FAIL(nav, navcore_restore(nav, NULL, NULL, NULL, &out), NAVCORE_EINVAL, "snapshot_json: is NULL");
    EXPECT_FAIL(nav, navcore_restore(nav, "{\"navcore\": \"\xff\"}", NULL, NULL, &out), NAVCORE_ERESTORE,
                "snapshot_json: is not valid UTF-8 (byte 0xFF at offset 13)");
    EXPECT_FAIL(nav, navcore_restore(nav, "", NULL, NULL, &out), NAVCORE_ERESTORE, "the snapshot is not valid JSON");
    bad = strdup(good);
    bad[strlen(bad) / 2] = '\0'; /* truncated */
    EXPECT_FAIL(nav, navcore_restore(nav, bad, NULL, NULL, &out), NAVCORE_ERESTORE, "the snapshot is not valid JSON");
    free(bad);
    for (i = 0; i < sizeof edits / sizeof edits[0]; i++) {
        bad = edited(good, edits[i].path, edits[i].key, edits[i].value);
        EXPECT_FAIL(nav, navcore_restore(nav, bad, validator, NULL, &out), NAVCORE_ERESTORE, edits[i].needle);
        free(bad);
    }
    if (scale == 1) {
        size_t size = NAVCORE_MAX_SNAPSHOT_BYTES + 1, length = strlen(good);
        bad = malloc(size + 1);
        if (bad == NULL) {
            fprintf(stderr, "out of memory\n");
            exit(2);
        }
        memset(bad, ' ', size);
        memcpy(bad + size - length, good, length);
        bad[size] = '\0';
        EXPECT_FAIL(nav, navcore_restore(nav, bad, NULL, NULL, &out), NAVCORE_ERESTORE,
                    "the snapshot is larger than the 67108864-byte limit");
        free(bad);
    }
    navcore_string_free(good);
    navcore_navigator_free(nav);
}

/* A listener that counts transitions and keeps the last one. */
static void keep_transition(const char *transition_json, void *user_data)
{
    json_t **last = user_data;
    json_decref(*last);
    *last = json_loads(transition_json, 0, NULL);
}

static void test_restore_and_replay_reach_listeners(void)
{
    navcore_navigator *nav = three_deep(), *fresh = new_nav("restore_v3");
    char *text = snapshot_text(nav), *log = NULL;
    json_t *last = NULL;
    int64_t subscription = 0;
    CHECK_OK(navcore_subscribe(fresh, keep_transition, &last, &subscription));
    CHECK_OK(navcore_restore(fresh, text, NULL, NULL, NULL));
    CHECK_JSON(jpath(last, "cause"), "{\"source\": \"restore\"}");
    CHECK_JSON(jpath(last, "results"), "[\"restored\"]");
    CHECK_JSON(jpath(last, "stacks.main.removed"), "[]");
    CHECK(json_array_size(jpath(last, "stacks.main.added")) == 3);
    CHECK_JSON(jpath(last, "after.top.state"), "{\"scroll\": 120}");

    CHECK_OK(navcore_record(nav, 1));
    CHECK_OK(navcore_pop(nav, 1, NULL));
    CHECK_OK(navcore_log(nav, &log));
    CHECK_OK(navcore_replay(fresh, log, NULL));
    CHECK_JSON(jpath(last, "cause"), "{\"source\": \"replay\"}");
    CHECK_JSON(jpath(last, "stacks.main.removed"), "[4]");
    json_decref(last);
    navcore_string_free(log);
    navcore_string_free(text);
    navcore_navigator_free(fresh);
    navcore_navigator_free(nav);
}

static void test_record_log_and_replay(void)
{
    navcore_navigator *nav = new_nav("restore_v3"), *fresh = new_nav("restore_v3");
    char *log = NULL, *transition = NULL, *expected, *got;
    json_t *parsed;

    EXPECT_FAIL(nav, navcore_log(nav, &out), NAVCORE_ENOENTRY, "nothing was recorded");
    EXPECT_FAIL(nav, navcore_log(nav, &out), NAVCORE_ENOENTRY, "nothing was recorded: navcore_record(nav, 1) starts recording");
    EXPECT_FAIL(NULL, navcore_record(NULL, 1), NAVCORE_EINVAL, "nav: is NULL");
    CHECK_OK(navcore_record(nav, 1));
    CHECK_OK(navcore_push(nav, "product", "{\"id\": 1}", NULL));
    CHECK_OK(navcore_apply(nav, "[{\"op\": \"push\", \"route\": {\"name\": \"cart\"}}, {\"op\": \"pop\"}]", NULL));
    CHECK_OK(navcore_apply(nav, "{\"op\": \"set_entry_state\", \"id\": 2, \"state\": [true]}", NULL));
    CHECK_OK(navcore_record(nav, 1)); /* already recording: the log goes on */
    CHECK_OK(navcore_log(nav, &log));
    parsed = check_parse(log);
    CHECK_JSON(jpath(parsed, "recording"), "true");
    CHECK(json_array_size(jpath(parsed, "batches")) == 3);
    CHECK_JSON(jpath(parsed, "batches.1.seq"), "1");
    CHECK_JSON(jpath(parsed, "batches.1.actions.1"), "{\"op\": \"pop\", \"count\": 1}");
    json_decref(parsed);

    CHECK_OK(navcore_replay(fresh, log, &transition));
    expected = state_text(nav);
    got = state_text(fresh);
    CHECK_STREQ(got, expected);
    parsed = check_parse(transition);
    CHECK_JSON(jpath(parsed, "results"), "[\"replayed\"]");
    json_decref(parsed);
    navcore_string_free(transition);
    navcore_string_free(got);
    navcore_string_free(expected);

    EXPECT_FAIL(NULL, navcore_replay(NULL, log, &out), NAVCORE_EINVAL, "nav: is NULL");
    EXPECT_FAIL(fresh, navcore_replay(fresh, NULL, &out), NAVCORE_EINVAL, "log_json: is NULL");
    EXPECT_FAIL(fresh, navcore_replay(fresh, "[", &out), NAVCORE_ERESTORE, "the action log is not valid JSON");
    EXPECT_FAIL(fresh, navcore_replay(fresh, "{\"navcore\": 1}", &out), NAVCORE_ERESTORE, "base: missing");
    EXPECT_FAIL(NULL, navcore_log(NULL, &out), NAVCORE_EINVAL, "nav: is NULL");
    EXPECT_FAIL(nav, navcore_log(nav, NULL), NAVCORE_EINVAL, "out: is NULL");
    {
        navcore_navigator *older = new_nav("restore_v2");
        EXPECT_FAIL(older, navcore_replay(older, log, &out), NAVCORE_ERESTORE,
                    "base: the log does not fit this route table: recorded with table version 3, this table is version 2");
        navcore_navigator_free(older);
    }
    CHECK_OK(navcore_record(nav, 0));
    CHECK_OK(navcore_push(nav, "cart", NULL, NULL));
    navcore_string_free(log);
    CHECK_OK(navcore_log(nav, &log));
    parsed = check_parse(log);
    CHECK_JSON(jpath(parsed, "recording"), "false");
    CHECK(json_array_size(jpath(parsed, "batches")) == 3);
    json_decref(parsed);
    navcore_string_free(log);
    navcore_navigator_free(fresh);
    navcore_navigator_free(nav);
}

static void test_set_entry_state(void)
{
    navcore_navigator *nav = three_deep();
    char *stack = NULL;
    json_t *parsed;
    EXPECT_FAIL(nav, navcore_apply(nav, "{\"op\": \"set_entry_state\", \"id\": 9, \"state\": 1}", &out),
                NAVCORE_ENOENTRY, "actions[0].id: no entry with id 9 in any stack");
    EXPECT_FAIL(nav, navcore_apply(nav, "{\"op\": \"set_entry_state\", \"id\": 1}", &out), NAVCORE_EACTION,
                "actions[0].state: missing");
    EXPECT_FAIL(nav,
                navcore_apply(nav,
                              "[{\"op\": \"set_entry_state\", \"id\": 4, \"state\": null},"
                              " {\"op\": \"set_entry_state\", \"id\": 1, \"state\": "
                              "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}]",
                              &out),
                NAVCORE_EACTION, "actions[1].state: saved state is nested deeper than 32 levels");
    CHECK_OK(navcore_apply(nav, "{\"op\": \"set_entry_state\", \"id\": 4, \"state\": null}", NULL));
    CHECK_OK(navcore_stack(nav, &stack));
    parsed = check_parse(stack);
    CHECK_JSON(jpath(parsed, "entries.3"), "{\"id\": 4, \"name\": \"cart\", \"params\": {}, \"title\": \"Cart\"}");
    json_decref(parsed);
    navcore_string_free(stack);
    navcore_navigator_free(nav);
}

/* The two snapshots a ping-pong listener restores in turn, and what happened. */
struct ping_pong {
    navcore_navigator *nav;
    char *snapshots[2];
    int restores;
    int last_rc;
};

/* A listener that answers every change with a restore of the other snapshot. */
static void restore_the_other(const char *transition_json, void *user_data)
{
    struct ping_pong *p = user_data;
    (void)transition_json;
    p->last_rc = navcore_restore(p->nav, p->snapshots[p->restores % 2], NULL, NULL, NULL);
    if (p->last_rc == NAVCORE_OK)
        p->restores++;
}

/* A listener that keeps restoring is stopped by the cascade limit, like one that keeps applying. */
static void test_restore_cascade(void)
{
    navcore_navigator *nav = three_deep(), *other = new_nav("restore_v3");
    struct ping_pong p;
    int64_t subscription = 0;
    p.nav = nav;
    p.snapshots[0] = snapshot_text(other);
    p.snapshots[1] = snapshot_text(nav);
    p.restores = 0;
    p.last_rc = NAVCORE_OK;
    CHECK_OK(navcore_subscribe(nav, restore_the_other, &p, &subscription));
    CHECK_OK(navcore_pop(nav, 1, NULL));
    CHECK(p.restores == NAVCORE_MAX_LISTENER_CASCADE);
    CHECK_STATUS(p.last_rc, NAVCORE_ECASCADE);
    navcore_string_free(p.snapshots[0]);
    navcore_string_free(p.snapshots[1]);
    navcore_navigator_free(other);
    navcore_navigator_free(nav);
}

/* What a thread of test_threads does: restore the snapshot, or push and pop, `rounds` times. */
struct worker {
    navcore_navigator *nav;
    const char *snapshot; /* NULL: push and pop instead */
    int rounds;
    int failures;
};

static void *work(void *argument)
{
    struct worker *w = argument;
    int i;
    for (i = 0; i < w->rounds; i++) {
        if (w->snapshot != NULL)
            w->failures += navcore_restore(w->nav, w->snapshot, NULL, NULL, NULL) != NAVCORE_OK;
        else
            w->failures += navcore_push(w->nav, "cart", NULL, NULL) != NAVCORE_OK ||
                           navcore_pop(w->nav, 1, NULL) != NAVCORE_OK;
    }
    return NULL;
}

/* Restores on one thread while another pushes and pops: both finish, nothing fails. */
static void test_threads(void)
{
    navcore_navigator *nav = three_deep();
    char *text = snapshot_text(nav), *state;
    struct worker workers[2] = {{NULL, NULL, 0, 0}, {NULL, NULL, 0, 0}};
    pthread_t threads[2];
    int i;
    for (i = 0; i < 2; i++) {
        workers[i].nav = nav;
        workers[i].snapshot = i == 0 ? text : NULL;
        workers[i].rounds = 200 / scale;
        CHECK(pthread_create(&threads[i], NULL, work, &workers[i]) == 0);
    }
    for (i = 0; i < 2; i++) {
        pthread_join(threads[i], NULL);
        CHECK(workers[i].failures == 0);
    }
    state = state_text(nav);
    CHECK(state != NULL);
    navcore_string_free(state);
    navcore_string_free(text);
    navcore_navigator_free(nav);
}

/* Proves a tabs snapshot must hold its selected tab and tab history: a missing one refuses it whole. */
static void test_tabs_snapshot_required_keys(void)
{
    navcore_navigator *nav = new_nav("restore_tabs");
    char *good = snapshot_text(nav), *bad;
    static const char *const keys[] = {"selected_tab", "tab_history"};
    size_t i;
    for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        char needle[64];
        snprintf(needle, sizeof needle, "%s: missing", keys[i]);
        bad = edited(good, "", keys[i], NULL);
        EXPECT_FAIL(nav, navcore_restore(nav, bad, NULL, NULL, &out), NAVCORE_ERESTORE, needle);
        free(bad);
    }
    navcore_string_free(good);
    navcore_navigator_free(nav);
}

/*
 * Proves counters from a snapshot never make a later call trap or fail as a
 * bug: the last seq value is reached, then changes are NAVCORE_ELIMIT with the
 * state unchanged; exhausted ids likewise; reads go on working.
 */
static void test_counters_at_their_limit(void)
{
    navcore_navigator *nav = three_deep(), *fresh = new_nav("restore_v3");
    char *good = snapshot_text(nav), *edit;
    char *transition = NULL;
    json_t *parsed;

    edit = edited(good, "", "seq", "9007199254740990");
    CHECK_OK(navcore_restore(fresh, edit, NULL, NULL, NULL));
    free(edit);
    CHECK_OK(navcore_pop(fresh, 1, &transition));
    parsed = check_parse(transition);
    CHECK_JSON(jpath(parsed, "seq"), "9007199254740991");
    json_decref(parsed);
    navcore_string_free(transition);
    EXPECT_FAIL(fresh, navcore_push(fresh, "cart", NULL, &out), NAVCORE_ELIMIT,
                "seq: the change counter reached its maximum 9007199254740991");
    EXPECT_FAIL(fresh, navcore_apply(fresh, "[{\"op\": \"pop_to_root\"}]", &out), NAVCORE_ELIMIT, "seq");
    CHECK_OK(navcore_pop_to_root(nav, NULL));

    edit = edited(good, "", "next_id", "9007199254740991");
    CHECK_OK(navcore_restore(fresh, edit, NULL, NULL, NULL));
    free(edit);
    EXPECT_FAIL(fresh, navcore_push(fresh, "cart", NULL, &out), NAVCORE_ELIMIT,
                "next_id: entry ids are exhausted");
    EXPECT_FAIL(fresh, navcore_present(fresh, "cart", NULL, NULL, &out), NAVCORE_ELIMIT, "next_id");
    CHECK_OK(navcore_pop(fresh, 1, NULL));
    CHECK_OK(navcore_snapshot(fresh, &transition));
    CHECK_OK(navcore_restore(fresh, transition, NULL, NULL, NULL));
    navcore_string_free(transition);

    navcore_string_free(good);
    navcore_navigator_free(fresh);
    navcore_navigator_free(nav);
}

/* Proves a log recorded while a "restore": "never" screen is open replays exactly. */
static void test_log_on_a_never_restored_screen(void)
{
    navcore_navigator *nav = new_nav("restore_v3"), *fresh = new_nav("restore_v3");
    char *log = NULL, *expected, *got;
    CHECK_OK(navcore_push(nav, "checkout", NULL, NULL));
    CHECK_OK(navcore_record(nav, 1));
    CHECK_OK(navcore_push(nav, "order_confirmation", "{\"order\": 7}", NULL));
    CHECK_OK(navcore_log(nav, &log));
    CHECK_OK(navcore_replay(fresh, log, NULL));
    expected = state_text(nav);
    got = state_text(fresh);
    CHECK_STREQ(got, expected);
    CHECK_CONTAINS(got, "order_confirmation");
    navcore_string_free(got);
    navcore_string_free(expected);
    navcore_string_free(log);
    navcore_navigator_free(fresh);
    navcore_navigator_free(nav);
}

int main(void)
{
    const char *env = getenv("NAVCORE_TEST_SCALE");
    if (env != NULL && atoi(env) > 1)
        scale = atoi(env);
    test_snapshot();
    test_restore_into_a_new_navigator();
    test_restore_migrates_and_drops();
    test_validators();
    test_restore_errors();
    test_restore_and_replay_reach_listeners();
    test_record_log_and_replay();
    test_set_entry_state();
    test_threads();
    test_restore_cascade();
    test_tabs_snapshot_required_keys();
    test_counters_at_their_limit();
    test_log_on_a_never_restored_screen();
    return check_summary();
}
