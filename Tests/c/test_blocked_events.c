/*
 * test_blocked_events.c - navcore_subscribe_blocked(): every call a blocker
 * holds back first tells the blocked listeners, with the token, whoever made
 * it; the failing call keeps its own status and message though the listener
 * called navcore; the token the listener kept proceeds later; and
 * navcore_last_blocked_copy() outlives the next call.
 */
#include <string.h>

#include "check.h"
#include "navcore.h"

static const char TABLE[] =
    "{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {\"title\": \"Home\"},"
    " \"draft\": {\"title\": \"Draft\"}},"
    " \"links\": [{\"url\": \"app://home\", \"stack\": []}]}";

/* What the blocked listener saw, and the navigator it reads during the call. */
struct dialog {
    int calls;
    json_t *last;
    navcore_navigator *nav;
};

static void blocked_listener(const char *blocked, void *user_data)
{
    struct dialog *dialog = user_data;
    char *state = NULL;
    dialog->calls++;
    json_decref(dialog->last);
    dialog->last = json_loads(blocked, 0, NULL);
    /* A call of its own, which succeeds and clears the thread's error state. */
    if (navcore_state(dialog->nav, &state) == NAVCORE_OK) navcore_string_free(state);
}

int main(void)
{
    navcore_navigator *nav = NULL;
    struct dialog dialog = {0, NULL, NULL};
    int64_t id = 0;
    char *copy = NULL;
    json_t *kept;

    CHECK_OK(navcore_navigator_new(TABLE, &nav));
    dialog.nav = nav;
    CHECK_OK(navcore_push(nav, "draft", NULL, NULL));
    CHECK_OK(navcore_set_blocker(nav, 2, "Unsaved draft", NULL));
    CHECK_OK(navcore_subscribe_blocked(nav, blocked_listener, &dialog, &id));
    CHECK(dialog.calls == 0);

    /* Back, held: the listener hears first; the call still says why it failed. */
    CHECK(navcore_back(nav, NULL) == NAVCORE_EBLOCKED);
    CHECK(dialog.calls == 1);
    CHECK_JSON(jpath(dialog.last, "reason"), "\"Unsaved draft\"");
    CHECK_JSON(jpath(dialog.last, "entry.id"), "2");
    CHECK_JSON(jpath(dialog.last, "actions"), "[{\"op\": \"back\"}]");
    CHECK(strstr(navcore_last_error_message(), "holds back this change: Unsaved draft") != NULL);
    CHECK(navcore_last_blocked() != NULL);
    copy = navcore_last_blocked_copy();
    CHECK(copy != NULL && strcmp(copy, navcore_last_blocked()) == 0);

    /* A deep link held by the same draft: the same listener owns the question. */
    CHECK(navcore_open_url(nav, "app://home", NAVCORE_OPEN_DEFAULT, NULL) == NAVCORE_EBLOCKED);
    CHECK(dialog.calls == 2);
    CHECK_JSON(jpath(dialog.last, "actions.0.op"), "\"open_url\"");
    navcore_string_free(navcore_last_blocked_copy());

    /* The copy outlived later calls; its token proceeds the back the user confirmed. */
    kept = copy != NULL ? json_loads(copy, 0, NULL) : NULL;
    CHECK(kept != NULL && json_is_string(json_object_get(kept, "token")));
    if (kept != NULL) CHECK_OK(navcore_proceed(nav, json_string_value(json_object_get(kept, "token")), NULL));
    CHECK(navcore_last_blocked_copy() == NULL);
    json_decref(kept);
    navcore_string_free(copy);

    /* Not held back: nothing to hear. Unsubscribed: nothing either. */
    CHECK_OK(navcore_push(nav, "draft", NULL, NULL));
    CHECK(dialog.calls == 2);
    CHECK_OK(navcore_set_blocker(nav, 3, "Again", NULL));
    CHECK_OK(navcore_unsubscribe(nav, id));
    CHECK(navcore_back(nav, NULL) == NAVCORE_EBLOCKED);
    CHECK(dialog.calls == 2);

    CHECK(navcore_subscribe_blocked(NULL, blocked_listener, NULL, &id) == NAVCORE_EINVAL);
    CHECK(navcore_subscribe_blocked(nav, NULL, NULL, &id) == NAVCORE_EINVAL);
    CHECK(navcore_subscribe_blocked(nav, blocked_listener, NULL, NULL) == NAVCORE_EINVAL);
    json_decref(dialog.last);
    navcore_navigator_free(nav);
    return check_summary();
}
