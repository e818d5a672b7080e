/*
 * test_list_readers.c - list params (docs/links.md, "Lists") through the
 * calls whose input navcore reads without jansson when it can: the params of
 * navcore_push, the batch of navcore_apply and the snapshot of navcore_restore
 * (docs/building.md, "Where the time goes").
 *
 * A list comes back item for item, an empty one as [], and a restored
 * snapshot gives the same entries. That those texts are read by navcore's own
 * readers, not parsed by jansson, shows in jansson's allocator (replaced here
 * by a counting one, json_set_alloc_funcs): a call with a list of three items
 * makes exactly as many jansson allocations as the same call with an empty
 * list, where a jansson parse would make one more node per item.
 */
#include <stdlib.h>

#include "check.h"
#include "navcore.h"

static const char LISTS[] =
    "{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {},"
    " \"filter\": {\"params\": {\"tags\": {\"list\": \"string\"}, \"ids\": {\"list\": \"int\"}}}}}";

/* The out-parameter of a call expected to fail (EXPECT_FAIL), and what it holds before. */
static char out_sentinel[] = "untouched";
static char *out;

/* jansson allocations made since counting started. */
static long allocations;

static void *counting_malloc(size_t size)
{
    allocations++;
    return malloc(size);
}

/* The jansson allocations of a push of filter with `params`, no out-parameter. */
static long push_allocations(navcore_navigator *nav, const char *params)
{
    allocations = 0;
    CHECK_OK(navcore_push(nav, "filter", params, NULL));
    return allocations;
}

/* The jansson allocations of restoring `snapshot` into a new navigator, no out-parameter. */
static long restore_allocations(const char *snapshot)
{
    navcore_navigator *nav = NULL;
    long count;
    if (!CHECK_OK(navcore_navigator_new(LISTS, &nav)))
        return -1;
    allocations = 0;
    CHECK_OK(navcore_restore(nav, snapshot, NULL, NULL, NULL));
    count = allocations;
    navcore_navigator_free(nav);
    return count;
}

/* The snapshot of a navigator of LISTS with filter pushed with `params`. */
static char *snapshot_with(const char *params)
{
    navcore_navigator *nav = NULL;
    char *snapshot = NULL;
    if (!CHECK_OK(navcore_navigator_new(LISTS, &nav)))
        return NULL;
    CHECK_OK(navcore_push(nav, "filter", params, NULL));
    CHECK_OK(navcore_snapshot(nav, &snapshot));
    navcore_navigator_free(nav);
    return snapshot;
}

static void test_a_push_reads_its_lists_item_for_item_without_jansson(void)
{
    navcore_navigator *nav = NULL;
    json_t *state;
    long empty, three;
    if (!CHECK_OK(navcore_navigator_new(LISTS, &nav)))
        return;
    empty = push_allocations(nav, "{\"tags\": [], \"ids\": []}");
    three = push_allocations(nav, "{\"tags\": [\"a b\", \"caf\xc3\xa9\", \"\"], \"ids\": [3, -1, 3]}");
    CHECK(three == empty);
    state = state_json(nav);
    CHECK_JSON(jpath(state, "stacks.main.entries.1.params"), "{\"tags\": [], \"ids\": []}");
    CHECK_JSON(jpath(state, "stacks.main.entries.2.params"),
               "{\"tags\": [\"a b\", \"caf\xc3\xa9\", \"\"], \"ids\": [3, -1, 3]}");
    json_decref(state);
    /* An item that does not convert is refused, naming it, whichever reader read it. */
    CHECK_STATUS(navcore_push(nav, "filter", "{\"ids\": [1, \"2\"]}", NULL), NAVCORE_EPARAMS);
    CHECK_CONTAINS(navcore_last_error_message(), "item 1");
    navcore_navigator_free(nav);
}

/* The jansson allocations of applying `batch`, and its transition in `out`. */
static long apply_allocations(navcore_navigator *nav, const char *batch, char **out)
{
    allocations = 0;
    CHECK_OK(navcore_apply(nav, batch, out));
    return allocations;
}

