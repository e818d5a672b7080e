/// A link's URL pattern, parsed: `myapp://users/{id}/edit` or
/// `https://shop.example.com/settings/subscription?plan={plan}`.
///
/// The scheme and the host are literal and matched without regard to case;
/// each path segment is either literal (matched exactly, case-sensitive) or a
/// whole-segment placeholder: `{name}`, the optional `{name?}`, or, last,
/// the catch-all `{*name}` (one or more segments) or `{*name?}` (zero or
/// more); each query item binds a key to a placeholder `{name}`. The pattern is split by `URISyntax` like any URL, with
/// its braces escaped first.
struct LinkTemplate: Equatable, Sendable {
    /// One path segment of a pattern.
    enum Segment: Equatable, Sendable {
        /// Matches exactly this (decoded) text.
        case literal(String)
        /// Matches one segment and binds it to the named param.
        case param(String)
        /// Matches one segment or none (`{name?}`): the param is absent without it.
        case optional(String)
        /// Matches the rest of the path, one segment or more (`{*name}`), or
        /// zero or more (`{*name?}`), binding the segments as a list.
        case catchAll(String, zeroOrMore: Bool)

        /// The placeholder's name; nil for a literal.
        var name: String? {
            switch self {
            case .literal: return nil
            case .param(let name), .optional(let name), .catchAll(let name, _): return name
            }
        }

        /// The segment as a pattern writes it: `/new`, `/{id}`, `/{lang?}`, `/{*path}`.
        var text: String {
            switch self {
            case .literal(let text): return "/" + text
            case .param(let name): return "/{\(name)}"
            case .optional(let name): return "/{\(name)?}"
            case .catchAll(let name, let zeroOrMore): return "/{*\(name)\(zeroOrMore ? "?" : "")}"
            }
        }
    }

    /// The most optional segments a pattern may have: each doubles the paths
    /// the trie holds for the link.
    static let maxOptionalSegments = 8

    /// A query key whose value binds a param: `plan={plan}`.
    struct QueryBinding: Equatable, Sendable {
        /// The (decoded) query key.
        let key: String
        /// The param its value binds.
        let param: String
    }

    /// The scheme, host and port: the key of the trie this link is in.
    let origin: Origin
    /// `scheme://host[:port]` with the host percent-encoded: how the link's canonical URLs start.
    let encodedOrigin: String
    /// The path segments, in order.
    let segments: [Segment]
    /// The query bindings, in the pattern's order.
    let query: [QueryBinding]

    /// The names of the params the pattern binds: path first, then query.
    var paramNames: [String] {
        segments.compactMap(\.name) + query.map(\.param)
    }

    /// Whether the path has an optional or catch-all segment.
    var hasVariableLength: Bool {
        segments.contains { if case .optional = $0 { return true } else if case .catchAll = $0 { return true } else { return false } }
    }

