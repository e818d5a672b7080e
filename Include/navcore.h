/* SPDX-License-Identifier: Apache-2.0 */
/*
 * navcore.h - the C contract of libnavcore, a headless navigation engine.
 *
 * A navigator holds an app's navigation state: a root route plus the path of
 * entries pushed above it. Every change is an action; a list of actions is
 * applied atomically and produces a transition. Route tables, routes, actions,
 * state and transitions cross this boundary as UTF-8 JSON text, described in
 * docs/json.md and in the JSON Schemas of docs/schema/.
 *
 * Conventions, for every function below:
 *
 *  - Fallible functions return int: NAVCORE_OK (0) or a negative NAVCORE_E*
 *    code. navcore_status_string() names a code; navcore_last_error_message()
 *    gives the calling thread's message for its last failed call, and
 *    navcore_last_error_path() the place within it. Every function that
 *    returns a status code clears both on entry; the others (navcore_version,
 *    navcore_version_number, navcore_status_string, navcore_last_error_message,
 *    navcore_last_error_path, navcore_string_free, navcore_navigator_free)
 *    never touch them, so `navcore_status_string(rc)`, the message and the
 *    path can be read in any order.
 *  - Argument order: the navigator first, then inputs, then out-parameters.
 *    An out-parameter is written only on success; on failure it is untouched.
 *  - Strings in are NUL-terminated UTF-8, borrowed for the duration of the
 *    call. Strings out are owned by the caller and must be released with
 *    navcore_string_free() (never with libc free()).
 *  - A failed call changes nothing: the navigator's state is exactly what it
 *    was before the call.
 *  - No input crashes the process: NULL pointers, invalid UTF-8, malformed or
 *    deeply nested JSON, unknown routes and stale entry ids all return errors.
 *  - Each function that returns a status lists what it fails with after
 *    " * Errors:", one status a bullet (" *  - NAVCORE_EINVAL: why."), or
 *    " *  - the errors of navcore_apply()" for every status of that list. A
 *    call that the navigator's guard answers with a redirect also fails as
 *    the batch it redirects to does: " *  - after a guard's redirect, the
 *    errors of navcore_apply()". The tests check every status a call returns
 *    against its list.
 *  - Thread safety: every function may be called from any thread. A navigator
 *    serialises its own reads and mutations with an internal lock.
 *    navcore_navigator_free() lets the calls already running finish; a call
 *    that another thread begins after it returned is the caller's bug.
 *  - A function named NAME_with_destroy is NAME with one more parameter,
 *    a navcore_destroy after user_data, which navcore calls once with
 *    user_data when it is done with it; NAME itself is NAME_with_destroy
 *    with a NULL destroy.
 */
#ifndef NAVCORE_H
#define NAVCORE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The three numbers below are navcore's one version: the library
 * (navcore_version(), navcore_version_number()), the file name and SONAME,
 * navcore.pc and the Python package all take theirs from here
 * (docs/building.md, "One version").
 */
/** Major version of this header. Incompatible ABI changes bump it. */
#define NAVCORE_VERSION_MAJOR 0
/** Minor version of this header (0 to 999). Backward-compatible additions bump it. */
#define NAVCORE_VERSION_MINOR 19
/** Patch version of this header (0 to 999). Fixes bump it. */
#define NAVCORE_VERSION_PATCH 0
/** The version as one number, MAJOR * 1000000 + MINOR * 1000 + PATCH (0.1.0
 *  is 1000), for `#if NAVCORE_VERSION_NUMBER >= ...`; navcore_version_number()
 *  returns the library's. */
#define NAVCORE_VERSION_NUMBER \
    (NAVCORE_VERSION_MAJOR * 1000000 + NAVCORE_VERSION_MINOR * 1000 + NAVCORE_VERSION_PATCH)
/** The version as text, "MAJOR.MINOR.PATCH"; navcore_version() returns the library's. */
#define NAVCORE_VERSION                                                           \
    NAVCORE_VERSION_TEXT_(NAVCORE_VERSION_MAJOR) "." NAVCORE_VERSION_TEXT_(        \
        NAVCORE_VERSION_MINOR) "." NAVCORE_VERSION_TEXT_(NAVCORE_VERSION_PATCH)
/** Implementation detail of NAVCORE_VERSION: a macro's value as a string literal. */
#define NAVCORE_VERSION_TEXT_(macro) NAVCORE_VERSION_QUOTE_(macro)
/** Implementation detail of NAVCORE_VERSION. */
#define NAVCORE_VERSION_QUOTE_(text) #text
/** Format number written as "navcore" in every JSON document the library writes. */
#define NAVCORE_FORMAT 1
/** Longest value, in bytes of UTF-8, that a string param may hold. */
#define NAVCORE_MAX_STRING_PARAM_BYTES 65536
/** Most items a list param (`{"list": "string"}`, ...) may hold; a value with
 *  more is NAVCORE_EPARAMS, a URL repeating its query key more often is no match. */
#define NAVCORE_MAX_LIST_PARAM_ITEMS 256
/** Most changes that listeners may chain re-entrantly from one outer change. */
#define NAVCORE_MAX_LISTENER_CASCADE 64
/** Longest URL, in bytes of UTF-8, that a link can match; a longer one is
 *  NAVCORE_ELIMIT at `url`, whichever call it comes through (navcore_open_url(),
 *  an "open_url" action of navcore_apply(), navcore_resolve_url()). */
#define NAVCORE_MAX_URL_BYTES 262144

/* open_url modes: how navcore_open_url() places a link's routes. */

/** The link's declared "mode", or NAVCORE_OPEN_REPLACE when it declares none. */
#define NAVCORE_OPEN_DEFAULT 0
/** The path above the root becomes the link's routes (entries of an equal
 *  prefix keep their ids, as with navcore_set_stack()). */
#define NAVCORE_OPEN_REPLACE 1
/** The link's routes are pushed on top of the current path. */
#define NAVCORE_OPEN_PUSH 2
/** Added to one of the modes above (NAVCORE_OPEN_DEFAULT | NAVCORE_OPEN_DISMISS):
 *  every presentation is dismissed first, when any is up, as the "open_url"
 *  action's "dismiss": true does (docs/links.md, "Whatever is up"). */
#define NAVCORE_OPEN_DISMISS 4
/** Longest snapshot or action log text that navcore_restore() and
 *  navcore_replay() read, in bytes (64 MiB). navcore never writes a longer
 *  one: navcore_snapshot() fails with NAVCORE_ELIMIT instead, and
 *  navcore_log() folds older batches into the log's base until it fits. */
#define NAVCORE_MAX_SNAPSHOT_BYTES 67108864
/** Most nested arrays and objects an entry's saved state may hold. */
#define NAVCORE_MAX_ENTRY_STATE_DEPTH 32
/** Largest size of an entry's saved state: every JSON value counts one, and
 *  every string and object key adds its bytes of UTF-8. */
#define NAVCORE_MAX_ENTRY_STATE_SIZE 65536
/** Most batches an action log keeps; older ones are folded into its base. */
#define NAVCORE_MAX_LOG_BATCHES 10000
/** Largest value of the counters "seq" and "next_id" (2^53 - 1, the largest
 *  integer every JSON reader holds exactly). A snapshot or log with a larger
 *  one is NAVCORE_ERESTORE; a change that would pass it is NAVCORE_ELIMIT. */
#define NAVCORE_MAX_COUNTER 9007199254740991LL
/** Longest text, in bytes, of the actions of navcore_apply() and of the JSON
 *  argument of the other action calls (1 MiB); longer is NAVCORE_ELIMIT. */
#define NAVCORE_MAX_BATCH_BYTES 1048576
/** Most actions one batch may hold; more is NAVCORE_ELIMIT. */
#define NAVCORE_MAX_BATCH_ACTIONS 1024
/** Largest "redirect_limit" a route table may declare (the default is 5). */
#define NAVCORE_MAX_REDIRECT_LIMIT 32
/** Most times one guarded call proposes its batch again because another
 *  change was committed while the guard ran; then it fails with NAVCORE_ELIMIT. */
#define NAVCORE_MAX_GUARD_ROUNDS 16
/** Most containers on any path of a navigator's tree, the root's included
 *  (docs/structure.md, "Nesting"): a route table whose layouts nest deeper, or
 *  a change that would place a container deeper, is NAVCORE_ETABLE or
 *  NAVCORE_ELIMIT. */
#define NAVCORE_MAX_NESTING 8
/** Most batches a navigator holds back for navcore_proceed() at once: each
 *  NAVCORE_EBLOCKED gives a new token, which ends the oldest beyond this many
 *  (that token is then NAVCORE_ENOENTRY, "it expired"). */
#define NAVCORE_MAX_HELD_BATCHES 16
/** Longest locale tag, in bytes, that navcore_navigator_new_locale() and the
 *  "set_locale" action take (docs/locales.md); longer is NAVCORE_EINVAL or
 *  NAVCORE_EACTION. */
#define NAVCORE_MAX_LOCALE_BYTES 35

/* ------------------------------------------------------------------------- */
/* Status codes. Values are stable; new codes are only ever added.            */
/* ------------------------------------------------------------------------- */

/** Success. */
#define NAVCORE_OK 0
/** An argument is invalid: a NULL pointer where one is required, a string
 *  that is not valid UTF-8 (the message gives the offset of the first bad
 *  byte), or an unknown subscription id. A snapshot or log that is not UTF-8
 *  is NAVCORE_ERESTORE instead (navcore_restore(), navcore_replay()). */
