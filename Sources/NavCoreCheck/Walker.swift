import Glibc
import NavCore

/// Seeded random walks past the search's depth (`navcore check --walk`;
/// docs/tools.md, "Random walks"): `walk` walks of `walkLength` moves,
/// each drawn from the moves generated for the state it starts from
/// (`ActionGenerator`) with a seeded generator, every law checked after each
/// move. The first violation of each law is shrunk by delta debugging over
/// its moves to a walk from which no single move can be removed without
/// losing the violation.
public struct Walker {
    private let table: RouteTable
    private let options: CheckOptions
    private let generator: ActionGenerator
    /// A fault planted in the engine's answers (tests only; `Fault`).
    var fault: Fault?

    /// A walker of `table` with `options` (its `walk`, `walkLength`, `seed`, laws and invariants).
    public init(table: RouteTable, options: CheckOptions) {
        self.table = table
        self.options = options
        generator = ActionGenerator(table: table)
    }

    /// The seed `options` give, or one taken from the clock (below 2^53, so that any JSON reader keeps it).
    public static func seed(_ options: CheckOptions) -> UInt64 {
        if let seed = options.seed { return seed }
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return UInt64(time.tv_sec &* 1_000_000_007 &+ time.tv_nsec) & ((1 << 53) - 1)
    }

    /// Runs the walks with `seed` and adds to `result` their counts and the
    /// shrunk counterexample of each law the result has none of yet.
    public func run(seed: UInt64, into result: inout CheckResult) {
        var random = SeededRandom(seed: seed)
        var replayer = Replayer(table: table, options: options)
        replayer.fault = fault
        result.walk = CheckResult.Walk(seed: seed, walks: options.walk ?? 0, length: options.walkLength, transitions: 0)
        for _ in 0..<(options.walk ?? 0) {
            let found = replayer.run(count: options.walkLength) { _, state in
                let moves = generator.moves(in: state)
                return moves[random.next(below: moves.count)]
            }
            result.walk?.transitions += found.transitions
            for counterexample in found.counterexamples where !result.counterexamples.contains(where: { $0.law == counterexample.law }) {
                result.counterexamples.append(shrink(counterexample, replayer: replayer))
            }
        }
    }

    /// `counterexample` shrunk: chunks of its actions removed while the rest still breaks its law
    /// (delta debugging, complements only), down to chunks of one action.
    private func shrink(_ counterexample: Counterexample, replayer: Replayer) -> Counterexample {
        var current = counterexample
        var parts = 2
        while current.steps.count >= 2 {
            let moves = current.steps.map(\.move)
            let size = (moves.count + parts - 1) / parts
            let smaller = stride(from: 0, to: moves.count, by: size).lazy.compactMap { start in
                replayer.run(Array(moves[..<start] + moves[min(start + size, moves.count)...]))
                    .counterexamples.first { $0.law == counterexample.law }
            }.first
            if let smaller {
                current = smaller
                parts = max(parts - 1, 2)
            } else if size == 1 {
                break
            } else {
                parts = min(parts * 2, moves.count)
            }
        }
        return current
    }
}
