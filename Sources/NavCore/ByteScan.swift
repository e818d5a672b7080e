/// Scans of byte buffers eight bytes at a time, for the hot paths that look at every byte of
/// a text only to find that none is special (a URL's control characters, a JSON string's
/// escapes). Each word is tested with the exact "has a byte less than n" expression of
/// word-parallel arithmetic, so a word is passed only when none of its bytes is special; the
/// bytes after the last whole word are left to the caller's own loop.
public enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether a byte of `word` is below `limit` (at most 0x80).
    @inline(__always)
    private static func hasByte(below limit: UInt8, in word: UInt64) -> Bool {
        (word &- ones &* UInt64(limit)) & ~word & highBits != 0
    }

    /// Whether a byte of `word` equals `byte`.
    @inline(__always)
    private static func hasByte(_ byte: UInt8, in word: UInt64) -> Bool {
        hasByte(below: 1, in: word ^ (ones &* UInt64(byte)))
    }

    /// The word at byte `offset` of the buffer at `base` (which holds eight bytes there).
    @inline(__always)
    private static func word(_ base: UnsafePointer<UInt8>, at offset: Int) -> UInt64 {
        UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
    }

    /// Whether JSON must escape a byte of `bytes`: one below 0x20, `"` or `\`.
    public static func needsJSONEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var offset = 0
        while bytes.count - offset >= 8 {
            let word = word(base, at: offset)
            if hasByte(below: 0x20, in: word) || hasByte(UInt8(ascii: "\""), in: word) || hasByte(UInt8(ascii: "\\"), in: word) {
                return true
            }
            offset += 8
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            offset += 1
        }
        return false
    }

    /// The length of the longest run of whole words at the start of `bytes` without a control
    /// character (below 0x20, or 0x7F), a multiple of 8; `isASCII` is false when a byte of the
    /// run is 0x80 or above.
    public static func controlFreeWords(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: inout Bool) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var offset = 0
        var high: UInt64 = 0
        while bytes.count - offset >= 8 {
            let word = word(base, at: offset)
            if hasByte(below: 0x20, in: word) || hasByte(0x7F, in: word) { break }
            high |= word
            offset += 8
        }
        if high & highBits != 0 { isASCII = false }
        return offset
    }
}