#define NAVCORE_EINVAL (-1)
/** Memory could not be allocated. The call changed nothing: a change is undone
 *  when the texts it hands back cannot be written (docs/behaviour.md). */
#define NAVCORE_ENOMEM (-2)
/** Text is not valid JSON: a syntax error, truncated input, or nesting deeper
 *  than jansson's limit. The message gives jansson's line and column. */
#define NAVCORE_EJSON (-3)
/** The route table is invalid. The message names the exact place, for example
 *  `routes.product.params.id: unknown type "integer"`. */
#define NAVCORE_ETABLE (-4)
/** An action is malformed: not an object, unknown "op", a missing, extra or
 *  mistyped field, a count out of range, a value its field does not allow (an
 *  unknown push "policy", open_url "mode" or presentation "style"), or saved
 *  state over its limits; or the table's layout has no place for it ("select"
 *  without a split layout). */
#define NAVCORE_EACTION (-5)
/** A route names no route of the table, or a route the place it goes to does
 *  not accept: a route the target tab does not declare, or a "select" of a
 *  route that is not in the sidebar; or a route that requires a condition the
 *  same batch set false (a batch that needs a false condition is otherwise
 *  held, not refused: docs/conditions.md). */
#define NAVCORE_EROUTE (-6)
/** A route's params do not match its declaration: missing, extra or mistyped,
 *  a value outside its enum, a string longer than
 *  NAVCORE_MAX_STRING_PARAM_BYTES or holding a control character (U+0000 to
 *  U+001F, U+007F). The message names the param. */
#define NAVCORE_EPARAMS (-7)
/** An action refers to an entry or a presentation that does not exist: an
 *  unknown or already-popped id, a route name no entry has, a replace with an
 *  empty path, or a dismiss with nothing presented. Also navcore_log() when
 *  nothing was ever recorded. */
#define NAVCORE_ENOENTRY (-8)
/** A listener chained more than NAVCORE_MAX_LISTENER_CASCADE re-entrant
 *  changes; the change that went over the limit was refused. Also any change
 *  (navcore_take_result included) that a guard makes to the navigator it is
 *  judging. */
#define NAVCORE_ECASCADE (-9)
/** A bug inside navcore. Please report it with the message. */
#define NAVCORE_EINTERNAL (-10)
/** No link of the route table matches a URL (and the table declares no
 *  "not_found" route), or no link produces a route. The message names the
 *  closest link and the part that failed, for example
 *  `url: no link matches "myapp://users/abc/edit": closest is
 *  "myapp://users/{id}/edit", where path segment 1 for {id}: "abc" is not an
 *  int`. A string that is not an absolute URL (empty, relative, a control
 *  character, a malformed %-escape) is this error too, even when the table
 *  declares "not_found": the message then says `url: "TEXT" is refused: `
 *  and the problem. A URL longer than NAVCORE_MAX_URL_BYTES is
 *  NAVCORE_ELIMIT instead, through every call. */
#define NAVCORE_ENOMATCH (-11)
/** A tab name that no tab of the table has, or a tab action on a table that
 *  declares no tabs; or selecting a tab that requires a condition the same
 *  batch set false. */
#define NAVCORE_ETAB (-12)
/** A snapshot or action log that cannot be restored at all: not UTF-8, not
 *  JSON, truncated, larger than NAVCORE_MAX_SNAPSHOT_BYTES, of a newer format,
 *  of the wrong shape, of another app, with duplicate or out-of-range entry
 *  ids; or a log that does not replay exactly. The message names the place. */
#define NAVCORE_ERESTORE (-13)
/** A documented limit would be exceeded: a batch longer than
 *  NAVCORE_MAX_BATCH_BYTES or with more than NAVCORE_MAX_BATCH_ACTIONS actions;
 *  a URL longer than NAVCORE_MAX_URL_BYTES (navcore_open_url(), an "open_url"
 *  action, navcore_resolve_url() alike);
 *  a change when "seq" or "next_id" is at NAVCORE_MAX_COUNTER; a snapshot (or
 *  a log's base) longer than NAVCORE_MAX_SNAPSHOT_BYTES, which restore could
 *  not read back. Nothing changed; the message names the limit. */
#define NAVCORE_ELIMIT (-14)
/** Redirects went past the route table's "redirect_limit", or a guard's
 *  redirects came back to a batch already proposed. The message lists the
 *  chain, for example `redirects go past the limit of 5: a -> b -> c -> d ->
 *  e -> f -> g` or `the guard's redirects loop: checkout -> login -> checkout`
 *  (docs/conditions.md). Nothing changed. */
#define NAVCORE_EREDIRECT (-15)
/** The navigator's guard denied the batch; the message gives its reason.
 *  A guard that returns anything but NAVCORE_OK also denies it. Nothing changed. */
#define NAVCORE_EDENIED (-16)
/** A blocking entry (an unsaved draft, marked with navcore_set_blocker())
 *  holds back the change: nothing changed. navcore_last_blocked() describes
 *  the batch and gives the token that navcore_proceed() takes to apply it
 *  past that blocker (docs/blockers.md). */
#define NAVCORE_EBLOCKED (-17)

/* ------------------------------------------------------------------------- */
/* Library-wide functions                                                     */
/* ------------------------------------------------------------------------- */

/**
 * The library's version, "MAJOR.MINOR.PATCH", as a static string.
 * Compare with NAVCORE_VERSION to detect a header/library mismatch.
 * Never NULL; never fails; any thread.
 */
const char *navcore_version(void);

/**
 * The library's version as one number, MAJOR * 1000000 + MINOR * 1000 + PATCH,
 * as NAVCORE_VERSION_NUMBER is the header's: a program can require a library
 * at least as new as the header it was built with by checking
 * `navcore_version_number() >= NAVCORE_VERSION_NUMBER`.
 * Never fails; does not touch the last error; any thread.
 */
int navcore_version_number(void);

/**
 * The static name of a status code, e.g. "NAVCORE_EROUTE" for NAVCORE_EROUTE,
 * or "NAVCORE_UNKNOWN" for a value that is no status code.
 * Never NULL; never fails; does not touch the last error; any thread.
 */
const char *navcore_status_string(int code);

/**
 * The calling thread's message for its last failed navcore call, or "" if
 * that call succeeded. Every function that returns a status code clears it on
 * entry, and a call that succeeds clears it again before it returns: a
 * failing call a listener or guard made inside it (whose own status told
 * that listener) leaves no message behind. The functions that return no
 * status never touch it.
 * Never NULL. The string is owned by the library and valid until the next
 * navcore call on the same thread; copy it to keep it.
 */
const char *navcore_last_error_message(void);

/**
 * The place of the calling thread's last failed navcore call, on its own: the
 * dotted path of the offending thing in the input (docs/json.md, "Errors"),
 * e.g. "actions[1].route.name", or the name of the argument at fault
 * ("params_json", "nav"). "" if that call succeeded, or if its error has no
 * place (navcore_apply() given text that is not JSON).
 * When it is not "", the message is this path, ": ", then the detail.
 * A convenience call that makes one action (navcore_push(), navcore_pop_to(),
 * navcore_open_url(), ...) is the same as navcore_apply() of that action, its
 * errors included: a problem of what the action holds is placed under
 * "actions[0]." ("actions[0].url", "actions[0].route.name"), as the action
 * log records it and as navcore_apply() would say it, so that one problem has
 * one message whichever call made the action; read "actions[0].url" as the
 * url argument. Only an argument read as text before the action exists is
 * * named alone ("params_json", "routes_json").
 * Cleared and kept exactly as the message is. Never NULL. The string is owned
 * by the library and valid until the next navcore call on the same thread;
 * copy it to keep it.
 */
const char *navcore_last_error_path(void);

/**
 * The calling thread's last error as one string that the caller owns, for a
 * log line or a dialog: the name of code, then ": " and the last error
 * message when there is one ("NAVCORE_EROUTE: actions[0].route.name:
 * unknown route \"prodcut\" (did you mean \"product\"?)"); "NAVCORE_OK" for
 * code 0. Pass the status the failed call returned. Changes no error state.
 * Free it with navcore_string_free(); NULL only when memory runs out.
 * Thread: the calling thread's last error, as navcore_last_error_message().
 */
char *navcore_error_text(int code);

/**
 * Releases a string that navcore returned through an out-parameter.
 * NULL is a no-op. Passing any other pointer is undefined behaviour.
 */
void navcore_string_free(char *s);

/* ------------------------------------------------------------------------- */
/* Navigator lifecycle                                                        */
/* ------------------------------------------------------------------------- */

/** An opaque navigator: one app window's navigation state. */
typedef struct navcore_navigator navcore_navigator;

/**
 * Creates a navigator from a route table (JSON text, see docs/json.md).
 * The new navigator holds its base stacks, each with an empty path and a root
 * entry for its declared root route: one stack "main" (root id 1) in the
 * default layout, one stack per tab (root ids 1, 2, ... in tab order; the
 * first tab selected), or the split layout's "detail" stack (root id 1, the
 * table's root). Nothing is presented (docs/structure.md).
 *
 * On success writes a new navigator to *out; release it with
 * navcore_navigator_free().
 *
 * A message about an unknown name (a key, a route, an enum value) lists the
 * allowed ones and names the closest, for a likely typo: routes.product:
 * unknown key "titel" (allowed: params, title, ...) (did you mean "title"?).
 *
 * Errors:
 *  - NAVCORE_EINVAL: route_table_json or out is NULL, or the text is not UTF-8.
 *  - NAVCORE_EJSON: malformed JSON.
 *  - NAVCORE_ETABLE: an invalid table: unknown key, unknown param type, bad
 *    default, unknown root, a title template naming an undeclared param, ...
 *  - NAVCORE_ENOMEM.
 */
