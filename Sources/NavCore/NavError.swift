/// An error from navcore: what kind of problem it is, and a message that names
/// the offending thing (`actions[1].route.name: unknown route "prodcut"`).
public struct NavError: Error, Equatable, CustomStringConvertible {
    /// The kind of problem. The session layer gives each kind its C status code
    /// and name (`NavError.Kind.status`, from the header's table): the core names no C value.
    public enum Kind: Sendable, CaseIterable {
        /// A required argument is missing, or text is not UTF-8.
        case invalidArgument
        /// Memory could not be allocated.
        case outOfMemory
        /// Text is not valid JSON.
        case json
        /// The route table is invalid.
        case table
        /// An action is malformed, names a value its field does not allow, or has
        /// no place in the table's layout (`select` without a split layout).
        case action
        /// A route names no route of the table, or one its tab or the sidebar does not accept.
        case route
        /// A route's params do not match its declaration.
        case params
        /// An action refers to an entry that is not on the stack.
        case noEntry
        /// Listeners chained too many re-entrant changes.
        case cascade
        /// A bug inside navcore.
        case `internal`
        /// No link of the route table matches a URL, or no link produces a route.
        case noMatch
        /// An unknown tab, or a tab action on a table without tabs.
        case tab
        /// A snapshot or action log that cannot be restored at all.
        case restore
        /// A documented limit would be exceeded: a batch too large, a counter at
        /// its maximum, a document too large to be read back.
        case limit
        /// Redirects went past the limit or came back where they started
        /// (docs/conditions.md, "Redirects and guards"); the message lists the chain.
        case redirect
        /// The host's guard refused the batch; the message gives its reason.
        case denied
        /// A blocking entry (an unsaved draft) holds back the change: the
        /// host may proceed past it (docs/blockers.md).
        case blocked
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
