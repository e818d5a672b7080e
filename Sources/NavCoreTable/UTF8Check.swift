/// Validation of incoming C strings as UTF-8 (RFC 3629: no overlong forms,
/// no surrogates, nothing above U+10FFFF): the C ABI's strings and route
/// table files.
package enum UTF8Check {
    /// The offset and value of the first byte that breaks UTF-8 in the
    /// NUL-terminated `text`, or nil when it is valid.
    package static func firstInvalidByte(in text: UnsafePointer<CChar>) -> (offset: Int, byte: UInt8)? {
        let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        var index = 0
        while true {
            let lead = bytes[index]
            if lead == 0 { return nil }
            if lead < 0x80 { index += 1; continue }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return (index, lead)
            }
            for offset in 1..<length {
                let byte = bytes[index + offset]
                let range = offset == 1 ? low...high : 0x80...0xBF
                if !range.contains(byte) { return (index + offset, byte) }
            }
            index += length
        }
    }
}