int navcore_navigator_new(const char *route_table_json, navcore_navigator **out);

/**
 * Creates a navigator from the route table in the file at path, as
 * navcore_navigator_new() does from its text: the file is read whole, as
 * UTF-8 JSON, and the errors are navcore_navigator_new()'s.
 *
 * Errors:
 *  - NAVCORE_EINVAL: path or out is NULL, or path is not UTF-8.
 *  - NAVCORE_ETABLE: the file cannot be read (the message names the path and
 *    the system's reason: `cannot read route table "shop.json": No such file
 *    or directory`), it holds a NUL byte, or it is not a valid route table.
 *  - NAVCORE_EJSON: the file is not JSON; NAVCORE_EINVAL: it is not UTF-8.
 *  - NAVCORE_ELIMIT: the file is larger than NAVCORE_MAX_SNAPSHOT_BYTES.
 *  - NAVCORE_ENOMEM.
 * Thread: any.
 */
int navcore_navigator_new_from_file(const char *path, navcore_navigator **out);

/**
 * Creates a navigator from a route table, as navcore_navigator_new() does, in
 * a locale (docs/locales.md): locale is a BCP 47 tag ("vi", "vi-VN",
 * "zh-Hant-TW"), or NULL for the table's default. Every title (entries, tabs,
 * the sidebar, Back labels, the pending screen) and the view model's
 * announcement are in the table's locale the tag picks: the tag itself, else
 * the tag without its last subtag, and so on ("vi-VN", then "vi"), compared
 * without regard to case; a tag none picks is no error, it gives the table's
 * default titles (its "title"s) and English announcements. A translation the
 * table leaves out falls back the same way, one title or form at a time. The
 * state and snapshot then hold "locale" (the tag as given); the
 * {"op": "set_locale", "locale": TAG} action changes it later.
 *
 * On success writes a new navigator to *out; release it with
 * navcore_navigator_free().
 *
 * Errors:
 *  - NAVCORE_EINVAL: route_table_json or out is NULL, a text is not UTF-8, or
 *    locale is malformed: empty, longer than NAVCORE_MAX_LOCALE_BYTES, or not
 *    subtags of 1 to 8 ASCII letters or digits joined by "-" (the first all
 *    letters); the error's path is "locale".
 *  - NAVCORE_EJSON: malformed JSON, as navcore_navigator_new().
 *  - NAVCORE_ETABLE: an invalid table, as navcore_navigator_new().
 *  - NAVCORE_ENOMEM.
 * Thread: any.
 */
int navcore_navigator_new_locale(const char *route_table_json, const char *locale, navcore_navigator **out);

/**
 * Closes a navigator and frees it. NULL is a no-op. As SQLite's
 * sqlite3_close_v2() does, it marks the navigator closed and ends its
 * subscriptions and its guard (each destroy function is called once, see
 * navcore_destroy); the memory goes once no call on the navigator is
 * running: before this returns, or when the last call in flight returns.
 *
 * Calls in flight finish: one on another thread, and the one whose listener
 * or guard is running (it may call this). Such a call returns as it would
 * have (a change it makes is committed), but no listener is called after
 * the free, not even the rest of the round being delivered. A call on the
 * navigator made after the free from a listener or guard of that call, or
 * from another thread that the caller knows is still inside a call on it,
 * returns NAVCORE_EINVAL with the message "navigator closed". A call that
 * another thread begins after this returned is undefined, as for any freed
 * pointer, and so is a second free.
 *
 * Thread: any, the navigator's own listeners and guard included; never
 * from a destroy function of the same navigator.
 */
void navcore_navigator_free(navcore_navigator *nav);

/* ------------------------------------------------------------------------- */
/* Changing the state                                                         */
/* ------------------------------------------------------------------------- */

/**
 * Applies one action (a JSON object) or a batch (a JSON array of actions)
 * atomically: either every action applies, in order, or none does.
 * The actions are push, pop, pop_to, pop_to_root, replace and set_stack
 * (docs/json.md), select_tab, reset_tab, reset_all, present, dismiss, back
 * and select (docs/structure.md), set_entry_state (docs/restore.md),
 * open_url (docs/links.md), set_condition (docs/conditions.md) and
 * set_locale (docs/locales.md). Stack actions change the active stack: the top
 * presentation's, else the selected tab's.
 *
 * If transition_out is not NULL, writes the transition JSON to it on success:
 * the cause, the removed entry ids and the added entries per stack, and the
 * top entry before and after (with its resolved title). A batch that changes
 * nothing (a pop at the root) succeeds with "changed": false. With a NULL
 * transition_out and no listener, no transition is built at all: the call
 * costs what the batch touched (docs/guarantees.md, 10).
 *
 * A batch that would show a route or select a tab that requires a condition
 * that is false is not refused: it is held, as a whole, as the pending intent
 * (in the state's "pending"), and the condition's flow is presented instead,
 * in the same transition (every result "held", and its "intent"); setting the
 * condition true replays it (docs/conditions.md).
 *
 * Listeners are called after the change is committed and the navigator's lock
 * is released, on the calling thread, before this function returns; only
 * batches that changed something are delivered.
 *
 * Messages name the action by index, e.g.
 * `actions[1].route.name: unknown route "prodcut"`.
 *
 * Errors:
 *  - NAVCORE_EINVAL: nav or actions_json is NULL, or the text is not UTF-8.
 *  - NAVCORE_EJSON: the text is not JSON.
 *  - NAVCORE_ELIMIT: more than NAVCORE_MAX_BATCH_BYTES or
 *    NAVCORE_MAX_BATCH_ACTIONS, seq or next_id at NAVCORE_MAX_COUNTER, or the
 *    guard asked NAVCORE_MAX_GUARD_ROUNDS times.
 *  - NAVCORE_EACTION: a malformed action.
 *  - NAVCORE_EROUTE: an unknown route, or one its place does not accept.
 *  - NAVCORE_EPARAMS: params that do not match the route's declaration.
 *  - NAVCORE_ENOENTRY: an entry or presentation that does not exist.
 *  - NAVCORE_ETAB: an unknown tab, or a tab action without tabs.
 *  - NAVCORE_ENOMATCH: an open_url no link matches, or text that is no URL.
 *  - NAVCORE_EBLOCKED: a blocking entry holds back the batch;
 *    navcore_last_blocked() gives its token.
 *  - NAVCORE_EDENIED: the navigator's guard denied it.
 *  - NAVCORE_EREDIRECT: redirects go past "redirect_limit", or the guard's loop.
 *  - NAVCORE_ECASCADE: called from a listener past the cascade limit, or from
 *    the navigator's own guard.
 *  - NAVCORE_ENOMEM.
 */
int navcore_apply(navcore_navigator *nav, const char *actions_json, char **transition_out);

/*
 * One C function per op. Every op of the actions above has one C function,
 * navcore_<op>, the same as applying that one action and nothing else: its
 * errors are those of navcore_apply() for that action, and its doc adds only
 * the errors of its own arguments. It takes nav; then, in the order of the
 * action's fields, the fields a caller acting on the active stack gives, as C
 * values (a route as name and params_json, a list of routes or any JSON as
 * text, an id as int64_t, a bool or a count as int, open_url's mode as its
 * NAVCORE_OPEN_* code); then its out parameter, which may be NULL:
 * char **transition_out, the transition, for every op but take_result, whose
 * answer is the result it takes (char **result_out): it changes no stack.
 * The fields that address another stack ("tab", "stack"), override the
 * route's policy ("policy") or hand a value to the entry revealed ("result")
 * are no parameters: apply the action for them. Include/navcore_ops.json is
 * the table of the ops, their fields and these functions' parameters; a test
 * checks this header against it.
 */

/**
 * Pushes a route: the same as applying
 * {"op": "push", "route": {"name": name, "params": params}}.
 * params_json is a JSON object of params, or NULL for none.
 * transition_out may be NULL.
 * Errors: those of navcore_apply() for a `push` action, and:
 *  - NAVCORE_EINVAL: nav or name is NULL, or name or params_json not UTF-8.
 *  - NAVCORE_EJSON: params_json is not JSON.
 *  - NAVCORE_EACTION: params_json is not an object.
 *  - NAVCORE_ELIMIT: params_json longer than NAVCORE_MAX_BATCH_BYTES.
 */
int navcore_push(navcore_navigator *nav, const char *name, const char *params_json,
                 char **transition_out);

/**
 * Pops count entries (count >= 1): the same as applying
 * {"op": "pop", "count": count}. Popping more entries than the path holds
 * pops to the root; popping at the root succeeds and removes nothing.
 * transition_out may be NULL.
 * Errors: those of navcore_apply() for a `pop` action.
 */
int navcore_pop(navcore_navigator *nav, int count, char **transition_out);

/**
 * Pops every entry above the root: the same as applying
 * {"op": "pop_to_root"}. transition_out may be NULL.
 * Errors: those of navcore_apply() for a `pop_to_root` action.
 */
int navcore_pop_to_root(navcore_navigator *nav, char **transition_out);

