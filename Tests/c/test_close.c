/*
 * test_close.c - closing a navigator and ending what it holds: each
 * subscription kind's and the guard's destroy function is called exactly
 * once, when it ends (unsubscribe, the guard replaced, the navigator freed
 * with live subscriptions, a call that fails); navcore_navigator_free() from
 * a listener or guard mid-call, and from another thread during a call, lets
 * the call finish, refuses the navigator's later calls with "navigator
 * closed", and frees the rest when that call returns.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "navcore.h"

static const char SHOP[] =
    "{\"navcore\": 1, \"root\": \"home\", \"routes\": {"
    "\"home\": {}, \"product\": {\"params\": {\"id\": \"int\"}}}}";

static navcore_navigator *new_shop(void)
{
    navcore_navigator *nav = NULL;
    CHECK_OK(navcore_navigator_new(SHOP, &nav));
    return nav;
}

/* What one subscription or guard saw: its calls, its destroys, and the thread of the last destroy. */
struct tally {
    int calls;
    int destroyed;
    int calls_after_destroy;
    pthread_t destroyed_on;
};

static void count_destroy(void *user_data)
{
    struct tally *tally = user_data;
    tally->destroyed++;
    tally->destroyed_on = pthread_self();
}

static void count_call(const char *document_json, void *user_data)
{
    struct tally *tally = user_data;
    (void)document_json;
    tally->calls++;
    if (tally->destroyed)
        tally->calls_after_destroy++;
}

static int allow(const char *proposal_json, navcore_guard_decision *decision, void *user_data)
{
    (void)decision;
    count_call(proposal_json, user_data);
    return NAVCORE_OK;
}

static int push_product(navcore_navigator *nav)
{
    return navcore_push(nav, "product", "{\"id\": 1}", NULL);
}

/* A pop the blocker on the top entry holds back, so that blocked listeners hear of it. */
static void hold_back_a_pop(navcore_navigator *nav)
{
    CHECK_OK(push_product(nav));
    CHECK_OK(navcore_set_blocker(nav, 2, "unsaved", NULL));
    CHECK_STATUS(navcore_pop(nav, 1, NULL), NAVCORE_EBLOCKED);
}

/* One subscription of each kind, ended by navcore_unsubscribe(): destroyed then, once, and never called again. */
static void test_unsubscribe_destroys_once(void)
{
    navcore_navigator *nav = new_shop();
    struct tally transition = {0}, view = {0}, blocked = {0};
    int64_t ids[3];
    CHECK_OK(navcore_subscribe_with_destroy(nav, count_call, &transition, count_destroy, &ids[0]));
    CHECK_OK(navcore_subscribe_view_with_destroy(nav, count_call, &view, count_destroy, &ids[1]));
    CHECK_OK(navcore_subscribe_blocked_with_destroy(nav, count_call, &blocked, count_destroy, &ids[2]));
    hold_back_a_pop(nav);
    CHECK(transition.calls == 1 && view.calls >= 2 && blocked.calls == 1);
    CHECK(transition.destroyed == 0 && view.destroyed == 0 && blocked.destroyed == 0);
    for (int i = 0; i < 3; i++)
        CHECK_OK(navcore_unsubscribe(nav, ids[i]));
    CHECK(transition.destroyed == 1 && view.destroyed == 1 && blocked.destroyed == 1);
    CHECK_OK(navcore_set_blocker(nav, 2, NULL, NULL));
    CHECK_OK(push_product(nav));
    CHECK_STATUS(navcore_unsubscribe(nav, ids[0]), NAVCORE_EINVAL);
    navcore_navigator_free(nav);
    CHECK(transition.destroyed == 1 && view.destroyed == 1 && blocked.destroyed == 1);
    CHECK(transition.calls_after_destroy + view.calls_after_destroy + blocked.calls_after_destroy == 0);
}

/* The guard replaced (with or without a destroy of its own) or removed: the old one's destroy, once. */
static void test_guard_replaced_destroys_once(void)
{
    navcore_navigator *nav = new_shop();
    struct tally first = {0}, second = {0}, third = {0};
    CHECK_OK(navcore_set_guard_with_destroy(nav, allow, &first, count_destroy));
    CHECK_OK(push_product(nav));
    CHECK_OK(navcore_set_guard_with_destroy(nav, allow, &second, count_destroy));
    CHECK(first.calls == 1 && first.destroyed == 1 && second.destroyed == 0);
    CHECK_OK(navcore_set_guard(nav, allow, &third));
    CHECK(second.destroyed == 1);
    CHECK_OK(push_product(nav));
    CHECK(first.calls == 1 && second.calls == 0 && third.calls == 1);
    CHECK_OK(navcore_set_guard_with_destroy(nav, allow, &first, count_destroy));
    CHECK_OK(navcore_set_guard(nav, NULL, NULL));
    CHECK(first.destroyed == 2);
    /* No guard to hold user_data: it ends at once. */
    CHECK_OK(navcore_set_guard_with_destroy(nav, NULL, &third, count_destroy));
    CHECK(third.destroyed == 1);
    navcore_navigator_free(nav);
    CHECK(first.destroyed == 2 && second.destroyed == 1 && third.destroyed == 1);
}

