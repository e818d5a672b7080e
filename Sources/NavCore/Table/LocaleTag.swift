/// A locale tag (`vi`, `vi-VN`, `zh-Hant-TW`): the well-formedness navcore
/// asks of one, and the lookup that picks the table's locale for it
/// (docs/locales.md). Tags compare without regard to case, as BCP 47 says.
public enum LocaleTag {
    /// The longest tag, in bytes (`NAVCORE_MAX_LOCALE_BYTES`).
    public static let maxBytes = Limits.maxLocaleBytes

    /// What is wrong with `tag`, nil when it is well formed: subtags of 1 to 8
    /// ASCII letters or digits joined by `-`, the first all letters, at most
    /// `maxBytes` bytes in all.
    public static func problem(_ tag: String) -> String? {
        guard !tag.isEmpty else { return "empty locale tag" }
        guard tag.utf8.count <= maxBytes else {
            return "locale tag \"\(ParamType.excerpt(tag))\" is longer than \(maxBytes) bytes"
        }
        let subtags = tag.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        for (index, subtag) in subtags.enumerated() {
            let allowed = subtag.allSatisfy { byte in
                isLetter(byte) || (index > 0 && UInt8(ascii: "0")...UInt8(ascii: "9") ~= byte)
            }
            guard !subtag.isEmpty, subtag.count <= 8, allowed else {
                return "bad locale tag \"\(ParamType.excerpt(tag))\" (write subtags of 1 to 8 letters or digits joined by \"-\", "
                    + "the first all letters: \"vi\", \"vi-VN\", \"zh-Hant\")"
            }
        }
        return nil
    }

    /// The one of `locales` that `tag` picks: the first equal to the tag, then
    /// to the tag without its last subtag, and so on (`vi-VN`, then `vi`),
    /// all without regard to case; nil when none is (the table's default).
    public static func lookup(_ tag: String, among locales: [String]) -> String? {
        var candidate = Substring(tag)
        while !candidate.isEmpty {
            if let found = locales.first(where: { same($0, candidate) }) { return found }
            guard let cut = candidate.lastIndex(of: "-") else { break }
            candidate = candidate[..<cut]
        }
        return nil
    }

    /// Whether two tags are the same without regard to ASCII case.
    public static func same(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
        a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { lower($0) == lower($1) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        UInt8(ascii: "a")...UInt8(ascii: "z") ~= byte || UInt8(ascii: "A")...UInt8(ascii: "Z") ~= byte
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        UInt8(ascii: "A")...UInt8(ascii: "Z") ~= byte ? byte + 32 : byte
    }
}