/**
 * Replaces the whole path above the root: the same as applying
 * {"op": "set_stack", "routes": routes}. routes_json is a JSON array of
 * routes. Entries that already stand at the same position with an equal
 * route keep their ids. transition_out may be NULL.
 * Errors: those of navcore_apply() for a `set_stack` action, and:
 *  - NAVCORE_EINVAL: nav or routes_json is NULL, or the text is not UTF-8.
 *  - NAVCORE_EJSON: routes_json is not JSON.
 *  - NAVCORE_EACTION: routes_json is not an array of routes.
 *  - NAVCORE_ELIMIT: routes_json longer than NAVCORE_MAX_BATCH_BYTES.
 */
int navcore_set_stack(navcore_navigator *nav, const char *routes_json, char **transition_out);

/**
 * Selects a tab: the same as applying {"op": "select_tab", "tab": tab}.
 * Selecting the selected tab pops it to its root unless the table's
 * options.reselect_pops_to_root is false. transition_out may be NULL.
 * Errors: those of navcore_apply() for a `select_tab` action, and:
 *  - NAVCORE_EINVAL: nav or tab is NULL, or tab is not UTF-8.
 */
int navcore_select_tab(navcore_navigator *nav, const char *tab, char **transition_out);

/**
 * Presents a route on a new layer: the same as applying
 * {"op": "present", "route": {"name": name, "params": params}, "style": style}.
 * params_json is a JSON object or NULL for none; style is a style the table
 * declares, or NULL for "sheet". The route's "present_policy" applies: with
 * "single_top", an equal route already at the top layer's root is "absorbed"
 * and nothing changes (to override it, apply a present action with "policy").
 * transition_out may be NULL.
 * Errors: those of navcore_apply() for a `present` action, and:
 *  - NAVCORE_EINVAL: nav or name is NULL, or a text is not UTF-8.
 *  - NAVCORE_EJSON: params_json is not JSON.
 *  - NAVCORE_EACTION: params_json is not an object.
 *  - NAVCORE_ELIMIT: params_json longer than NAVCORE_MAX_BATCH_BYTES.
 */
int navcore_present(navcore_navigator *nav, const char *name, const char *params_json,
                    const char *style, char **transition_out);

/**
 * Dismisses the top presentation, or every one when all is non-zero: the same
 * as applying {"op": "dismiss", "all": all}. transition_out may be NULL.
 * Errors: those of navcore_apply() for a `dismiss` action.
 */
int navcore_dismiss(navcore_navigator *nav, int all, char **transition_out);

/**
 * The system Back button: the same as applying {"op": "back"}. Pops the top
 * presentation, dismisses it at its root (unless its route declares
 * "dismissable": false: then nothing changes, "held_by_presentation"), pops
 * the active stack, shows the sidebar of a compact split view at its detail
 * root, or returns to the previous tab, in that order (docs/structure.md); the
 * transition's "results" says which, or "nothing" when there is nowhere to go
 * back to. navcore_back_preview() says the same beforehand.
 * transition_out may be NULL.
 * Errors: those of navcore_apply() for a `back` action.
 */
int navcore_back(navcore_navigator *nav, char **transition_out);

/**
 * Pops the entries above entry `id` of the active stack (and `id` itself when
 * inclusive is non-zero): the same as applying
 * {"op": "pop_to", "id": id, "inclusive": inclusive != 0} (docs/json.md).
 * transition_out may be NULL.
 * Errors: those of navcore_apply() for a `pop_to` action.
 */
int navcore_pop_to(navcore_navigator *nav, int64_t id, int inclusive, char **transition_out);

/**
 * Replaces the top entry of the active stack: the same as applying
 * {"op": "replace", "route": {"name": name, "params": params}} (docs/json.md).
 * params_json is a JSON object of params, or NULL for none. transition_out
 * may be NULL.
 * Errors: those of navcore_apply() for a `replace` action, and:
 *  - NAVCORE_EINVAL: nav or name is NULL, or name or params_json not UTF-8.
 *  - NAVCORE_EJSON: params_json is not JSON.
 *  - NAVCORE_EACTION: params_json is not an object.
 *  - NAVCORE_ELIMIT: params_json longer than NAVCORE_MAX_BATCH_BYTES.
 */
int navcore_replace(navcore_navigator *nav, const char *name, const char *params_json, char **transition_out);

/**
 * Pops tab `tab` (NULL: the selected tab) to its root: the same as applying
 * {"op": "reset_tab", "tab": tab} (docs/structure.md). transition_out may be
 * NULL.
 * Errors: those of navcore_apply() for a `reset_tab` action, and:
 *  - NAVCORE_EINVAL: nav is NULL, or tab is not UTF-8.
 */
int navcore_reset_tab(navcore_navigator *nav, const char *tab, char **transition_out);

/**
 * Dismisses every presentation, pops every base stack to its root and selects
 * the first tab: the same as applying {"op": "reset_all"}
 * (docs/structure.md). transition_out may be NULL.
 * Errors: those of navcore_apply() for a `reset_all` action.
 */
int navcore_reset_all(navcore_navigator *nav, char **transition_out);

/**
 * Selects a sidebar route of a split view: the detail stack restarts at it
 * (an equal route, name and params after defaults, pops the detail stack to
 * its root). For a sidebar route that declares params, params_json picks the
 * instance (one mailbox per folder). The same as applying
 * {"op": "select", "route": {"name": name, "params": params}}
 * (docs/structure.md). params_json is a JSON object of params, or NULL for
 * none. transition_out may be NULL.
 * Errors: those of navcore_apply() for a `select` action, and:
 *  - NAVCORE_EINVAL: nav or name is NULL, or name or params_json not UTF-8.
 *  - NAVCORE_EJSON: params_json is not JSON.
 *  - NAVCORE_EACTION: params_json is not an object.
 *  - NAVCORE_ELIMIT: params_json longer than NAVCORE_MAX_BATCH_BYTES.
 */
int navcore_select(navcore_navigator *nav, const char *name, const char *params_json, char **transition_out);

/**
 * Saves state_json (any JSON text; NULL or "null" removes it) as entry `id`'s
 * saved state, in any stack: the same as applying
 * {"op": "set_entry_state", "id": id, "state": state} (docs/restore.md). Like
 * a blocker mark it changes no stack: "changed": false, seq stays.
 * transition_out may be NULL.
 * Errors: those of navcore_apply() for a `set_entry_state` action, and:
 *  - NAVCORE_EINVAL: nav is NULL, or state_json is not UTF-8.
 *  - NAVCORE_EJSON: state_json is not JSON.
 *  - NAVCORE_ELIMIT: state_json longer than NAVCORE_MAX_BATCH_BYTES.
 */
int navcore_set_entry_state(navcore_navigator *nav, int64_t id, const char *state_json, char **transition_out);

/**
 * What navcore_back() would do now, without doing it (a predictive back
 * gesture, a Back button's label): writes to *out
 * {"navcore": 1, "result": R, "after": {"stack": NAME, "top": ENTRY}}, where R
 * is the result back would report ("popped_presentation", "dismissed",
 * "held_by_presentation", "popped", "to_sidebar", "previous_tab", "nothing")
 * and "after" the active stack and the entry it would show, exactly as the
 * transition of back would have them. With "held_by_presentation" a "reason"
 * says which layer holds Back and why. When back would remove a blocking
 * entry (docs/blockers.md), "blocked": {"stack", "reason", "entry"} names it:
 * back then fails with NAVCORE_EBLOCKED, and does what "result" and "after"
 * say once the host proceeds past it. Both follow one decision, so a back
 * after a preview always does what the preview said. Changes nothing. Free
 * *out with navcore_string_free().
 * Errors:
 *  - NAVCORE_EINVAL: nav or out is NULL.
 *  - NAVCORE_ENOMEM.
 * Thread: any; reads under the navigator's lock, calls no listener.
 */
int navcore_back_preview(const navcore_navigator *nav, char **out);

