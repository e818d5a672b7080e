import FoundationEssentials

/// An absolute URL split into the parts links match on, by FoundationEssentials'
/// `URLComponents` in its strict RFC 3986 mode (invalid characters are refused,
/// never silently escaped). Path segments and query items stay percent-encoded
/// here; each is decoded on its own, so that `%2F` stays inside its segment.
struct URLParts {
    /// `scheme://host`, plus `:port` when the URL gives one; scheme and host
    /// lower-case, the host decoded.
    let origin: String
    /// The same with the host still percent-encoded, as a canonical URL starts.
    let encodedOrigin: String
    /// The path segments, still percent-encoded: without the empty one before
    /// the leading `/`, and without one trailing empty segment (a trailing slash).
    let segments: [Substring]
    /// The query items, still percent-encoded, in order; empty without a query.
    let query: [URLQueryItem]
    /// Whether the URL has a `#fragment`.
    let hasFragment: Bool

    /// Splits `text`, or says (without location) why it is not an absolute URL
    /// with a host. Characters outside ASCII are first percent-encoded as UTF-8
    /// (the IRI-to-URI mapping of RFC 3987), so `shop://category/café` works.
    static func split(_ text: String) -> Result<URLParts, NavError> {
        let ascii = text.utf8.allSatisfy { $0 < 0x80 } ? text : iriToURI(text)
        guard let components = URLComponents(string: ascii, encodingInvalidCharacters: false) else {
            return .failure(NavError(.noMatch, "not a valid URL: " + invalidPart(of: text)))
        }
        guard let scheme = components.scheme else {
            return .failure(NavError(.noMatch, "a relative URL: a link starts with a scheme, as in myapp:// or https://"))
        }
        guard let encodedHost = components.percentEncodedHost else {
            return .failure(NavError(.noMatch, "no host: a link has the form scheme://host/path"))
        }
        if components.percentEncodedUser != nil || components.percentEncodedPassword != nil {
            return .failure(NavError(.noMatch, "user info (user@) is not part of any link"))
        }
        guard let host = PercentCoding.decode(encodedHost[...], plusIsSpace: false) else {
            return .failure(NavError(.noMatch, "the host \"\(encodedHost)\" is not valid percent-encoded UTF-8"))
        }
        let prefix = scheme.lowercased() + "://"
        let port = components.port.map { ":\($0)" } ?? ""
        return .success(URLParts(
            origin: prefix + host.lowercased() + port,
            encodedOrigin: prefix + encodedHost.lowercased() + port,
            segments: pathSegments(components.percentEncodedPath[...]),
            query: components.percentEncodedQueryItems ?? [],
            hasFragment: components.percentEncodedFragment != nil))
    }

    /// The segments of a percent-encoded path: `/a/b/` gives `a`, `b`; `/` and
    /// the empty path give none; `/a//b` gives `a`, ``, `b`.
    static func pathSegments(_ path: Substring) -> [Substring] {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)[...]
        if path.hasPrefix("/") { parts = parts.dropFirst() }
        if parts.last?.isEmpty == true { parts = parts.dropLast() }
        return Array(parts)
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
                if escape.count < 3 || !escape.dropFirst().allSatisfy(isHexDigit) {
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

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default:
            return false
        }
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