/* Freed with live subscriptions of every kind and a guard: each destroyed once, within the free. */
static void test_free_destroys_each_once(void)
{
    navcore_navigator *nav = new_shop();
    struct tally tallies[4] = {{0}};
    int64_t id = 0;
    CHECK_OK(navcore_subscribe_with_destroy(nav, count_call, &tallies[0], count_destroy, &id));
    CHECK_OK(navcore_subscribe_view_with_destroy(nav, count_call, &tallies[1], count_destroy, &id));
    CHECK_OK(navcore_subscribe_blocked_with_destroy(nav, count_call, &tallies[2], count_destroy, &id));
    CHECK_OK(navcore_set_guard_with_destroy(nav, allow, &tallies[3], count_destroy));
    CHECK_OK(push_product(nav));
    for (int i = 0; i < 4; i++)
        CHECK(tallies[i].destroyed == 0);
    navcore_navigator_free(nav);
    for (int i = 0; i < 4; i++)
        CHECK(tallies[i].destroyed == 1);
}

/* A call that fails still takes user_data: its destroy is called once before the call returns. */
static void test_failed_call_destroys_once(void)
{
    navcore_navigator *nav = new_shop();
    struct tally tally = {0};
    int64_t id = 0;
    CHECK_STATUS(navcore_subscribe_with_destroy(NULL, count_call, &tally, count_destroy, &id), NAVCORE_EINVAL);
    CHECK_STATUS(navcore_subscribe_view_with_destroy(nav, NULL, &tally, count_destroy, &id), NAVCORE_EINVAL);
    CHECK_STATUS(navcore_subscribe_blocked_with_destroy(nav, count_call, &tally, count_destroy, NULL), NAVCORE_EINVAL);
    CHECK_STATUS(navcore_set_guard_with_destroy(NULL, allow, &tally, count_destroy), NAVCORE_EINVAL);
    CHECK(tally.destroyed == 4);
    navcore_navigator_free(nav);
    CHECK(tally.destroyed == 4 && tally.calls == 0);
}

/* A listener that frees its navigator, then calls it, while a second listener waits its turn. */
struct closer {
    navcore_navigator *nav;
    struct tally tally;
    int after_free;          /* the status of navcore_state() after the free */
    char message[64];        /* and its message */
    int destroyed_in_call;   /* the destroys seen inside the listener, after the free */
};

static void close_and_call(const char *document_json, void *user_data)
{
    struct closer *closer = user_data;
    char *state = NULL;
    count_call(document_json, &closer->tally);
    navcore_navigator_free(closer->nav);
    closer->after_free = navcore_state(closer->nav, &state);
    snprintf(closer->message, sizeof closer->message, "%s", navcore_last_error_message());
    closer->destroyed_in_call = closer->tally.destroyed;
    navcore_string_free(state);
}

static void closer_destroy(void *user_data)
{
    count_destroy(&((struct closer *)user_data)->tally);
}

static void check_closed_inside(const struct closer *closer)
{
    CHECK(closer->tally.calls == 1);
    CHECK_STATUS(closer->after_free, NAVCORE_EINVAL);
    CHECK_STREQ(closer->message, "navigator closed");
    CHECK(closer->destroyed_in_call == 0);
    CHECK(closer->tally.destroyed == 1);
}

/* Freed by a transition listener mid-delivery: the push finishes, the later listener is not called. */
static void test_free_from_listener(void)
{
    struct closer closer = {0};
    struct tally later = {0};
    char *out = NULL;
    int64_t id = 0;
    closer.nav = new_shop();
    CHECK_OK(navcore_subscribe_with_destroy(closer.nav, close_and_call, &closer, closer_destroy, &id));
    CHECK_OK(navcore_subscribe_with_destroy(closer.nav, count_call, &later, count_destroy, &id));
    CHECK_OK(navcore_push(closer.nav, "product", "{\"id\": 1}", &out));
    CHECK_CONTAINS(out, "\"seq\":1");
    navcore_string_free(out);
    check_closed_inside(&closer);
    CHECK(later.calls == 0 && later.destroyed == 1);
}

/* Freed by a view listener, and by a blocked listener, mid-delivery. */
static void test_free_from_view_and_blocked_listeners(void)
{
    struct closer view = {0}, blocked = {0};
    int64_t id = 0;
    view.nav = new_shop();
    CHECK_OK(navcore_subscribe_view_with_destroy(view.nav, close_and_call, &view, closer_destroy, &id));
    check_closed_inside(&view);

    blocked.nav = new_shop();
    CHECK_OK(navcore_subscribe_blocked_with_destroy(blocked.nav, close_and_call, &blocked, closer_destroy, &id));
    CHECK_OK(push_product(blocked.nav));
    CHECK_OK(navcore_set_blocker(blocked.nav, 2, "unsaved", NULL));
    CHECK_STATUS(navcore_pop(blocked.nav, 1, NULL), NAVCORE_EBLOCKED);
    check_closed_inside(&blocked);
}

