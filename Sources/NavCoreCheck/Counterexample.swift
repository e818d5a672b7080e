import NavCore

/// One action of a counterexample and the status it returned (`ok`, or an
/// error's status name such as `NAVCORE_EBLOCKED`): a path may end in an action that fails.
public struct CheckStep: Equatable, Sendable {
    /// A step: `action`, expected to return `status`.
    public init(action: Action, status: String) {
        self.action = action
        self.status = status
    }

    /// The action, applied alone.
    public let action: Action
    /// `ok`, or the name of the status it failed with.
    public let status: String
}

/// The first violation of a law, with the shortest path that reaches it
/// (breadth-first order guarantees it is a shortest one).
public struct Counterexample: Equatable, Sendable {
    /// The law's name.
    public let law: String
    /// What broke it.
    public let message: String
    /// The actions from the start state.
    public let steps: [CheckStep]

    /// The one-line summary: the law, the message, the number of actions.
    public var summary: String {
        "\(law): \(message) (after \(steps.count) action\(steps.count == 1 ? "" : "s"))"
    }
}
