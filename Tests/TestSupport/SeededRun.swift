import Foundation

/// The seed and the number of rounds of a seeded randomized test. `make test` runs
/// each test with its own fixed seed and rounds; `make fuzz` sets
/// `NAVCORE_FUZZ_SEED` (one seed for every such test) and `NAVCORE_FUZZ_SCALE`
/// (a factor on every test's rounds). The run prints its seed, so a failure
/// reproduces with `NAVCORE_FUZZ_SEED=<seed>` and the same scale.
public struct SeededRun {
    /// The seed the test's generator starts from.
    public let seed: UInt64
    /// How many rounds the test runs.
    public let rounds: Int

    /// The run of the test `name`: `seed` and `rounds` unless the environment
    /// overrides them. Prints what it chose.
    public init(_ name: String, seed: UInt64, rounds: Int) {
        let environment = ProcessInfo.processInfo.environment
        self.seed = environment["NAVCORE_FUZZ_SEED"].flatMap { UInt64($0) } ?? seed
        let scale = environment["NAVCORE_FUZZ_SCALE"].flatMap { Int($0) }.map { min(max($0, 1), 1_000_000) } ?? 1
        self.rounds = rounds * scale
        print("\(name): seed \(self.seed), \(self.rounds) rounds (NAVCORE_FUZZ_SEED=\(self.seed) NAVCORE_FUZZ_SCALE=\(scale) reproduces)")
    }

    /// A generator starting from the seed.
    public var random: SplitMix64 {
        SplitMix64(state: seed)
    }
}
