/*
 * test_convenience.c - the convenience calls of pop_to, replace, reset_tab,
 * reset_all, select and set_entry_state: each does what its action does, and
 * wrong input gets its status with nothing changed. select takes an instance
 * of a sidebar route with params, and the view model names it.
 */
#include "check.h"
#include "navcore.h"

/* The out-parameter of the call under test; EXPECT_FAIL (check.h) presets it to a sentinel. */
static char out_sentinel[] = "untouched";
static char *out;

static const char TABS[] =
    "{\"navcore\": 1, \"routes\": {\"home\": {}, \"cart\": {}, \"product\": {\"params\": {\"id\": \"int\"}}},"
    " \"tabs\": [{\"name\": \"shop\", \"root\": \"home\"}, {\"name\": \"cart\", \"root\": \"cart\"}]}";
static const char SPLIT[] =
    "{\"navcore\": 1, \"root\": \"inbox\", \"routes\": {\"inbox\": {}, \"sent\": {}, \"mail\": {}},"
    " \"split\": {\"sidebar\": [\"inbox\", \"sent\"]}}";
/* A sidebar route with params: one mailbox(id) per folder. */
static const char MAILBOXES[] =
    "{\"navcore\": 1, \"root\": \"inbox\", \"routes\": {\"inbox\": {},"
    " \"mailbox\": {\"params\": {\"id\": \"int\"}, \"title\": \"Mailbox {id}\"}},"
    " \"split\": {\"sidebar\": [\"inbox\", \"mailbox\"]}}";

/* The number of entries on nav's active stack. */
static size_t depth(const navcore_navigator *nav)
{
    char *text = NULL;
    json_t *stack;
    size_t n = 0;
    if (CHECK_OK(navcore_stack(nav, &text)) && (stack = check_parse(text)) != NULL) {
        n = json_array_size(json_object_get(stack, "entries"));
        json_decref(stack);
    }
    navcore_string_free(text);
    return n;
}

int main(void)
{
    navcore_navigator *nav = NULL, *split = NULL;
    json_t *state, *model;
    char *text = NULL;

    CHECK_OK(navcore_navigator_new(TABS, &nav));
    CHECK_OK(navcore_push(nav, "product", "{\"id\": 1}", NULL));
    CHECK_OK(navcore_push(nav, "product", "{\"id\": 2}", NULL));
    CHECK_OK(navcore_replace(nav, "product", "{\"id\": 3}", NULL));
    /* home 1, cart 2, product 1 is 3, product 2 (4) was replaced by product 3, id 5. */
    CHECK_OK(navcore_set_entry_state(nav, 5, "{\"scroll\": 10}", NULL));
    state = state_json(nav);
    CHECK_JSON(jpath(state, "stacks.shop.entries.2.state"), "{\"scroll\": 10}");
    CHECK_JSON(jpath(state, "stacks.shop.entries.2.params"), "{\"id\": 3}");
    json_decref(state);
    CHECK_OK(navcore_set_entry_state(nav, 5, NULL, NULL));
    CHECK_OK(navcore_pop_to(nav, 3, 0, NULL));
    CHECK(depth(nav) == 2);
    CHECK_OK(navcore_reset_tab(nav, NULL, NULL));
    CHECK(depth(nav) == 1);
    CHECK_OK(navcore_select_tab(nav, "cart", NULL));
    CHECK_OK(navcore_reset_all(nav, NULL));
    state = state_json(nav);
    CHECK_JSON(jpath(state, "selected_tab"), "\"shop\"");
    json_decref(state);

    EXPECT_FAIL(nav, navcore_pop_to(nav, 99, 0, &out), NAVCORE_ENOENTRY, "actions[0].id");
    EXPECT_FAIL(nav, navcore_replace(nav, NULL, NULL, &out), NAVCORE_EINVAL, "name");
    EXPECT_FAIL(nav, navcore_replace(nav, "home", NULL, &out), NAVCORE_ENOENTRY, "no entry above the root");
    EXPECT_FAIL(nav, navcore_reset_tab(nav, "nope", &out), NAVCORE_ETAB, "unknown tab \"nope\"");
    EXPECT_FAIL(nav, navcore_set_entry_state(nav, 1, "{bad", &out), NAVCORE_EJSON, "");
    EXPECT_FAIL(nav, navcore_set_entry_state(nav, 99, "1", &out), NAVCORE_ENOENTRY, "no entry with id 99");
    EXPECT_FAIL(nav, navcore_select(nav, "inbox", NULL, &out), NAVCORE_EACTION, "select needs a split layout");
    EXPECT_FAIL(nav, navcore_reset_all(NULL, &out), NAVCORE_EINVAL, "nav");

    CHECK_OK(navcore_navigator_new(SPLIT, &split));
    CHECK_OK(navcore_select(split, "sent", NULL, NULL));
    state = state_json(split);
    CHECK_JSON(jpath(state, "stacks.detail.entries.0.name"), "\"sent\"");
    json_decref(state);
    navcore_navigator_free(split);

    CHECK_OK(navcore_navigator_new(MAILBOXES, &split));
    CHECK_OK(navcore_select(split, "mailbox", "{\"id\": 7}", NULL));
    CHECK_OK(navcore_view_model(split, &text));
    if ((model = check_parse(text)) != NULL) {
        CHECK_JSON(jpath(model, "sidebar.items.1"), "{\"name\": \"mailbox\", \"title\": \"Mailbox \", \"params\": true}");
        CHECK_JSON(jpath(model, "sidebar.selected"), "\"mailbox\"");
        CHECK_JSON(jpath(model, "sidebar.selected_route"), "{\"name\": \"mailbox\", \"params\": {\"id\": 7}, \"title\": \"Mailbox 7\"}");
        json_decref(model);
    }
    navcore_string_free(text);
    CHECK_OK(navcore_select(split, "mailbox", "{\"id\": 8}", NULL));
    state = state_json(split);
    CHECK_JSON(jpath(state, "stacks.detail.entries.0.params"), "{\"id\": 8}");
    json_decref(state);
    EXPECT_FAIL(split, navcore_select(split, "mailbox", "{\"id\": \"x\"}", &out), NAVCORE_EPARAMS, "actions[0].route.params.id");
    navcore_navigator_free(split);
    navcore_navigator_free(nav);
    return check_summary();
}
