/// Where links live: a scheme and a host (lower-case, the host decoded) and
/// the port when a URL gives one. Each origin has its own root in the trie.
///
/// Scheme and host are held as substrings, so that matching a URL looks its
/// origin up without copying them out of the URL's text.
struct Origin: Hashable, Sendable, CustomStringConvertible {
    /// The scheme, lower-case (`https`, `myapp`).
    let scheme: Substring
    /// The host, decoded and lower-case (`shop.example.com`; `users` in `myapp://users/42`).
    let host: Substring
    /// The port, when the URL gives one.
    let port: Int?

    /// Creates an origin, lower-casing the scheme and the host.
    init(scheme: Substring, host: Substring, port: Int?) {
        self.scheme = URLParts.lowercased(scheme)
        self.host = URLParts.lowercased(host)
        self.port = port
    }

    /// `scheme://host[:port]`.
    var description: String {
        "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
    }
}

/// An absolute URL split into the parts links match on, by RFC 3986's generic
/// syntax (`URISyntax`: invalid characters are refused, never silently escaped). Path segments and query items stay percent-encoded
/// here; each is decoded on its own, so that `%2F` stays inside its segment.
struct URLParts {
    /// The scheme, host and port.
    let origin: Origin
    /// The host as written, percent-encoded.
    let encodedHost: Substring
    /// The path, still percent-encoded.
    let path: Substring
    /// The query, still percent-encoded, without its `?`; nil without one.
    let queryText: Substring?
    /// Whether the URL has a `#fragment`.
    let hasFragment: Bool

    /// The path segments, still percent-encoded: without the empty one before
    /// the leading `/`, and without one trailing empty segment (a trailing slash).
    var segments: [Substring] { URLParts.pathSegments(path) }

    /// The query items, still percent-encoded, in order: the key, and the value
    /// (nil for an item without `=`). Empty items (`&&`) are skipped.
    var query: [(key: Substring, value: Substring?)] { URLParts.queryItems(queryText) }

    /// Splits `text`, or says (without location) why it is not an absolute URL
    /// with a host. Characters outside ASCII are first percent-encoded as UTF-8
    /// (the IRI-to-URI mapping of RFC 3987), so `shop://category/café` works.
    static func split(_ text: String, isASCII: Bool? = nil) throws(NavError) -> URLParts {
        let ascii = isASCII ?? text.utf8.allSatisfy { $0 < 0x80 } ? text : iriToURI(text)
        var bytes = ascii
        guard let syntax = bytes.withUTF8(URISyntax.parse) else {
            throw NavError(.noMatch, "not a valid URL: " + invalidPart(of: text))
        }
        // Sliced through the UTF-8 view: the ranges are byte offsets of ASCII text.
        func part(_ range: Range<Int>) -> Substring {
            let utf8 = ascii.utf8
            return Substring(utf8[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)])
        }
        guard let scheme = syntax.scheme else {
            throw NavError(.noMatch, "a relative URL: a link starts with a scheme, as in myapp:// or https://")
        }
        guard let hostRange = syntax.host, !hostRange.isEmpty else {
            throw NavError(.noMatch, "no host: a link has the form scheme://host/path")
        }
        if syntax.userinfo != nil {
            throw NavError(.noMatch, "user info (user@) is not part of any link")
        }
        let encodedHost = part(hostRange)
        try URLAuthority.checkIPLiteral(encodedHost)
        var host = encodedHost
        if URLParts.withBytes(encodedHost, { $0.contains(UInt8(ascii: "%")) }) {
            guard let decoded = PercentCoding.decode(encodedHost, plusIsSpace: false) else {
                throw NavError(.noMatch, "the host \"\(encodedHost)\" is not valid percent-encoded UTF-8")
            }
            if let (_, byte) = PercentCoding.firstControlCharacter(in: decoded) {
                throw NavError(.noMatch, "the host \"\(encodedHost)\" decodes to control character \(PercentCoding.codePoint(byte))")
            }
            host = decoded[...]
        }
        var port: Int?
        if let portRange = syntax.port {
            port = try URLAuthority.port(part(portRange))
        }
        return URLParts(
            origin: Origin(scheme: part(scheme), host: host, port: port),
            encodedHost: encodedHost,
            path: part(syntax.path),
            queryText: syntax.query.map(part),
            hasFragment: syntax.fragment != nil)
    }

    /// The segments of a percent-encoded path: `/a/b/` gives `a`, `b`; `/` and
    /// the empty path give none; `/a//b` gives `a`, ``, `b`.
    static func pathSegments(_ path: Substring) -> [Substring] {
        var segments: [Substring] = []
        let bytes = path.utf8
        var start = bytes.startIndex
        if start < bytes.endIndex, bytes[start] == UInt8(ascii: "/") { start = bytes.index(after: start) }
        var index = start
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "/") {
                segments.append(path[start..<index])
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        if start < bytes.endIndex { segments.append(path[start..<bytes.endIndex]) }
        return segments
    }

    /// The items of a percent-encoded query, split at `&` and at the first `=`
    /// (the HTML form encoding that query strings use).
    static func queryItems(_ query: Substring?) -> [(key: Substring, value: Substring?)] {
        guard let query, !query.isEmpty else { return [] }
        var items: [(key: Substring, value: Substring?)] = []
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            if let equals = item.utf8.firstIndex(of: UInt8(ascii: "=")) {
                items.append((item[..<equals], item[item.utf8.index(after: equals)...]))
            } else {
                items.append((item, nil))
            }
        }
        return items
    }

    /// `text` in lower case; the same text, uncopied, when it has no upper-case letter.
    static func lowercased(_ text: Substring) -> Substring {
        let upper = withBytes(text) { bytes in bytes.contains { $0 &- UInt8(ascii: "A") < 26 || $0 >= 0x80 } }
        return upper ? text.lowercased()[...] : text
    }

    /// `body` applied to the UTF-8 bytes of `text` (contiguous: a substring of a native string).
    static func withBytes<Result>(_ text: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var text = text
        return text.withUTF8(body)
    }

    /// Percent-encodes the UTF-8 bytes of every character outside ASCII.
    private static func iriToURI(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 2)
        for byte in text.utf8 {
            if byte < 0x80 {
                bytes.append(byte)
            } else {
                bytes.append(contentsOf: "%\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true))".utf8)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Names the first thing RFC 3986 does not allow in `text`, for messages.
    private static func invalidPart(of text: String) -> String {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                let escape = bytes[index..<min(index + 3, bytes.count)]
                if escape.count < 3 || !escape.dropFirst().allSatisfy(URLAuthority.isHexDigit) {
                    return "malformed percent-escape \"\(String(decoding: escape, as: UTF8.self))\" at offset \(index)"
                }
                index += 3
                continue
            }
            if byte < 0x80 && !isAllowed(byte) {
                let shown = byte < 0x20 || byte == 0x7F ? PercentCoding.codePoint(byte) : "\"\(Character(Unicode.Scalar(byte)))\""
                return "character \(shown) at offset \(index) must be percent-encoded"
            }
            index += 1
        }
        return "it does not follow RFC 3986 (check the scheme, the host and the port)"
    }

    /// Whether RFC 3986 allows `byte` unescaped somewhere in a URL.
    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~:/?#[]@!$&'()*+,;=".utf8.contains(byte)
        }
    }
}
