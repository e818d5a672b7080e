/// A seeded generator of pseudo-random numbers (SplitMix64): the same seed
/// gives the same numbers on every platform, so a walk of `navcore check
/// --walk` reproduces from its printed seed.
struct SeededRandom {
    private var state: UInt64

    /// A generator started at `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next number, in `0..<bound` (`bound` > 0).
    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        value ^= value >> 31
        return Int(value % UInt64(bound))
    }
}
