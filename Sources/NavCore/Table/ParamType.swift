/// The declared type of a route param.
public enum ParamType: Equatable, Sendable {
    /// Any UTF-8 string of at most `ParamType.maxStringBytes` bytes, without
    /// a control character (U+0000 to U+001F, U+007F).
    case string
    /// A 64-bit integer (a JSON real such as `42.0` is refused).
    case int
    /// `true` or `false`.
    case bool
    /// A UUID in the 8-4-4-4-12 hex form, held lower-case.
    case uuid
    /// One of a fixed list of strings (none holds a control character).
    case oneOf([String])
    /// A list of values of a scalar type (never of another list), at most
    /// `ParamType.maxListItems` of them, in order: bound by a repeated query
    /// key, written in documents as a JSON array (docs/links.md, "Lists").
    indirect case list(ParamType)

    /// Longest string value accepted, in bytes of UTF-8 (`NAVCORE_MAX_STRING_PARAM_BYTES`).
    public static let maxStringBytes = Limits.maxStringParamBytes
    /// Most items a list value holds (`NAVCORE_MAX_LIST_PARAM_ITEMS`).
    public static let maxListItems = Limits.maxListParamItems

    /// The type of a list's items; nil for a scalar type.
    public var itemType: ParamType? {
        if case .list(let item) = self { return item }
        return nil
    }

    /// The type's name for messages: `int`, or `one of "monthly", "yearly"`.
    public var name: String {
        switch self {
        case .string: return "string"
        case .int: return "int"
        case .bool: return "bool"
        case .uuid: return "uuid"
        case .oneOf(let values): return "one of " + values.map { "\"\($0)\"" }.joined(separator: ", ")
        case .list(let item): return "list of " + item.name
        }
    }

    /// Checks `input` against this type and returns the canonical value, or a
    /// message (without location) saying why it does not fit.
    public func check(_ input: InputValue) -> Result<ParamValue, NavError> {
        switch (self, input) {
        case (.string, .string(let value)):
            if value.utf8.count > ParamType.maxStringBytes {
                return .failure(NavError(.params, "string of \(value.utf8.count) bytes exceeds the \(ParamType.maxStringBytes)-byte limit"))
            }
            if let problem = ParamType.controlCharacterProblem(value) { return .failure(NavError(.params, problem)) }
            return .success(.string(value))
        case (.int, .int(let value)):
            return .success(.int(value))
        case (.bool, .bool(let value)):
            return .success(.bool(value))
        case (.uuid, .string(let value)):
            guard let canonical = ParamType.canonicalUUID(value) else {
                return .failure(NavError(.params, "\"\(ParamType.excerpt(value))\" is not a UUID (expected 8-4-4-4-12 hex digits)"))
            }
            return .success(.string(canonical))
        case (.oneOf(let values), .string(let value)):
            guard values.contains(value) else {
                return .failure(NavError(.params, "\"\(ParamType.excerpt(value))\" is not \(name)"))
            }
            return .success(.string(value))
        case (.list(let item), .array(let inputs)):
            return checkList(of: item, inputs)
        default:
            return .failure(NavError(.params, "expected \(name), got \(input.typeName)"))
        }
    }

    /// Checks the items of a list against `item`: at most `maxListItems`, each
    /// an `item`; an error names the first item that does not fit.
    private func checkList(of item: ParamType, _ inputs: [InputValue]) -> Result<ParamValue, NavError> {
        guard inputs.count <= ParamType.maxListItems else {
            return .failure(NavError(.params, "a list of \(inputs.count) items exceeds the \(ParamType.maxListItems)-item limit"))
        }
        var values: [ParamValue] = []
        values.reserveCapacity(inputs.count)
        for (index, input) in inputs.enumerated() {
            switch item.check(input) {
            case .success(let value): values.append(value)
            case .failure(let error): return .failure(NavError(.params, "item \(index): " + error.detail))
            }
        }
        return .success(.list(values))
    }

    /// Why `text` cannot be a param value: it holds a control character
    /// (U+0000 to U+001F, U+007F), which no URL can carry; nil when it holds none.
    static func controlCharacterProblem(_ text: String) -> String? {
        guard let (offset, byte) = PercentCoding.firstControlCharacter(in: text) else { return nil }
        return "control character \(PercentCoding.codePoint(byte)) at byte \(offset): a string param cannot hold one (U+0000 to U+001F, U+007F), as links could not carry it"
    }

    /// The lower-case form of a UUID in the 8-4-4-4-12 hex form, or nil.
    static func canonicalUUID(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                out.append(byte)
                continue
            }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"):
                out.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "F"):
                out.append(byte + 32)
            default:
                return nil
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// At most the first 40 characters of `text`, for messages about huge values.
    public static func excerpt(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(40)) + "..."
    }
}
