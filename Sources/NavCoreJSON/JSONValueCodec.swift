import CJansson
import NavCore

/// Converts between jansson nodes and the core's `JSONValue` (an entry's saved
/// state). Both directions recurse at most `JSONValue.maxDepth` levels: reading
/// refuses deeper input, and the core refuses deeper values before they are kept.
public enum JSONValueCodec {
    /// The value of `node`; nesting deeper than `JSONValue.maxDepth` is a `kind` error at `path`.
    static func value(_ node: JSONNode, at path: String, kind: NavError.Kind, depth: Int = 0) throws(NavError) -> JSONValue {
        switch node.type {
        case JSON_OBJECT, JSON_ARRAY:
            guard depth < JSONValue.maxDepth else {
                throw NavError(kind, at: path, "saved state is nested deeper than \(JSONValue.maxDepth) levels")
            }
            if let elements = node.arrayElements {
                var values: [JSONValue] = []
                values.reserveCapacity(elements.count)
                for element in elements { values.append(try value(element, at: path, kind: kind, depth: depth + 1)) }
                return .array(values)
            }
            var members: [JSONValue.Member] = []
            for (key, child) in node.objectMembers ?? [] {
                members.append(JSONValue.Member(key, try value(child, at: path, kind: kind, depth: depth + 1)))
            }
            return .object(members)
        case JSON_STRING: return .string(node.stringValue ?? "")
        case JSON_INTEGER: return .int(Int(json_integer_value(node)))
        case JSON_REAL: return .real(json_real_value(node))
        case JSON_TRUE: return .bool(true)
        case JSON_FALSE: return .bool(false)
        default: return .null
        }
    }

    /// A new node for `value`, owned by the caller.
    static func node(_ value: JSONValue) throws(NavError) -> JSONNode {
        let made: JSONNode?
        switch value {
        case .null: made = json_null()
        case .bool(let flag): made = flag ? json_true() : json_false()
        case .int(let number): made = NodeBuilder.integer(number)
        case .real(let number): made = json_real(number)
        case .string(let text): made = NodeBuilder.string(text)
        case .array(let elements):
            return try NodeBuilder.array(elements, node)
        case .object(let members):
            let object = try NodeBuilder.object()
            do throws(NavError) {
                for member in members { try NodeBuilder.set(object, member.key, try node(member.value)) }
            } catch {
                object.release()
                throw error
            }
            return object
        }
        guard let made else { throw NodeBuilder.outOfMemory }
        return made
    }

    /// A value as JSON text (a scalar too), from jansson's allocator: release with `OwnedText.free`.
    public static func text(_ value: JSONValue) throws(NavError) -> UnsafeMutablePointer<CChar> {
        let node = try node(value)
        defer { node.release() }
        guard let text = json_dumps(node, Int(JSON_COMPACT | JSON_ENCODE_ANY)) else { throw NodeBuilder.outOfMemory }
        return text
    }
}
