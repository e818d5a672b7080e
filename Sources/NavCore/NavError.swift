/// An error from navcore: what kind of problem it is, and a message that names
/// the offending thing (`actions[1].route.name: unknown route "prodcut"`).
public struct NavError: Error, Equatable, CustomStringConvertible {
    /// The kind of problem. Raw values are the C status codes of `navcore.h`.
    public enum Kind: Int32, Sendable, CaseIterable {
        /// A required argument is missing, or text is not UTF-8.
        case invalidArgument = -1
        /// Memory could not be allocated.
        case outOfMemory = -2
        /// Text is not valid JSON.
        case json = -3
        /// The route table is invalid.
        case table = -4
        /// An action is malformed, names a value its field does not allow, or has
        /// no place in the table's layout (`select` without a split layout).
        case action = -5
        /// A route names no route of the table, or one its tab or the sidebar does not accept.
        case route = -6
        /// A route's params do not match its declaration.
        case params = -7
        /// An action refers to an entry that is not on the stack.
        case noEntry = -8
        /// Listeners chained too many re-entrant changes.
        case cascade = -9
        /// A bug inside navcore.
        case `internal` = -10
        /// No link of the route table matches a URL, or no link produces a route.
        case noMatch = -11
        /// An unknown tab, or a tab action on a table without tabs.
        case tab = -12
        /// A snapshot or action log that cannot be restored at all.
        case restore = -13
        /// A documented limit would be exceeded: a batch too large, a counter at
        /// its maximum, a document too large to be read back.
        case limit = -14
        /// Redirects went past the limit or came back where they started
        /// (docs/conditions.md, "Redirects and guards"); the message lists the chain.
        case redirect = -15
        /// The host's guard refused the batch; the message gives its reason.
        case denied = -16
        /// A blocking entry (an unsaved draft) holds back the change: the
        /// host may proceed past it (docs/blockers.md).
        case blocked = -17

        /// The status name used by the C header and the conformance vectors.
        public var statusName: String {
            switch self {
            case .invalidArgument: return "NAVCORE_EINVAL"
            case .outOfMemory: return "NAVCORE_ENOMEM"
            case .json: return "NAVCORE_EJSON"
            case .table: return "NAVCORE_ETABLE"
            case .action: return "NAVCORE_EACTION"
            case .route: return "NAVCORE_EROUTE"
            case .params: return "NAVCORE_EPARAMS"
            case .noEntry: return "NAVCORE_ENOENTRY"
            case .cascade: return "NAVCORE_ECASCADE"
            case .internal: return "NAVCORE_EINTERNAL"
            case .noMatch: return "NAVCORE_ENOMATCH"
            case .tab: return "NAVCORE_ETAB"
            case .restore: return "NAVCORE_ERESTORE"
            case .limit: return "NAVCORE_ELIMIT"
            case .redirect: return "NAVCORE_EREDIRECT"
            case .denied: return "NAVCORE_EDENIED"
            case .blocked: return "NAVCORE_EBLOCKED"
            }
        }
    }

    /// The kind of problem.
    public let kind: Kind
    /// Where the problem is, as a dotted path (`routes.product.params.id`); may be empty.
    public let path: String
    /// What is wrong there.
    public let detail: String
    /// For a route or tab that needs a condition that is false, that
    /// condition's index: the navigator holds the batch and shows the
    /// condition's flow instead of failing (docs/conditions.md).
    var missingCondition: Int?
    /// For `.blocked`, the blocking entry and the batch it held back.
    public var blocked: BlockedRemoval?

    /// Creates an error of `kind` at `path` (empty for none) saying `detail`.
    public init(_ kind: Kind, at path: String = "", _ detail: String) {
        self.kind = kind
        self.path = path
        self.detail = detail
    }

    /// The full message: `path: detail`, or just the detail when there is no path.
    public var message: String { path.isEmpty ? detail : "\(path): \(detail)" }

    /// The message.
    public var description: String { message }

    /// The same error, located under `prefix` (`route` + `params.id` gives `route.params.id`).
    public func under(_ prefix: String) -> NavError {
        if prefix.isEmpty { return self }
        let separator = path.isEmpty || path.hasPrefix("[") ? "" : "."
        var error = NavError(kind, at: prefix + separator + path, detail)
        error.missingCondition = missingCondition
        error.blocked = blocked
        return error
    }
}
