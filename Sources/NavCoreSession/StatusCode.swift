// written by `make` (scripts/header_constants.py) from Include/navcore.h; do not edit.

/// The status codes of the C contract (`Include/navcore.h`): what every fallible
/// `navcore_` function returns, and the names that messages and vectors use.
public enum StatusCode: Int32, CaseIterable, Sendable {
    /// `NAVCORE_OK`: Success.
    case ok = 0
    /// `NAVCORE_EINVAL`: An argument is invalid: a NULL pointer where one is required, a string
    /// that is not valid UTF-8 (the message gives the offset of the first bad
    /// byte), or an unknown subscription id. A snapshot or log that is not UTF-8
    /// is NAVCORE_ERESTORE instead (navcore_restore(), navcore_replay()).
    case einval = -1
    /// `NAVCORE_ENOMEM`: Memory could not be allocated. The call changed nothing: a change is undone
    /// when the texts it hands back cannot be written (docs/behaviour.md).
    case enomem = -2
    /// `NAVCORE_EJSON`: Text is not valid JSON: a syntax error, truncated input, or nesting deeper
    /// than jansson's limit. The message gives jansson's line and column.
    case ejson = -3
    /// `NAVCORE_ETABLE`: The route table is invalid. The message names the exact place, for example
    /// `routes.product.params.id: unknown type "integer"`.
    case etable = -4
    /// `NAVCORE_EACTION`: An action is malformed: not an object, unknown "op", a missing, extra or
    /// mistyped field, a count out of range, a value its field does not allow (an
    /// unknown push "policy", open_url "mode" or presentation "style"), or saved
    /// state over its limits; or the table's layout has no place for it ("select"
    /// without a split layout).
    case eaction = -5
    /// `NAVCORE_EROUTE`: A route names no route of the table, or a route the place it goes to does
    /// not accept: a route the target tab does not declare, or a "select" of a
    /// route that is not in the sidebar; or a route that requires a condition the
    /// same batch set false (a batch that needs a false condition is otherwise
    /// held, not refused: docs/conditions.md).
    case eroute = -6
    /// `NAVCORE_EPARAMS`: A route's params do not match its declaration: missing, extra or mistyped,
    /// a value outside its enum, a string longer than
    /// NAVCORE_MAX_STRING_PARAM_BYTES or holding a control character (U+0000 to
    /// U+001F, U+007F). The message names the param.
    case eparams = -7
    /// `NAVCORE_ENOENTRY`: An action refers to an entry or a presentation that does not exist: an
    /// unknown or already-popped id, a route name no entry has, a replace with an
    /// empty path, or a dismiss with nothing presented. Also navcore_log() when
    /// nothing was ever recorded.
    case enoentry = -8
    /// `NAVCORE_ECASCADE`: A listener chained more than NAVCORE_MAX_LISTENER_CASCADE re-entrant
    /// changes; the change that went over the limit was refused. Also any change
    /// (navcore_take_result included) that a guard makes to the navigator it is
    /// judging.
    case ecascade = -9
    /// `NAVCORE_EINTERNAL`: A bug inside navcore. Please report it with the message.
    case einternal = -10
    /// `NAVCORE_ENOMATCH`: No link of the route table matches a URL (and the table declares no
    /// "not_found" route), or no link produces a route. The message names the
    /// closest link and the part that failed, for example
    /// `url: no link matches "myapp://users/abc/edit": closest is
    /// "myapp://users/{id}/edit", where path segment 1 for {id}: "abc" is not an
    /// int`. A string that is not an absolute URL (empty, relative, a control
    /// character, a malformed %-escape) is this error too, even when the table
    /// declares "not_found": the message then says `url: "TEXT" is refused: `
    /// and the problem. A URL longer than NAVCORE_MAX_URL_BYTES is
    /// NAVCORE_ELIMIT instead, through every call.
    case enomatch = -11
    /// `NAVCORE_ETAB`: A tab name that no tab of the table has, or a tab action on a table that
    /// declares no tabs; or selecting a tab that requires a condition the same
    /// batch set false.
    case etab = -12
    /// `NAVCORE_ERESTORE`: A snapshot or action log that cannot be restored at all: not UTF-8, not
    /// JSON, truncated, larger than NAVCORE_MAX_SNAPSHOT_BYTES, of a newer format,
    /// of the wrong shape, of another app, with duplicate or out-of-range entry
    /// ids; or a log that does not replay exactly. The message names the place.
    case erestore = -13
    /// `NAVCORE_ELIMIT`: A documented limit would be exceeded: a batch longer than
    /// NAVCORE_MAX_BATCH_BYTES or with more than NAVCORE_MAX_BATCH_ACTIONS actions;
    /// a URL longer than NAVCORE_MAX_URL_BYTES (navcore_open_url(), an "open_url"
    /// action, navcore_resolve_url() alike);
    /// a change when "seq" or "next_id" is at NAVCORE_MAX_COUNTER; a snapshot (or
    /// a log's base) longer than NAVCORE_MAX_SNAPSHOT_BYTES, which restore could
    /// not read back. Nothing changed; the message names the limit.
    case elimit = -14
    /// `NAVCORE_EREDIRECT`: Redirects went past the route table's "redirect_limit", or a guard's
    /// redirects came back to a batch already proposed. The message lists the
    /// chain, for example `redirects go past the limit of 5: a -> b -> c -> d ->
    /// e -> f -> g` or `the guard's redirects loop: checkout -> login -> checkout`
    /// (docs/conditions.md). Nothing changed.
    case eredirect = -15
    /// `NAVCORE_EDENIED`: The navigator's guard denied the batch; the message gives its reason.
    /// A guard that returns anything but NAVCORE_OK also denies it. Nothing changed.
    case edenied = -16
    /// `NAVCORE_EBLOCKED`: A blocking entry (an unsaved draft, marked with navcore_set_blocker())
    /// holds back the change: nothing changed. navcore_last_blocked() describes
    /// the batch and gives the token that navcore_proceed() takes to apply it
    /// past that blocker (docs/blockers.md).
    case eblocked = -17

    /// The status name, as `navcore_status_string()` gives it (`"NAVCORE_EROUTE"`).
    public var name: String {
        switch self {
        case .ok: return "NAVCORE_OK"
        case .einval: return "NAVCORE_EINVAL"
        case .enomem: return "NAVCORE_ENOMEM"
        case .ejson: return "NAVCORE_EJSON"
        case .etable: return "NAVCORE_ETABLE"
        case .eaction: return "NAVCORE_EACTION"
        case .eroute: return "NAVCORE_EROUTE"
        case .eparams: return "NAVCORE_EPARAMS"
        case .enoentry: return "NAVCORE_ENOENTRY"
        case .ecascade: return "NAVCORE_ECASCADE"
        case .einternal: return "NAVCORE_EINTERNAL"
        case .enomatch: return "NAVCORE_ENOMATCH"
        case .etab: return "NAVCORE_ETAB"
        case .erestore: return "NAVCORE_ERESTORE"
        case .elimit: return "NAVCORE_ELIMIT"
        case .eredirect: return "NAVCORE_EREDIRECT"
        case .edenied: return "NAVCORE_EDENIED"
        case .eblocked: return "NAVCORE_EBLOCKED"
        }
    }
}