/**
 * What a shell renders now, derived from the state (docs/shells.md): writes to
 * *out {"navcore": 1, "layers": [...], "tabs": [...], "sidebar": {...},
 * "announcement": TEXT}. "layers" are the visible layers bottom to top (the
 * selected base stack, style "base", then each presentation): each with its
 * "stack", "style", the "title" and "id" of its top entry, the "entries" of
 * that stack (root first, as in navcore_stack()), and "back": {"enabled",
 * "label", "will"}, where label is the title of the screen Back would show
 * (as navcore_back_preview() says for the top layer), null when Back is
 * disabled, and will what Back would do in navcore_back_preview()'s result
 * names (below the top: "popped", "popped_presentation" or "nothing"). On the
 * top layer "back" also has "blocked" ({"stack", "reason", "entry"}) when Back
 * would remove a blocking entry (it stays enabled: Back asks), and
 * "cancels_intent" ({"condition", "title"}) when it would dismiss a waiting
 * batch's flow. Where Back shows the sidebar of a compact split view (the step
 * "to_sidebar"), label is the split view's declared "title", or null when it
 * declares none, and Back stays enabled. "tabs" (with a tabs layout) lists
 * each tab's "name", "title" (its declared title, else its root's title),
 * "selected", and "locked" (it requires a false condition).
 * "sidebar" (with a split layout) has the sidebar's "items" ({"name",
 * "title"}, and "params": true for a route that declares params, whose
 * instances the host lists), the "selected" route's name, "selected_route"
 * ({"name", "params", "title"}: the selected instance, only when its route
 * declares params), "compact" and "sidebar_shown" (true in the expanded form;
 * in the compact form, whether the one column shows the sidebar).
 * "conditions" (when the table declares any) has each condition's value.
 * "pending" (while a batch waits for a condition) is {"condition", "title"}:
 * the title of the screen the batch leads to once the condition holds,
 * absent when its replay would fail now.
 * When routes nest (docs/shells.md, "Nested containers"), a layer's "stack"
 * is the leaf its path reaches through the containers its top entries hold
 * (the top layer's is the active stack), a presentation over one stack is a
 * layer of its own with "over" naming that stack, and "containers" lists each
 * container on the visible path, bottom layer first and outermost first:
 * {"name", "layout", "layer" (an index into "layers"), "title" (its holder's),
 * and "tabs" (each named by its stack's name) or "sidebar"}. A table that does
 * not nest writes no "containers", and "over" only once a presentation covers
 * one stack. The
 * "announcement" is what a screen reader says for the last change: the new
 * screen's title, "Sign in, sheet" for a presentation, "Cart tab" for another
 * tab, or "Store tab, Home" when the tab shows a screen whose title is not the
 * tab's, "closed Settings" for a dismissal; "" before any change. Every
 * title, and the announcement's words, are in the navigator's locale
 * (docs/locales.md). Changes nothing. Free *out with navcore_string_free().
 * Errors:
 *  - NAVCORE_EINVAL: nav or out is NULL.
 *  - NAVCORE_ENOMEM.
 * Thread: any; reads under the navigator's lock, calls no listener.
 */
int navcore_view_model(const navcore_navigator *nav, char **out);

/**
 * Collapses a split view to one column (value non-zero: a narrow window) or
 * expands it (0): the same as applying {"op": "set_compact", "value": value}
 * (docs/structure.md). Collapsing shows the detail stack; in compact form,
 * back at the detail root shows the sidebar ("to_sidebar"). Setting the form
 * it already has changes nothing ("unchanged"); a change is logged, replayed
 * and restored, and its transition has "compact" and "sidebar_shown".
 * transition_out may be NULL.
 * Errors: those of navcore_apply() for a `set_compact` action.
 */
int navcore_set_compact(navcore_navigator *nav, int value, char **transition_out);

/**
 * Sets a condition the route table declares (docs/conditions.md): the same as
 * applying {"op": "set_condition", "name": name, "value": value}, with value 0
 * for false and any other value for true. Setting the value it already has
 * changes nothing ("changed": false, result "unchanged"); a change counts as
 * one (seq grows, listeners hear of it) and its transition lists the condition
 * under "conditions". Becoming true dismisses the flow of the pending intent
 * waiting for the condition and replays the intent, in the same transition
 * (its "intent": "replayed"; "advanced" when it needs another condition that
 * is false, whose flow then shows; "dropped" when it no longer applies or a
 * blocker holds back its replay, the sign-in still succeeding); becoming
 * false applies the condition's "on_false" policy (remove what requires it,
 * or reset everything). In a batch, these come only for a net change, at the
 * action that gives the condition its final value. transition_out may be NULL.
 * Errors: those of navcore_apply() for a `set_condition` action, and:
 *  - NAVCORE_EINVAL: nav or name is NULL, or name is not UTF-8.
 */
int navcore_set_condition(navcore_navigator *nav, const char *name, int value, char **transition_out);

/**
 * Sets the navigator's locale tag (docs/locales.md): the same as applying
 * {"op": "set_locale", "locale": locale}. Every title and the announcement are
 * then in the table's locale the tag picks; the same tag again, in any case,
 * changes nothing. A change is logged, replayed and restored, and its
 * transition has "locale"; it touches no stack. transition_out may be NULL.
 * Errors: those of navcore_apply() for a `set_locale` action, and:
 *  - NAVCORE_EINVAL: nav or locale is NULL, or locale is not UTF-8.
 */
int navcore_set_locale(navcore_navigator *nav, const char *locale, char **transition_out);

/**
 * Writes the value of the condition name to *value_out: 1 when it holds, 0
 * when not (a new navigator starts from each condition's "initial",
 * docs/conditions.md). A read: changes nothing, and *value_out is untouched
 * on error.
 * Errors:
 *  - NAVCORE_EINVAL: nav, name or value_out is NULL, or name is not UTF-8.
 *  - NAVCORE_EACTION: a condition the table does not declare, named as
 *    navcore_set_condition() names it: `name: unknown condition "x"
 *    (allowed: a, b)`.
 * Thread: any; reads under the navigator's lock, calls no listener.
 */
int navcore_condition(const navcore_navigator *nav, const char *name, int *value_out);

/* ------------------------------------------------------------------------- */
/* Blockers: unsaved changes hold back any navigation (docs/blockers.md)      */
/* ------------------------------------------------------------------------- */

/**
 * Marks entry `id`, in any stack, as blocking for `reason` (NUL-terminated
 * UTF-8, 1 to 1024 bytes, no control character), or clears its mark when
 * reason is NULL: the same as applying {"op": "set_blocker", "id": id,
 * "reason": reason or null}. While marked, every change that would remove the
 * entry (pop, back, replace, set_stack, a tab reset, a dismiss of its layer,
 * open_url replacing the path, a condition turning false, ...) fails with
 * NAVCORE_EBLOCKED and changes nothing, except a change that sets a condition
 * declared "forced" false, which overrides it (only where its own "on_false"
 * removal takes the entry away). The mark is kept in the entry
 * ("blocker"), in snapshots and logs. Like saved state it changes no stack:
 * the transition says "changed": false, seq stays. transition_out may be NULL.
 * Errors: those of navcore_apply() for a `set_blocker` action, and:
 *  - NAVCORE_EINVAL: nav is NULL, or reason is not UTF-8.
 */
int navcore_set_blocker(navcore_navigator *nav, int64_t id, const char *reason, char **transition_out);

/**
 * After a call on this thread failed with NAVCORE_EBLOCKED: the batch the
 * blocker held back, as JSON {"navcore": 1, "token": T, "stack": S,
 * "reason": R, "entry": {...}, "actions": [...]}; NULL after any other call
 * (or when memory ran out writing it). Owned by navcore, valid until the
 * thread's next navcore call. Never fails; any thread.
 */
const char *navcore_last_blocked(void);

/**
 * navcore_last_blocked()'s document as a string the caller owns, so that the
 * token and the reason survive later navcore calls (an asynchronous "Discard
 * changes?" dialog keeps it until the user answers). NULL when the thread's
 * last call was not held back, or when memory runs out. Free it with
 * navcore_string_free(). Never fails; any thread.
 */
char *navcore_last_blocked_copy(void);

/**
 * Applies the batch a blocker held back, past that blocker (and those it was
 * already past), once: the shell asked the user, who chose to discard.
 * `token` is the "token" of navcore_last_blocked(); every NAVCORE_EBLOCKED
 * gives a new one, which names exactly that batch (docs/blockers.md#tokens).
 * The batch applies only while it would make the change it was held back
 * for (the entries it removes, the routes it adds, the layers, tab and
 * conditions it changes): a change elsewhere (another tab, saved entry
 * state, a condition it does not read) keeps the token, a change to any of
 * that ends it. A blocker marked since on an entry it removes holds it back
 * again (NAVCORE_EBLOCKED, a new token). The first proceed with a token ends
 * it; a restore or replay ends every token; the NAVCORE_MAX_HELD_BATCHES most
 * recent are kept. The proceeded batch is logged with the blockers it passed,
 * so a replay reproduces it. Cancelling is doing nothing. transition_out may
 * be NULL.
 * Errors:
 *  - NAVCORE_EINVAL: nav or token is NULL, or token is not UTF-8.
 *  - NAVCORE_ENOENTRY: at "token", the message saying why: a token of another
 *    navigator, one already used, expired or ended by a restore or replay,
 *    one whose batch would now change something else or fail (the message
 *    then names that status).
 *  - NAVCORE_EBLOCKED: a blocker marked since on an entry the batch removes
 *    holds it back again, with a new token.
 *  - NAVCORE_ECASCADE: called from a listener past the cascade limit, or from
 *    the navigator's own guard.
 *  - NAVCORE_ENOMEM.
 */
int navcore_proceed(navcore_navigator *nav, const char *token, char **transition_out);

/**
 * Takes the result entry `id` holds (docs/blockers.md#results): a pop, back or
 * dismiss with a "result" hands it to the entry it reveals, which holds it
 * (its "result" in the state and in snapshots) until taken, once. Writes the
 * result's JSON text (any JSON value) to *result_out, to free with
 * navcore_string_free(), and the entry no longer holds it: the same as
 * applying {"op": "take_result", "id": id}, which is logged (and, like saved
 * state, changes no stack: listeners hear nothing).
 * Errors: those of navcore_apply() for a `take_result` action, and:
 *  - NAVCORE_EINVAL: nav or result_out is NULL.
 */
int navcore_take_result(navcore_navigator *nav, int64_t id, char **result_out);

/* ------------------------------------------------------------------------- */
/* Links: URLs to stacks and back (docs/links.md)                             */
/* ------------------------------------------------------------------------- */