    /// Parses a pattern. Errors are `.table`, without location.
    static func parse(_ text: String) throws(NavError) -> LinkTemplate {
        let parts: URLParts
        do {
            parts = try URLParts.split(escapingBraces(text))
        } catch {
            throw NavError(.table, "not a URL pattern: \(error.detail)")
        }
        if parts.hasFragment { throw NavError(.table, "a link pattern has no #fragment") }
        if parts.origin.description.contains("{") || parts.origin.description.contains("}") {
            throw NavError(.table, "the scheme and the host are literal: a {placeholder} may only fill a path segment or a query value")
        }
        var names: Set<String> = []
        func placeholder(_ text: String, where place: String) throws(NavError) -> String? {
            guard text.contains("{") || text.contains("}") else { return nil }
            guard text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 else {
                throw NavError(.table, "\(place) \"\(text)\": a placeholder fills a whole path segment or query value, as in /users/{id} or ?plan={plan}")
            }
            let name = String(text.dropFirst().dropLast())
            if name.hasPrefix("*") || name.hasSuffix("?") {
                throw NavError(.table, "\(place) \"\(text)\": only a path segment is optional or a catch-all; a query placeholder is {name}, and a query key the URL leaves out is absent already")
            }
            guard RouteTable.isValidName(name) else {
                throw NavError(.table, "\(place): bad placeholder \"\(text)\" (use letters, digits, _ - .)")
            }
            guard names.insert(name).inserted else { throw NavError(.table, "placeholder {\(name)} appears twice") }
            return name
        }
        var segments: [Segment] = []
        for (index, encoded) in parts.segments.enumerated() {
            let place = "path segment \(index + 1)"
            guard !encoded.isEmpty else { throw NavError(.table, "\(place) is empty") }
            guard let text = PercentCoding.decode(encoded, plusIsSpace: false) else {
                throw NavError(.table, "\(place) \"\(encoded)\" does not decode to UTF-8")
            }
            if let last = segments.last, case .catchAll(let name, _) = last {
                throw NavError(.table, "catch-all {*\(name)} is path segment \(index): a catch-all takes the rest of the path, so it must be the last segment")
            }
            segments.append(try segment(text, where: place, placeholder: placeholder))
        }
        let optionals = segments.filter { if case .optional = $0 { return true } else { return false } }.count
        guard optionals <= maxOptionalSegments else {
            throw NavError(.table, "\(optionals) optional segments: a pattern has at most \(maxOptionalSegments)")
        }
        var query: [QueryBinding] = []
        for item in parts.query {
            guard let key = PercentCoding.decode(item.key, plusIsSpace: true), !key.isEmpty,
                  try placeholder(key, where: "query key") == nil else {
                throw NavError(.table, "query key \"\(item.key)\" must be literal, non-empty text")
            }
            guard !query.contains(where: { $0.key == key }) else { throw NavError(.table, "query key \"\(key)\" appears twice") }
            guard let value = item.value.flatMap({ PercentCoding.decode($0, plusIsSpace: true) }),
                  let name = try placeholder(value, where: "query value of \"\(key)\"") else {
                throw NavError(.table, "query key \"\(key)\" must bind a placeholder, as in ?plan={plan}")
            }
            query.append(QueryBinding(key: key, param: name))
        }
        let encodedOrigin = "\(parts.origin.scheme)://\(URLParts.lowercased(parts.encodedHost))" + (parts.origin.port.map { ":\($0)" } ?? "")
        return LinkTemplate(origin: parts.origin, encodedOrigin: encodedOrigin, segments: segments, query: query)
    }

    /// Path segment `text` (decoded): a literal, `{name}`, `{name?}`, `{*name}`
    /// or `{*name?}`; `placeholder` checks a name as `{name}` and records it.
    private static func segment(_ text: String, where place: String,
                                placeholder: (String, String) throws(NavError) -> String?) throws(NavError) -> Segment {
        guard text.hasPrefix("{"), text.hasSuffix("}") else {
            return try placeholder(text, place).map(Segment.param) ?? .literal(text)
        }
        var name = text.dropFirst().dropLast()
        let star = name.hasPrefix("*")
        let question = name.hasSuffix("?")
        if star { name = name.dropFirst() }
        if question { name = name.dropLast() }
        guard let checked = try placeholder("{\(name)}", place) else { return .literal(text) }
        if star { return .catchAll(checked, zeroOrMore: question) }
        return question ? .optional(checked) : .param(checked)
    }

    /// The origin of `host` (optionally `host:port`) under this pattern's scheme.
    func origin(ofHost host: String) throws(NavError) -> Origin {
        let parts: URLParts
        do {
            parts = try URLParts.split("\(origin.scheme)://\(host)")
        } catch {
            throw NavError(.table, "\"\(ParamType.excerpt(host))\" is not a host name: \(error.detail)")
        }
        guard parts.segments.isEmpty, parts.queryText == nil, !parts.hasFragment else {
            throw NavError(.table, "\"\(ParamType.excerpt(host))\" is not a host name")
        }
        return parts.origin
    }

    /// `text` with `{` and `}` percent-encoded, and a `?` between them (as in
    /// `{lang?}`), so that URISyntax reads the pattern.
    private static func escapingBraces(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) else { return text }
        var bytes: [UInt8] = []
        var inside = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "{"):
                bytes.append(contentsOf: "%7B".utf8)
                inside = true
            case UInt8(ascii: "}"):
                bytes.append(contentsOf: "%7D".utf8)
                inside = false
            case UInt8(ascii: "?") where inside: bytes.append(contentsOf: "%3F".utf8)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
