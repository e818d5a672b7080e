/// How param values are written in URLs: a string as itself, an int in
/// decimal, a bool as `true`/`false`, a UUID in its 8-4-4-4-12 form, an enum
/// value as its string (then percent-encoded).
extension ParamType {
    /// The value of URL text (already decoded) for this type, or nil when it
    /// does not convert: `"42"` is an int, `"yes"` is not a bool. For a list,
    /// the value of one item (one occurrence of its repeated query key).
    func urlValue(_ text: String) -> ParamValue? {
        switch self {
        case .string:
            return text.utf8.count <= ParamType.maxStringBytes ? .string(text) : nil
        case .int:
            return Int(text).map(ParamValue.int)
        case .bool:
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: return nil
            }
        case .uuid:
            return ParamType.canonicalUUID(text).map(ParamValue.string)
        case .oneOf(let values):
            return values.contains(text) ? .string(text) : nil
        case .list(let item):
            return item.urlValue(text)
        }
    }

    /// Why URL text does not convert, for messages: `"abc" is not an int`.
    func urlProblem(_ text: String) -> String {
        switch self {
        case .string:
            return "a string of \(text.utf8.count) bytes exceeds the \(ParamType.maxStringBytes)-byte limit"
        case .int:
            return "\"\(ParamType.excerpt(text))\" is not an int"
        case .bool:
            return "\"\(ParamType.excerpt(text))\" is not a bool (true or false)"
        case .uuid:
            return "\"\(ParamType.excerpt(text))\" is not a UUID"
        case .oneOf:
            return "\"\(ParamType.excerpt(text))\" is not \(name)"
        case .list(let item):
            return item.urlProblem(text)
        }
    }
}

/// What a placeholder path segment accepts, as the trie sees it: the edges of
/// a trie node are keyed by it, and two links overlap where their patterns do.
enum SegmentPattern: Hashable, Sendable {
    /// Any non-empty segment: a string param, or any param with a fallback.
    case any
    /// A decimal integer.
    case int
    /// `true` or `false`.
    case bool
    /// A UUID in the 8-4-4-4-12 hex form.
    case uuid
    /// One of these strings.
    case oneOf([String])

    /// The pattern of a param declared as `spec` (a list never fills a path
    /// segment: the table check refuses it before the trie is built).
    init(_ spec: ParamSpec) {
        switch spec.fallback ? .string : spec.type {
        case .string, .list: self = .any
        case .int: self = .int
        case .bool: self = .bool
        case .uuid: self = .uuid
        case .oneOf(let values): self = .oneOf(values)
        }
    }

    /// Whether a (decoded) segment fits the pattern.
    func accepts(_ segment: String) -> Bool {
        switch self {
        case .any: return !segment.isEmpty
        case .int: return Int(segment) != nil
        case .bool: return segment == "true" || segment == "false"
        case .uuid: return ParamType.canonicalUUID(segment) != nil
        case .oneOf(let values): return values.contains(segment)
        }
    }

    /// A segment both patterns accept, or nil when none exists.
    func sharedSegment(with other: SegmentPattern) -> String? {
        if case .oneOf(let values) = self { return values.first(where: other.accepts) }
        if case .oneOf(let values) = other { return values.first(where: accepts) }
        if self == other || other == .any { return sample }
        return self == .any ? other.sample : nil
    }

    /// A segment the pattern accepts (enum patterns are handled by the caller).
    private var sample: String {
        switch self {
        case .any: return "x"
        case .int: return "0"
        case .bool: return "true"
        case .uuid: return "00000000-0000-0000-0000-000000000000"
        case .oneOf(let values): return values.first ?? "x"
        }
    }
}
