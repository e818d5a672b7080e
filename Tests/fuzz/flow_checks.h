/*
 * flow_checks.h - the invariants fuzz_flow checks on the state after every
 * step, and on what a successful change said about itself.
 */
#ifndef NAVCORE_FUZZ_FLOW_CHECKS_H
#define NAVCORE_FUZZ_FLOW_CHECKS_H

#include "flow.h"

/* What the visitor of flow_check_conditions needs. */
struct requires_check {
    const struct flow *flow;
    json_t *conditions;
    const char *state_text;
};

/* Fails when one of the conditions in requires (a JSON array of names) is false. */
static inline void flow_check_requires(const struct requires_check *check, json_t *requires, const char *what)
{
    json_t *name;
    size_t i;
    json_array_foreach(requires, i, name) {
        if (!json_is_true(json_object_get(check->conditions, json_string_value(name))))
            fuzz_fail("%s needs \"%s\", which is false\nstate: %.600s", what, json_string_value(name),
                      check->state_text);
    }
}

/* The requires of a route of the table (a JSON array, possibly NULL). */
static inline json_t *flow_route_requires(const struct flow *flow, const char *route)
{
    return json_object_get(json_object_get(json_object_get(flow->table_doc, "routes"), route), "requires");
}

/* fuzz_each_entry's visitor: an entry's route needs only true conditions. */
static inline void flow_check_entry_requires(json_t *entry, void *context)
{
    const struct requires_check *check = context;
    const char *name = json_string_value(json_object_get(entry, "name"));
    char what[160];
    snprintf(what, sizeof what, "entry %lld (\"%s\")", (long long)json_integer_value(json_object_get(entry, "id")),
             name == NULL ? "" : name);
    flow_check_requires(check, flow_route_requires(check->flow, name == NULL ? "" : name), what);
}

/* A tab of the table needs only true conditions: its own requires and its root's. */
static inline void flow_check_tab_requires(const struct requires_check *check, const char *tab, const char *what)
{
    json_t *declared;
    size_t i;
    json_array_foreach(json_object_get(check->flow->table_doc, "tabs"), i, declared) {
        const char *name = json_string_value(json_object_get(declared, "name"));
        if (tab != NULL && name != NULL && strcmp(name, tab) == 0) {
            flow_check_requires(check, json_object_get(declared, "requires"), what);
            flow_check_requires(check,
                                flow_route_requires(check->flow, json_string_value(json_object_get(declared, "root"))),
                                what);
        }
    }
}

/*
 * No screen that needs a false condition is shown (docs/guarantees.md, 7): no
 * entry of any stack or layer has a route that requires a false condition, no
 * selected tab or tab of the history requires one, and a pending intent waits
 * for a false condition with its flow's layer up.
 */
static inline void flow_check_conditions(const struct flow *flow, json_t *state, const char *state_text)
{
    struct requires_check check = {flow, json_object_get(state, "conditions"), state_text};
    json_t *pending = json_object_get(state, "pending"), *tab, *layer;
    size_t i;
    int flow_up = 0;
    fuzz_each_entry(state, flow_check_entry_requires, &check);
    flow_check_tab_requires(&check, json_string_value(json_object_get(state, "selected_tab")), "the selected tab");
    json_array_foreach(json_object_get(state, "tab_history"), i, tab)
        flow_check_tab_requires(&check, json_string_value(tab), "a tab of the history");
    if (pending == NULL)
        return;
    if (json_is_true(json_object_get(check.conditions, json_string_value(json_object_get(pending, "condition")))))
        fuzz_fail("the pending intent waits for a condition that is true\nstate: %.600s", state_text);
    json_array_foreach(json_object_get(state, "presentations"), i, layer)
        flow_up |= json_equal(json_object_get(layer, "stack"), json_object_get(pending, "flow"));
    if (!flow_up)
        fuzz_fail("the pending intent's flow is not presented\nstate: %.600s", state_text);
}

/* The view model's top layer shows the active stack's top entry. */
static inline void flow_check_view_model(const struct flow *flow)
{
    char *view = NULL, *stack = NULL;
    json_t *view_doc, *stack_doc, *layers, *top, *entries;
    int rc = navcore_view_model(flow->nav, &view);
    if (rc != NAVCORE_OK || (rc = navcore_stack(flow->nav, &stack)) != NAVCORE_OK)
        fuzz_fail("navcore_view_model or navcore_stack returned %s: %s", navcore_status_string(rc),
                  navcore_last_error_message());
    view_doc = fuzz_parse(view, "the view model");
    stack_doc = fuzz_parse(stack, "the stack");
    layers = json_object_get(view_doc, "layers");
    entries = json_object_get(stack_doc, "entries");
    top = json_array_get(layers, json_array_size(layers) - 1);
    if (top == NULL || json_array_size(entries) == 0 ||
        !json_equal(json_object_get(top, "stack"), json_object_get(stack_doc, "stack")) ||
        !json_equal(json_object_get(top, "id"), json_object_get(json_array_get(entries, json_array_size(entries) - 1), "id")))
        fuzz_fail("the view model's top layer is not the stack's top\nview model: %.400s\nstack: %.400s", view, stack);
    json_decref(view_doc);
    json_decref(stack_doc);
    navcore_string_free(view);
    navcore_string_free(stack);
}

/* fuzz_each_entry's visitor for flow_masked: drops what an entry carries beside its route. */
static inline void flow_drop_annotations(json_t *entry, void *unused)
{
    (void)unused;
    json_object_del(entry, "state");
    json_object_del(entry, "blocker");
    json_object_del(entry, "result");
}

/* A copy of the state without seq, next_id and the entries' annotations (saved
 * state, blocker, result): what "changed" speaks of. */
