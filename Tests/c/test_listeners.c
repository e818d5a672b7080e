/*
 * test_listeners.c - subscriptions, delivery order, re-entrancy, the cascade
 * limit, and use from several threads (listeners and the thread-local last
 * error).
 *
 * NAVCORE_TEST_SCALE=N divides the loop counts of the threaded tests by N,
 * so that runs under valgrind stay short.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "navcore.h"

#define STRINGIFY2(x) #x
#define STRINGIFY(x) STRINGIFY2(x)

static const char SHOP[] =
    "{\"navcore\": 1, \"root\": \"home\", \"routes\": {"
    "\"home\": {\"title\": \"Home\"},"
    "\"product\": {\"params\": {\"id\": \"int\"}, \"title\": \"Product {id}\"}}}";

static const char PUSH[] = "{\"op\": \"push\", \"route\": {\"name\": \"home\"}}";

static int scale = 1;

static navcore_navigator *new_shop(void)
{
    navcore_navigator *nav = NULL;
    CHECK_OK(navcore_navigator_new(SHOP, &nav));
    return nav;
}

/* Every delivery of the single-threaded tests, as "TAG SEQ;" in order. */
static char delivery_log[8192];

/* The seq of a transition, or -1. */
static long long seq_of(const char *transition_json)
{
    json_t *t = json_loads(transition_json, 0, NULL);
    long long seq = json_is_integer(json_object_get(t, "seq"))
                        ? (long long)json_integer_value(json_object_get(t, "seq"))
                        : -1;
    json_decref(t);
    return seq;
}

/* The integer at path in JSON text, or -1. */
static long long int_in(const char *text, const char *path)
{
    json_t *json = text != NULL ? json_loads(text, 0, NULL) : NULL;
    json_t *value = jpath(json, path);
    long long n = json_is_integer(value) ? (long long)json_integer_value(value) : -1;
    json_decref(json);
    return n;
}

/* Number of entries on the active stack, root included; -1 on failure. */
static int depth(const navcore_navigator *nav)
{
    char *text = NULL;
    json_t *stack;
    int n = -1;
    if (!CHECK_OK(navcore_stack(nav, &text)))
        return -1;
    stack = check_parse(text);
    if (stack != NULL)
        n = (int)json_array_size(json_object_get(stack, "entries"));
    json_decref(stack);
    navcore_string_free(text);
    return n;
}

/*
 * What a listener saw and what it does when called. The listener functions
 * below receive a pointer to one of these as user_data.
 */
struct listener {
    const char *tag;
    struct listener *self; /* == the user_data it was subscribed with */
    navcore_navigator *nav;
    int calls;
    char last[2048];          /* the last transition received */
    long long first_state_seq; /* navcore_state's seq, read during the first call */
    long long state_seq;      /* navcore_state's seq, read during the last call */
    long long stack_top;      /* navcore_stack's top id, read during the last call */
    int pushes_left;          /* pushes still to make, one per call */
    int push_ok, push_cascade, push_other;
    char cascade_message[512];
    int64_t unsubscribe_id;   /* subscription to remove on the first call, or 0 */
    int unsubscribe_rc;
    struct listener *to_subscribe; /* listener to subscribe on the first call, or NULL */
    int subscribe_rc;
};

static void listener_init(struct listener *l, const char *tag, navcore_navigator *nav)
{
    memset(l, 0, sizeof *l);
    l->tag = tag;
    l->self = l;
    l->nav = nav;
    l->first_state_seq = -1;
    l->state_seq = -1;
    l->stack_top = -1;
}

static void append_log(const char *tag, const char *transition_json)
{
    size_t used = strlen(delivery_log);
    snprintf(delivery_log + used, sizeof delivery_log - used, "%s%lld;", tag,
             seq_of(transition_json));
}

/* Records the delivery, then does whatever the struct asks for. */
static void on_transition(const char *transition_json, void *user_data)
{
    struct listener *l = user_data;
    int64_t new_id = 0;

    if (l->self != l) /* user_data came back changed: make it visible and stop */
        abort();
    l->calls++;
    append_log(l->tag, transition_json);
    snprintf(l->last, sizeof l->last, "%s", transition_json);

    if (l->unsubscribe_id != 0) {
        l->unsubscribe_rc = navcore_unsubscribe(l->nav, l->unsubscribe_id);
        l->unsubscribe_id = 0;
    }
    if (l->to_subscribe != NULL) {
        l->subscribe_rc = navcore_subscribe(l->nav, on_transition, l->to_subscribe, &new_id);
        l->to_subscribe = NULL;
    }
    if (l->pushes_left > 0) {
        int rc;
        l->pushes_left--;
        rc = navcore_push(l->nav, "home", NULL, NULL);
        if (rc == NAVCORE_OK) {
            l->push_ok++;
        } else if (rc == NAVCORE_ECASCADE) {
            l->push_cascade++;
            snprintf(l->cascade_message, sizeof l->cascade_message, "%s",
                     navcore_last_error_message());
        } else {
            l->push_other++;
        }
    }
}

