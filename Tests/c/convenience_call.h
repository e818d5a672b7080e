/*
 * convenience_call.h - makes one action through its C convenience call
 * (navcore_push(), navcore_pop(), ...), which the header documents as "the
 * same as applying" that action.
 *
 * test_vectors.c uses it when NAVCORE_VECTORS_CONVENIENCE is set: each apply
 * step of one action that a convenience call can spell goes through that call
 * instead, with the same expectations, so that the vectors drive every
 * convenience call (and Tests/errors sees the statuses each returns).
 */
#ifndef NAVCORE_TEST_CONVENIENCE_CALL_H
#define NAVCORE_TEST_CONVENIENCE_CALL_H

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* Whether object has exactly the keys of the NULL-terminated list (each optional ones marked by a leading '?'). */
static int has_only_keys(json_t *object, const char *const *keys)
{
    const char *key;
    json_t *value;
    const char *const *k;
    json_object_foreach(object, key, value) {
        for (k = keys; *k != NULL && strcmp(*k + (**k == '?'), key) != 0; k++)
            ;
        if (*k == NULL)
            return 0;
    }
    for (k = keys; *k != NULL; k++)
        if (**k != '?' && json_object_get(object, *k) == NULL)
            return 0;
    return 1;
}

/* A route's name and params text (malloc'ed, NULL for none) when route is {"name": S, "params"?: {...}}. */
static int route_parts(json_t *route, const char **name, char **params)
{
    static const char *const keys[] = {"name", "?params", NULL};
    json_t *p = json_object_get(route, "params");
    if (!json_is_object(route) || !has_only_keys(route, keys) || !json_is_string(json_object_get(route, "name")) ||
        (p != NULL && !json_is_object(p)))
        return 0;
    *name = json_string_value(json_object_get(route, "name"));
    *params = p != NULL ? json_dumps(p, JSON_COMPACT) : NULL;
    return 1;
}

/* An int-sized integer, or a boolean (as 0 or 1). */
static int small_int(json_t *value, int *out)
{
    if (json_is_boolean(value)) {
        *out = json_is_true(value);
        return 1;
    }
    if (!json_is_integer(value) || json_integer_value(value) < INT_MIN || json_integer_value(value) > INT_MAX)
        return 0;
    *out = (int)json_integer_value(value);
    return 1;
}

/* The navcore_open_url() mode of an open_url action's "mode" (absent: the link's own), or -1. */
static int open_url_mode(json_t *mode)
{
    const char *text = json_string_value(mode);
    if (mode == NULL)
        return NAVCORE_OPEN_DEFAULT;
    if (text != NULL && strcmp(text, "replace") == 0)
        return NAVCORE_OPEN_REPLACE;
    return text != NULL && strcmp(text, "push") == 0 ? NAVCORE_OPEN_PUSH : -1;
}

/* Calls the convenience call of a push, present, replace or select action; 0 when it cannot spell the action. */
static int call_route_op(navcore_navigator *nav, const char *op, json_t *action, char **out, int *rc)
{
    static const char *const route_keys[] = {"op", "route", NULL};
    static const char *const present_keys[] = {"op", "route", "?style", NULL};
    json_t *style = json_object_get(action, "style");
    const char *name;
    char *params;
    int is_present = strcmp(op, "present") == 0;
    if (!has_only_keys(action, is_present ? present_keys : route_keys) || (style != NULL && !json_is_string(style)) ||
        !route_parts(json_object_get(action, "route"), &name, &params))
        return 0;
    if (is_present)
        *rc = navcore_present(nav, name, params, json_string_value(style), out);
    else if (strcmp(op, "push") == 0)
        *rc = navcore_push(nav, name, params, out);
    else if (strcmp(op, "replace") == 0)
        *rc = navcore_replace(nav, name, params, out);
    else
        *rc = navcore_select(nav, name, params, out);
    free(params);
    return 1;
}

/*
 * Makes action (one action object) through its convenience call and stores
 * the status in *rc; returns 0, calling nothing, when no convenience call
 * spells it exactly (an extra key, a value of the wrong type, ...).
 */
