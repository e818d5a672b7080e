/// A URL as links match it: its origin, its decoded path segments and its
/// decoded query items. The fragment is ignored.
struct IncomingURL {
    /// `scheme://host[:port]`, scheme and host lower-case.
    let origin: String
    /// The decoded path segments (a trailing slash adds none).
    let segments: [String]
    /// The decoded query items in order; `+` reads as a space, a key without
    /// `=` has the empty value.
    let query: [(key: String, value: String)]

    /// Parses `text`, or says (as a `.noMatch` error without location) why no
    /// link can match it: empty, too long, a control character, not an
    /// absolute URL with a host, or an escape that does not decode to UTF-8.
    static func parse(_ text: String) -> Result<IncomingURL, NavError> {
        if text.isEmpty { return .failure(NavError(.noMatch, "the URL is empty")) }
        let size = text.utf8.count
        if size > LinkTable.maxURLBytes {
            return .failure(NavError(.noMatch, "a URL of \(size) bytes is over the \(LinkTable.maxURLBytes)-byte limit"))
        }
        if let (offset, byte) = PercentCoding.firstControlCharacter(in: text) {
            return .failure(NavError(.noMatch, "control character \(PercentCoding.codePoint(byte)) at offset \(offset)"))
        }
        let parts: URLParts
        switch URLParts.split(text) {
        case .success(let split): parts = split
        case .failure(let error): return .failure(error)
        }
        var segments: [String] = []
        segments.reserveCapacity(parts.segments.count)
        for (index, encoded) in parts.segments.enumerated() {
            switch decoded(encoded, plusIsSpace: false, what: "path segment \(index + 1)") {
            case .success(let segment): segments.append(segment)
            case .failure(let error): return .failure(error)
            }
        }
        var query: [(key: String, value: String)] = []
        query.reserveCapacity(parts.query.count)
        for item in parts.query {
            let key: String
            switch decoded(item.name[...], plusIsSpace: true, what: "query key") {
            case .success(let text): key = text
            case .failure(let error): return .failure(error)
            }
            switch decoded((item.value ?? "")[...], plusIsSpace: true, what: "query value of \"\(key)\"") {
            case .success(let value): query.append((key, value))
            case .failure(let error): return .failure(error)
            }
        }
        return .success(IncomingURL(origin: parts.origin, segments: segments, query: query))
    }

    /// One decoded part; `what` names it in messages.
    private static func decoded(_ encoded: Substring, plusIsSpace: Bool, what: String) -> Result<String, NavError> {
        guard let text = PercentCoding.decode(encoded, plusIsSpace: plusIsSpace) else {
            return .failure(NavError(.noMatch, "\(what) \"\(ParamType.excerpt(String(encoded)))\" does not decode to UTF-8"))
        }
        if let (_, byte) = PercentCoding.firstControlCharacter(in: text) {
            return .failure(NavError(.noMatch, "\(what) \"\(ParamType.excerpt(String(encoded)))\" decodes to control character \(PercentCoding.codePoint(byte))"))
        }
        return .success(text)
    }
}
