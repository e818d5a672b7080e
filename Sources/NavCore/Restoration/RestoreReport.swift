/// What a restore did: the migrations it ran, the entries it kept and dropped
/// (and why), and the stacks it restarted at their declared root.
public struct RestoreReport: Equatable, Sendable {
    /// Why an entry was dropped.
    public enum Reason: String, Equatable, Sendable {
        /// Its route is not in the table.
        case unknownRoute = "unknown_route"
        /// Its params do not fit the route's declaration.
        case params
        /// Its tab does not accept its route.
        case notAccepted = "not_accepted"
        /// It is a root entry, but not the root the table declares for its stack.
        case notRoot = "not_root"
        /// Its route declares `"restore": "never"`.
        case never
        /// The host validator vetoed it.
        case vetoed
        /// The host validator failed on it (returned garbage, or raised).
        case validatorFailed = "validator_failed"
        /// A migration dropped its route.
        case migration
        /// An entry below it was dropped, and that entry's policy drops the entries above.
        case belowDropped = "below_dropped"
        /// Its stack is not a stack of this table.
        case unknownStack = "unknown_stack"
        /// Its presentation's style is not a style of this table.
        case unknownStyle = "unknown_style"
    }

    /// An entry that was not restored.
    public struct Dropped: Equatable, Sendable {
        /// The entry's id in the snapshot.
        public let id: Int
        /// The stack it was on.
        public let stack: String
        /// Its route name (after migrations).
        public let name: String
        /// Why it was dropped.
        public let reason: Reason
        /// The details.
        public let message: String
    }

    /// A stack that restarted at its declared root, because its root entry was dropped.
    public struct Restarted: Equatable, Sendable {
        /// The stack's name.
        public let stack: String
        /// The id of the new root entry.
        public let id: Int
        /// The root's route name.
        public let name: String
    }

    /// The ids of the entries kept on one stack, root first.
    public struct Kept: Equatable, Sendable {
        /// The stack's name.
        public let stack: String
        /// The ids kept there.
        public let ids: [Int]
    }

    /// One migration that ran, one version step.
    public struct MigrationRun: Equatable, Sendable {
        /// One change of the migration and the entries it touched.
        public struct Change: Equatable, Sendable {
            /// The step's op (`rename_route`, ...).
            public let op: MigrationStep.Op
            /// What it does, in words.
            public let detail: String
            /// The ids of the entries it changed or dropped.
            public let ids: [Int]
        }

        /// The version it started from.
        public let from: Int
        /// The version it reached (`from + 1`).
        public let to: Int
        /// Its steps, in order.
        public let changes: [Change]
    }

    /// The snapshot's table version.
    public internal(set) var fromVersion: Int
    /// The table's version.
    public internal(set) var toVersion: Int
    /// The migrations that ran, in order.
    public internal(set) var migrations: [MigrationRun] = []
    /// When migrations could not bring the snapshot to the table's version: the
    /// version they stopped at and the table's. The entries were validated as they were.
    public internal(set) var unmigrated: (from: Int, to: Int)?
    /// The entries kept, per stack, base stacks first.
    public internal(set) var kept: [Kept] = []
    /// The entries dropped, in stack order.
    public internal(set) var dropped: [Dropped] = []
    /// The stacks restarted at their declared root.
    public internal(set) var restarted: [Restarted] = []
    /// Other things restore had to decide (an unknown selected tab, ...).
    public internal(set) var notes: [String] = []

    /// An empty report for a snapshot of `fromVersion` restored into a table of `toVersion`.
    init(fromVersion: Int, toVersion: Int) {
        self.fromVersion = fromVersion
        self.toVersion = toVersion
    }

    /// The report once the restore was adopted by `transition`: a restored
    /// pending intent that could not wait any longer and was replaced by a
    /// new hold of the restored screens gets a note (docs/conditions.md).
    public func settled(by transition: Transition) -> RestoreReport {
        settled(byIntent: transition.intent)
    }

    /// The report once the restore was adopted doing `intent` to the pending
    /// intent (`settled(by:)`, without the transition).
    public func settled(byIntent intent: IntentEvent?) -> RestoreReport {
        guard let held = intent, held.kind == .held, let replaced = held.replaced, let reason = replaced.reason else { return self }
        var report = self
        report.notes.append("the snapshot's pending intent, waiting for \"\(replaced.condition)\", was replaced by the restored screens held for \"\(held.condition)\": \(reason)")
        return report
    }

    /// Whether the snapshot came back exactly as it was taken: nothing migrated,
    /// dropped, restarted or decided.
    public var isExact: Bool {
        fromVersion == toVersion && migrations.isEmpty && unmigrated == nil && dropped.isEmpty && restarted.isEmpty && notes.isEmpty
    }

    /// Reports are equal when every field is.
    public static func == (lhs: RestoreReport, rhs: RestoreReport) -> Bool {
        lhs.fromVersion == rhs.fromVersion && lhs.toVersion == rhs.toVersion && lhs.migrations == rhs.migrations
            && lhs.unmigrated?.from == rhs.unmigrated?.from && lhs.unmigrated?.to == rhs.unmigrated?.to
            && lhs.kept == rhs.kept && lhs.dropped == rhs.dropped && lhs.restarted == rhs.restarted && lhs.notes == rhs.notes
    }
}
