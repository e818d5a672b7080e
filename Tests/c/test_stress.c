/*
 * test_stress.c - nine threads on one navigator at once.
 *
 * Two threads push and pop on the active stack, two change tabs and present
 * and dismiss, one restores a snapshot now and then, one records and reads the
 * log, one reads the state, the stack and the snapshot, one subscribes and
 * unsubscribes, and one sets and removes a guard that reads the state and
 * allows every batch (so changes go through the guarded and the plain path);
 * every change is also delivered to a listener that makes a
 * re-entrant change of its own now and then. Every call must succeed (or fail
 * with the one status its input allows), every document read must be JSON,
 * and the transitions one listener sees must have increasing seq numbers.
 *
 * make test runs it briefly; make test-tsan runs it under ThreadSanitizer
 * (docs/guarantees.md), where a data race in the library fails it.
 * NAVCORE_STRESS_ROUNDS sets the rounds per thread (default 300), and
 * NAVCORE_TEST_SCALE=N > 1 (valgrind, the sanitizer runs) divides them by N.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "navcore.h"

static const char TABS[] =
    "{\"navcore\": 1, \"routes\": {\"home\": {\"title\": \"Home\"},"
    "\"product\": {\"params\": {\"id\": \"int\"}, \"title\": \"Product {id}\"},"
    "\"cart\": {\"title\": \"Cart\"}, \"login\": {\"title\": \"Sign in\"}},"
    " \"tabs\": [{\"name\": \"shop\", \"root\": \"home\"}, {\"name\": \"cart\", \"root\": \"cart\"}]}";

enum { THREADS = 9 };

static navcore_navigator *nav;
static int rounds = 300;
static char *saved_snapshot;

/* What the threads found wrong, counted under a lock and checked after joining. */
static pthread_mutex_t problems_lock = PTHREAD_MUTEX_INITIALIZER;
static int problems;
static long deliveries;

static void problem(const char *what, int rc)
{
    pthread_mutex_lock(&problems_lock);
    problems++;
    if (problems <= 10)
        fprintf(stderr, "stress: %s: %s: %s\n", what, navcore_status_string(rc), navcore_last_error_message());
    pthread_mutex_unlock(&problems_lock);
}

/* rc must be OK, or the one other status `allowed` (0: none). */
static void expect(const char *what, int rc, int allowed)
{
    if (rc != NAVCORE_OK && (allowed == 0 || rc != allowed))
        problem(what, rc);
}

/* Reads one document with `read` and checks it is JSON. */
static void read_document(const char *what, int (*read)(const navcore_navigator *, char **))
{
    char *text = NULL;
    json_t *parsed;
    int rc = read(nav, &text);
    expect(what, rc, 0);
    if (rc != NAVCORE_OK)
        return;
    parsed = json_loads(text, 0, NULL);
    if (parsed == NULL)
        problem(what, NAVCORE_EJSON);
    json_decref(parsed);
    navcore_string_free(text);
}

/* Checks each delivery is a transition; now and then makes a re-entrant change (which a cascade
 * past its limit may refuse). */
static void listener(const char *transition_json, void *user_data)
{
    json_t *transition = json_loads(transition_json, 0, NULL);
    int reentrant;
    (void)user_data;
    if (!json_is_integer(json_object_get(transition, "seq")))
        problem("a delivery without seq", NAVCORE_EJSON);
    json_decref(transition);
    pthread_mutex_lock(&problems_lock);
    deliveries++;
    reentrant = deliveries % 97 == 0;
    pthread_mutex_unlock(&problems_lock);
    if (reentrant)
        expect("re-entrant back", navcore_back(nav, NULL), NAVCORE_ECASCADE);
}

static void *pusher(void *arg)
{
    int i;
    (void)arg;
    for (i = 0; i < rounds; i++) {
        expect("push", navcore_push(nav, "product", "{\"id\": 1}", NULL), 0);
        expect("pop", navcore_pop(nav, 1, NULL), 0);
    }
    return NULL;
}

