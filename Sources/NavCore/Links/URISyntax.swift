/// RFC 3986's generic syntax (section 3): a URI reference split into its
/// components by their delimiters, each component checked against the
/// characters the grammar allows in it, invalid characters refused (never
/// silently escaped). The components are byte ranges of the text: nothing is
/// copied or decoded here.
///
/// The rules are those of the strict parser navcore used before it had its
/// own (`URLComponents(string:encodingInvalidCharacters: false)`), so that a
/// URL reads the same: the scheme ends at the first `:` unless `/ ? # [ ] @`
/// comes first; userinfo ends at the authority's last `@`; a host in brackets
/// ends at the first `]`, and only a port may follow it; a port is digits;
/// `%` starts a two-digit hex escape everywhere it is allowed.
struct URISyntax {
    /// The scheme, without its `:`; nil in a relative reference.
    var scheme: Range<Int>?
    /// The userinfo (`user:password`), without its `@`; nil without one.
    var userinfo: Range<Int>?
    /// The host, brackets included for an IP-literal; nil without an
    /// authority (`//`), empty for an empty one.
    var host: Range<Int>?
    /// The port's digits, without the `:`; nil without them, except after an
    /// IP-literal, where a bare `:` gives an empty port.
    var port: Range<Int>?
    /// The path, possibly empty.
    var path: Range<Int>
    /// The query, without its `?`; nil without one.
    var query: Range<Int>?
    /// The fragment, without its `#`; nil without one.
    var fragment: Range<Int>?

    /// The components of `bytes` (ASCII text), or nil when it is no URI
    /// reference: a character some component does not allow, a malformed
    /// percent-escape, a scheme or port of the wrong shape, or text after a
    /// bracketed host that is not a port.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> URISyntax? {
        var parts = URISyntax(path: 0..<0)
        let end = bytes.count
        var index = 0
        if let colon = schemeEnd(bytes) {
            parts.scheme = 0..<colon
            guard isScheme(bytes[0..<colon]) else { return nil }
            index = colon + 1
        }
        if index + 1 < end, bytes[index] == slash, bytes[index + 1] == slash {
            let start = index + 2
            index = start
            while index < end, !ByteClass.endsAuthority(bytes[index]) { index += 1 }
            guard parseAuthority(bytes, start..<index, into: &parts) else { return nil }
        }
        let pathStart = index
        while index < end, bytes[index] != question, bytes[index] != hash { index += 1 }
        parts.path = pathStart..<index
        if index < end, bytes[index] == question {
            let start = index + 1
            index = start
            while index < end, bytes[index] != hash { index += 1 }
            parts.query = start..<index
        }
        if index < end {
            parts.fragment = (index + 1)..<end
        }
        return parts.isValid(bytes) ? parts : nil
    }

    /// The offset of the `:` ending the scheme, or nil in a relative reference:
    /// a `/ ? # [ ] @` before any `:`, or a `:` first, means there is no scheme.
    private static func schemeEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        for (offset, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: ":") { return offset > 0 ? offset : nil }
            if ByteClass.endsScheme(byte) { return nil }
        }
        return nil
    }

    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    private static func isScheme(_ scheme: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let first = scheme.first, ByteClass.isLetter(first) else { return false }
        return scheme.allSatisfy(ByteClass.scheme.contains)
    }

    /// Splits the authority `range` into userinfo, host and port; false when
    /// a bracketed host is followed by something other than `:port`, or the
    /// port is not digits.
    private static func parseAuthority(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into parts: inout URISyntax) -> Bool {
        var hostStart = range.lowerBound
        if let at = range.last(where: { bytes[$0] == UInt8(ascii: "@") }) {
            parts.userinfo = range.lowerBound..<at
            hostStart = at + 1
        }
        let rest = hostStart..<range.upperBound
        if hostStart < range.upperBound, bytes[hostStart] == UInt8(ascii: "["),
           let close = rest.first(where: { bytes[$0] == UInt8(ascii: "]") }) {
            parts.host = hostStart..<(close + 1)
            if close + 1 < range.upperBound {
                guard bytes[close + 1] == UInt8(ascii: ":") else { return false }
                parts.port = (close + 2)..<range.upperBound
            }
        } else if let colon = rest.first(where: { bytes[$0] == UInt8(ascii: ":") }) {
            parts.host = hostStart..<colon
            if colon + 1 < range.upperBound { parts.port = (colon + 1)..<range.upperBound }
        } else {
            parts.host = rest
        }
        return parts.port.map { port in port.allSatisfy { ByteClass.isDigit(bytes[$0]) } } ?? true
    }

    /// Whether each component holds only the characters RFC 3986 allows in it.
    private func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func check(_ range: Range<Int>?, _ allowed: ByteClass) -> Bool {
            range.map { ByteClass.isValid(bytes[$0], allowed) } ?? true
        }
        return check(userinfo, .userinfo) && isValidHost(bytes) && check(path, .path)
            && check(query, .queryOrFragment) && check(fragment, .queryOrFragment)
    }

    /// A registered name (percent-escapes allowed), or an IP-literal in
    /// brackets: address characters, then optionally a zone ID after `%25`.
    /// The address itself is checked by `URLAuthority.checkIPLiteral`.
    private func isValidHost(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let host, host.count >= 2, bytes[host.lowerBound] == UInt8(ascii: "["),
              bytes[host.upperBound - 1] == UInt8(ascii: "]") else {
            return host.map { ByteClass.isValid(bytes[$0], .regName) } ?? true
        }
        let inner = bytes[(host.lowerBound + 1)..<(host.upperBound - 1)]
        guard let percent = inner.firstIndex(of: UInt8(ascii: "%")) else {
            return inner.allSatisfy(ByteClass.userinfo.contains)
        }
        guard percent + 3 <= inner.endIndex, bytes[percent + 1] == UInt8(ascii: "2"), bytes[percent + 2] == UInt8(ascii: "5") else {
            return false
        }
        return inner[..<percent].allSatisfy(ByteClass.userinfo.contains) && ByteClass.isValid(bytes[(percent + 3)..<inner.endIndex], .unreserved)
    }

    private static let slash = UInt8(ascii: "/")
    private static let question = UInt8(ascii: "?")
    private static let hash = UInt8(ascii: "#")
}

