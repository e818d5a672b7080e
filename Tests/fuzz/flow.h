/*
 * flow.h - what the fuzz_flow target knows while it runs one input: the
 * navigator and its table, what the listener heard, what the guard answered,
 * the tokens seen, and the state documents read around each step.
 */
#ifndef NAVCORE_FUZZ_FLOW_H
#define NAVCORE_FUZZ_FLOW_H

#include "fuzz_tree.h"

/* The split-view and nested tables' paths (set by the Makefile beside FUZZ_TABLE). */
#ifndef FUZZ_SPLIT_TABLE
#error "FUZZ_SPLIT_TABLE must name Tests/fuzz/split_table.json"
#endif
#ifndef FUZZ_NESTED_TABLE
#error "FUZZ_NESTED_TABLE must name Tests/fuzz/nested_table.json"
#endif

/* The tables an input runs on: FUZZ_TABLE (tabs), FUZZ_SPLIT_TABLE (a split view) and
 * FUZZ_NESTED_TABLE (containers in containers). Values are stable: the committed seeds'
 * first byte spells them. */
enum flow_table { FLOW_TABS, FLOW_SPLIT, FLOW_NESTED, FLOW_TABLES };

/* The guard's behaviours, chosen by a step (flow_guard.h). */
enum guard_mode { GUARD_OFF, GUARD_ALLOW, GUARD_DENY, GUARD_REDIRECT, GUARD_GARBAGE, GUARD_MEDDLE, GUARD_MODES };

/* What the guard answered last within one call. */
enum guard_answer { ANSWER_NONE, ANSWER_ALLOW, ANSWER_DENY, ANSWER_REDIRECT, ANSWER_GARBAGE };

/* Most tokens one input keeps (more are not recorded, and not checked). */
#define FLOW_MAX_TOKENS 32

/* A token navcore_last_blocked() gave, and what it held back. */
struct token {
    char *text;
    json_t *actions;  /* the held batch */
    json_t *passed;   /* the blocking entries a proceed with it may remove */
    json_t *preview;  /* the back preview, when the held batch was one back; else NULL */
    long long seq;    /* the navigator's seq when it was given */
    int number;       /* how many tokens the navigator had given, this one included */
    int used;         /* a proceed tried it: the first proceed ends a token, whatever its outcome */
};

/* One input's run. */
struct flow {
    navcore_navigator *nav;
    const char *table;  /* the route table's text */
    json_t *table_doc;  /* the same, parsed: what routes and tabs require */
    enum flow_table which; /* which table */
    int trace;          /* FUZZ_FLOW_TRACE is set: print each step */
    struct fuzz_delivered delivered;
    /* the guard (flow_guard.h) */
    enum guard_mode guard_mode;
    int guard_arg;
    int guard_asked;               /* proposals in the current call */
    enum guard_answer guard_answer; /* the last answer in the current call */
    int guard_redirected;          /* the guard redirected in the current call */
    json_t *guard_allowed;         /* the transition of the proposal it allowed last */
    const char *call_before;       /* the state before the current call, which the guard must see */
    /* tokens (flow_tokens.h) */
    struct token tokens[FLOW_MAX_TOKENS];
    int token_count;
    int given;  /* tokens the navigator gave, booked or not */
};

/* The navigator's state, parsed (the caller json_decref()s it). */
static inline json_t *flow_state_doc(const struct flow *flow, const char *when)
{
    char *text = fuzz_state(flow->nav, when);
    json_t *doc = fuzz_parse(text, "the state");
    navcore_string_free(text);
    return doc;
}

/* The state's seq. */
static inline long long flow_seq(json_t *state)
{
    return (long long)json_integer_value(json_object_get(state, "seq"));
}

/* fuzz_each_entry's visitor collecting entries by id into an object keyed by the id's text. */
static inline void flow_add_entry(json_t *entry, void *by_id)
{
    char key[32];
    snprintf(key, sizeof key, "%lld", (long long)json_integer_value(json_object_get(entry, "id")));
    json_object_set(by_id, key, entry);
}

/* Every entry of a state, by the text of its id (the caller json_decref()s it). */
static inline json_t *flow_entries_by_id(json_t *state)
{
    json_t *by_id = json_object();
    fuzz_each_entry(state, flow_add_entry, by_id);
    return by_id;
}

/* The entry of the state with id, or NULL. */
static inline json_t *flow_entry(json_t *by_id, long long id)
{
    char key[32];
    snprintf(key, sizeof key, "%lld", id);
    return json_object_get(by_id, key);
}

/* The text of a JSON value (the caller free()s it). */
static inline char *flow_dump(const json_t *value)
{
    char *text = json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY);
    if (text == NULL)
        fuzz_fail("cannot write a JSON value");
    return text;
}

#endif
