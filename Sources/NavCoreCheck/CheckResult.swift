/// What a check found: how far it went, which bound stopped it, and the
/// first counterexample of each law that failed.
public struct CheckResult: Sendable {
    /// Why the search stopped: `complete` (every reachable state seen),
    /// `depth`, or `states`.
    public enum Bound: String, Sendable {
        /// Every state reachable within the stack depth was seen.
        case complete
        /// States at the depth bound had actions left untried.
        case depth
        /// The states bound was reached.
        case states
    }

    /// What the random walks did (`Walker`).
    public struct Walk: Sendable {
        /// The seed that reproduces them.
        public let seed: UInt64
        /// How many walks ran.
        public let walks: Int
        /// The actions of each.
        public let length: Int
        /// The actions tried in all, shrinking aside.
        public internal(set) var transitions: Int
    }

    /// The distinct states reached, the start state included.
    public internal(set) var states = 0
    /// The actions tried (failed ones included).
    public internal(set) var transitions = 0
    /// The deepest path explored.
    public internal(set) var depth = 0
    /// Which bound stopped the search.
    public internal(set) var bound = Bound.complete
    /// The transitions not followed because a stack would pass the stack depth.
    public internal(set) var prunedByStackDepth = 0
    /// The laws checked, by name.
    public internal(set) var laws: [String] = []
    /// The first counterexample of each law that failed, in the order found.
    public internal(set) var counterexamples: [Counterexample] = []
    /// The random walks, nil when none ran.
    public internal(set) var walk: Walk?
    /// The search's duration in seconds.
    public internal(set) var seconds = 0.0

    /// A result with nothing seen yet, which a `Walker` adds its walks to.
    public init() {}
}