static int call_convenience(navcore_navigator *nav, json_t *action, char **out, int *rc)
{
    static const char *const bare[] = {"op", NULL};
    static const char *const count[] = {"op", "?count", NULL};
    static const char *const all[] = {"op", "?all", NULL};
    static const char *const tab[] = {"op", "?tab", NULL};
    static const char *const routes[] = {"op", "routes", NULL};
    static const char *const select_tab[] = {"op", "tab", NULL};
    static const char *const pop_to[] = {"op", "id", "?inclusive", NULL};
    static const char *const entry_state[] = {"op", "id", "state", NULL};
    static const char *const value[] = {"op", "value", NULL};
    static const char *const condition[] = {"op", "name", "value", NULL};
    static const char *const blocker[] = {"op", "id", "reason", NULL};
    static const char *const url[] = {"op", "url", "?mode", "?dismiss", NULL};
    const char *op = json_string_value(json_object_get(action, "op"));
    json_t *id = json_object_get(action, "id");
    json_t *text = json_object_get(action, "tab");
    int n = 1;
    if (op == NULL)
        return 0;
    if (strcmp(op, "push") == 0 || strcmp(op, "present") == 0 || strcmp(op, "replace") == 0 ||
        strcmp(op, "select") == 0)
        return call_route_op(nav, op, action, out, rc);
    if (strcmp(op, "pop") == 0 && has_only_keys(action, count) &&
        (json_object_get(action, "count") == NULL || small_int(json_object_get(action, "count"), &n)))
        *rc = navcore_pop(nav, n, out);
    else if (strcmp(op, "pop_to_root") == 0 && has_only_keys(action, bare))
        *rc = navcore_pop_to_root(nav, out);
    else if (strcmp(op, "back") == 0 && has_only_keys(action, bare))
        *rc = navcore_back(nav, out);
    else if (strcmp(op, "reset_all") == 0 && has_only_keys(action, bare))
        *rc = navcore_reset_all(nav, out);
    else if (strcmp(op, "dismiss") == 0 && has_only_keys(action, all) &&
             (json_object_get(action, "all") == NULL || json_is_boolean(json_object_get(action, "all"))))
        *rc = navcore_dismiss(nav, json_is_true(json_object_get(action, "all")), out);
    else if (strcmp(op, "reset_tab") == 0 && has_only_keys(action, tab) && (text == NULL || json_is_string(text)))
        *rc = navcore_reset_tab(nav, json_string_value(text), out);
    else if (strcmp(op, "select_tab") == 0 && has_only_keys(action, select_tab) && json_is_string(text))
        *rc = navcore_select_tab(nav, json_string_value(text), out);
    else if (strcmp(op, "set_stack") == 0 && has_only_keys(action, routes)) {
        char *list = json_dumps(json_object_get(action, "routes"), JSON_COMPACT | JSON_ENCODE_ANY);
        *rc = navcore_set_stack(nav, list, out);
        free(list);
    } else if (strcmp(op, "pop_to") == 0 && has_only_keys(action, pop_to) && json_is_integer(id) &&
               (json_object_get(action, "inclusive") == NULL || json_is_boolean(json_object_get(action, "inclusive"))))
        *rc = navcore_pop_to(nav, json_integer_value(id), json_is_true(json_object_get(action, "inclusive")), out);
    else if (strcmp(op, "set_entry_state") == 0 && has_only_keys(action, entry_state) && json_is_integer(id)) {
        char *saved = json_dumps(json_object_get(action, "state"), JSON_COMPACT | JSON_ENCODE_ANY);
        *rc = navcore_set_entry_state(nav, json_integer_value(id), saved, out);
        free(saved);
    } else if (strcmp(op, "set_compact") == 0 && has_only_keys(action, value) &&
               json_is_boolean(json_object_get(action, "value")))
        *rc = navcore_set_compact(nav, json_is_true(json_object_get(action, "value")), out);
    else if (strcmp(op, "set_condition") == 0 && has_only_keys(action, condition) &&
             json_is_string(json_object_get(action, "name")) && json_is_boolean(json_object_get(action, "value")))
        *rc = navcore_set_condition(nav, json_string_value(json_object_get(action, "name")),
                                    json_is_true(json_object_get(action, "value")), out);
    else if (strcmp(op, "set_blocker") == 0 && has_only_keys(action, blocker) && json_is_integer(id) &&
             (json_is_string(json_object_get(action, "reason")) || json_is_null(json_object_get(action, "reason"))))
        *rc = navcore_set_blocker(nav, json_integer_value(id), json_string_value(json_object_get(action, "reason")),
                                  out);
    else if (strcmp(op, "open_url") == 0 && has_only_keys(action, url) && json_is_string(json_object_get(action, "url")) &&
             (n = open_url_mode(json_object_get(action, "mode"))) >= 0 &&
             (json_object_get(action, "dismiss") == NULL || json_is_boolean(json_object_get(action, "dismiss"))))
        *rc = navcore_open_url(nav, json_string_value(json_object_get(action, "url")),
                               n | (json_is_true(json_object_get(action, "dismiss")) ? NAVCORE_OPEN_DISMISS : 0), out);
    else
        return 0;
    return 1;
}

#endif /* NAVCORE_TEST_CONVENIENCE_CALL_H */