static int close_from_guard(const char *proposal_json, navcore_guard_decision *decision, void *user_data)
{
    (void)decision;
    close_and_call(proposal_json, user_data);
    return NAVCORE_OK;
}

/* Freed by its guard: the judged call finishes, with the guard's answer. */
static void test_free_from_guard(void)
{
    struct closer closer = {0};
    closer.nav = new_shop();
    CHECK_OK(navcore_set_guard_with_destroy(closer.nav, close_from_guard, &closer, closer_destroy));
    CHECK_OK(push_product(closer.nav));
    check_closed_inside(&closer);
}

/* Two threads: a call on one waits inside its listener or guard while the other frees the navigator. */
struct handoff {
    navcore_navigator *nav;
    pthread_mutex_t mutex;
    pthread_cond_t changed;
    int inside;              /* the call's callback is running */
    int freed;               /* navcore_navigator_free() has returned */
    int call_status;         /* the status of the call on the second thread */
    int after_free;          /* the status of navcore_state() from the callback, after the free */
    char message[64];
    struct tally tally;
};

static void wait_for(struct handoff *handoff, int *flag)
{
    pthread_mutex_lock(&handoff->mutex);
    while (!*flag)
        pthread_cond_wait(&handoff->changed, &handoff->mutex);
    pthread_mutex_unlock(&handoff->mutex);
}

static void raise_flag(struct handoff *handoff, int *flag)
{
    pthread_mutex_lock(&handoff->mutex);
    *flag = 1;
    pthread_cond_broadcast(&handoff->changed);
    pthread_mutex_unlock(&handoff->mutex);
}

/* The callback on the second thread: says it is inside, waits for the free, then calls the navigator. */
static void wait_out_the_free(struct handoff *handoff)
{
    char *state = NULL;
    handoff->tally.calls++;
    raise_flag(handoff, &handoff->inside);
    wait_for(handoff, &handoff->freed);
    handoff->after_free = navcore_state(handoff->nav, &state);
    snprintf(handoff->message, sizeof handoff->message, "%s", navcore_last_error_message());
    navcore_string_free(state);
}

static void waiting_listener(const char *document_json, void *user_data)
{
    (void)document_json;
    wait_out_the_free(user_data);
}

static int waiting_guard(const char *proposal_json, navcore_guard_decision *decision, void *user_data)
{
    (void)proposal_json;
    (void)decision;
    wait_out_the_free(user_data);
    return NAVCORE_OK;
}

static void handoff_destroy(void *user_data)
{
    count_destroy(&((struct handoff *)user_data)->tally);
}

static void *push_on_second_thread(void *arg)
{
    struct handoff *handoff = arg;
    handoff->call_status = push_product(handoff->nav);
    return NULL;
}

/* Frees the navigator from this thread while the second thread's push waits in a listener or the guard. */
static void test_free_from_another_thread(int in_guard)
{
    struct handoff handoff;
    pthread_t thread;
    int64_t id = 0;
    memset(&handoff, 0, sizeof handoff);
    pthread_mutex_init(&handoff.mutex, NULL);
    pthread_cond_init(&handoff.changed, NULL);
    handoff.nav = new_shop();
    if (in_guard)
        CHECK_OK(navcore_set_guard_with_destroy(handoff.nav, waiting_guard, &handoff, handoff_destroy));
    else
        CHECK_OK(navcore_subscribe_with_destroy(handoff.nav, waiting_listener, &handoff, handoff_destroy, &id));
    if (!CHECK(pthread_create(&thread, NULL, push_on_second_thread, &handoff) == 0))
        return;
    wait_for(&handoff, &handoff.inside);
    navcore_navigator_free(handoff.nav);
    /* The destroy waits for the call that is running the callback. */
    pthread_mutex_lock(&handoff.mutex);
    int destroyed_before = handoff.tally.destroyed;
    pthread_mutex_unlock(&handoff.mutex);
    raise_flag(&handoff, &handoff.freed);
    pthread_join(thread, NULL);
    CHECK(destroyed_before == 0);
    CHECK_OK(handoff.call_status);
    CHECK_STATUS(handoff.after_free, NAVCORE_EINVAL);
    CHECK_STREQ(handoff.message, "navigator closed");
    CHECK(handoff.tally.calls == 1 && handoff.tally.destroyed == 1);
    CHECK(pthread_equal(handoff.tally.destroyed_on, thread));
    pthread_cond_destroy(&handoff.changed);
    pthread_mutex_destroy(&handoff.mutex);
}

int main(void)
{
    test_unsubscribe_destroys_once();
    test_guard_replaced_destroys_once();
    test_free_destroys_each_once();
    test_failed_call_destroys_once();
    test_free_from_listener();
    test_free_from_view_and_blocked_listeners();
    test_free_from_guard();
    test_free_from_another_thread(0);
    test_free_from_another_thread(1);
    return check_summary();
}
