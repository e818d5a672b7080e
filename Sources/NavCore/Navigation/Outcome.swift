/// What a committed batch did, as its commit needs it. The counter, whether
/// it changed anything, the entries a cache may forget and the announcement
/// cost what the batch touched; the whole transition is built only when it
/// was asked for (a caller or a listener reads it) or the blocker check
/// needed it (the batch removed a marked entry): docs/guarantees.md, "Cost".
public struct Outcome: Sendable {
    /// The navigator's change counter after the batch.
    public let seq: Int
    /// Whether the batch changed anything (`Transition.changed`).
    public let changed: Bool
    /// The transition, when it was built.
    public let transition: Transition?
    /// The ids of every entry the batch may have removed (some may still be
    /// up): what a cache of entries can forget.
    public let removable: [Int]
    /// The announcement of the change; nil when it changed nothing.
    public let announcement: Announcement?
}
