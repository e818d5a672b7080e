/*
 * status_log.h - records which status each navcore call of a test returned,
 * so that Tests/errors can check it against the call's Errors list in
 * Include/navcore.h.
 *
 * Included by check.h (and, with -include, by the fuzz_flow seed runner):
 * every call below the macros, in the including file, goes through
 * status_log_record(). When the environment names a file in
 * NAVCORE_STATUS_LOG, each distinct (function, status, redirected) is appended
 * to it at exit as one line "FUNCTION STATUS r|- WHERE": "r" when the
 * navigator's guard answered the call with a redirect (navcore_guard_redirect()
 * was called on the calling thread while it ran, whatever it returned), WHERE the first call site that
 * returned it (and status_log_context, the vector or seed a runner is at).
 * Without NAVCORE_STATUS_LOG nothing is recorded. Only test programs
 * include this; the library knows nothing of it.
 *
 * A function-like macro does not expand inside its own replacement, so
 * navcore_push(...) below calls the real navcore_push. Taking a function's
 * address (no parenthesis) is untouched.
 */
#ifndef NAVCORE_TEST_STATUS_LOG_H
#define NAVCORE_TEST_STATUS_LOG_H

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "navcore.h"

/* What a runner is at (a vector or seed file name), written beside each first call site; may be NULL. */
static const char *status_log_context;

/* The distinct (function, status, redirected) triples seen, each with where it was first seen. */
struct status_log_pair {
    const char *function;
    int status;
    int redirected;
    char where[160];
};
static struct status_log_pair status_log_pairs[512];
static size_t status_log_count;
static pthread_mutex_t status_log_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t status_log_once = PTHREAD_ONCE_INIT;
static int status_log_on;

/* A thread's navcore_guard_redirect() calls so far, and their number when each of its running calls began. A guard runs
 * on the thread of the call it judges, so a call was redirected when the number grew while it ran. */
struct status_log_thread {
    unsigned long redirects;
    unsigned long marks[64];
    size_t depth;
};
static pthread_key_t status_log_key;

/* Appends the pairs to the NAVCORE_STATUS_LOG file (at exit), one line "FUNCTION STATUS r|- WHERE". */
static void status_log_write(void)
{
    FILE *file = fopen(getenv("NAVCORE_STATUS_LOG"), "a");
    size_t i;
    if (file == NULL)
        return;
    for (i = 0; i < status_log_count; i++)
        fprintf(file, "%s %d %s %s\n", status_log_pairs[i].function, status_log_pairs[i].status,
                status_log_pairs[i].redirected ? "r" : "-", status_log_pairs[i].where);
    fclose(file);
}

static void status_log_start(void)
{
    const char *path = getenv("NAVCORE_STATUS_LOG");
    status_log_on = path != NULL && path[0] != '\0' && pthread_key_create(&status_log_key, free) == 0;
    if (status_log_on)
        atexit(status_log_write);
}

/* The calling thread's record, or NULL when nothing is recorded. */
static struct status_log_thread *status_log_thread(void)
{
    struct status_log_thread *thread;
    pthread_once(&status_log_once, status_log_start);
    if (!status_log_on)
        return NULL;
    thread = pthread_getspecific(status_log_key);
    if (thread == NULL && (thread = calloc(1, sizeof *thread)) != NULL)
        pthread_setspecific(status_log_key, thread);
    return thread;
}

/* Marks the start of a call. */
static inline void status_log_begin(void)
{
    struct status_log_thread *thread = status_log_thread();
    if (thread != NULL && thread->depth++ < sizeof thread->marks / sizeof *thread->marks)
        thread->marks[thread->depth - 1] = thread->redirects;
}

/* Records that function returned status at file:line; returns status. */
static inline int status_log_end(const char *function, int status, const char *file, int line)
{
    struct status_log_thread *thread = status_log_thread();
    int redirected = 0;
    size_t i;
    if (thread == NULL)
        return status;
    if (thread->depth > 0 && --thread->depth < sizeof thread->marks / sizeof *thread->marks)
        redirected = thread->redirects != thread->marks[thread->depth];
    if (strcmp(function, "navcore_guard_redirect") == 0)
        thread->redirects++;
    pthread_mutex_lock(&status_log_lock);
    for (i = 0; i < status_log_count; i++)
        if (status_log_pairs[i].status == status && status_log_pairs[i].redirected == redirected &&
            strcmp(status_log_pairs[i].function, function) == 0)
            break;
    if (i == status_log_count && i < sizeof status_log_pairs / sizeof *status_log_pairs) {
        status_log_pairs[i].function = function;
        status_log_pairs[i].status = status;
        status_log_pairs[i].redirected = redirected;
        snprintf(status_log_pairs[i].where, sizeof status_log_pairs[i].where, "%s:%d%s%s", file, line,
                 status_log_context != NULL ? ":" : "", status_log_context != NULL ? status_log_context : "");
        status_log_count++;
    }
    pthread_mutex_unlock(&status_log_lock);
    return status;
}

