/// A small deterministic random generator (SplitMix64) for the property and
/// fuzz tests: a seed reproduces every failure.
public struct SplitMix64: RandomNumberGenerator {
    /// The generator's state; the seed to start from.
    public var state: UInt64

    /// A generator starting from `state`.
    public init(state: UInt64) {
        self.state = state
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SplitMix64 {
    /// One of `items`, at random (`items` must not be empty).
    public mutating func pick<T>(_ items: [T]) -> T {
        items[Int(next() % UInt64(items.count))]
    }

    /// `text` as a typist might slip: one time in `oneIn` a character
    /// deleted, one time in `oneIn` one of `stray` inserted, else as it is.
    public mutating func slip(_ text: String, oneIn: UInt64, stray: [Character]) -> String {
        var characters = Array(text)
        switch next() % oneIn {
        case 0 where !characters.isEmpty: characters.remove(at: Int(next() % UInt64(characters.count)))
        case 1: characters.insert(pick(stray), at: Int(next() % UInt64(characters.count + 1)))
        default: break
        }
        return String(characters)
    }
}
