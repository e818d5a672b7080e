/// Percent-encoding of URL components (RFC 3986, section 2.1). URISyntax
/// splits a URL into its parts; this decodes one part at a time, so that an
/// encoded `/` (`%2F`) stays inside its path segment, and encodes values for
/// the canonical URLs that `url_for` writes.
enum PercentCoding {
    /// `text` with every `%XX` escape decoded, and `+` read as a space when
    /// `plusIsSpace` (query keys and values, as HTML forms write them).
    /// Nil when an escape is malformed or the bytes are not UTF-8.
    static func decode(_ text: Substring, plusIsSpace: Bool) -> String? {
        URLParts.withBytes(text) { decode(bytes: $0, plusIsSpace: plusIsSpace) }
    }

    /// The same for bytes of ASCII text (URL parts are ASCII once split).
    static func decode<Bytes: Collection<UInt8>>(bytes: Bytes, plusIsSpace: Bool) -> String? {
        guard bytes.contains(where: { $0 == UInt8(ascii: "%") || plusIsSpace && $0 == UInt8(ascii: "+") }) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                decoded.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                decoded.append(UInt8(ascii: " "))
            default:
                decoded.append(byte)
            }
        }
        return String(validating: decoded, as: UTF8.self)
    }

    /// `text` with every byte outside RFC 3986's unreserved characters
    /// (`A-Z a-z 0-9 - . _ ~`) written as `%XX`, upper-case: safe in a path
    /// segment, a query key and a query value alike (`+` becomes `%2B`, a
    /// space `%20`).
    static func encode(_ text: String) -> String {
        guard !text.utf8.allSatisfy(isUnreserved) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The offset and value of the first control character (U+0000 to U+001F,
    /// U+007F) in `text`, or nil.
    static func firstControlCharacter(in text: String) -> (offset: Int, byte: UInt8)? {
        var offset = 0
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F { return (offset, byte) }
            offset += 1
        }
        return nil
    }

    /// `U+0001` for a control character's byte.
    static func codePoint(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Whether `byte` is one of RFC 3986's unreserved characters.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