static inline json_t *flow_masked(json_t *state)
{
    json_t *copy = json_deep_copy(state);
    json_object_del(copy, "seq");
    json_object_del(copy, "next_id");
    fuzz_each_entry(copy, flow_drop_annotations, NULL);
    return copy;
}

/*
 * seq and deliveries follow "changed": a change that says it changed
 * something raised seq by one, was delivered once with the caller's text and
 * changed the state beyond its entries' annotations or handed a result; one
 * that says it did not kept seq, was delivered to no one, and changed at most
 * annotations. An annotation alone (set_blocker, set_entry_state, take_result)
 * changes nothing.
 */
static inline void flow_check_changed(const struct flow *flow, json_t *before, json_t *after, const char *transition,
                                      int delivered_before, int annotation, const char *call)
{
    json_t *doc = fuzz_parse(transition, "the transition");
    json_t *masked_before = flow_masked(before), *masked_after = flow_masked(after);
    int changed = json_is_true(json_object_get(doc, "changed"));
    /* a handed result is a change the shell hears of, though only an annotation shows it (docs/blockers.md) */
    int handed = json_array_size(json_object_get(doc, "handed")) > 0;
    int same = json_equal(masked_before, masked_after) && !handed;
    char *text_before = flow_dump(before), *text_after = flow_dump(after);
    if (json_integer_value(json_object_get(doc, "seq")) != flow_seq(after))
        fuzz_fail("%s: the transition's seq is not the state's\ntransition: %.300s\nstate: %.300s", call, transition,
                  text_after);
    if (annotation && changed)
        fuzz_fail("%s changes no stack, yet its transition says \"changed\": true: %.400s\nbefore: %.400s\nafter:  %.400s",
                  call, transition, text_before, text_after);
    if (flow_seq(after) != flow_seq(before) + changed)
        fuzz_fail("%s says \"changed\": %s but seq went from %lld to %lld: %.400s", call, changed ? "true" : "false",
                  flow_seq(before), flow_seq(after), transition);
    fuzz_check_delivery(transition, &flow->delivered, delivered_before);
    if (changed == same)
        fuzz_fail("%s says \"changed\": %s, but the state %s beyond entries' annotations\ntransition: %.400s\n"
                  "before: %.600s\nafter:  %.600s", call, changed ? "true" : "false", same ? "is the same" : "changed",
                  transition, text_before, text_after);
    free(text_before);
    free(text_after);
    json_decref(masked_before);
    json_decref(masked_after);
    json_decref(doc);
}

/*
 * The transition accounts for every result handed: an entry that holds a
 * result it did not hold before (or another value) is the last "to" of the
 * transition's "handed", with that value; an entry "handed" names that is
 * still there holds the last value handed to it (unless the batch took a result).
 */
static inline void flow_check_handed(json_t *before, json_t *after, const char *transition, const char *call)
{
    json_t *doc = fuzz_parse(transition, "the transition");
    json_t *handed = json_object_get(doc, "handed"), *was = flow_entries_by_id(before),
           *now = flow_entries_by_id(after), *entry, *hand, *last;
    const char *key;
    size_t i;
    json_object_foreach(now, key, entry) {
        json_t *result = json_object_get(entry, "result");
        json_t *old = json_object_get(json_object_get(was, key), "result");
        long long id = (long long)json_integer_value(json_object_get(entry, "id"));
        if (result == NULL || (old != NULL && json_equal(old, result)))
            continue;
        last = NULL;
        json_array_foreach(handed, i, hand) if (json_integer_value(json_object_get(hand, "to")) == id) last = hand;
        if (last == NULL || !json_equal(json_object_get(last, "value"), result))
            fuzz_fail("%s: entry %lld holds a result the transition's \"handed\" does not give it: %.400s", call, id,
                      transition);
    }
    json_array_foreach(json_object_get(doc, "results"), i, hand)
        if (json_is_string(hand) && strcmp(json_string_value(hand), "result_taken") == 0)
            handed = NULL; /* the batch took a result too: it may be one it handed */
    json_array_foreach(handed, i, hand) {
        size_t j;
        entry = flow_entry(now, (long long)json_integer_value(json_object_get(hand, "to")));
        last = hand;
        for (j = i + 1; j < json_array_size(handed); j++)
            if (json_equal(json_object_get(json_array_get(handed, j), "to"), json_object_get(hand, "to")))
                last = json_array_get(handed, j);
        if (entry != NULL && last == hand && !json_equal(json_object_get(entry, "result"), json_object_get(hand, "value")))
            fuzz_fail("%s: the transition hands a result that the entry does not hold: %.400s", call, transition);
    }
    json_decref(was);
    json_decref(now);
    json_decref(doc);
}

/* back does what its preview said: the transition's results are [result] and
 * its "after" is the preview's. */
static inline void flow_check_back(json_t *preview, const char *transition, int whole_after)
{
    json_t *doc = fuzz_parse(transition, "the transition");
    json_t *results = json_object_get(doc, "results"), *after = json_object_get(doc, "after"),
           *expected = json_object_get(preview, "after");
    char *said = flow_dump(preview);
    if (json_array_size(results) != 1 || !json_equal(json_array_get(results, 0), json_object_get(preview, "result")))
        fuzz_fail("back did not do what its preview said\npreview: %.400s\ntransition: %.400s", said, transition);
    if (whole_after ? !json_equal(after, expected)
                    : !json_equal(json_object_get(after, "stack"), json_object_get(expected, "stack")) ||
                          !json_equal(json_object_get(json_object_get(after, "top"), "id"),
                                      json_object_get(json_object_get(expected, "top"), "id")))
        fuzz_fail("back did not show what its preview said\npreview: %.400s\ntransition: %.400s", said, transition);
    free(said);
    json_decref(doc);
}

#endif
