/// A param's value once checked against its declaration: the payload of a route.
/// UUIDs and enum values are held as their (canonical) strings.
public enum ParamValue: Equatable, Hashable, Sendable {
    /// A string, a UUID (lower-case) or an enum value.
    case string(String)
    /// An integer.
    case int(Int)
    /// A boolean.
    case bool(Bool)
    /// The items of a list param, in order (each a scalar).
    case list([ParamValue])

    /// The value as it appears in a title (`42`, `true`, `shoes`); a list is
    /// its items joined by ", " (`shoes, red`), the empty list the empty text.
    public var text: String {
        switch self {
        case .string(let value): return value
        case .int(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .list(let items): return items.map(\.text).joined(separator: ", ")
        }
    }
}

/// A param value as a caller supplied it, before it is checked: any JSON value.
public enum InputValue: Equatable, Sendable {
    /// A JSON string.
    case string(String)
    /// A JSON integer.
    case int(Int)
    /// A JSON real number.
    case real(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// A JSON array: the value of a list param.
    case array([InputValue])
    /// An object (never a valid param value).
    case container(kind: String)

    /// The JSON type name, for messages (`expected int, got string`).
    public var typeName: String {
        switch self {
        case .string: return "string"
        case .int: return "int"
        case .real: return "real"
        case .bool: return "bool"
        case .null: return "null"
        case .array: return "array"
        case .container(let kind): return kind
        }
    }
}
