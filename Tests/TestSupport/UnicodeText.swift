/// Text from every Unicode general category, for property tests of what
/// params carry: each scalar's category is drawn first, so that rare ones
/// (line separator, format, private use, unassigned) come up as often as letters.
public enum UnicodeText {
    /// The scalars of each Unicode general category (surrogates excluded: a
    /// Swift string cannot hold one), one array per category.
    public static let scalarsByCategory: [[Unicode.Scalar]] = {
        var byCategory: [String: [Unicode.Scalar]] = [:]
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            byCategory["\(scalar.properties.generalCategory)", default: []].append(scalar)
        }
        return byCategory.keys.sorted().compactMap { byCategory[$0] }
    }()

    /// 1 to 6 scalars, each of a category drawn first; none of `excluded`.
    public static func random(_ random: inout SplitMix64, excluding excluded: (Unicode.Scalar) -> Bool = { _ in false }) -> String {
        var text = ""
        while text.isEmpty {
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                guard let scalars = scalarsByCategory.randomElement(using: &random),
                      let scalar = scalars.randomElement(using: &random), !excluded(scalar) else { continue }
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
