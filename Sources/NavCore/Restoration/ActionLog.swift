/// One recorded change of a navigator.
public enum LogRecord<State> {
    /// A batch of actions that applied (whether or not it changed anything),
    /// the navigator's `seq` after it, and the blocking entries it proceeded
    /// past (docs/blockers.md).
    case actions([Action], seq: Int, past: Set<Int> = [])
    /// A restore or replay: the state it produced, and the `seq` after it.
    case restore(State, seq: Int)
}

extension LogRecord: Equatable where State: Equatable {}
extension LogRecord: Sendable where State: Sendable {}

/// An action log: the state recording started from, then every change in
/// order. Replaying it on the same table rebuilds the same state, ids and
/// `seq` included (docs/restore.md). `State` is `Navigator` while recording,
/// and `Snapshot` once written out and read back.
///
/// The log is bounded: it holds at most `capacity` records. When it is full,
/// the older half is folded into the base, which becomes the state after
/// them, so memory stays bounded and the log still replays.
public struct ActionLog<State> {
    /// The records kept by default (`NAVCORE_MAX_LOG_BATCHES`).
    public static var defaultCapacity: Int { Limits.maxLogBatches }

    /// Half the capacity: how many records a fold removes.
    private let half: Int
    /// The state before the first record.
    public private(set) var base: State
    /// The records, oldest first.
    public private(set) var records: [LogRecord<State>]
    /// How many records were folded into the base so far (saturates at `Navigator.maxCounter`).
    public private(set) var folded: Int
    /// The state after the first `half` records, once there are that many.
    private var checkpoint: State?

    /// A log starting at `base`, keeping at most `capacity` (at least 2) records.
    public init(base: State, records: [LogRecord<State>] = [], folded: Int = 0, capacity: Int = ActionLog.defaultCapacity) {
        self.half = max(1, capacity / 2)
        self.base = base
        self.records = records
        self.folded = min(max(0, folded), Navigator.maxCounter)
    }

    /// The most records the log keeps.
    public var capacity: Int { half * 2 }

    /// Appends a record; `state` is the state after it.
    public mutating func append(_ record: LogRecord<State>, after state: State) {
        records.append(record)
        if records.count == half { checkpoint = state }
        if records.count >= capacity, let checkpoint {
            base = checkpoint
            records.removeFirst(half)
            // folded <= maxCounter (2^53 - 1) and half < 2^62: the sum cannot overflow.
            folded = min(folded + half, Navigator.maxCounter)
            self.checkpoint = state
        }
    }

    /// The same log with every state transformed (a navigator into its snapshot).
    public func map<Other>(_ transform: (State) -> Other) -> ActionLog<Other> {
        let mapped: [LogRecord<Other>] = records.map { record in
            switch record {
            case .actions(let actions, let seq, let past): return .actions(actions, seq: seq, past: past)
            case .restore(let state, let seq): return .restore(transform(state), seq: seq)
            }
        }
        return ActionLog<Other>(base: transform(base), records: mapped, folded: folded, capacity: capacity)
    }
}

extension ActionLog: Sendable where State: Sendable {}
