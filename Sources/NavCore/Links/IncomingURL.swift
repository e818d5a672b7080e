/// A URL as links match it: its origin, its decoded path segments and its
/// decoded query items. The fragment is ignored.
struct IncomingURL {
    /// The scheme, host and port, lower-case.
    let origin: Origin
    /// The decoded path segments (a trailing slash adds none).
    let segments: [String]
    /// The decoded query items in order; `+` reads as a space, a key without
    /// `=` has the empty value.
    let query: [(key: String, value: String)]

    /// Parses `text`, or says (as a `.noMatch` error without location) why no
    /// link can match it: empty, a control character, not an absolute URL
    /// with a host, or an escape that does not decode to UTF-8. Its length is
    /// the caller's to check (`LinkMatcher.checkLength`).
    static func parse(_ text: String) throws(NavError) -> IncomingURL {
        if text.isEmpty { throw NavError(.noMatch, "the URL is empty") }
        let (control, isASCII) = scan(text)
        if let (offset, byte) = control {
            throw NavError(.noMatch, "control character \(PercentCoding.codePoint(byte)) at offset \(offset)")
        }
        // From here on a control character can only come from a %-escape.
        let parts = try URLParts.split(text, isASCII: isASCII)
        if let segments = quickSegments(parts.path), let query = quickQuery(parts.queryText) {
            return IncomingURL(origin: parts.origin, segments: segments, query: query)
        }
        var segments: [String] = []
        for (index, encoded) in parts.segments.enumerated() {
            segments.append(try decoded(encoded, plusIsSpace: false, what: "path segment \(index + 1)"))
        }
        var query: [(key: String, value: String)] = []
        for item in parts.query {
            let key = try decoded(item.key, plusIsSpace: true, what: "query key")
            query.append((key, try decoded(item.value ?? "", plusIsSpace: true, what: "query value of \"\(key)\"")))
        }
        return IncomingURL(origin: parts.origin, segments: segments, query: query)
    }

    /// The decoded path segments, split and decoded straight from the bytes;
    /// nil when one does not decode cleanly (the caller then says which).
    private static func quickSegments(_ path: Substring) -> [String]? {
        URLParts.withBytes(path) { bytes -> [String]? in
            var segments: [String] = []
            segments.reserveCapacity(8)
            var start = bytes.first == UInt8(ascii: "/") ? 1 : 0
            var index = start
            while index <= bytes.count {
                if index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                    if index == bytes.count && start == index { break }  // a trailing slash, or no path
                    guard let segment = clean(UnsafeBufferPointer(rebasing: bytes[start..<index]), plusIsSpace: false) else { return nil }
                    segments.append(segment)
                    start = index + 1
                }
                index += 1
            }
            return segments
        }
    }

    /// The decoded query items, straight from the bytes; nil when one does not decode cleanly.
    private static func quickQuery(_ query: Substring?) -> [(key: String, value: String)]? {
        guard let query, !query.isEmpty else { return [] }
        return URLParts.withBytes(query) { bytes -> [(key: String, value: String)]? in
            var items: [(key: String, value: String)] = []
            for item in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
                let equals = item.firstIndex(of: UInt8(ascii: "=")) ?? item.endIndex
                guard let key = clean(UnsafeBufferPointer(rebasing: item[..<equals]), plusIsSpace: true),
                      let value = clean(UnsafeBufferPointer(rebasing: item[Swift.min(equals + 1, item.endIndex)...]), plusIsSpace: true)
                else { return nil }
                items.append((key, value))
            }
            return items
        }
    }

    /// Bytes decoded, unless they do not decode to UTF-8 or decode to a control character.
    private static func clean(_ bytes: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool) -> String? {
        guard let text = PercentCoding.decode(bytes: bytes, plusIsSpace: plusIsSpace) else { return nil }
        if bytes.contains(UInt8(ascii: "%")), PercentCoding.firstControlCharacter(in: text) != nil { return nil }
        return text
    }

    /// The first control character of `text`, and whether it is all ASCII, in one pass.
    private static func scan(_ text: String) -> (control: (offset: Int, byte: UInt8)?, isASCII: Bool) {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> (control: (offset: Int, byte: UInt8)?, isASCII: Bool) in
            var isASCII = true
            // Whole words first (ByteScan), then byte by byte from the first word that holds a control character.
            var offset = ByteScan.controlFreeWords(bytes, isASCII: &isASCII)
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte < 0x20 || byte == 0x7F { return ((offset, byte), isASCII) }
                if byte >= 0x80 { isASCII = false }
                offset += 1
            }
            return (nil, isASCII)
        }
        return found ?? (PercentCoding.firstControlCharacter(in: text), text.utf8.allSatisfy { $0 < 0x80 })
    }

    /// One decoded part; `what` names it in messages.
    private static func decoded(_ encoded: Substring, plusIsSpace: Bool, what: String) throws(NavError) -> String {
        guard let text = PercentCoding.decode(encoded, plusIsSpace: plusIsSpace) else {
            throw NavError(.noMatch, "\(what) \"\(ParamType.excerpt(String(encoded)))\" does not decode to UTF-8")
        }
        if encoded.utf8.contains(UInt8(ascii: "%")), let (_, byte) = PercentCoding.firstControlCharacter(in: text) {
            throw NavError(.noMatch, "\(what) \"\(ParamType.excerpt(String(encoded)))\" decodes to control character \(PercentCoding.codePoint(byte))")
        }
        return text
    }
}
