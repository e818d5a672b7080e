/// How far `navcore check` explores a route table (docs/tools.md, "navcore check").
public struct CheckOptions: Equatable, Sendable {
    /// The most actions from the start state a path may take.
    public var depth: Int
    /// The most distinct states the search keeps.
    public var states: Int
    /// The most entries a stack may hold: a transition past it is not followed.
    public var stackDepth: Int
    /// The table's own invariants, checked with the laws.
    public var invariants: [RouteInvariant]
    /// Laws turned off, by name, each with the table's reason.
    public var lawsOff: [String: String]
    /// The number of random walks after the search (`Walker`), nil for none.
    public var walk: Int?
    /// The actions of each random walk.
    public var walkLength: Int
    /// The walks' seed, nil to take one from the clock (the report gives it).
    public var seed: UInt64?

    /// Options with the defaults of the `navcore check` command.
    public init(depth: Int = 4, states: Int = 100_000, stackDepth: Int = 4,
                invariants: [RouteInvariant] = [], lawsOff: [String: String] = [:],
                walk: Int? = nil, walkLength: Int = 32, seed: UInt64? = nil) {
        self.depth = depth
        self.states = states
        self.stackDepth = stackDepth
        self.invariants = invariants
        self.lawsOff = lawsOff
        self.walk = walk
        self.walkLength = walkLength
        self.seed = seed
    }
}