/**
 * Opens a URL: the same as applying
 * {"op": "open_url", "url": url, "mode": ...}. The route table's links are
 * matched against url (scheme and host without regard to case, the path
 * case-sensitively, the fragment ignored); the matching link's routes are
 * placed on the stack according to mode: NAVCORE_OPEN_REPLACE (the path above
 * the root becomes them, an equal prefix keeping its ids), NAVCORE_OPEN_PUSH
 * (pushed on top), or NAVCORE_OPEN_DEFAULT (the link's declared "mode", else
 * replace). Any of the three plus NAVCORE_OPEN_DISMISS first dismisses every
 * presentation, when any is up ("dismiss": true in the action): the one call
 * for a URL box or a notification, which want the new screen visible
 * whatever is presented. When no link matches a well-formed URL and the table declares
 * "not_found", that route is placed instead; text that is no URL
 * (docs/links.md#reading-a-url: relative, a bad %-escape such as %zz, ...)
 * is refused with NAVCORE_ENOMATCH all the same. A link that declares "into"
 * places its routes on the stack it names, presenting or reusing the layer and
 * selecting every tab and sidebar item on the way, in the same transition
 * (docs/links.md#links-into-nested-containers).
 *
 * If transition_out is not NULL, writes the transition to it on success; its
 * "cause" is {"source": "url", "url": url, "link": the matching link's
 * pattern (null for not_found), "mode": "replace" or "push"}. Listeners are
 * called as for navcore_apply().
 *
 * Errors: those of navcore_apply() for a `open_url` action, and:
 *  - NAVCORE_EINVAL: nav or url is NULL, or url is not UTF-8.
 *  - NAVCORE_EACTION: mode is none of the three, with or without
 *    NAVCORE_OPEN_DISMISS.
 * Thread: any; the change is serialised with the navigator's other calls,
 * and listeners run on the calling thread as for navcore_apply().
 */
int navcore_open_url(navcore_navigator *nav, const char *url, int mode, char **transition_out);

/**
 * Resolves a URL without navigating: writes to *routes_out what
 * navcore_open_url() with NAVCORE_OPEN_DEFAULT would place,
 * {"navcore": 1, "link": PATTERN, "mode": "replace" or "push",
 *  "routes": [{"name": ..., "params": {...}}, ...]}, routes root side first
 * with defaults filled in, "tab": NAME when the link selects a tab, and for a
 * link that declares "into" (docs/links.md#links-into-nested-containers)
 * "into": its target stack's path and, when the target is in a layer,
 * "layers": the layer routes shown on the way. When no link matches and the table declares a
 * "not_found" route, "link" is null, "routes" holds that route and "reason"
 * says why nothing matched. Changes nothing. A shell asks it "can I handle
 * this link?". Free *routes_out with navcore_string_free().
 *
 * Errors:
 *  - NAVCORE_EINVAL: nav, url or routes_out is NULL, or url is not UTF-8.
 *  - NAVCORE_ENOMATCH: no link matches and there is no not_found route; also,
 *    even with a not_found route, text that is no URL as docs/links.md reads
 *    them: relative, without a host, a port that is not 0 to 65535, a control
 *    character, a malformed %-escape, ...
 *  - NAVCORE_ELIMIT: url longer than NAVCORE_MAX_URL_BYTES.
 *  - NAVCORE_ENOMEM.
 * Thread: any; reads the table under the navigator's lock, calls no listener.
 */
int navcore_resolve_url(const navcore_navigator *nav, const char *url, char **routes_out);

/**
 * Writes to *url_out the canonical URL of a route (route_json is
 * {"name": ..., "params": {...}}): that of the first link, in table order,
 * that produces the route (docs/links.md says exactly when a link produces
 * one; a link with an empty stack produces the root of its tab, of the
 * one stack, or of the stack its "into" names: a tab's root, or a layer's
 * route), with the route's values percent-encoded and the query items
 * that resolving gives every route of the link anyway left out. Opening it
 * gives the routes of that link, ending with this route. *url_out is plain text, not JSON; free it with
 * navcore_string_free().
 *
 * Errors:
 *  - NAVCORE_EINVAL: a NULL argument, or text that is not UTF-8.
 *  - NAVCORE_EJSON: route_json is not JSON.
 *  - NAVCORE_EACTION: route_json is not a route object.
 *  - NAVCORE_EROUTE: an unknown route.
 *  - NAVCORE_EPARAMS: located at route.params.NAME.
 *  - NAVCORE_ENOMATCH: no link produces the route; the message names the
 *    closest and why.
 *  - NAVCORE_ENOMEM.
 * Thread: any; reads the table under the navigator's lock, calls no listener.
 */
int navcore_url_for(const navcore_navigator *nav, const char *route_json, char **url_out);

/**
 * Writes to *url_out the URL of the active stack, to share the screen on top.
 * First, in a nested table, the first link whose "into" names the active
 * stack and whose URL, opened on a navigator as it starts, rebuilds it as it
 * is (the layer's route, the root, the entries), or an empty link into a
 * stack above it when everything below is as it starts (docs/links.md, "URLs
 * of stacks in the tree"). Else, among the links that produce the top
 * entry's route and place it on this stack's tab (or name no tab), the first
 * whose URL, written from the values of the whole path (parents included),
 * resolves to exactly the current path; else the top route's canonical URL
 * (as navcore_url_for() gives it). Plain text; free it with
 * navcore_string_free().
 *
 * Errors:
 *  - NAVCORE_EINVAL: nav or url_out is NULL.
 *  - NAVCORE_ENOMATCH: no link reaches the stack and none produces the top
 *    route; in a table that nests or has links with "into", the message
 *    names the stack and its static path, or why it has none.
 *  - NAVCORE_ENOMEM.
 * Thread: any; reads the stack under the navigator's lock, calls no listener.
 */
int navcore_stack_url(const navcore_navigator *nav, char **url_out);

/* ------------------------------------------------------------------------- */
/* Reading the state                                                          */
/* ------------------------------------------------------------------------- */

/**
 * Writes the whole navigator state as JSON to *out (see docs/json.md and
 * docs/structure.md): the format number, the table version, the next entry
 * id, the layout, the active stack, the tab selection, every base stack and
 * every presentation with its entries, and "locale" once the navigator has
 * one (docs/locales.md). Free *out with navcore_string_free().
 * Errors:
 *  - NAVCORE_EINVAL: nav or out is NULL.
 *  - NAVCORE_ENOMEM.
 */
int navcore_state(const navcore_navigator *nav, char **out);

/**
 * Writes the active stack (the top presentation's, else the selected tab's)
 * as JSON to *out: {"navcore": 1, "stack": name, "entries": [...]}, root first, each entry with "id", "name", "params" and "title".
 * Free *out with navcore_string_free().
 * Errors:
 *  - NAVCORE_EINVAL: nav or out is NULL.
 *  - NAVCORE_ENOMEM.
 */
int navcore_stack(const navcore_navigator *nav, char **out);

/* ------------------------------------------------------------------------- */
/* Snapshots, restore and the action log (docs/restore.md)                    */
/* ------------------------------------------------------------------------- */

/** A validator's answer: restore the entry. */
#define NAVCORE_KEEP 1
/** A validator's answer: drop the entry (and, by its route's restore policy,
 *  the entries above it). */
#define NAVCORE_VETO 0

/**
 * Writes the navigator's snapshot as JSON to *out: every base stack, the tab
 * selection and history, the presentations with their styles, each entry's
 * id, route, title and saved state, the next entry id and seq, stamped with
 * the format number, the table's version and its app id (docs/restore.md,
 * docs/schema/snapshot.schema.json). Persist it, and give it to
 * navcore_restore() at the next launch. Free *out with navcore_string_free().
 * Errors:
 *  - NAVCORE_EINVAL: nav or out is NULL.
 *  - NAVCORE_ENOMEM.
 */
int navcore_snapshot(const navcore_navigator *nav, char **out);

/**
 * A restore validator: judges one entry that passed the route table's checks,
 * so that the app can veto what the table cannot know about ("the product
 * was deleted"). Returns NAVCORE_KEEP to restore the entry or NAVCORE_VETO to
 * drop it. Any other value also drops it, and the report gives the entry the
 * reason "validator_failed" with the value.
 *
 * entry_json is the entry as navcore_stack() writes it: {"id", "name",
 * "params", "title"} with the title of the current table, and "state" when it
 * has saved state.
 *
 * Thread: called synchronously on the thread that called navcore_restore(),
 * before it returns, once per entry, bottom of each stack first (base stacks
 * in table order, then presentations). Entries dropped before (by the table,
 * or because an entry below was dropped) are not offered.
 * Lifetime: entry_json is borrowed; it is valid only during the call.
 * Re-entrancy: the validator runs without the navigator's lock. It may call
 * any navcore function, including reading this navigator (which still shows
 * the state from before the restore); a change it makes to this navigator is
 * replaced when the restore commits. It must not free the navigator.
 */
typedef int (*navcore_validator)(const char *entry_json, void *user_data);

