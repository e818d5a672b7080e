/*
 * flow_tokens.h - fuzz_flow's book of the tokens navcore_last_blocked() gave
 * (docs/blockers.md, "Tokens"): one token names one held batch; a token ends
 * at its first proceed, once NAVCORE_MAX_HELD_BATCHES newer ones were given,
 * and at a restore; while the state is as it was when it was given it
 * proceeds, and after other changes it proceeds only if its batch would make
 * the same change (else NAVCORE_ENOENTRY). A made-up or ended token is
 * NAVCORE_ENOENTRY.
 */
#ifndef NAVCORE_FUZZ_FLOW_TOKENS_H
#define NAVCORE_FUZZ_FLOW_TOKENS_H

#include "flow.h"

/* The token of the book with text, or NULL. */
static inline struct token *flow_token_find(struct flow *flow, const char *text)
{
    int i;
    for (i = 0; i < flow->token_count; i++)
        if (strcmp(flow->tokens[i].text, text) == 0)
            return &flow->tokens[i];
    return NULL;
}

/*
 * Books the token of a failed call's navcore_last_blocked() document, given at
 * seq. passed is what the proceeding token was already past (NULL when the
 * call was no proceed); preview the back preview of a lone back, or NULL.
 * A token already booked for another batch (other actions, or another seq)
 * breaks "one token names one batch".
 */
static inline void flow_token_book(struct flow *flow, json_t *blocked, long long seq, json_t *passed,
                                   json_t *preview)
{
    const char *text = json_string_value(json_object_get(blocked, "token"));
    json_t *actions = json_object_get(blocked, "actions");
    struct token *token = flow_token_find(flow, text);
    if (token != NULL) {
        if (token->seq != seq || !json_equal(token->actions, actions)) {
            char *first = flow_dump(token->actions), *second = flow_dump(actions);
            fuzz_fail("one token for two different blocked batches: \"%s\" held back %s, then %s", text, first,
                      second);
        }
        return;
    }
    flow->given++;
    if (flow->token_count == FLOW_MAX_TOKENS)
        return;
    token = &flow->tokens[flow->token_count++];
    token->number = flow->given;
    token->text = fuzz_text((const uint8_t *)text, strlen(text));
    token->actions = json_incref(actions);
    token->passed = passed != NULL ? json_deep_copy(passed) : json_array();
    json_array_append(token->passed, json_object_get(json_object_get(blocked, "entry"), "id"));
    token->preview = json_incref(preview);
    token->seq = seq;
    token->used = 0;
}

/*
 * Whether actions mark entry id themselves (a set_blocker with a reason): marks
 * count in the order a batch sets them, so such an entry blocks the batch too.
 */
static inline int flow_batch_marks(json_t *actions, json_t *id)
{
    json_t *action;
    size_t i;
    json_array_foreach(actions, i, action) {
        const char *op = json_string_value(json_object_get(action, "op"));
        if (op != NULL && strcmp(op, "set_blocker") == 0 && json_equal(json_object_get(action, "id"), id) &&
            json_is_string(json_object_get(action, "reason")))
            return 1;
    }
    return 0;
}

/*
 * Checks a navcore_last_blocked() document: its keys, and that its entry blocks
 * in the state before or is marked by the batch itself.
 */
static inline void flow_check_blocked_doc(json_t *blocked, const char *text, json_t *blocking_before)
{
    static const char *const keys[] = {"navcore", "token", "stack", "reason", "entry", "actions"};
    size_t i;
    for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (json_object_get(blocked, keys[i]) == NULL)
            fuzz_fail("navcore_last_blocked() has no \"%s\": %.300s", keys[i], text);
    if (!json_is_string(json_object_get(blocked, "token")) || !json_is_array(json_object_get(blocked, "actions")))
        fuzz_fail("navcore_last_blocked()'s token is no string or its actions no array: %.300s", text);
    json_t *id = json_object_get(json_object_get(blocked, "entry"), "id");
    if (!fuzz_holds(blocking_before, id) && !flow_batch_marks(json_object_get(blocked, "actions"), id))
        fuzz_fail("navcore_last_blocked() names an entry that was not blocking: %.300s", text);
}

/* The ops of a batch, as a JSON array of strings (the caller json_decref()s it). */
static inline json_t *flow_ops(json_t *actions)
{
    json_t *ops = json_array(), *action;
    size_t i;
    json_array_foreach(actions, i, action) json_array_append(ops, json_object_get(action, "op"));
    return ops;
}

/*
 * The token text a proceed step tries, by kind: the latest real token, an
 * older one (by arg), a used one, a made-up one, the latest one altered.
 * Writes it to buffer (size bytes).
 */
static inline void flow_token_pick(struct flow *flow, int kind, int arg, char *buffer, size_t size)
{
    const char *latest = flow->token_count > 0 ? flow->tokens[flow->token_count - 1].text : "no-token";
    int i;
    switch (kind % 5) {
    case 0:
        snprintf(buffer, size, "%s", latest);
        break;
    case 1:
        snprintf(buffer, size, "%s", flow->token_count > 0 ? flow->tokens[arg % flow->token_count].text : latest);
        break;
    case 2:
        snprintf(buffer, size, "%s", latest);
        for (i = 0; i < flow->token_count; i++)
            if (flow->tokens[i].used)
                snprintf(buffer, size, "%s", flow->tokens[i].text);
        break;
    case 3:
        snprintf(buffer, size, "%s", arg % 2 ? "k3x9-4-7" : "");
        break;
    default:
        snprintf(buffer, size, "%s%c", latest, 'a' + arg % 26);
        break;
    }
}

/* Frees the book. */
static inline void flow_tokens_free(struct flow *flow)
{
    int i;
    for (i = 0; i < flow->token_count; i++) {
        free(flow->tokens[i].text);
        json_decref(flow->tokens[i].actions);
        json_decref(flow->tokens[i].passed);
        json_decref(flow->tokens[i].preview);
    }
    flow->token_count = 0;
}

#endif