/* Reads the state and the stack re-entrantly, from inside the delivery. */
static void on_transition_read(const char *transition_json, void *user_data)
{
    struct listener *l = user_data;
    char *text = NULL;

    on_transition(transition_json, user_data);
    if (navcore_state(l->nav, &text) == NAVCORE_OK)
        l->state_seq = int_in(text, "seq");
    if (l->calls == 1)
        l->first_state_seq = l->state_seq;
    navcore_string_free(text);
    text = NULL;
    if (navcore_stack(l->nav, &text) == NAVCORE_OK) {
        json_t *stack = json_loads(text, 0, NULL);
        json_t *entries = json_object_get(stack, "entries");
        json_t *top = json_array_get(entries, json_array_size(entries) - 1);
        l->stack_top = json_is_integer(json_object_get(top, "id"))
                           ? (long long)json_integer_value(json_object_get(top, "id"))
                           : -1;
        json_decref(stack);
    }
    navcore_string_free(text);
}

/*
 * Proves a listener gets each committed transition that changed something,
 * with its user_data, the same document the call returned, and nothing once
 * unsubscribed; ids are positive and distinct.
 */
static void test_subscribe(void)
{
    navcore_navigator *nav = new_shop();
    struct listener a, b;
    int64_t id_a = 0, id_b = 0;
    char *transition = NULL;
    json_t *got, *want;

    listener_init(&a, "A", nav);
    listener_init(&b, "B", nav);
    CHECK_OK(navcore_subscribe(nav, on_transition, &a, &id_a));
    CHECK_OK(navcore_subscribe(nav, on_transition, &b, &id_b));
    CHECK(id_a > 0);
    CHECK(id_b > 0);
    CHECK(id_a != id_b);

    CHECK_OK(navcore_push(nav, "product", "{\"id\": 42}", &transition));
    CHECK(a.calls == 1);
    CHECK(b.calls == 1);
    got = check_parse(a.last);
    want = check_parse(transition);
    CHECK(got != NULL && want != NULL && json_equal(got, want));
    json_decref(got);
    json_decref(want);
    navcore_string_free(transition);

    /* Failures and changes of nothing are not delivered. */
    CHECK_STATUS(navcore_push(nav, "prodcut", NULL, NULL), NAVCORE_EROUTE);
    CHECK_OK(navcore_pop(nav, 5, NULL));
    CHECK(a.calls == 2);
    CHECK_OK(navcore_pop(nav, 1, NULL));
    CHECK_OK(navcore_pop_to_root(nav, NULL));
    CHECK_OK(navcore_set_stack(nav, "[]", NULL));
    CHECK_OK(navcore_apply(nav, "[]", NULL));
    CHECK_OK(navcore_apply(nav, "[{\"op\": \"push\", \"route\": {\"name\": \"home\"}}, {\"op\": \"pop\"}]",
                           NULL));
    CHECK(a.calls == 2);
    CHECK(b.calls == 2);

    /* Every kind of change is delivered, also without transition_out. */
    CHECK_OK(navcore_set_stack(nav, "[{\"name\": \"home\"}]", NULL));
    CHECK_OK(navcore_apply(nav, PUSH, NULL));
    CHECK_OK(navcore_pop_to_root(nav, NULL));
    CHECK(a.calls == 5);

    CHECK_OK(navcore_unsubscribe(nav, id_a));
    CHECK_OK(navcore_push(nav, "home", NULL, NULL));
    CHECK(a.calls == 5);
    CHECK(b.calls == 6);
    CHECK(int_in(b.last, "seq") == 6);

    /* The same function twice, with different user_data, is two subscriptions. */
    listener_init(&a, "A", nav);
    CHECK_OK(navcore_subscribe(nav, on_transition, &a, &id_a));
    CHECK(id_a != id_b);
    CHECK_OK(navcore_push(nav, "home", NULL, NULL));
    CHECK(a.calls == 1);
    CHECK(b.calls == 7);

    /* Freeing a navigator with live subscriptions releases them (valgrind checks). */
    navcore_navigator_free(nav);
}

