import NavCore

/// Reads the params text a convenience call usually takes, a small flat object
/// of scalars (`{"id": 42}`), straight into param values, without building
/// jansson nodes: on the push path, parsing with jansson and reading its nodes
/// cost more than the rest of the push's decoding together.
///
/// It reads only what jansson (`JSON_REJECT_DUPLICATES | JSON_DECODE_ANY`)
/// reads to the very same values, and declines everything else: nested
/// values, reals, escapes, integers of more than 18 digits, duplicate keys,
/// more than `maxMembers` members, and every text jansson refuses. A declined
/// text goes to jansson, so every error, its place and its message, is
/// jansson's and the decoder's as before; this reader never makes one.
enum FlatParamsReader {
    /// The most members read here; a larger object goes to jansson (the
    /// duplicate check compares each key with those before it).
    static let maxMembers = 16

    /// The members of `text` in document order, or nil when the text is not
    /// a flat object this reader takes (jansson then reads it).
    static func read(_ text: UnsafePointer<CChar>) -> [(String, InputValue)]? {
        var cursor = Cursor(UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self))
        cursor.skipSpace()
        guard cursor.take(UInt8(ascii: "{")) else { return nil }
        var members: [(String, InputValue)] = []
        cursor.skipSpace()
        if !cursor.take(UInt8(ascii: "}")) {
            repeat {
                guard members.count < maxMembers else { return nil }
                cursor.skipSpace()
                guard let key = cursor.string(), !members.contains(where: { $0.0 == key }) else { return nil }
                cursor.skipSpace()
                guard cursor.take(UInt8(ascii: ":")) else { return nil }
                cursor.skipSpace()
                guard let value = cursor.scalar() else { return nil }
                members.append((key, value))
                cursor.skipSpace()
            } while cursor.take(UInt8(ascii: ","))
            guard cursor.take(UInt8(ascii: "}")) else { return nil }
        }
        cursor.skipSpace()
        return cursor.atEnd ? members : nil
    }

    /// A position in NUL-terminated text.
    private struct Cursor {
        private var at: UnsafePointer<UInt8>

        init(_ start: UnsafePointer<UInt8>) {
            at = start
        }

        /// Whether the text ends here.
        var atEnd: Bool { at.pointee == 0 }

        /// Skips JSON whitespace (space, tab, line feed, carriage return).
        mutating func skipSpace() {
            while true {
                switch at.pointee {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): at += 1
                default: return
                }
            }
        }

        /// Takes `byte` when it comes next.
        mutating func take(_ byte: UInt8) -> Bool {
            guard at.pointee == byte else { return false }
            at += 1
            return true
        }

        /// A string without escapes or control characters, in valid UTF-8; nil otherwise.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = at
            var ascii = true
            while at.pointee != UInt8(ascii: "\"") {
                let byte = at.pointee
                // A NUL (the end of the text), a control character or an escape.
                guard byte >= 0x20, byte != UInt8(ascii: "\\") else { return nil }
                ascii = ascii && byte < 0x80
                at += 1
            }
            let bytes = UnsafeBufferPointer(start: start, count: at - start)
            at += 1
            return ascii ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
        }

        /// A string, an integer, `true`, `false` or `null`; nil for anything
        /// else, and for a token that runs on into more than `,`, `}` or whitespace.
        mutating func scalar() -> InputValue? {
            let value: InputValue
            switch at.pointee {
            case UInt8(ascii: "\""):
                guard let text = string() else { return nil }
                return .string(text)
            case UInt8(ascii: "t"): guard word("true") else { return nil }; value = .bool(true)
            case UInt8(ascii: "f"): guard word("false") else { return nil }; value = .bool(false)
            case UInt8(ascii: "n"): guard word("null") else { return nil }; value = .null
            default: guard let number = integer() else { return nil }; value = .int(number)
            }
            switch at.pointee {
            case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                return value
            default:
                return nil
            }
        }

        /// Takes the literal `text` when it comes next.
        private mutating func word(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            for offset in 0..<count where at[offset] != text.utf8Start[offset] { return false }
            at += count
            return true
        }

        /// `-?(0|[1-9][0-9]*)` of at most 18 digits, which always fits; nil
        /// otherwise (a leading zero before a digit, a sign alone).
        private mutating func integer() -> Int? {
            let negative = take(UInt8(ascii: "-"))
            var magnitude = 0
            var digits = 0
            while case let byte = at.pointee, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                guard digits < 18, digits == 0 || magnitude != 0 else { return nil }
                magnitude = magnitude * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
                at += 1
            }
            guard digits > 0 else { return nil }
            return negative ? -magnitude : magnitude
        }
    }
}
