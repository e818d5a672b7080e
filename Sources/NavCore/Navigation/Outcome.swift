/// What a committed batch did, as its commit needs it. The counter, whether
/// it changed anything and the entries a cache may forget cost what the
/// batch touched; the announcement is found only when asked for (a view
/// model reads it), and the whole transition is built only when it
/// was asked for (a caller or a listener reads it) or the blocker check
/// needed it (the batch removed a marked entry): docs/guarantees.md, "Cost".
public struct Outcome {
    /// The navigator's change counter after the batch.
    public let seq: Int
    /// Whether the batch changed anything (`Transition.changed`).
    public let changed: Bool
    /// The transition, when it was built.
    public var transition: Transition? { described?.transition }
    /// The transition behind a reference: an outcome without one stays a few
    /// words, which a commit copies cheaply (a transition is hundreds of bytes).
    private let described: Described?
    /// The ids of every entry the batch may have removed (some may still be
    /// up): what a cache of entries can forget.
    public var removable: [Int] { batch?.removable ?? [] }
    /// The batch, which knows what it may have removed (nil for a restore or replay).
    private let batch: Batch?
    /// The announcement of a restore or replay that changed something (a
    /// batch's is found from its records when asked for).
    private let announced: Announcement?
    /// The change, kept to say how to animate it (`Navigator.animation(of:)`);
    /// nil when it changed nothing, and for a restore or replay.
    public var lastChange: LastChange? {
        guard changed, let batch else { return nil }
        return LastChange(batch: batch, seq: seq)
    }

    /// The announcement of the change, as `navigator` says it: the navigator
    /// the change left, or one that only batches which changed nothing
    /// followed. Nil when it changed nothing.
    public func announcement(in navigator: Navigator) -> Announcement? {
        guard changed else { return nil }
        return lastChange?.announcement(in: navigator) ?? announced
    }

    /// Calls `body` with the id of every entry the batch may have removed
    /// (`removable`, without making the array).
    public func forEachRemovable(_ body: (Int) -> Void) {
        batch?.forEachRemovable { body($0.id) }
    }

    /// An outcome of these facts; `announcement` is a restore's or replay's.
    init(seq: Int, changed: Bool, transition: Transition?, batch: Batch?, announcement: Announcement?) {
        self.seq = seq
        self.changed = changed
        described = transition.map(Described.init)
        self.batch = batch
        announced = announcement
    }

    /// A built transition, shared.
    private final class Described: Sendable {
        let transition: Transition

        init(_ transition: Transition) {
            self.transition = transition
        }
    }
}