static void *structurer(void *arg)
{
    int i;
    char *transition = NULL;
    (void)arg;
    for (i = 0; i < rounds; i++) {
        expect("select_tab", navcore_select_tab(nav, i % 2 ? "cart" : "shop", &transition), 0);
        navcore_string_free(transition);
        transition = NULL;
        expect("present", navcore_present(nav, "login", NULL, NULL, NULL), 0);
        /* Another thread may have dismissed everything already. */
        expect("dismiss", navcore_dismiss(nav, 0, NULL), NAVCORE_ENOENTRY);
    }
    return NULL;
}

static void *restorer(void *arg)
{
    int i;
    (void)arg;
    for (i = 0; i < rounds / 10; i++)
        expect("restore", navcore_restore(nav, saved_snapshot, NULL, NULL, NULL), 0);
    return NULL;
}

static void *recorder(void *arg)
{
    int i;
    (void)arg;
    for (i = 0; i < rounds / 10; i++) {
        char *log = NULL;
        expect("record", navcore_record(nav, 1), 0);
        expect("log", navcore_log(nav, &log), 0);
        navcore_string_free(log);
        expect("record off", navcore_record(nav, i % 3 != 0), 0);
    }
    return NULL;
}

static void *reader(void *arg)
{
    int i;
    (void)arg;
    for (i = 0; i < rounds; i++) {
        read_document("state", navcore_state);
        read_document("stack", navcore_stack);
        if (i % 10 == 0)
            read_document("snapshot", navcore_snapshot);
    }
    return NULL;
}

static void *subscriber(void *arg)
{
    int i;
    (void)arg;
    for (i = 0; i < rounds; i++) {
        int64_t id = 0;
        expect("subscribe", navcore_subscribe(nav, listener, NULL, &id), 0);
        expect("unsubscribe", navcore_unsubscribe(nav, id), 0);
    }
    return NULL;
}

/* Reads the navigator it judges, and allows the batch. */
static int guard(const char *proposal_json, navcore_guard_decision *decision, void *user_data)
{
    char *state = NULL;
    (void)decision;
    (void)user_data;
    if (strstr(proposal_json, "\"transition\"") == NULL)
        problem("a proposal without its transition", NAVCORE_EJSON);
    expect("state from the guard", navcore_state(nav, &state), 0);
    navcore_string_free(state);
    return NAVCORE_OK;
}

/* Sets the guard and removes it again every 50 rounds of a millisecond each (a guard that came
 * and went at every batch would keep overtaking guarded batches with unguarded ones, until one
 * failed with NAVCORE_ELIMIT, as documented). */
static void *guarder(void *arg)
{
    const struct timespec millisecond = {0, 1000000};
    int i;
    (void)arg;
    for (i = 0; i < rounds; i++) {
        if (i % 50 == 0)
            expect("set_guard", navcore_set_guard(nav, i % 100 ? NULL : guard, NULL), 0);
        nanosleep(&millisecond, NULL);
    }
    return NULL;
}

int main(void)
{
    void *(*const roles[THREADS])(void *) = {pusher, pusher, structurer, structurer,
                                             restorer, recorder, reader, subscriber, guarder};
    pthread_t threads[THREADS];
    int64_t kept;
    const char *env = getenv("NAVCORE_STRESS_ROUNDS");
    char *state;
    int i;

    if (env != NULL && atoi(env) > 0)
        rounds = atoi(env);
    env = getenv("NAVCORE_TEST_SCALE");
    if (env != NULL && atoi(env) > 1)
        rounds = rounds / atoi(env) > 10 ? rounds / atoi(env) : 10;
    CHECK_OK(navcore_navigator_new(TABS, &nav));
    CHECK_OK(navcore_push(nav, "product", "{\"id\": 9}", NULL));
    CHECK_OK(navcore_snapshot(nav, &saved_snapshot));
    CHECK_OK(navcore_subscribe(nav, listener, NULL, &kept));

    for (i = 0; i < THREADS; i++)
        CHECK(pthread_create(&threads[i], NULL, roles[i], NULL) == 0);
    for (i = 0; i < THREADS; i++)
        pthread_join(threads[i], NULL);

    CHECK(problems == 0);
    CHECK(deliveries > 0);
    state = state_text(nav);
    CHECK(state != NULL);
    navcore_string_free(state);
    printf("stress: %d threads x %d rounds, %ld deliveries\n", THREADS, rounds, deliveries);
    navcore_string_free(saved_snapshot);
    navcore_navigator_free(nav);
    return check_summary();
}