/* Checks that `transition` pushed filter with the tags ["a"], and frees it. */
static void check_pushed_tags(char *transition)
{
    json_t *t = check_parse(transition);
    CHECK_JSON(jpath(t, "stacks.main.added.0.params"), "{\"tags\": [\"a\"], \"ids\": []}");
    CHECK_JSON(jpath(t, "results"), "[\"pushed\"]");
    json_decref(t);
    navcore_string_free(transition);
}

static void test_a_batch_is_read_without_jansson_to_the_same_change(void)
{
    navcore_navigator *nav = NULL;
    char *read = NULL, *parsed = NULL;
    if (!CHECK_OK(navcore_navigator_new(LISTS, &nav)))
        return;
    /* op first: navcore's reader; op last: jansson. The same change either way. */
    CHECK(apply_allocations(nav, "[{\"op\": \"push\", \"route\": {\"name\": \"filter\","
                                 " \"params\": {\"tags\": [\"a\"], \"ids\": [1, 2]}}}, {\"op\": \"pop\", \"count\": 1}]",
                            NULL) == 0);
    CHECK(apply_allocations(nav, "[{\"route\": {\"name\": \"filter\", \"params\": {\"tags\": [\"a\"]}}, \"op\": \"push\"}]",
                            &parsed) > 0);
    CHECK_OK(navcore_pop(nav, 1, NULL));
    apply_allocations(nav, "{\"op\": \"push\", \"route\": {\"name\": \"filter\", \"params\": {\"tags\": [\"a\"]}}}", &read);
    /* The entries' ids differ; the routes, params and what happened do not. */
    check_pushed_tags(read);
    check_pushed_tags(parsed);
    /* An item that does not convert is refused, naming it, whichever reader read the batch;
     * a batch the reader leaves to jansson keeps jansson's error and its place. Each refused
     * batch changes nothing. */
    EXPECT_FAIL(nav, navcore_apply(nav, "[{\"op\": \"push\", \"route\": {\"name\": \"filter\", \"params\": {\"ids\": [1, \"2\"]}}}]", &out),
                NAVCORE_EPARAMS, "item 1");
    EXPECT_FAIL(nav, navcore_apply(nav, "[{\"op\": \"pop\", \"count\": 1, \"count\": 2}]", &out), NAVCORE_EJSON,
                "duplicate object key");
    EXPECT_FAIL(nav, navcore_apply(nav, "[{\"op\": \"pop\", \"count\": \"1\"}]", &out), NAVCORE_EACTION, "actions[0].count");
    navcore_navigator_free(nav);
}

static void test_a_snapshot_with_lists_restores_item_for_item_without_jansson(void)
{
    char *empty = snapshot_with("{\"tags\": [], \"ids\": []}");
    char *three = snapshot_with("{\"tags\": [\"x\", \"y\", \"\xf0\x9f\x98\x80\"], \"ids\": [1, 2, 3]}");
    navcore_navigator *nav = NULL;
    char *again = NULL;
    if (empty == NULL || three == NULL)
        return;
    CHECK(restore_allocations(three) == restore_allocations(empty));
    if (CHECK_OK(navcore_navigator_new(LISTS, &nav))) {
        CHECK_OK(navcore_restore(nav, three, NULL, NULL, NULL));
        CHECK_OK(navcore_snapshot(nav, &again));
        CHECK_STREQ(again, three);
        navcore_string_free(again);
        navcore_navigator_free(nav);
    }
    navcore_string_free(empty);
    navcore_string_free(three);
}

int main(void)
{
    json_set_alloc_funcs(counting_malloc, free);
    test_a_push_reads_its_lists_item_for_item_without_jansson();
    test_a_batch_is_read_without_jansson_to_the_same_change();
    test_a_snapshot_with_lists_restores_item_for_item_without_jansson();
    return check_summary();
}
