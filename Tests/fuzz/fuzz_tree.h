/*
 * fuzz_tree.h - the invariants of the tree of containers (docs/structure.md,
 * "Nesting") that the fuzz targets check on every state they read:
 *  - every stack has entries, and every entry an id below next_id that no
 *    other entry of the tree has;
 *  - a container is named after the stack holding its entry (that stack's
 *    name for its root, else <stack>@<entry id>), its stacks are
 *    <container>/<part> with one part, a tabs container's selection and
 *    history name its own stacks, a split view has the one stack
 *    <container>/detail;
 *  - a presentation over a stack is <stack>/layer:<id of its root>, one over
 *    the whole app layer:<id of its root>;
 *  - containers nest at most NAVCORE_MAX_NESTING deep, the navigator's own
 *    level counted;
 *  - active_stack is the leaf the documented walk from the root reaches: the
 *    top presentation over the app, else the selected base stack; then, while
 *    the stack has presentations over it, the top one, or while its top entry
 *    holds a container, that container's selected tab (or its detail) stack.
 */
#ifndef NAVCORE_FUZZ_TREE_H
#define NAVCORE_FUZZ_TREE_H

#include "fuzz.h"

/* What the tree walk checks against: the state's text (for messages), next_id and the ids seen. */
struct fuzz_tree {
    const char *text;
    json_int_t next_id;
    json_t *ids; /* object: the text of each id seen */
};

/* Fails, naming what broke, with the state. */
#define FUZZ_TREE_FAIL(tree, ...)                                                       \
    do {                                                                                \
        char what_[2048];                                                               \
        snprintf(what_, sizeof what_, __VA_ARGS__);                                     \
        fuzz_fail("the tree is not as documented: %s\nstate: %.1200s", what_, (tree)->text); \
    } while (0)

static inline void fuzz_tree_check_stack(struct fuzz_tree *tree, json_t *stack, const char *name, int depth);

/* Checks a container held by entry id at position index of the stack named stack_name, at depth. */
static inline void fuzz_tree_check_container(struct fuzz_tree *tree, json_t *container, const char *stack_name,
                                             json_int_t id, size_t index, int depth)
{
    char expected[512];
    const char *name = json_string_value(json_object_get(container, "name"));
    const char *layout = json_string_value(json_object_get(container, "layout"));
    json_t *stacks = json_object_get(container, "stacks"), *stack, *tab;
    const char *key;
    size_t length, i;
    if (index == 0)
        snprintf(expected, sizeof expected, "%s", stack_name);
    else
        snprintf(expected, sizeof expected, "%s@%lld", stack_name, (long long)id);
    if (name == NULL || strcmp(name, expected) != 0)
        FUZZ_TREE_FAIL(tree, "the container of entry %lld is named \"%s\", not \"%s\"", (long long)id,
                       name != NULL ? name : "(none)", expected);
    if (depth + 1 > NAVCORE_MAX_NESTING)
        FUZZ_TREE_FAIL(tree, "container \"%s\" is %d levels deep", name, depth + 1);
    if (json_object_size(stacks) == 0)
        FUZZ_TREE_FAIL(tree, "container \"%s\" has no stacks", name);
    length = strlen(name);
    json_object_foreach(stacks, key, stack) {
        if (strncmp(key, name, length) != 0 || key[length] != '/' || key[length + 1] == '\0' ||
            strchr(key + length + 1, '/') != NULL)
            FUZZ_TREE_FAIL(tree, "container \"%s\" holds a stack named \"%s\"", name, key);
        fuzz_tree_check_stack(tree, stack, key, depth + 1);
    }
    if (layout != NULL && strcmp(layout, "tabs") == 0) {
        if (json_object_get(stacks, json_string_value(json_object_get(container, "selected_tab"))) == NULL)
            FUZZ_TREE_FAIL(tree, "container \"%s\" selects a tab it does not hold", name);
        json_array_foreach(json_object_get(container, "tab_history"), i, tab) {
            if (json_object_get(stacks, json_string_value(tab)) == NULL)
                FUZZ_TREE_FAIL(tree, "the tab history of container \"%s\" names a tab it does not hold", name);
        }
    } else if (layout != NULL && strcmp(layout, "split") == 0) {
        snprintf(expected, sizeof expected, "%s/detail", name);
        if (json_object_size(stacks) != 1 || json_object_get(stacks, expected) == NULL)
            FUZZ_TREE_FAIL(tree, "split view \"%s\" holds another stack than \"%s\"", name, expected);
    } else {
        FUZZ_TREE_FAIL(tree, "container \"%s\" has layout \"%s\"", name, layout != NULL ? layout : "(none)");
    }
}