/* Proves listeners are called in subscription order, one round per commit. */
static void test_delivery_order(void)
{
    navcore_navigator *nav = new_shop();
    struct listener a, b, c;
    int64_t id = 0;

    delivery_log[0] = '\0';
    listener_init(&a, "A", nav);
    listener_init(&b, "B", nav);
    listener_init(&c, "C", nav);
    CHECK_OK(navcore_subscribe(nav, on_transition, &b, &id));
    CHECK_OK(navcore_subscribe(nav, on_transition, &a, &id));
    CHECK_OK(navcore_subscribe(nav, on_transition, &c, &id));
    CHECK_OK(navcore_apply(nav, PUSH, NULL));
    CHECK_OK(navcore_apply(nav, "[{\"op\": \"pop\"}, {\"op\": \"push\", \"route\": {\"name\": \"home\"}},"
                                " {\"op\": \"push\", \"route\": {\"name\": \"home\"}}]",
                           NULL));
    CHECK_STREQ(delivery_log, "B1;A1;C1;B2;A2;C2;");
    navcore_navigator_free(nav);
}

/* Proves a listener may read the state and the stack, and sees the change committed. */
static void test_reentrant_read(void)
{
    navcore_navigator *nav = new_shop();
    struct listener a;
    int64_t id = 0;
    char *transition = NULL;

    listener_init(&a, "A", nav);
    CHECK_OK(navcore_subscribe(nav, on_transition_read, &a, &id));
    CHECK_OK(navcore_push(nav, "product", "{\"id\": 7}", &transition));
    CHECK(a.calls == 1);
    CHECK(a.first_state_seq == 1);
    CHECK(a.state_seq == 1);
    CHECK(a.stack_top == 2);
    CHECK(a.stack_top == int_in(transition, "after.top.id"));
    navcore_string_free(transition);
    navcore_navigator_free(nav);
}

/*
 * Proves a change made by a listener is committed at once, and delivered to
 * every listener after the current round: both see seq 1 then seq 2.
 */
static void test_reentrant_apply(void)
{
    navcore_navigator *nav = new_shop();
    struct listener a, b;
    int64_t id = 0;
    char *transition = NULL;

    delivery_log[0] = '\0';
    listener_init(&a, "A", nav);
    listener_init(&b, "B", nav);
    a.pushes_left = 1;
    CHECK_OK(navcore_subscribe(nav, on_transition, &a, &id));
    CHECK_OK(navcore_subscribe(nav, on_transition_read, &b, &id));
    CHECK_OK(navcore_push(nav, "product", "{\"id\": 1}", &transition));
    CHECK(int_in(transition, "seq") == 1);
    CHECK(a.push_ok == 1);
    CHECK_STREQ(delivery_log, "A1;B1;A2;B2;");
    CHECK(int_in(b.last, "seq") == 2);
    CHECK(int_in(b.last, "stacks.main.added.0.id") == 3);
    /* A's push was committed before B was even told of seq 1. */
    CHECK(b.first_state_seq == 2);
    CHECK(b.state_seq == 2);
    CHECK(depth(nav) == 3);
    navcore_string_free(transition);
    navcore_navigator_free(nav);
}

/*
 * Proves a listener that always pushes is stopped after
 * NAVCORE_MAX_LISTENER_CASCADE chained changes with NAVCORE_ECASCADE, the
 * refused change changes nothing, and the next outer change starts afresh.
 */