/**
 * Restores a snapshot (navcore_snapshot()'s JSON) into the navigator, entry
 * by entry, on the navigator's own route table (docs/restore.md):
 *
 *  - the table's migrations bring an older snapshot forward one version at a
 *    time; a snapshot with no path forward is restored as it is;
 *  - an entry whose route is gone, whose params no longer fit, whose tab no
 *    longer accepts it, or that the validator vetoes, is dropped, and by
 *    default so is everything above it in its stack (a route may declare
 *    "restore": "keep_above"); a route declaring "restore": "never" cuts its
 *    stack below it;
 *  - a base stack whose root entry is dropped restarts at its declared root
 *    (with a new id); a presentation whose root entry is dropped is dropped;
 *  - entries keep their ids; next_id and seq are the snapshot's.
 *
 * validator is NULL for none; user_data is passed to it unchanged.
 *
 * The change is committed at once and delivered to listeners as one
 * transition with "cause": {"source": "restore"} (entries whose id stayed but
 * whose title or saved state changed count as removed and added again); its
 * seq is the restored one, which may be lower than the previous seq.
 *
 * If report_out is not NULL, writes the report JSON to it on success: the
 * migrations run, the kept ids per stack, every dropped entry with its reason
 * and a message, the restarted stacks, and notes on what restore decided
 * (docs/schema/restore-report.schema.json). The report is written when the
 * restore commits, with the condition values of that moment: a restored
 * pending intent that a new hold of the restored screens replaces gets a note
 * (docs/conditions.md). Free it with navcore_string_free().
 *
 * Atomic: a snapshot that is unusable as a whole fails with NAVCORE_ERESTORE
 * and a message, the state stays exactly as it was, and no out-parameter is
 * written. Such a snapshot cannot crash-loop the app: start fresh instead.
 *
 * Errors:
 *  - NAVCORE_EINVAL: nav or snapshot_json is NULL.
 *  - NAVCORE_ERESTORE: the snapshot is not UTF-8 or JSON, is truncated, too
 *    large, of a newer format, of the wrong shape, of another app, or has
 *    duplicate or out-of-range ids.
 *  - NAVCORE_ECASCADE: called from a listener past the cascade limit, or from
 *    the navigator's own guard.
 *  - NAVCORE_ENOMEM.
 */
int navcore_restore(navcore_navigator *nav, const char *snapshot_json, navcore_validator validator,
                    void *user_data, char **report_out);

/**
 * Starts (on non-zero) or stops (on zero) recording the navigator's changes
 * into its action log. Starting begins a new log whose base is the current
 * state, discarding any previous log; starting while recording changes
 * nothing. While recording, every batch that applies (whether or not it
 * changed anything) is logged with its cause, and every restore and replay is
 * logged as the state it produced. The log keeps the latest
 * NAVCORE_MAX_LOG_BATCHES batches; older ones are folded into its base.
 * Stopping keeps the log readable with navcore_log(). Recording is off when a
 * navigator is created.
 * Errors:
 *  - NAVCORE_EINVAL: nav is NULL.
 */
int navcore_record(navcore_navigator *nav, int on);

/**
 * Writes the action log as JSON to *out: the base snapshot and the recorded
 * batches, oldest first (docs/restore.md, docs/schema/log.schema.json). Give
 * it to navcore_replay() on a navigator of the same table to rebuild the same
 * state. Free *out with navcore_string_free().
 * Errors:
 *  - NAVCORE_EINVAL: nav or out is NULL.
 *  - NAVCORE_ENOENTRY: recording was never started.
 *  - NAVCORE_ENOMEM.
 */
int navcore_log(const navcore_navigator *nav, char **out);

/**
 * Replays an action log (navcore_log()'s JSON) into the navigator: restores
 * its base snapshot, then applies its batches and restores its snapshots in
 * order, and takes over the result, which equals the recorded state, ids and
 * seq included. The whole replay is one change, delivered to listeners as one
 * transition with "cause": {"source": "replay"}; transition_out may be NULL.
 *
 * Atomic: a log that does not replay exactly on this navigator's table (a
 * snapshot that would need migrating or would lose an entry, a batch that
 * fails, a seq that differs from the recorded one) fails with
 * NAVCORE_ERESTORE, naming the batch, and the state stays as it was.
 *
 * Errors:
 *  - NAVCORE_EINVAL: nav or log_json is NULL.
 *  - NAVCORE_ERESTORE: also for text that is not UTF-8 or JSON, too large, or
 *    of the wrong shape.
 *  - NAVCORE_ECASCADE: called from a listener past the cascade limit, or from
 *    the navigator's own guard.
 *  - NAVCORE_ENOMEM.
 */
int navcore_replay(navcore_navigator *nav, const char *log_json, char **transition_out);

/* ------------------------------------------------------------------------- */
/* Observation                                                                */
/* ------------------------------------------------------------------------- */

/**
 * A listener: receives each committed transition that changed something.
 *
 * Thread: called synchronously on the thread that made the change, after the
 * navigator's lock is released, before the changing call returns.
 * Lifetime: transition_json is borrowed; it is valid only during the call.
 * Re-entrancy: a listener may read the state (navcore_state, navcore_stack),
 * apply actions, subscribe and unsubscribe on the same navigator. A change it
 * makes is committed at once, and its transition is delivered to every
 * listener after the current delivery round, so that every listener sees
 * transitions in commit order ("seq" grows by one each commit). A listener
 * that keeps changing the state is stopped after NAVCORE_MAX_LISTENER_CASCADE
 * chained changes with NAVCORE_ECASCADE. A listener may free the
 * navigator (see navcore_navigator_free()).
 */
typedef void (*navcore_listener)(const char *transition_json, void *user_data);

/**
 * A destroy function: called once with the user_data of a subscription or
 * guard when navcore is done with it, so that the host can free it.
 *
 * When: a call of a NAME_with_destroy function that fails calls it before it
 * returns (user_data is navcore's from the call on, as for SQLite's
 * destructors). Otherwise once the subscription or guard ends and no call
 * in flight still uses it: navcore_unsubscribe(), the guard replaced or
 * removed by navcore_set_guard() or navcore_set_guard_with_destroy(), or
 * navcore_navigator_free(). That is before the ending call returns, or,
 * when a call in flight is delivering to the listener (the current round,
 * on any thread) or asking the guard, when that call is done with it.
 * Thread: the thread of the ending call, or of that call in flight.
 * Re-entrancy: it must not call navcore on the navigator it belonged to;
 * it may call navcore on other navigators (and so replace the thread's last
 * error, which a failed call has set before its destroy runs).
 */
typedef void (*navcore_destroy)(void *user_data);

/**
 * Subscribes listener to the navigator's transitions. user_data is passed back
 * unchanged. On success writes a positive subscription id to *subscription_out.
 * Listeners are called in subscription order.
 * Errors:
 *  - NAVCORE_EINVAL: nav, listener or subscription_out is NULL.
 */
int navcore_subscribe(navcore_navigator *nav, navcore_listener listener, void *user_data,
                      int64_t *subscription_out);

/**
 * navcore_subscribe() with a destroy function for user_data (NULL: none),
 * called once when the subscription ends (see navcore_destroy), or before
 * this returns when it fails. Ownership: user_data is the host's; navcore
 * only hands it to listener and then to destroy.
 * Thread: any; listener is called as for the namesake.
 * Errors:
 *  - NAVCORE_EINVAL: nav, listener or subscription_out is NULL.
 */
int navcore_subscribe_with_destroy(navcore_navigator *nav, navcore_listener listener, void *user_data,
                                   navcore_destroy destroy, int64_t *subscription_out);

/**
 * Removes a subscription of any kind. Once this returns, the listener is not
 * called again by any delivery on the calling thread; a call already running
 * on another thread may still finish. Its destroy function, if any, is
 * called once no delivery uses it (see navcore_destroy).
 * Errors:
 *  - NAVCORE_EINVAL: nav is NULL, or no such subscription.
 */
int navcore_unsubscribe(navcore_navigator *nav, int64_t subscription);

/**
 * Subscribes listener to the view model (docs/shells.md, "The view
 * subscription"): it is called with the view model's document, as
 * navcore_view_model() writes it, once before this returns, and then after
 * every call that changes that document: a change, a blocker mark, saved
 * entry state, a restore or a replay (a mark changes no stack, so transition
 * listeners hear nothing of it, but the view's Back button does change). A
 * call that leaves the view model as it was calls nothing.
 * Thread: on the thread that made the change, after the navigator's lock is
 * released and after the transition listeners, before the changing call
 * returns. Hand the document to your UI's main loop if that thread is not
 * the UI's.
 * Lifetime: the document is borrowed; it is valid only during the call.
 * Re-entrancy: a view listener may read and change the navigator; the view
 * model after its changes is delivered to every view listener once the
 * current round ends, for at most NAVCORE_MAX_LISTENER_CASCADE rounds per
 * outer call. navcore_unsubscribe() ends a view subscription too (ids are
 * shared with navcore_subscribe()).
 * Errors:
 *  - NAVCORE_EINVAL: nav, listener or subscription_out is NULL.
 *  - NAVCORE_ENOMEM.
 */
int navcore_subscribe_view(navcore_navigator *nav, navcore_listener listener, void *user_data,
                           int64_t *subscription_out);

/**
 * navcore_subscribe_view() with a destroy function for user_data (NULL:
 * none), called once when the subscription ends (see navcore_destroy), or
 * before this returns when it fails. Ownership: user_data is the host's;
 * navcore only hands it to listener and then to destroy.
 * Thread: any; listener is called as for the namesake.
 * Errors:
 *  - NAVCORE_EINVAL: nav, listener or subscription_out is NULL.
 *  - NAVCORE_ENOMEM.
 */
int navcore_subscribe_view_with_destroy(navcore_navigator *nav, navcore_listener listener, void *user_data,
                                        navcore_destroy destroy, int64_t *subscription_out);

