import CJansson
import NavCore

/// Reads actions (docs/json.md): one action object, or an array of them.
/// Shape problems are `.action`, located at `actions[i]`.
public enum ActionDecoder {
    /// Every op and the keys its object may hold.
    static let keys: [String: [String]] = [
        "push": ["op", "route", "tab", "policy"],
        "pop": ["op", "count", "tab"],
        "pop_to": ["op", "id", "name", "inclusive", "tab"],
        "pop_to_root": ["op", "tab"],
        "replace": ["op", "route", "tab"],
        "set_stack": ["op", "routes", "tab"],
        "select_tab": ["op", "tab"],
        "reset_tab": ["op", "tab"],
        "reset_all": ["op"],
        "present": ["op", "route", "style"],
        "dismiss": ["op", "all"],
        "back": ["op"],
        "select": ["op", "route"],
        "open_url": ["op", "url", "mode"],
        "set_entry_state": ["op", "id", "state"],
    ]

    /// Largest text of a batch (or of the routes, params or route a convenience
    /// call takes) read, in bytes (`NAVCORE_MAX_BATCH_BYTES`): room for one
    /// saved state at its size limit with every character escaped.
    public static let maxBatchBytes = 1 << 20

    /// Decodes JSON text holding one action or an array of actions.
    public static func decodeBatch(text: UnsafePointer<CChar>) throws(NavError) -> [Action] {
        let node = try JSONNode.parse(text)
        defer { node.release() }
        return try decodeBatch(node)
    }

    /// Decodes a parsed action or array of actions.
    public static func decodeBatch(_ node: JSONNode) throws(NavError) -> [Action] {
        if let elements = node.arrayElements {
            var actions: [Action] = []
            actions.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                actions.append(try decode(element, at: "actions[\(index)]"))
            }
            return actions
        }
        guard node.type == JSON_OBJECT else {
            throw NavError(.action, at: "actions", "expected an action object or an array of actions, got \(node.typeName)")
        }
        return [try decode(node, at: "actions[0]")]
    }

    /// Decodes a JSON array of routes, as `set_stack` takes them.
    public static func decodeRoutes(text: UnsafePointer<CChar>) throws(NavError) -> [RouteRequest] {
        let node = try JSONNode.parse(text)
        defer { node.release() }
        guard let elements = node.arrayElements else {
            throw NavError(.action, at: "routes", "expected an array of routes, got \(node.typeName)")
        }
        return try routes(elements, at: "routes")
    }

    /// Decodes a JSON params object, as `navcore_push` takes it.
    public static func decodeParams(text: UnsafePointer<CChar>) throws(NavError) -> [(String, InputValue)] {
        let node = try JSONNode.parse(text)
        defer { node.release() }
        return try RouteRequestDecoder.params(node, at: "params")
    }

    private static func decode(_ node: JSONNode, at path: String) throws(NavError) -> Action {
        guard node.type == JSON_OBJECT else {
            throw NavError(.action, at: path, "expected an action object, got \(node.typeName)")
        }
        guard let opNode = json_object_get(node, "op") else {
            throw NavError(.action, at: "\(path).op", "missing")
        }
        guard let op = opNode.stringValue else {
            throw NavError(.action, at: "\(path).op", "expected string, got \(opNode.typeName)")
        }
        guard let allowed = keys[op] else {
            throw NavError(.action, at: "\(path).op", "unknown op \"\(ParamType.excerpt(op))\" (known: \(keys.keys.sorted().joined(separator: ", ")))")
        }
        let reader = try ObjectReader(node, at: path, kind: .action, allowed: allowed)
        let tab = try reader.string("tab")
        switch op {
        case "push":
            return .push(try route(reader), tab: tab, policy: try policy(reader))
        case "pop":
            return .pop(count: try reader.int("count") ?? 1, tab: tab)
        case "pop_to":
            let inclusive = try reader.bool("inclusive") ?? false
            switch (try reader.int("id"), try reader.string("name")) {
            case (let id?, nil): return .popTo(.id(id), inclusive: inclusive, tab: tab)
            case (nil, let name?): return .popTo(.name(name), inclusive: inclusive, tab: tab)
            case (.some, .some): throw NavError(.action, at: path, "give either \"id\" or \"name\", not both")
            case (nil, nil): throw NavError(.action, at: path, "missing \"id\" or \"name\"")
            }
        case "pop_to_root":
            return .popToRoot(tab: tab)
        case "replace":
            return .replace(try route(reader), tab: tab)
        case "set_stack":
            guard let elements = try reader.array("routes") else { throw NavError(.action, at: reader.location("routes"), "missing") }
            return .setStack(try routes(elements, at: reader.location("routes")), tab: tab)
        case "select_tab":
            guard let tab else { throw NavError(.action, at: reader.location("tab"), "missing") }
            return .selectTab(tab)
        case "reset_tab":
            return .resetTab(tab)
        case "reset_all":
            return .resetAll
        case "present":
            return .present(try route(reader), style: try reader.string("style"))
        case "dismiss":
            return .dismiss(all: try reader.bool("all") ?? false)
        case "back":
            return .back
        case "select":
            return .select(try route(reader))
        case "open_url":
            guard let url = try reader.string("url") else { throw NavError(.action, at: reader.location("url"), "missing") }
            return .openURL(url, mode: try openMode(try reader.string("mode"), at: reader.location("mode")))
        case "set_entry_state":
            guard let id = try reader.int("id") else { throw NavError(.action, at: reader.location("id"), "missing") }
            let state = try reader.required("state")
            return .setEntryState(id: id, state: state.type == JSON_NULL ? nil
                                  : try JSONValueCodec.value(state, at: reader.location("state"), kind: .action))
        default:
            throw NavError(.internal, at: "\(path).op", "op \"\(op)\" has keys but no decoder")
        }
    }

    /// The required `route` of an action.
    private static func route(_ reader: ObjectReader) throws(NavError) -> RouteRequest {
        try RouteRequestDecoder.decode(try reader.required("route"), at: reader.location("route"), kind: .action)
    }

    /// The optional duplicate-push `policy` of a push.
    private static func policy(_ reader: ObjectReader) throws(NavError) -> PushPolicy? {
        guard let name = try reader.string("policy") else { return nil }
        guard let policy = PushPolicy(rawValue: name) else {
            throw NavError(.action, at: reader.location("policy"),
                           "unknown policy \"\(ParamType.excerpt(name))\" (policies: \(PushPolicy.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return policy
    }

    /// Decodes a JSON route object, as `navcore_url_for` takes it; shape errors are `.action`.
    public static func decodeRoute(text: UnsafePointer<CChar>) throws(NavError) -> RouteRequest {
        let node = try JSONNode.parse(text)
        defer { node.release() }
        return try RouteRequestDecoder.decode(node, at: "route", kind: .action)
    }

    /// An `open_url` mode by name: `replace`, `push`, or nil (absent: the link's own).
    public static func openMode(_ name: String?, at path: String) throws(NavError) -> OpenMode? {
        guard let name else { return nil }
        guard let mode = OpenMode(rawValue: name) else {
            throw NavError(.action, at: path, "unknown mode \"\(ParamType.excerpt(name))\" (use replace or push, or leave it out for the link's own)")
        }
        return mode
    }

    private static func routes(_ nodes: [JSONNode], at path: String) throws(NavError) -> [RouteRequest] {
        var requests: [RouteRequest] = []
        requests.reserveCapacity(nodes.count)
        for (index, node) in nodes.enumerated() {
            requests.append(try RouteRequestDecoder.decode(node, at: "\(path)[\(index)]", kind: .action))
        }
        return requests
    }
}
