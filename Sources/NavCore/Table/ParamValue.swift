/// A param's value once checked against its declaration: the payload of a route.
/// UUIDs and enum values are held as their (canonical) strings.
public enum ParamValue: Equatable, Hashable, Sendable {
    /// A string, a UUID (lower-case) or an enum value.
    case string(String)
    /// An integer.
    case int(Int)
    /// A boolean.
    case bool(Bool)

    /// The value as it appears in a title (`42`, `true`, `shoes`).
    public var text: String {
        switch self {
        case .string(let value): return value
        case .int(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
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
    /// An array or an object (never a valid param value).
    case container(kind: String)

    /// The JSON type name, for messages (`expected int, got string`).
    public var typeName: String {
        switch self {
        case .string: return "string"
        case .int: return "int"
        case .real: return "real"
        case .bool: return "bool"
        case .null: return "null"
        case .container(let kind): return kind
        }
    }
}
