"""The constants of the C contract, written by `make` (scripts/header_constants.py) from Include/navcore.h; do not edit."""

from typing import Dict

#: Format number written as "navcore" in every JSON document the library writes.
FORMAT: int = 1
#: Longest value, in bytes of UTF-8, that a string param may hold.
MAX_STRING_PARAM_BYTES: int = 65536
#: Most items a list param (`{"list": "string"}`, ...) may hold; a value with
#: more is NAVCORE_EPARAMS, a URL repeating its query key more often is no match.
MAX_LIST_PARAM_ITEMS: int = 256
#: Most changes that listeners may chain re-entrantly from one outer change.
MAX_LISTENER_CASCADE: int = 64
#: Longest URL, in bytes of UTF-8, that a link can match; a longer one is
#: NAVCORE_ELIMIT at `url`, whichever call it comes through (navcore_open_url(),
#: an "open_url" action of navcore_apply(), navcore_resolve_url()).
MAX_URL_BYTES: int = 262144
#: The link's declared "mode", or NAVCORE_OPEN_REPLACE when it declares none.
OPEN_DEFAULT: int = 0
#: The path above the root becomes the link's routes (entries of an equal
#: prefix keep their ids, as with navcore_set_stack()).
OPEN_REPLACE: int = 1
#: The link's routes are pushed on top of the current path.
OPEN_PUSH: int = 2
#: Added to one of the modes above (NAVCORE_OPEN_DEFAULT | NAVCORE_OPEN_DISMISS):
#: every presentation is dismissed first, when any is up, as the "open_url"
#: action's "dismiss": true does (docs/links.md, "Whatever is up").
OPEN_DISMISS: int = 4
#: Longest snapshot or action log text that navcore_restore() and
#: navcore_replay() read, in bytes (64 MiB). navcore never writes a longer
#: one: navcore_snapshot() fails with NAVCORE_ELIMIT instead, and
#: navcore_log() folds older batches into the log's base until it fits.
MAX_SNAPSHOT_BYTES: int = 67108864
#: Most nested arrays and objects an entry's saved state may hold.
MAX_ENTRY_STATE_DEPTH: int = 32
#: Largest size of an entry's saved state: every JSON value counts one, and
#: every string and object key adds its bytes of UTF-8.
MAX_ENTRY_STATE_SIZE: int = 65536
#: Most batches an action log keeps; older ones are folded into its base.
MAX_LOG_BATCHES: int = 10000
#: Largest value of the counters "seq" and "next_id" (2^53 - 1, the largest
#: integer every JSON reader holds exactly). A snapshot or log with a larger
#: one is NAVCORE_ERESTORE; a change that would pass it is NAVCORE_ELIMIT.
MAX_COUNTER: int = 9007199254740991
#: Longest text, in bytes, of the actions of navcore_apply() and of the JSON
#: argument of the other action calls (1 MiB); longer is NAVCORE_ELIMIT.
MAX_BATCH_BYTES: int = 1048576
#: Most actions one batch may hold; more is NAVCORE_ELIMIT.
MAX_BATCH_ACTIONS: int = 1024
#: Largest "redirect_limit" a route table may declare (the default is 5).
MAX_REDIRECT_LIMIT: int = 32
#: Most times one guarded call proposes its batch again because another
#: change was committed while the guard ran; then it fails with NAVCORE_ELIMIT.
MAX_GUARD_ROUNDS: int = 16
#: Most containers on any path of a navigator's tree, the root's included
#: (docs/structure.md, "Nesting"): a route table whose layouts nest deeper, or
#: a change that would place a container deeper, is NAVCORE_ETABLE or
#: NAVCORE_ELIMIT.
MAX_NESTING: int = 8
#: Most batches a navigator holds back for navcore_proceed() at once: each
#: NAVCORE_EBLOCKED gives a new token, which ends the oldest beyond this many
#: (that token is then NAVCORE_ENOENTRY, "it expired").
MAX_HELD_BATCHES: int = 16
#: Longest locale tag, in bytes, that navcore_navigator_new_locale() and the
#: "set_locale" action take (docs/locales.md); longer is NAVCORE_EINVAL or
#: NAVCORE_EACTION.
MAX_LOCALE_BYTES: int = 35
#: Success.
OK: int = 0
#: An argument is invalid: a NULL pointer where one is required, a string
#: that is not valid UTF-8 (the message gives the offset of the first bad
#: byte), or an unknown subscription id. A snapshot or log that is not UTF-8
#: is NAVCORE_ERESTORE instead (navcore_restore(), navcore_replay()).
EINVAL: int = -1
#: Memory could not be allocated. The call changed nothing: a change is undone
#: when the texts it hands back cannot be written (docs/behaviour.md).
ENOMEM: int = -2
#: Text is not valid JSON: a syntax error, truncated input, or nesting deeper
#: than jansson's limit. The message gives jansson's line and column.
EJSON: int = -3
#: The route table is invalid. The message names the exact place, for example
#: `routes.product.params.id: unknown type "integer"`.
ETABLE: int = -4
#: An action is malformed: not an object, unknown "op", a missing, extra or
#: mistyped field, a count out of range, a value its field does not allow (an
#: unknown push "policy", open_url "mode" or presentation "style"), or saved
#: state over its limits; or the table's layout has no place for it ("select"
#: without a split layout).
EACTION: int = -5
#: A route names no route of the table, or a route the place it goes to does
#: not accept: a route the target tab does not declare, or a "select" of a
#: route that is not in the sidebar; or a route that requires a condition the
#: same batch set false (a batch that needs a false condition is otherwise
#: held, not refused: docs/conditions.md).
EROUTE: int = -6
#: A route's params do not match its declaration: missing, extra or mistyped,
#: a value outside its enum, a string longer than
#: NAVCORE_MAX_STRING_PARAM_BYTES or holding a control character (U+0000 to
#: U+001F, U+007F). The message names the param.
EPARAMS: int = -7
#: An action refers to an entry or a presentation that does not exist: an
#: unknown or already-popped id, a route name no entry has, a replace with an
#: empty path, or a dismiss with nothing presented. Also navcore_log() when
#: nothing was ever recorded.
ENOENTRY: int = -8
#: A listener chained more than NAVCORE_MAX_LISTENER_CASCADE re-entrant
#: changes; the change that went over the limit was refused. Also any change
#: (navcore_take_result included) that a guard makes to the navigator it is
#: judging.
ECASCADE: int = -9
#: A bug inside navcore. Please report it with the message.
EINTERNAL: int = -10
#: No link of the route table matches a URL (and the table declares no
#: "not_found" route), or no link produces a route. The message names the
#: closest link and the part that failed, for example
#: `url: no link matches "myapp://users/abc/edit": closest is
#: "myapp://users/{id}/edit", where path segment 1 for {id}: "abc" is not an
#: int`. A string that is not an absolute URL (empty, relative, a control
#: character, a malformed %-escape) is this error too, even when the table
#: declares "not_found": the message then says `url: "TEXT" is refused: `
#: and the problem. A URL longer than NAVCORE_MAX_URL_BYTES is
#: NAVCORE_ELIMIT instead, through every call.
ENOMATCH: int = -11
#: A tab name that no tab of the table has, or a tab action on a table that
#: declares no tabs; or selecting a tab that requires a condition the same
#: batch set false.
ETAB: int = -12
#: A snapshot or action log that cannot be restored at all: not UTF-8, not
#: JSON, truncated, larger than NAVCORE_MAX_SNAPSHOT_BYTES, of a newer format,
#: of the wrong shape, of another app, with duplicate or out-of-range entry
#: ids; or a log that does not replay exactly. The message names the place.
ERESTORE: int = -13
#: A documented limit would be exceeded: a batch longer than
#: NAVCORE_MAX_BATCH_BYTES or with more than NAVCORE_MAX_BATCH_ACTIONS actions;
#: a URL longer than NAVCORE_MAX_URL_BYTES (navcore_open_url(), an "open_url"
#: action, navcore_resolve_url() alike);
#: a change when "seq" or "next_id" is at NAVCORE_MAX_COUNTER; a snapshot (or
#: a log's base) longer than NAVCORE_MAX_SNAPSHOT_BYTES, which restore could
#: not read back. Nothing changed; the message names the limit.
ELIMIT: int = -14
#: Redirects went past the route table's "redirect_limit", or a guard's
#: redirects came back to a batch already proposed. The message lists the
#: chain, for example `redirects go past the limit of 5: a -> b -> c -> d ->
#: e -> f -> g` or `the guard's redirects loop: checkout -> login -> checkout`
#: (docs/conditions.md). Nothing changed.
EREDIRECT: int = -15
#: The navigator's guard denied the batch; the message gives its reason.
#: A guard that returns anything but NAVCORE_OK also denies it. Nothing changed.
EDENIED: int = -16
#: A blocking entry (an unsaved draft, marked with navcore_set_blocker())
#: holds back the change: nothing changed. navcore_last_blocked() describes
#: the batch and gives the token that navcore_proceed() takes to apply it
#: past that blocker (docs/blockers.md).
EBLOCKED: int = -17
#: A validator's answer: restore the entry.
KEEP: int = 1
#: A validator's answer: drop the entry (and, by its route's restore policy,
#: the entries above it).
VETO: int = 0

#: Status code -> its name, as ``navcore_status_string()`` gives it.
STATUS_NAMES: Dict[int, str] = {
    OK: "NAVCORE_OK",
    EINVAL: "NAVCORE_EINVAL",
    ENOMEM: "NAVCORE_ENOMEM",
    EJSON: "NAVCORE_EJSON",
    ETABLE: "NAVCORE_ETABLE",
    EACTION: "NAVCORE_EACTION",
    EROUTE: "NAVCORE_EROUTE",
    EPARAMS: "NAVCORE_EPARAMS",
    ENOENTRY: "NAVCORE_ENOENTRY",
    ECASCADE: "NAVCORE_ECASCADE",
    EINTERNAL: "NAVCORE_EINTERNAL",
    ENOMATCH: "NAVCORE_ENOMATCH",
    ETAB: "NAVCORE_ETAB",
    ERESTORE: "NAVCORE_ERESTORE",
    ELIMIT: "NAVCORE_ELIMIT",
    EREDIRECT: "NAVCORE_EREDIRECT",
    EDENIED: "NAVCORE_EDENIED",
    EBLOCKED: "NAVCORE_EBLOCKED",
}