#define STATUS_LOG(function, ...) \
    (status_log_begin(), status_log_end(#function, function(__VA_ARGS__), __FILE__, __LINE__))

/* Every function of navcore.h that returns a status (Tests/errors checks that none is missing). */
#define navcore_navigator_new(...) STATUS_LOG(navcore_navigator_new, __VA_ARGS__)
#define navcore_navigator_new_from_file(...) STATUS_LOG(navcore_navigator_new_from_file, __VA_ARGS__)
#define navcore_navigator_new_locale(...) STATUS_LOG(navcore_navigator_new_locale, __VA_ARGS__)
#define navcore_apply(...) STATUS_LOG(navcore_apply, __VA_ARGS__)
#define navcore_push(...) STATUS_LOG(navcore_push, __VA_ARGS__)
#define navcore_pop(...) STATUS_LOG(navcore_pop, __VA_ARGS__)
#define navcore_pop_to_root(...) STATUS_LOG(navcore_pop_to_root, __VA_ARGS__)
#define navcore_set_stack(...) STATUS_LOG(navcore_set_stack, __VA_ARGS__)
#define navcore_select_tab(...) STATUS_LOG(navcore_select_tab, __VA_ARGS__)
#define navcore_present(...) STATUS_LOG(navcore_present, __VA_ARGS__)
#define navcore_dismiss(...) STATUS_LOG(navcore_dismiss, __VA_ARGS__)
#define navcore_back(...) STATUS_LOG(navcore_back, __VA_ARGS__)
#define navcore_pop_to(...) STATUS_LOG(navcore_pop_to, __VA_ARGS__)
#define navcore_replace(...) STATUS_LOG(navcore_replace, __VA_ARGS__)
#define navcore_reset_tab(...) STATUS_LOG(navcore_reset_tab, __VA_ARGS__)
#define navcore_reset_all(...) STATUS_LOG(navcore_reset_all, __VA_ARGS__)
#define navcore_select(...) STATUS_LOG(navcore_select, __VA_ARGS__)
#define navcore_set_entry_state(...) STATUS_LOG(navcore_set_entry_state, __VA_ARGS__)
#define navcore_back_preview(...) STATUS_LOG(navcore_back_preview, __VA_ARGS__)
#define navcore_view_model(...) STATUS_LOG(navcore_view_model, __VA_ARGS__)
#define navcore_set_compact(...) STATUS_LOG(navcore_set_compact, __VA_ARGS__)
#define navcore_set_condition(...) STATUS_LOG(navcore_set_condition, __VA_ARGS__)
#define navcore_set_locale(...) STATUS_LOG(navcore_set_locale, __VA_ARGS__)
#define navcore_condition(...) STATUS_LOG(navcore_condition, __VA_ARGS__)
#define navcore_set_blocker(...) STATUS_LOG(navcore_set_blocker, __VA_ARGS__)
#define navcore_proceed(...) STATUS_LOG(navcore_proceed, __VA_ARGS__)
#define navcore_take_result(...) STATUS_LOG(navcore_take_result, __VA_ARGS__)
#define navcore_open_url(...) STATUS_LOG(navcore_open_url, __VA_ARGS__)
#define navcore_resolve_url(...) STATUS_LOG(navcore_resolve_url, __VA_ARGS__)
#define navcore_url_for(...) STATUS_LOG(navcore_url_for, __VA_ARGS__)
#define navcore_stack_url(...) STATUS_LOG(navcore_stack_url, __VA_ARGS__)
#define navcore_state(...) STATUS_LOG(navcore_state, __VA_ARGS__)
#define navcore_stack(...) STATUS_LOG(navcore_stack, __VA_ARGS__)
#define navcore_snapshot(...) STATUS_LOG(navcore_snapshot, __VA_ARGS__)
#define navcore_restore(...) STATUS_LOG(navcore_restore, __VA_ARGS__)
#define navcore_record(...) STATUS_LOG(navcore_record, __VA_ARGS__)
#define navcore_log(...) STATUS_LOG(navcore_log, __VA_ARGS__)
#define navcore_replay(...) STATUS_LOG(navcore_replay, __VA_ARGS__)
#define navcore_subscribe(...) STATUS_LOG(navcore_subscribe, __VA_ARGS__)
#define navcore_unsubscribe(...) STATUS_LOG(navcore_unsubscribe, __VA_ARGS__)
#define navcore_subscribe_view(...) STATUS_LOG(navcore_subscribe_view, __VA_ARGS__)
#define navcore_subscribe_blocked(...) STATUS_LOG(navcore_subscribe_blocked, __VA_ARGS__)
#define navcore_set_guard(...) STATUS_LOG(navcore_set_guard, __VA_ARGS__)
#define navcore_subscribe_with_destroy(...) STATUS_LOG(navcore_subscribe_with_destroy, __VA_ARGS__)
#define navcore_subscribe_view_with_destroy(...) STATUS_LOG(navcore_subscribe_view_with_destroy, __VA_ARGS__)
#define navcore_subscribe_blocked_with_destroy(...) STATUS_LOG(navcore_subscribe_blocked_with_destroy, __VA_ARGS__)
#define navcore_set_guard_with_destroy(...) STATUS_LOG(navcore_set_guard_with_destroy, __VA_ARGS__)
#define navcore_guard_deny(...) STATUS_LOG(navcore_guard_deny, __VA_ARGS__)
#define navcore_guard_redirect(...) STATUS_LOG(navcore_guard_redirect, __VA_ARGS__)
#define navcore_table_report(...) STATUS_LOG(navcore_table_report, __VA_ARGS__)
#define navcore_check(...) STATUS_LOG(navcore_check, __VA_ARGS__)

#endif /* NAVCORE_TEST_STATUS_LOG_H */