/**
 * Subscribes listener to the batches a blocker holds back on this navigator
 * (docs/blockers.md, "Blocked changes as events"): whoever made the change (a
 * deep-link handler, sign-out code, a button), every call that fails with
 * NAVCORE_EBLOCKED and a token first calls listener with the document
 * navcore_last_blocked() would give ({"navcore": 1, "token", "stack",
 * "reason", "entry", "actions"}), so that one dialog can own the question and
 * answer it with navcore_proceed(). Transition listeners are not called for
 * it. The failing call still returns NAVCORE_EBLOCKED, with its own message,
 * after the listener returns.
 * Thread: on the thread of the failing call, without the navigator's lock,
 * before that call returns. Lifetime: the document is borrowed; copy it (or
 * call navcore_last_blocked_copy() after the call) to keep it. A listener may
 * call navcore on the navigator, proceed included. navcore_unsubscribe() ends
 * the subscription.
 * Errors:
 *  - NAVCORE_EINVAL: nav, listener or subscription_out is NULL.
 */
int navcore_subscribe_blocked(navcore_navigator *nav, navcore_listener listener, void *user_data,
                              int64_t *subscription_out);

/**
 * navcore_subscribe_blocked() with a destroy function for user_data (NULL:
 * none), called once when the subscription ends (see navcore_destroy), or
 * before this returns when it fails. Ownership: user_data is the host's;
 * navcore only hands it to listener and then to destroy.
 * Thread: any; listener is called as for the namesake.
 * Errors:
 *  - NAVCORE_EINVAL: nav, listener or subscription_out is NULL.
 */
int navcore_subscribe_blocked_with_destroy(navcore_navigator *nav, navcore_listener listener, void *user_data,
                                           navcore_destroy destroy, int64_t *subscription_out);

/* ------------------------------------------------------------------------- */
/* Guards (docs/conditions.md, "Redirects and guards")                        */
/* ------------------------------------------------------------------------- */

/** The answer slot of one guard call: given to the guard, answered with
 *  navcore_guard_deny() or navcore_guard_redirect(), valid only during the call. */
typedef struct navcore_guard_decision navcore_guard_decision;

/**
 * A guard: asked before each batch of actions commits (navcore_apply() and
 * every convenience call that changes the state; never navcore_restore() or
 * navcore_replay(), which reproduce a state as it was). proposal_json is
 * {"navcore": 1, "actions": [...], "transition": {...}}: the batch and the
 * transition it would make, exactly as the call would hand it back.
 *
 * The guard returns NAVCORE_OK and, in the style of SQLite's result
 * functions, answers through decision: nothing (allow: the batch commits),
 * navcore_guard_deny() (the call fails with NAVCORE_EDENIED and the reason),
 * or navcore_guard_redirect() (the replacement batch is proposed to the guard
 * in its turn). Any other return value denies the batch (NAVCORE_EDENIED,
 * the message gives the value).
 *
 * Thread: called synchronously on the thread that made the call, without the
 * navigator's lock. Lifetime: proposal_json and decision are valid only
 * during the call. Re-entrancy: the guard may read this navigator (it shows
 * the state before the batch), change other navigators, and set or remove
 * this navigator's guard (which applies from the next call); a change to this
 * navigator from its own guard fails with NAVCORE_ECASCADE. When another
 * thread commits a change while the guard runs, the batch is not committed
 * over it: it is proposed again from the start and the guard asked again,
 * at most NAVCORE_MAX_GUARD_ROUNDS times (then NAVCORE_ELIMIT). Guarded
 * batches, restores and replays of one navigator take turns, first come
 * first served; each waits at most 250 ms for its turn, then goes ahead.
 */
typedef int (*navcore_guard)(const char *proposal_json, navcore_guard_decision *decision, void *user_data);

/**
 * Sets the navigator's guard (replacing any), or removes it when guard is
 * NULL. user_data is passed back to the guard unchanged. A call that has
 * already asked the old guard keeps asking it until it returns. The old
 * guard's destroy function, if it had one, is called once that is so (see
 * navcore_destroy).
 * Errors:
 *  - NAVCORE_EINVAL: nav is NULL.
 */
int navcore_set_guard(navcore_navigator *nav, navcore_guard guard, void *user_data);

/**
 * navcore_set_guard() with a destroy function for user_data (NULL: none),
 * called once when this guard ends: replaced, removed, or the navigator
 * freed (see navcore_destroy). When guard is NULL, or the call fails, it is
 * called before this returns. Ownership: user_data is the host's; navcore
 * only hands it to guard and then to destroy.
 * Thread: any, the guard itself included (the new guard applies from the
 * next call).
 * Errors:
 *  - NAVCORE_EINVAL: nav is NULL.
 */
int navcore_set_guard_with_destroy(navcore_navigator *nav, navcore_guard guard, void *user_data,
                                   navcore_destroy destroy);

/**
 * From a guard: denies the batch with reason (UTF-8, copied).
 * Errors:
 *  - NAVCORE_EINVAL: decision or reason is NULL, reason is not UTF-8, or the
 *    guard already answered.
 */
int navcore_guard_deny(navcore_guard_decision *decision, const char *reason);

/**
 * From a guard: proposes actions_json (a batch, as for navcore_apply())
 * instead of the batch asked about. Redirects chain up to the route table's
 * "redirect_limit"; a replacement equal to a batch already proposed in the
 * chain is a loop. Both fail the call with NAVCORE_EREDIRECT. A replacement
 * that cannot be read fails here with its status (NAVCORE_EJSON,
 * NAVCORE_EACTION, ...), and the call being judged fails with the same status
 * and message, located under "guard.redirect"; one that does not apply fails
 * the call likewise.
 * Errors:
 *  - NAVCORE_EINVAL: decision is NULL or already answered, or actions_json
 *    is NULL or not UTF-8.
 *  - NAVCORE_EJSON: actions_json is not JSON.
 *  - NAVCORE_EACTION: a malformed action.
 *  - NAVCORE_ELIMIT: more than NAVCORE_MAX_BATCH_BYTES or
 *    NAVCORE_MAX_BATCH_ACTIONS.
 *  - NAVCORE_ENOMEM.
 */
int navcore_guard_redirect(navcore_guard_decision *decision, const char *actions_json);

/* ------------------------------------------------------------------------- */
/* Inspecting the route table (docs/tools.md)                                 */
/* ------------------------------------------------------------------------- */

/**
 * Writes to *report_out a report on the navigator's route table
 * (docs/tools.md, docs/schema/table-report.schema.json): its structure as
 * data (routes with params, titles, parents and requires; tabs with roots,
 * accepted routes and requires; conditions with initial value, flow, on_false
 * and what requires them; styles; links with the stack each builds, parents
 * included; the not_found route) and "warnings" for what loads but is
 * probably wrong, each {"kind", "path", "message"} with a stable kind:
 * "push_only_route", "link_leaves_tab", "link_refused_by_tab",
 * "unbound_param", "unused_condition". A table that gives titles or
 * announcements in other locales also has "locales": each locale with the
 * places that lack it ("missing"; docs/locales.md); other tables' reports
 * have no such key. A table that does not load has no
 * navigator: navcore_navigator_new() reports its error, with
 * navcore_last_error_message() and navcore_last_error_path(). Changes nothing.
 * Free *report_out with navcore_string_free().
 *
 * Errors:
 *  - NAVCORE_EINVAL: nav or report_out is NULL.
 *  - NAVCORE_ENOMEM.
 * Thread: any; reads the table under the navigator's lock, calls no listener.
 */
int navcore_table_report(const navcore_navigator *nav, char **report_out);

/* ------------------------------------------------------------------------- */
/* Checking a route table's navigation (docs/tools.md, "navcore check")       */
/* ------------------------------------------------------------------------- */

/**
 * Explores every state a new navigator of the route table reaches, breadth
 * first within bounds, over the real engine, and checks navcore's laws on
 * each (protected routes, a failed action changes nothing, Back's progress
 * and preview, the view model's top, snapshot and restore): docs/tools.md,
 * "navcore check". options_json (NULL: the defaults) is an object with
 * "depth", "states", "stack_depth" (positive integers), "invariants" (the
 * table's own, each {"name", "route", "under"?}), "laws_off" (law name to
 * reason), "walk" and "walk_length" (positive integers: that many seeded
 * random walks of that many actions after the search), "seed" (0 to 2^53;
 * absent: taken from the clock) and "replay" (a counterexample's "steps",
 * re-run and re-checked instead of the search). Writes to *report_out the
 * report: "states", "transitions", "depth", "bound" (complete, depth or
 * states), "laws", "laws_off", "walk" (its "seed", when walks ran) and
 * "counterexamples", each the first violation of a law with its "summary",
 * the shortest "steps" ({"action", "status"}) that reach it (a walk's
 * shrunk), and "vector", the path as a conformance vector. A law that
 * fails is not an error: the call returns NAVCORE_OK with the report.
 * Free *report_out with navcore_string_free().
 *
 * Errors:
 *  - NAVCORE_EINVAL: route_table_json or report_out is NULL, a text is not
 *    UTF-8, or an option is unknown or wrong (the path names it).
 *  - NAVCORE_EJSON: route_table_json or options_json is not JSON.
 *  - NAVCORE_ETABLE: an invalid table.
 *  - NAVCORE_EACTION: a malformed action in "replay".
 *  - NAVCORE_ENOMEM.
 * Thread: any; touches no navigator, calls no listener.
 */
int navcore_check(const char *route_table_json, const char *options_json, char **report_out);

#ifdef __cplusplus
}
#endif

#endif /* NAVCORE_H */
