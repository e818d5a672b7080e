/// The "did you mean" of every message that refuses a name it does not know
/// (a route, a link's scheme and host, a key of a document): the closest
/// known name, so that a typo is named with its fix.
public enum NameSuggestion {
    /// ` (did you mean "product"?)` when one of `candidates` is within
    /// `maxDistance` edits of `name`, and within fewer edits than `name` has
    /// bytes (so that `x` suggests no `op`); else "". Of several, the closest,
    /// then the first in sorted order, so the message is the same every run.
    @_optimize(size)
    public static func didYouMean(_ name: String, among candidates: some Sequence<String>, maxDistance: Int = 2) -> String {
        let typed = Array(name.utf8.prefix(64))
        let best = candidates.sorted()
            .map { (name: $0, distance: editDistance(typed, Array($0.utf8.prefix(64)))) }
            .filter { $0.distance <= maxDistance && $0.distance < typed.count }
            .min { $0.distance < $1.distance }
        return best.map { " (did you mean \"\(ParamType.excerpt($0.name))\"?)" } ?? ""
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    @_optimize(size)
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            previous2 = previous
            previous = current
        }
        return previous[b.count]
    }
}
