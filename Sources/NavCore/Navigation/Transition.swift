/// Why a transition happened.
public enum Cause: Equatable, Sendable {
    /// A batch of actions, by their ops in order.
    case actions(ops: [String])
    /// A batch of one `open_url`: the URL, the pattern of the link that
    /// matched (nil for the `not_found` route) and the mode applied.
    case url(String, link: String?, mode: OpenMode)
}

/// What one batch did to one stack.
public struct StackChange: Equatable, Sendable {
    /// The stack's name.
    public let stack: String
    /// Ids that were on the stack before and are not after, bottom first.
    public let removed: [Int]
    /// Entries on the stack after that were not before, bottom first.
    public let added: [Entry]

    /// Whether the stack changed at all.
    public var isEmpty: Bool { removed.isEmpty && added.isEmpty }
}

/// The top of the active stack at one moment.
public struct TopEntry: Equatable, Sendable {
    /// The active stack's name.
    public let stack: String
    /// Its top entry.
    public let top: Entry
}

/// The committed result of a batch of actions.
public struct Transition: Equatable, Sendable {
    /// The navigator's change counter after the batch.
    public let seq: Int
    /// Why it happened.
    public let cause: Cause
    /// The stacks that changed (none when nothing changed).
    public let changes: [StackChange]
    /// The active top before the batch.
    public let before: TopEntry
    /// The active top after the batch.
    public let after: TopEntry

    /// Whether any stack changed.
    public var changed: Bool { !changes.isEmpty }
}
