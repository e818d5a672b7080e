/*
 * test_view_subscription.c - navcore_subscribe_view(): the view model once at
 * subscription, then after every call that changes it (a blocker mark and
 * saved state too, which transition listeners do not hear), never for a call
 * that leaves it as it was; a view listener's own change is delivered after
 * its round; unsubscribing ends it. Each delivery after a change says how to
 * animate it (animation), and a delivery for a mark keeps the change's seq.
 */
#include <string.h>

#include "check.h"
#include "navcore.h"

static const char TABLE[] =
    "{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {\"title\": \"Home\"},"
    " \"product\": {\"params\": {\"id\": \"int\"}, \"title\": \"Product {id}\"}}}";

/* What one view listener saw: how many calls, the last document, and a push to make once. */
struct seen {
    int calls;
    json_t *last;
    navcore_navigator *pushes_on;
    int push_status;
};

static void view_listener(const char *view, void *user_data)
{
    struct seen *seen = user_data;
    seen->calls++;
    json_decref(seen->last);
    seen->last = json_loads(view, 0, NULL);
    if (seen->pushes_on != NULL) {
        navcore_navigator *nav = seen->pushes_on;
        seen->pushes_on = NULL;
        seen->push_status = navcore_push(nav, "product", "{\"id\": 9}", NULL);
    }
}

static int transitions;

static void transition_listener(const char *transition, void *user_data)
{
    (void)transition;
    (void)user_data;
    transitions++;
}

int main(void)
{
    navcore_navigator *nav = NULL;
    struct seen seen = {0, NULL, NULL, 0}, other = {0, NULL, NULL, 0};
    int64_t id = 0, other_id = 0, transition_id = 0;

    CHECK_OK(navcore_navigator_new(TABLE, &nav));
    CHECK_OK(navcore_subscribe(nav, transition_listener, NULL, &transition_id));
    CHECK_OK(navcore_subscribe_view(nav, view_listener, &seen, &id));
    CHECK(id > transition_id);
    CHECK(seen.calls == 1);
    CHECK_JSON(jpath(seen.last, "layers.0.title"), "\"Home\"");

    CHECK_OK(navcore_push(nav, "product", "{\"id\": 1}", NULL));
    CHECK(seen.calls == 2 && transitions == 1);
    CHECK_JSON(jpath(seen.last, "layers.0.title"), "\"Product 1\"");
    CHECK_JSON(jpath(seen.last, "announcement"), "\"Product 1\"");
    CHECK_JSON(jpath(seen.last, "animation"), "{\"seq\": 1, \"steps\": [{\"kind\": \"push\", \"stack\": \"main\", \"popped\": 0,"
                                              " \"pushed\": [{\"id\": 2, \"name\": \"product\", \"params\": {\"id\": 1}, \"title\": \"Product 1\"}]}]}");

    /* A mark changes no stack: no transition, but the view's Back says it will ask. */
    CHECK_OK(navcore_set_blocker(nav, 2, "Unsaved review", NULL));
    CHECK(seen.calls == 3 && transitions == 1);
    CHECK_JSON(jpath(seen.last, "layers.0.back.blocked.reason"), "\"Unsaved review\"");
    CHECK_JSON(jpath(seen.last, "animation.seq"), "1");
    CHECK_OK(navcore_set_entry_state(nav, 2, "{\"scroll\": 4}", NULL));
    CHECK(seen.calls == 4 && transitions == 1);
    CHECK_JSON(jpath(seen.last, "layers.0.entries.1.state"), "{\"scroll\": 4}");

    /* A call that leaves the view model as it was calls nothing; a failed one neither. */
    CHECK_OK(navcore_set_entry_state(nav, 2, "{\"scroll\": 4}", NULL));
    CHECK(navcore_push(nav, "nowhere", NULL, NULL) == NAVCORE_EROUTE);
    CHECK(seen.calls == 4);

    /* A second view listener, whose own push is delivered after its round to both. */
    other.pushes_on = nav;
    CHECK_OK(navcore_subscribe_view(nav, view_listener, &other, &other_id));
    CHECK(other.push_status == NAVCORE_OK);
    CHECK(other.calls == 2 && seen.calls == 5);
    CHECK_JSON(jpath(other.last, "layers.0.title"), "\"Product 9\"");
    CHECK_JSON(jpath(seen.last, "layers.0.title"), "\"Product 9\"");

    CHECK_OK(navcore_unsubscribe(nav, other_id));
    CHECK_OK(navcore_set_blocker(nav, 2, NULL, NULL));
    CHECK(other.calls == 2 && seen.calls == 6);
    CHECK_OK(navcore_unsubscribe(nav, id));
    CHECK(navcore_unsubscribe(nav, id) == NAVCORE_EINVAL);
    CHECK_OK(navcore_pop(nav, 1, NULL));
    CHECK(seen.calls == 6);

    CHECK(navcore_subscribe_view(NULL, view_listener, NULL, &id) == NAVCORE_EINVAL);
    CHECK(navcore_subscribe_view(nav, NULL, NULL, &id) == NAVCORE_EINVAL);
    CHECK(navcore_subscribe_view(nav, view_listener, NULL, NULL) == NAVCORE_EINVAL);
    json_decref(seen.last);
    json_decref(other.last);
    navcore_navigator_free(nav);
    return check_summary();
}
