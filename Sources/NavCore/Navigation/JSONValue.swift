/// Any JSON value, held by the core without a JSON library: an entry's saved
/// state (a scroll offset, a form draft). Object members keep their order.
public indirect enum JSONValue: Equatable, Sendable {
    /// One member of an object.
    public struct Member: Equatable, Sendable {
        /// The member's key.
        public let key: String
        /// The member's value.
        public let value: JSONValue

        /// Creates a member.
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer.
    case int(Int)
    /// A finite real number.
    case real(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in order.
    case object([Member])

    /// Most nested arrays and objects a saved state may hold (`NAVCORE_MAX_ENTRY_STATE_DEPTH`).
    public static let maxDepth = Limits.maxEntryStateDepth
    /// Largest size of a saved state (`NAVCORE_MAX_ENTRY_STATE_SIZE`): every value counts
    /// one, and every string and object key adds its bytes of UTF-8.
    public static let maxSize = Limits.maxEntryStateSize

    /// Why the value cannot be a saved state (too deep, too big, a duplicate key, a
    /// real that is not finite), or nil when it can. Walks the value without recursion,
    /// so any value can be checked.
    public var limitViolation: String? {
        var pending: [(value: JSONValue, depth: Int)] = [(self, 0)]
        var size = 0
        while let (value, depth) = pending.popLast() {
            size += 1
            switch value {
            case .null, .bool, .int:
                break
            case .real(let number):
                if !number.isFinite { return "a real number must be finite" }
            case .string(let text):
                size += text.utf8.count
            case .array(let elements):
                if depth >= JSONValue.maxDepth { return "nested deeper than \(JSONValue.maxDepth) levels" }
                pending.append(contentsOf: elements.lazy.map { ($0, depth + 1) })
            case .object(let members):
                if depth >= JSONValue.maxDepth { return "nested deeper than \(JSONValue.maxDepth) levels" }
                var keys: Set<String> = []
                for member in members {
                    guard keys.insert(member.key).inserted else {
                        return "duplicate key \"\(ParamType.excerpt(member.key))\""
                    }
                    size += member.key.utf8.count
                    pending.append((member.value, depth + 1))
                }
            }
            if size > JSONValue.maxSize {
                return "larger than the \(JSONValue.maxSize)-unit size limit (each value counts 1, each string and key its bytes)"
            }
        }
        return nil
    }
}
