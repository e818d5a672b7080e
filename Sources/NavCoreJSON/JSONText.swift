import NavCore

/// Compact JSON text written directly, for a small document on a hot path
/// (what a URL resolves to): there, building jansson nodes and jansson's dump,
/// which checks every container for reference loops, would cost more than
/// the work the document reports. Strings are escaped as jansson escapes them.
struct JSONText {
    /// The text so far, UTF-8.
    private var bytes: [UInt8] = []

    /// An empty text with room for `capacity` bytes.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends punctuation or a literal (`{"navcore":1,`).
    mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a JSON string: `"` and `\` escaped, control characters as `\n`, `\u0001`, ...
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        let plain = text.utf8.withContiguousStorageIfAvailable { source -> Bool in
            guard !source.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            bytes.append(contentsOf: source)
            return true
        }
        if plain == true {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            case UInt8(ascii: "\n"): raw("\\n")
            case UInt8(ascii: "\r"): raw("\\r")
            case UInt8(ascii: "\t"): raw("\\t")
            case 0..<0x20:
                raw("\\u00")
                bytes.append(JSONText.hex[Int(byte >> 4)])
                bytes.append(JSONText.hex[Int(byte & 0x0F)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends an integer in decimal.
    mutating func integer(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends a param value: a string, an integer or `true`/`false`.
    mutating func value(_ value: ParamValue) {
        switch value {
        case .string(let text): string(text)
        case .int(let number): integer(number)
        case .bool(let flag): flag ? raw("true") : raw("false")
        }
    }

    /// The text as a NUL-terminated buffer from jansson's allocator, released
    /// with `Encoder.free` (the text holds no NUL: strings escape it).
    mutating func finish() throws(NavError) -> UnsafeMutablePointer<CChar> {
        bytes.append(0)
        let copied = bytes.withUnsafeMutableBufferPointer { buffer in
            Result { () throws(NavError) in
                guard let base = buffer.baseAddress else { throw NodeBuilder.outOfMemory }
                return try Encoder.copy(UnsafeMutableRawPointer(base).assumingMemoryBound(to: CChar.self))
            }
        }
        return try copied.get()
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)
}
