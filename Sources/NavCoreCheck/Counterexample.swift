import NavCore

/// One move of a counterexample and the status it returned (`ok`, or an
/// error's status name such as `NAVCORE_EBLOCKED`): a path may end in a move that fails.
public struct CheckStep: Equatable, Sendable {
    /// A step: `move`, expected to return `status`.
    public init(_ move: CheckMove, status: String) {
        self.move = move
        self.status = status
    }

    /// A step: `action`, applied alone, expected to return `status`.
    public init(action: Action, status: String) {
        self.init(.action(action), status: status)
    }

    /// The move: an action, or a proceed.
    public let move: CheckMove
    /// `ok`, or the name of the status it failed with.
    public let status: String

    /// The action, nil for a proceed.
    public var action: Action? {
        guard case .action(let action) = move else { return nil }
        return action
    }
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