static void test_cascade_limit(void)
{
    navcore_navigator *nav = new_shop();
    struct listener a, b;
    int64_t id = 0;
    int round;

    listener_init(&a, "A", nav);
    listener_init(&b, "B", nav);
    a.pushes_left = 1000000;
    CHECK_OK(navcore_subscribe(nav, on_transition, &a, &id));
    CHECK_OK(navcore_subscribe(nav, on_transition, &b, &id));

    for (round = 1; round <= 2; round++) {
        a.push_ok = a.push_cascade = a.push_other = a.calls = b.calls = 0;
        a.cascade_message[0] = '\0';
        delivery_log[0] = '\0';
        CHECK_OK(navcore_push(nav, "product", "{\"id\": 1}", NULL));
        CHECK(a.push_ok == NAVCORE_MAX_LISTENER_CASCADE);
        CHECK(a.push_cascade == 1);
        CHECK(a.push_other == 0);
        CHECK(a.calls == NAVCORE_MAX_LISTENER_CASCADE + 1);
        CHECK(b.calls == NAVCORE_MAX_LISTENER_CASCADE + 1);
        CHECK(a.cascade_message[0] != '\0');
        CHECK_CONTAINS(a.cascade_message, STRINGIFY(NAVCORE_MAX_LISTENER_CASCADE));
        CHECK(int_in(b.last, "seq") == round * (NAVCORE_MAX_LISTENER_CASCADE + 1));
        CHECK(depth(nav) == 1 + round * (NAVCORE_MAX_LISTENER_CASCADE + 1));
    }
    /* Every listener saw every seq in order: A1;B1;A2;B2;... */
    {
        char expected[8192] = "";
        long long seq;
        for (seq = NAVCORE_MAX_LISTENER_CASCADE + 2; seq <= 2 * (NAVCORE_MAX_LISTENER_CASCADE + 1); seq++) {
            size_t used = strlen(expected);
            snprintf(expected + used, sizeof expected - used, "A%lld;B%lld;", seq, seq);
        }
        CHECK_STREQ(delivery_log, expected);
    }

    navcore_navigator_free(nav);
}

/*
 * Proves a listener may unsubscribe itself or a later listener: neither is
 * called again, not even later in the same round. A listener may also
 * subscribe another, which then receives the following transitions.
 */
static void test_subscription_changes_inside_listener(void)
{
    navcore_navigator *nav = new_shop();
    struct listener a, b, c, d;
    int64_t id_a = 0, id_b = 0, id_c = 0;

    delivery_log[0] = '\0';
    listener_init(&a, "A", nav);
    listener_init(&b, "B", nav);
    listener_init(&c, "C", nav);
    listener_init(&d, "D", nav);
    CHECK_OK(navcore_subscribe(nav, on_transition, &a, &id_a));
    CHECK_OK(navcore_subscribe(nav, on_transition, &b, &id_b));
    CHECK_OK(navcore_subscribe(nav, on_transition, &c, &id_c));
    a.unsubscribe_id = id_b; /* A removes B before B's turn */
    c.unsubscribe_id = id_c; /* C removes itself */
    c.to_subscribe = &d;     /* and adds D */

    CHECK_OK(navcore_apply(nav, PUSH, NULL));
    CHECK(a.unsubscribe_rc == NAVCORE_OK);
    CHECK(c.unsubscribe_rc == NAVCORE_OK);
    CHECK(c.subscribe_rc == NAVCORE_OK);
    CHECK(b.calls == 0);
    CHECK(c.calls == 1);

    CHECK_OK(navcore_apply(nav, PUSH, NULL));
    CHECK(a.calls == 2);
    CHECK(b.calls == 0);
    CHECK(c.calls == 1);
    CHECK(int_in(d.last, "seq") == 2);
    CHECK_STATUS(navcore_unsubscribe(nav, id_b), NAVCORE_EINVAL);
    CHECK_STATUS(navcore_unsubscribe(nav, id_c), NAVCORE_EINVAL);

    /* Unsubscribing an unknown id from inside a listener fails cleanly too. */
    a.unsubscribe_id = id_b;
    CHECK_OK(navcore_apply(nav, PUSH, NULL));
    CHECK(a.unsubscribe_rc == NAVCORE_EINVAL);
    navcore_navigator_free(nav);
}

static int null_user_data_calls;

/* Counts the calls that received NULL user_data. */
static void count_null_user_data(const char *transition_json, void *user_data)
{
    (void)transition_json;
    if (user_data == NULL)
        null_user_data_calls++;
}

