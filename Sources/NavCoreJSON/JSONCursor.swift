import NavCore

/// A position in NUL-terminated JSON text, for the readers that take the
/// common texts without jansson (`FlatParamsReader`, `SnapshotReader`,
/// `BatchReader`). It
/// reads only what jansson (`JSON_REJECT_DUPLICATES`) reads to the very same
/// values: strings without escapes or control characters in valid UTF-8,
/// integers of at most 18 digits, `true`, `false`, `null`, and arrays of
/// them (a list param's value, docs/links.md "Lists"). Every reading
/// answers nil or false for anything else, and its reader then leaves the
/// whole text to jansson, so that every error stays jansson's and the decoder's.
struct JSONCursor {
    /// The most members of a flat object read here; a larger one goes to
    /// jansson (the duplicate check compares each key with those before it).
    static let maxFlatMembers = 16

    private var at: UnsafePointer<UInt8>

    /// A cursor at the start of `text`.
    init(_ text: UnsafePointer<CChar>) {
        at = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
    }

    /// Whether only whitespace is left.
    mutating func atEnd() -> Bool {
        skipSpace()
        return at.pointee == 0
    }

    /// Skips JSON whitespace (space, tab, line feed, carriage return).
    private mutating func skipSpace() {
        while true {
            switch at.pointee {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): at += 1
            default: return
            }
        }
    }

    /// Takes `byte` when it comes next, after whitespace.
    mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard at.pointee == byte else { return false }
        at += 1
        return true
    }

    /// Whether `byte` comes next, after whitespace; it is not taken.
    mutating func comes(_ byte: UInt8) -> Bool {
        skipSpace()
        return at.pointee == byte
    }

    /// Reads an object, calling `member` with each key as written, the cursor
    /// before its value; false when the text is not an object or `member` answers false.
    mutating func object(_ member: (inout JSONCursor, Key) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            skipSpace()
            guard let key = rawString(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// An array whose every element `element` reads, in order; nil for anything else.
    mutating func elements<T>(_ element: (inout JSONCursor) -> T?) -> [T]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var elements: [T] = []
        if take(UInt8(ascii: "]")) { return elements }
        repeat {
            guard let value = element(&self) else { return nil }
            elements.append(value)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? elements : nil
    }

    /// An object of at most `most` members with distinct keys, whose every
    /// value `value` reads, in document order; nil for anything else (the
    /// duplicate check compares each key with those before it).
    mutating func members<T>(most: Int, _ value: (inout JSONCursor) -> T?) -> [(String, T)]? {
        var members: [(String, T)] = []
        let read = object { cursor, key in
            guard members.count < most, let name = key.string, !members.contains(where: { $0.0 == name }),
                  let member = value(&cursor) else { return false }
            members.append((name, member))
            return true
        }
        return read ? members : nil
    }

    /// An object of at most `maxFlatMembers` members with distinct keys, each
    /// a scalar or a list of scalars, in document order; nil for anything else.
    mutating func flatObject() -> [(String, InputValue)]? {
        members(most: Self.maxFlatMembers) { $0.flatValue() }
    }

    /// A scalar, or an array of at most `ParamType.maxListItems` scalars (a
    /// longer one goes to jansson, and the decoder refuses it there); nil for
    /// anything else.
    @inline(__always)
    mutating func flatValue() -> InputValue? {
        skipSpace()
        guard at.pointee == UInt8(ascii: "[") else { return scalar() }
        guard let items = elements({ $0.scalar() }), items.count <= ParamType.maxListItems else { return nil }
        return .array(items)
    }

    /// A string; nil for anything else.
    mutating func string() -> String? {
        skipSpace()
        return rawString()?.string
    }

    /// Skips a string; false for anything else.
    mutating func skipString() -> Bool {
        skipSpace()
        guard let text = rawString() else { return false }
        return text.ascii || text.string != nil
    }

    /// An integer; nil for anything else.
    mutating func int() -> Int? {
        guard case .int(let number) = scalar() else { return nil }
        return number
    }

    /// `true` or `false`; nil for anything else.
    mutating func bool() -> Bool? {
        guard case .bool(let flag) = scalar() else { return nil }
        return flag
    }

    /// A string, an integer, `true`, `false` or `null`; nil for anything
    /// else, and for a token that runs on into more than `,`, `}`, `]` or whitespace.
    /// Inlined, with `integer()`: every push with params reads them here.
    @inline(__always)
    mutating func scalar() -> InputValue? {
        skipSpace()
        let value: InputValue
        switch at.pointee {
        case UInt8(ascii: "\""):
            guard let text = rawString()?.string else { return nil }
            return .string(text)
        case UInt8(ascii: "t"): guard word("true") else { return nil }; value = .bool(true)
        case UInt8(ascii: "f"): guard word("false") else { return nil }; value = .bool(false)
        case UInt8(ascii: "n"): guard word("null") else { return nil }; value = .null
        default: guard let number = integer() else { return nil }; value = .int(number)
        }
        switch at.pointee {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            return value
        default:
            return nil
        }
    }

    /// The bytes of a string as written, when it has no escapes or control
    /// characters (not checked as UTF-8 yet); nil otherwise.
    private mutating func rawString() -> Key? {
        guard at.pointee == UInt8(ascii: "\"") else { return nil }
        at += 1
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
        return Key(bytes: bytes, ascii: ascii)
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
    @inline(__always)
    private mutating func integer() -> Int? {
        let negative = at.pointee == UInt8(ascii: "-")
        if negative { at += 1 }
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

    /// A string's bytes as written in the text (an object's key, most often).
    struct Key {
        /// The bytes between the quotes.
        let bytes: UnsafeBufferPointer<UInt8>
        /// Whether they are all ASCII.
        let ascii: Bool

        /// Whether the key is `literal` (ASCII).
        func `is`(_ literal: StaticString) -> Bool {
            bytes.count == literal.utf8CodeUnitCount && bytes.elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: bytes.count))
        }

        /// Whether the key is `text`, byte for byte.
        func `is`(_ text: String) -> Bool {
            bytes.elementsEqual(text.utf8)
        }

        /// The string, nil when its bytes are not valid UTF-8.
        var string: String? {
            ascii ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
        }
    }
}
