import CJansson
import NavCore

/// A jansson node. Ownership follows jansson: a node from `JSONNode.parse` or
/// a constructor holds one reference that its owner must `release()`.
public typealias JSONNode = UnsafeMutablePointer<json_t>

extension UnsafeMutablePointer where Pointee == json_t {
    /// Parses JSON text (a NUL-terminated UTF-8 buffer): any JSON value, so
    /// that valid JSON of the wrong shape gets the caller's domain error.
    /// Duplicate object keys are refused. Errors are `.json`, with jansson's
    /// position and reason.
    /// Text that is not JSON is a `.json` error at `path` (empty: no place).
    public static func parse(_ text: UnsafePointer<CChar>, at path: String = "") throws(NavError) -> JSONNode {
        var error = json_error_t()
        guard let node = json_loads(text, Int(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY), &error) else {
            let reason = withUnsafeBytes(of: &error.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw NavError(.json, at: path, "invalid JSON at line \(error.line), column \(error.column): \(reason)")
        }
        return node
    }

    /// Parses JSON held in a Swift string.
    public static func parse(_ text: String) throws(NavError) -> JSONNode {
        let result = text.withCString { pointer in
            Result { () throws(NavError) -> JSONNode in try JSONNode.parse(pointer) }
        }
        return try result.get()
    }

    /// Drops the owner's reference.
    public func release() {
        json_decref(self)
    }

    /// The node's JSON type.
    var type: json_type { cjansson_typeof(self) }

    /// The node's JSON type name for messages: `object`, `array`, `string`,
    /// `int`, `real`, `bool` or `null`.
    var typeName: String {
        switch type {
        case JSON_OBJECT: return "object"
        case JSON_ARRAY: return "array"
        case JSON_STRING: return "string"
        case JSON_INTEGER: return "int"
        case JSON_REAL: return "real"
        case JSON_TRUE, JSON_FALSE: return "bool"
        default: return "null"
        }
    }

    /// The string value of a string node, or nil for another type.
    var stringValue: String? {
        guard type == JSON_STRING, let chars = json_string_value(self) else { return nil }
        let buffer = UnsafeRawBufferPointer(start: chars, count: json_string_length(self))
        return String(decoding: buffer, as: UTF8.self)
    }

    /// The value of an integer node, or nil for another type.
    var intValue: Int? {
        type == JSON_INTEGER ? Int(json_integer_value(self)) : nil
    }

    /// The value of a boolean node, or nil for another type.
    var boolValue: Bool? {
        switch type {
        case JSON_TRUE: return true
        case JSON_FALSE: return false
        default: return nil
        }
    }

    /// The elements of an array node, borrowed; nil for another type.
    var arrayElements: [JSONNode]? {
        guard type == JSON_ARRAY else { return nil }
        return (0..<json_array_size(self)).compactMap { json_array_get(self, $0) }
    }

    /// The members of an object node in document order, borrowed; nil for another type.
    var objectMembers: [(key: String, value: JSONNode)]? {
        guard type == JSON_OBJECT else { return nil }
        var members: [(key: String, value: JSONNode)] = []
        var iterator = json_object_iter(self)
        while let current = iterator {
            if let key = json_object_iter_key(current), let value = json_object_iter_value(current) {
                let keyBytes = UnsafeRawBufferPointer(start: key, count: json_object_iter_key_len(current))
                members.append((String(decoding: keyBytes, as: UTF8.self), value))
            }
            iterator = json_object_iter_next(self, current)
        }
        return members
    }

    /// The node as a param value as a caller supplied it.
    var inputValue: InputValue {
        switch type {
        case JSON_STRING: return .string(stringValue ?? "")
        case JSON_INTEGER: return .int(Int(json_integer_value(self)))
        case JSON_REAL: return .real(json_real_value(self))
        case JSON_TRUE: return .bool(true)
        case JSON_FALSE: return .bool(false)
        case JSON_NULL: return .null
        case JSON_ARRAY: return .array((arrayElements ?? []).map(\.inputValue))
        default: return .container(kind: typeName)
        }
    }
}