/* Proves the documented errors of subscribe and unsubscribe, *subscription_out left untouched. */
static void test_subscription_errors(void)
{
    navcore_navigator *nav = new_shop(), *other = new_shop();
    struct listener a;
    int64_t id = -77, id_a = 0;

    listener_init(&a, "A", nav);
    CHECK_STATUS(navcore_subscribe(NULL, on_transition, &a, &id), NAVCORE_EINVAL);
    CHECK_CONTAINS(navcore_last_error_message(), "nav");
    CHECK(id == -77);
    CHECK_STATUS(navcore_subscribe(nav, NULL, &a, &id), NAVCORE_EINVAL);
    CHECK_CONTAINS(navcore_last_error_message(), "listener");
    CHECK(id == -77);
    CHECK_STATUS(navcore_subscribe(nav, on_transition, &a, NULL), NAVCORE_EINVAL);
    CHECK_CONTAINS(navcore_last_error_message(), "subscription_out");

    /* NULL user_data is allowed, and passed back as NULL. */
    CHECK_OK(navcore_subscribe(other, count_null_user_data, NULL, &id));
    CHECK_OK(navcore_apply(other, PUSH, NULL));
    CHECK(null_user_data_calls == 1);
    CHECK_OK(navcore_unsubscribe(other, id));

    CHECK_OK(navcore_subscribe(nav, on_transition, &a, &id_a));
    CHECK_STATUS(navcore_unsubscribe(nav, 999999), NAVCORE_EINVAL);
    CHECK_CONTAINS(navcore_last_error_message(), "999999");
    CHECK_STATUS(navcore_unsubscribe(nav, 0), NAVCORE_EINVAL);
    CHECK(navcore_last_error_message()[0] != '\0');
    CHECK_STATUS(navcore_unsubscribe(nav, -1), NAVCORE_EINVAL);
    CHECK(navcore_last_error_message()[0] != '\0');
    CHECK_STATUS(navcore_unsubscribe(NULL, id_a), NAVCORE_EINVAL);
    CHECK_CONTAINS(navcore_last_error_message(), "nav");
    CHECK_STATUS(navcore_unsubscribe(other, id_a), NAVCORE_EINVAL);
    CHECK(navcore_last_error_message()[0] != '\0');

    /* After the failures the subscription still works; removed once, it is unknown. */
    CHECK_OK(navcore_apply(nav, PUSH, NULL));
    CHECK(a.calls == 1);
    CHECK_OK(navcore_unsubscribe(nav, id_a));
    CHECK_STATUS(navcore_unsubscribe(nav, id_a), NAVCORE_EINVAL);
    CHECK_OK(navcore_apply(nav, PUSH, NULL));
    CHECK(a.calls == 1);
    navcore_navigator_free(other);
    navcore_navigator_free(nav);
}

/* ---- threads -------------------------------------------------------------- */

enum { THREADS = 4 };

/* Which worker the current thread is (1-based), for listeners to read. */
static pthread_key_t worker_key;

struct worker {
    navcore_navigator *nav;
    int index; /* 1-based */
    int pushes;
    int failures;
    int deliveries; /* transitions delivered on this thread; written by the listener */
};

/* Shared by the threaded listener: every seq it saw, and deliveries on no worker. */
struct shared {
    pthread_mutex_t lock;
    int *seq_seen; /* seq_seen[seq]: deliveries of that seq */
    int max_seq;
    int bad_seq;
    int foreign_thread;
};

static void on_transition_threaded(const char *transition_json, void *user_data)
{
    struct shared *s = user_data;
    struct worker *w = pthread_getspecific(worker_key);
    long long seq = seq_of(transition_json);

    pthread_mutex_lock(&s->lock);
    if (seq >= 1 && seq <= s->max_seq)
        s->seq_seen[seq]++;
    else
        s->bad_seq++;
    if (w == NULL)
        s->foreign_thread++;
    else
        w->deliveries++;
    pthread_mutex_unlock(&s->lock);
}

static void *push_worker(void *arg)
{
    struct worker *w = arg;
    int i;
    pthread_setspecific(worker_key, w);
    for (i = 0; i < w->pushes; i++) {
        char params[64];
        char *text = NULL;
        snprintf(params, sizeof params, "{\"id\": %d}", w->index * 100000 + i);
        if (navcore_push(w->nav, "product", params, NULL) != NAVCORE_OK)
            w->failures++;
        if (i % 50 == 0) { /* concurrent reads too */
            if (navcore_stack(w->nav, &text) != NAVCORE_OK)
                w->failures++;
            navcore_string_free(text);
        }
    }
    return NULL;
}

