import CJansson
import NavCore

/// Writes actions back as JSON (docs/json.md), as an action log records them:
/// `ActionDecoder` reads the result back to equal actions.
public enum ActionEncoder {
    /// A new array of the actions, owned by the caller.
    public static func batch(_ actions: [Action]) throws(NavError) -> JSONNode {
        try NodeBuilder.array(actions, node)
    }

    /// A new node for one action, owned by the caller.
    private static func node(_ action: Action) throws(NavError) -> JSONNode {
        let node = try NodeBuilder.object()
        do throws(NavError) {
            try NodeBuilder.set(node, "op", NodeBuilder.string(action.op.rawValue))
            try fields(of: action, into: node)
        } catch {
            node.release()
            throw error
        }
        return node
    }

    /// Sets the fields of an action besides `op`, each written by its value's
    /// kind alone, in the order of the op's fields: a field with none is left
    /// out, unless required (`null`).
    private static func fields(of action: Action, into node: JSONNode) throws(NavError) {
        for (field, value) in zip(action.op.fields, action.fieldValues) {
            if value == .nothing && field.presence != .required { continue }
            try NodeBuilder.set(node, field.key, try self.node(value))
        }
    }

    /// A new node for a field's value (`null` for none).
    private static func node(_ value: ActionValue) throws(NavError) -> JSONNode? {
        switch value {
        case .nothing: return json_null()
        case .route(let request): return try route(request)
        case .routes(let requests): return try NodeBuilder.array(requests, route)
        case .int(let number): return NodeBuilder.integer(number)
        case .bool(let flag): return flag ? json_true() : json_false()
        case .string(let text): return NodeBuilder.string(text)
        case .json(let json): return try JSONValueCodec.node(json)
        }
    }

    /// A new route object `{"name", "params"}` for a request, its params as given.
    private static func route(_ request: RouteRequest) throws(NavError) -> JSONNode {
        let node = try NodeBuilder.object()
        do throws(NavError) {
            try NodeBuilder.set(node, "name", NodeBuilder.string(request.name))
            let params = try NodeBuilder.object()
            try NodeBuilder.set(node, "params", params)
            for (name, value) in request.params { try NodeBuilder.set(params, name, input(value)) }
        } catch {
            node.release()
            throw error
        }
        return node
    }

    /// A new node for a param value as given: an array (a list param's value)
    /// with its items. Objects are never valid params, so no logged action
    /// holds one; they are written empty.
    private static func input(_ value: InputValue) -> JSONNode? {
        switch value {
        case .string(let text): return NodeBuilder.string(text)
        case .int(let number): return NodeBuilder.integer(number)
        case .real(let number): return json_real(number)
        case .bool(let flag): return flag ? json_true() : json_false()
        case .null: return json_null()
        case .array(let items):
            guard let array = json_array() else { return nil }
            for item in items where json_array_append_new(array, input(item)) != 0 {
                json_decref(array)
                return nil
            }
            return array
        case .container: return json_object()
        }
    }
}