/// A set of ASCII bytes, as RFC 3986's character classes: two 64-bit masks.
struct ByteClass {
    private let low: UInt64
    private let high: UInt64

    /// The set of the bytes of `characters`.
    init(_ characters: String) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for byte in characters.utf8 {
            if byte < 64 { low |= 1 << UInt64(byte) } else if byte < 128 { high |= 1 << UInt64(byte - 64) }
        }
        self.low = low
        self.high = high
    }

    /// Whether `byte` is in the set.
    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low >> UInt64(byte) & 1 == 1 : byte < 128 && high >> UInt64(byte - 64) & 1 == 1
    }

    private static let alphaDigit = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    private static let subDelims = "!$&'()*+,;="
    /// `unreserved`: letters, digits and `- . _ ~`.
    static let unreserved = ByteClass(alphaDigit + "-._~")
    /// The scheme's characters.
    static let scheme = ByteClass(alphaDigit + "+-.")
    /// `userinfo` (and an IP-literal's address): unreserved, sub-delims and `:`.
    static let userinfo = ByteClass(alphaDigit + "-._~" + subDelims + ":")
    /// `reg-name`: unreserved and sub-delims.
    static let regName = ByteClass(alphaDigit + "-._~" + subDelims)
    /// A path: `pchar` (unreserved, sub-delims, `:` and `@`) and `/`.
    static let path = ByteClass(alphaDigit + "-._~" + subDelims + ":@/")
    /// A query or a fragment: `pchar`, `/` and `?`.
    static let queryOrFragment = ByteClass(alphaDigit + "-._~" + subDelims + ":@/?")

    /// Whether every byte of `bytes` is in `allowed` or starts a `%XX` escape.
    static func isValid(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ allowed: ByteClass) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, URLAuthority.isHexDigit(bytes[index + 1]),
                      URLAuthority.isHexDigit(bytes[index + 2]) else { return false }
                index += 3
            } else {
                guard allowed.contains(byte) else { return false }
                index += 1
            }
        }
        return true
    }

    /// `/ ? # [ ] @`: a byte before which a `:` does not end a scheme.
    static func endsScheme(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
            || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "@")
    }

    /// `/ ? #`: the bytes that end an authority.
    static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    /// An ASCII letter.
    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    /// An ASCII digit.
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