static int compare_ints(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/*
 * Proves one navigator serialises pushes from 4 threads: every push commits
 * once, ids are unique, seq counts them all, and each transition is
 * delivered exactly once, on the thread that made it.
 */
static void test_threads_push(void)
{
    navcore_navigator *nav = new_shop();
    struct worker workers[THREADS];
    struct shared shared;
    pthread_t threads[THREADS];
    int pushes = 1000 / scale, total = THREADS * pushes;
    int64_t id = 0;
    char *text;
    json_t *state, *entries;
    int *ids, i, unique = 1, seen_once = 1;

    memset(&shared, 0, sizeof shared);
    pthread_mutex_init(&shared.lock, NULL);
    shared.max_seq = total;
    shared.seq_seen = calloc((size_t)total + 1, sizeof *shared.seq_seen);
    CHECK(pthread_key_create(&worker_key, NULL) == 0);
    CHECK_OK(navcore_subscribe(nav, on_transition_threaded, &shared, &id));

    for (i = 0; i < THREADS; i++) {
        workers[i].nav = nav;
        workers[i].index = i + 1;
        workers[i].pushes = pushes;
        workers[i].failures = 0;
        workers[i].deliveries = 0;
        CHECK(pthread_create(&threads[i], NULL, push_worker, &workers[i]) == 0);
    }
    for (i = 0; i < THREADS; i++) {
        CHECK(pthread_join(threads[i], NULL) == 0);
        CHECK(workers[i].failures == 0);
        CHECK(workers[i].deliveries == pushes);
    }
    CHECK(shared.foreign_thread == 0);
    CHECK(shared.bad_seq == 0);
    for (i = 1; i <= total; i++)
        seen_once &= shared.seq_seen[i] == 1;
    CHECK(seen_once);

    text = state_text(nav);
    state = check_parse(text);
    entries = jpath(state, "stacks.main.entries");
    CHECK(json_array_size(entries) == (size_t)total + 1);
    CHECK(json_integer_value(jpath(state, "seq")) == total);
    CHECK(json_integer_value(jpath(state, "next_id")) == total + 2);
    ids = calloc(json_array_size(entries) + 1, sizeof *ids);
    for (i = 0; i < (int)json_array_size(entries); i++)
        ids[i] = (int)json_integer_value(json_object_get(json_array_get(entries, (size_t)i), "id"));
    qsort(ids, json_array_size(entries), sizeof *ids, compare_ints);
    for (i = 1; i < (int)json_array_size(entries); i++)
        unique &= ids[i] != ids[i - 1];
    CHECK(unique);
    CHECK(ids[0] == 1);
    CHECK(ids[total] == total + 1);

    free(ids);
    json_decref(state);
    navcore_string_free(text);
    navcore_navigator_free(nav);
    pthread_key_delete(worker_key);
    pthread_mutex_destroy(&shared.lock);
    free(shared.seq_seen);
}

struct error_worker {
    navcore_navigator *nav;
    const char *route; /* an unknown route name this thread pushes */
    const char *other; /* the other thread's route name */
    int rounds;
    int initial_empty;
    int mismatches;
};

static void *error_worker(void *arg)
{
    struct error_worker *w = arg;
    int i;
    w->initial_empty = strcmp(navcore_last_error_message(), "") == 0;
    for (i = 0; i < w->rounds; i++) {
        const char *message;
        if (navcore_push(w->nav, w->route, NULL, NULL) != NAVCORE_EROUTE)
            w->mismatches++;
        message = navcore_last_error_message();
        if (strstr(message, w->route) == NULL || strstr(message, w->other) != NULL)
            w->mismatches++;
    }
    return NULL;
}

/*
 * Proves the last error is per thread: a new thread starts with "", and two
 * threads failing at once each read only their own message, while the main
 * thread's message survives both.
 */
static void test_last_error_is_thread_local(void)
{
    navcore_navigator *nav = new_shop();
    struct error_worker a = {0}, b = {0};
    pthread_t ta, tb;

    CHECK_STATUS(navcore_push(nav, "mainroute", NULL, NULL), NAVCORE_EROUTE);
    a.nav = b.nav = nav;
    a.route = "alpharoute";
    a.other = "betaroute";
    b.route = "betaroute";
    b.other = "alpharoute";
    a.rounds = b.rounds = 1000 / scale;
    CHECK(pthread_create(&ta, NULL, error_worker, &a) == 0);
    CHECK(pthread_create(&tb, NULL, error_worker, &b) == 0);
    CHECK(pthread_join(ta, NULL) == 0);
    CHECK(pthread_join(tb, NULL) == 0);
    CHECK(a.initial_empty);
    CHECK(b.initial_empty);
    CHECK(a.mismatches == 0);
    CHECK(b.mismatches == 0);
    CHECK_CONTAINS(navcore_last_error_message(), "mainroute");
    navcore_navigator_free(nav);
}

int main(void)
{
    const char *env = getenv("NAVCORE_TEST_SCALE");
    if (env != NULL && atoi(env) > 1)
        scale = atoi(env);

    test_subscribe();
    test_delivery_order();
    test_reentrant_read();
    test_reentrant_apply();
    test_cascade_limit();
    test_subscription_changes_inside_listener();
    test_subscription_errors();
    test_threads_push();
    test_last_error_is_thread_local();
    return check_summary();
}
