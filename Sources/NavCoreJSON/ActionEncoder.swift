import CJansson
import NavCore

/// Writes actions back as JSON (docs/json.md), as an action log records them:
/// `ActionDecoder` reads the result back to equal actions.
enum ActionEncoder {
    /// A new array of the actions, owned by the caller.
    static func batch(_ actions: [Action]) throws(NavError) -> JSONNode {
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

    /// Sets the fields of an action besides `op`.
    private static func fields(of action: Action, into node: JSONNode) throws(NavError) {
        func set(_ key: String, _ value: JSONNode?) throws(NavError) { try NodeBuilder.set(node, key, value) }
        func tab(_ name: String?) throws(NavError) { if let name { try set("tab", NodeBuilder.string(name)) } }
        func result(_ value: JSONValue?) throws(NavError) { if let value { try set("result", try JSONValueCodec.node(value)) } }
        switch action {
        case .push(let request, let name, let policy):
            try set("route", try route(request))
            try tab(name)
            if let policy { try set("policy", NodeBuilder.string(policy.rawValue)) }
        case .pop(let count, let name, let value):
            try set("count", NodeBuilder.integer(count))
            try tab(name)
            try result(value)
        case .popTo(let target, let inclusive, let name):
            switch target {
            case .id(let id): try set("id", NodeBuilder.integer(id))
            case .name(let route): try set("name", NodeBuilder.string(route))
            }
            try set("inclusive", inclusive ? json_true() : json_false())
            try tab(name)
        case .popToRoot(let name), .resetTab(let name):
            try tab(name)
        case .replace(let request, let name):
            try set("route", try route(request))
            try tab(name)
        case .setStack(let requests, let name):
            try set("routes", try NodeBuilder.array(requests, route))
            try tab(name)
        case .selectTab(let name):
            try set("tab", NodeBuilder.string(name))
        case .resetAll:
            break
        case .back(let value):
            try result(value)
        case .present(let request, let style):
            try set("route", try route(request))
            if let style { try set("style", NodeBuilder.string(style)) }
        case .dismiss(let all, let value):
            try set("all", all ? json_true() : json_false())
            try result(value)
        case .takeResult(let id):
            try set("id", NodeBuilder.integer(id))
        case .select(let request):
            try set("route", try route(request))
        case .setEntryState(let id, let state):
            try set("id", NodeBuilder.integer(id))
            try set("state", try state.map { (value) throws(NavError) in try JSONValueCodec.node(value) } ?? json_null())
        case .openURL(let url, let mode):
            try set("url", NodeBuilder.string(url))
            if let mode { try set("mode", NodeBuilder.string(mode.rawValue)) }
        case .setCondition(let name, let value):
            try set("name", NodeBuilder.string(name))
            try set("value", value ? json_true() : json_false())
        case .setBlocker(let id, let reason):
            try set("id", NodeBuilder.integer(id))
            try set("reason", reason.map { NodeBuilder.string($0) } ?? json_null())
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

    /// A new node for a param value as given. Containers are never valid
    /// params, so no logged action holds one; they are written empty.
    private static func input(_ value: InputValue) -> JSONNode? {
        switch value {
        case .string(let text): return NodeBuilder.string(text)
        case .int(let number): return NodeBuilder.integer(number)
        case .real(let number): return json_real(number)
        case .bool(let flag): return flag ? json_true() : json_false()
        case .null: return json_null()
        case .container(let kind): return kind == "array" ? json_array() : json_object()
        }
    }
}