/* Checks the presentations (an array) over the stack named over, "" for the whole app. */
static inline void fuzz_tree_check_presentations(struct fuzz_tree *tree, json_t *presentations, const char *over,
                                                 int depth)
{
    json_t *layer;
    size_t i;
    json_array_foreach(presentations, i, layer) {
        char expected[512];
        const char *name = json_string_value(json_object_get(layer, "stack"));
        json_int_t root = json_integer_value(json_object_get(json_array_get(json_object_get(layer, "entries"), 0), "id"));
        snprintf(expected, sizeof expected, "%s%slayer:%lld", over, over[0] != '\0' ? "/" : "", (long long)root);
        if (name == NULL || strcmp(name, expected) != 0)
            FUZZ_TREE_FAIL(tree, "a presentation over \"%s\" is named \"%s\", not \"%s\"", over,
                           name != NULL ? name : "(none)", expected);
        fuzz_tree_check_stack(tree, layer, name, depth);
    }
}

/* Checks a stack named name at depth: its entries, their containers, the presentations over it. */
static inline void fuzz_tree_check_stack(struct fuzz_tree *tree, json_t *stack, const char *name, int depth)
{
    json_t *entries = json_object_get(stack, "entries"), *entry, *container;
    size_t i;
    if (json_array_size(entries) == 0)
        FUZZ_TREE_FAIL(tree, "stack \"%s\" has no entries", name);
    json_array_foreach(entries, i, entry) {
        json_int_t id = json_integer_value(json_object_get(entry, "id"));
        char key[32];
        snprintf(key, sizeof key, "%lld", (long long)id);
        if (id <= 0 || id >= tree->next_id)
            FUZZ_TREE_FAIL(tree, "entry %lld on stack \"%s\" is not below next_id %lld", (long long)id, name,
                           (long long)tree->next_id);
        if (json_object_get(tree->ids, key) != NULL)
            FUZZ_TREE_FAIL(tree, "two entries have id %lld", (long long)id);
        json_object_set_new(tree->ids, key, json_true());
        container = json_object_get(entry, "container");
        if (container != NULL)
            fuzz_tree_check_container(tree, container, name, id, i, depth);
    }
    fuzz_tree_check_presentations(tree, json_object_get(stack, "presentations"), name, depth);
}

/* The name of the leaf stack the documented walk reaches from the root of state (NULL when it
 * finds no stack), and its stack object in *leaf. */
static inline const char *fuzz_tree_walk(json_t *state, json_t **leaf)
{
    json_t *layers = json_object_get(state, "presentations"), *stack;
    const char *layout = json_string_value(json_object_get(state, "layout")), *name;
    if (json_array_size(layers) > 0) {
        stack = json_array_get(layers, json_array_size(layers) - 1);
        name = json_string_value(json_object_get(stack, "stack"));
    } else {
        name = layout == NULL ? NULL
               : strcmp(layout, "tabs") == 0 ? json_string_value(json_object_get(state, "selected_tab"))
               : strcmp(layout, "split") == 0 ? "detail" : "main";
        stack = json_object_get(json_object_get(state, "stacks"), name == NULL ? "" : name);
    }
    while (stack != NULL) {
        json_t *over = json_object_get(stack, "presentations"), *entries = json_object_get(stack, "entries"), *container;
        if (json_array_size(over) > 0) {
            stack = json_array_get(over, json_array_size(over) - 1);
            name = json_string_value(json_object_get(stack, "stack"));
            continue;
        }
        container = json_object_get(json_array_get(entries, json_array_size(entries) - 1), "container");
        if (container == NULL)
            break;
        if (json_object_get(container, "selected_tab") != NULL) {
            name = json_string_value(json_object_get(container, "selected_tab"));
            stack = json_object_get(json_object_get(container, "stacks"), name);
        } else {
            const char *key;
            json_object_foreach(json_object_get(container, "stacks"), key, stack) name = key;
        }
    }
    *leaf = stack;
    return stack != NULL ? name : NULL;
}

/* Checks the tree of the state document (its text in text). */
static inline void fuzz_check_tree_doc(json_t *state, const char *text)
{
    struct fuzz_tree tree = {text, json_integer_value(json_object_get(state, "next_id")), json_object()};
    const char *active = json_string_value(json_object_get(state, "active_stack")), *walked, *name;
    json_t *stack, *leaf = NULL;
    json_object_foreach(json_object_get(state, "stacks"), name, stack) fuzz_tree_check_stack(&tree, stack, name, 1);
    fuzz_tree_check_presentations(&tree, json_object_get(state, "presentations"), "", 1);
    walked = fuzz_tree_walk(state, &leaf);
    if (walked == NULL || active == NULL || strcmp(walked, active) != 0)
        FUZZ_TREE_FAIL(&tree, "active_stack is \"%s\", but the walk from the root reaches \"%s\"",
                       active != NULL ? active : "(none)", walked != NULL ? walked : "no stack");
    json_decref(tree.ids);
}

/* Checks the tree of nav's state. */
static inline void fuzz_check_tree(const navcore_navigator *nav)
{
    char *text = fuzz_state(nav, "to check its tree");
    json_t *state = fuzz_parse(text, "the state");
    fuzz_check_tree_doc(state, text);
    json_decref(state);
    navcore_string_free(text);
}

#endif
