import CJansson
import NavCore

/// Reads actions (docs/json.md): one action object, or an array of them.
/// Shape problems are `.action`, located at `actions[i]`.
public enum ActionDecoder {
    /// Largest text of a batch (or of the routes, params or route a convenience
    /// call takes) read, in bytes (`NAVCORE_MAX_BATCH_BYTES`): room for one
    /// saved state at its size limit with every character escaped.
    public static let maxBatchBytes = Limits.maxBatchBytes

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

    /// Decodes a JSON array of routes, as `set_stack` takes them, located at
    /// `path` (`actions[0].routes`); text that is not JSON is an error with no place.
    public static func decodeRoutes(text: UnsafePointer<CChar>, at path: String) throws(NavError) -> [RouteRequest] {
        let node = try JSONNode.parse(text)
        defer { node.release() }
        guard let elements = node.arrayElements else {
            throw NavError(.action, at: path, "expected an array of routes, got \(node.typeName)")
        }
        return try routes(elements, at: path)
    }

    /// Decodes a JSON params object, as `navcore_push` takes it, located at
    /// `path` (`actions[0].route.params`); text that is not JSON is an error
    /// at `input`, the name of the text (`params_json`).
    public static func decodeParams(text: UnsafePointer<CChar>, input: String, at path: String) throws(NavError) -> [(String, InputValue)] {
        let node = try JSONNode.parse(text, at: input)
        defer { node.release() }
        return try RouteRequestDecoder.params(node, at: path)
    }

    /// Decodes the saved state of a `set_entry_state` convenience call (any
    /// JSON; `null` removes it), located at `actions[0].state`; text that is
    /// not JSON is an error at `input`, the name of the text.
    public static func decodeState(text: UnsafePointer<CChar>, input: String) throws(NavError) -> JSONValue? {
        let node = try JSONNode.parse(text, at: input)
        defer { node.release() }
        return node.type == JSON_NULL ? nil : try JSONValueCodec.value(node, at: "actions[0].state", kind: .action)
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
        let kind: ActionOp = try ObjectReader.enumValue(op, at: "\(path).op", kind: .action, noun: "op")
        let reader = try ObjectReader(node, at: path, kind: .action, allowed: kind.keys)
        let tab = try reader.string("tab")
        switch kind {
        case .push:
            return .push(try route(reader), tab: tab, policy: try policy(reader))
        case .pop:
            return .pop(count: try reader.int("count") ?? 1, tab: tab, result: try result(reader))
        case .popTo:
            let inclusive = try reader.bool("inclusive") ?? false
            switch (try reader.int("id"), try reader.string("name")) {
            case (let id?, nil): return .popTo(.id(id), inclusive: inclusive, tab: tab)
            case (nil, let name?): return .popTo(.name(name), inclusive: inclusive, tab: tab)
            case (.some, .some): throw NavError(.action, at: path, "give either \"id\" or \"name\", not both")
            case (nil, nil): throw NavError(.action, at: path, "missing \"id\" or \"name\"")
            }
        case .popToRoot:
            return .popToRoot(tab: tab)
        case .replace:
            return .replace(try route(reader), tab: tab)
        case .setStack:
            guard let elements = try reader.array("routes") else { throw NavError(.action, at: reader.location("routes"), "missing") }
            return .setStack(try routes(elements, at: reader.location("routes")), tab: tab)
        case .selectTab:
            guard let tab else { throw NavError(.action, at: reader.location("tab"), "missing") }
            return .selectTab(tab)
        case .resetTab:
            return .resetTab(tab)
        case .resetAll:
            return .resetAll
        case .present:
            return .present(try route(reader), style: try reader.string("style"), policy: try reader.enumValue("policy"))
        case .dismiss:
            return .dismiss(all: try reader.bool("all") ?? false, result: try result(reader))
        case .back:
            return .back(result: try result(reader))
        case .takeResult:
            guard let id = try reader.int("id") else { throw NavError(.action, at: reader.location("id"), "missing") }
            return .takeResult(id: id)
        case .select:
            return .select(try route(reader))
        case .openURL:
            guard let url = try reader.string("url") else { throw NavError(.action, at: reader.location("url"), "missing") }
            return .openURL(url, mode: try openMode(try reader.string("mode"), at: reader.location("mode")))
        case .setEntryState:
            guard let id = try reader.int("id") else { throw NavError(.action, at: reader.location("id"), "missing") }
            let state = try reader.required("state")
            return .setEntryState(id: id, state: state.type == JSON_NULL ? nil
                                  : try JSONValueCodec.value(state, at: reader.location("state"), kind: .action))
        case .setBlocker:
            guard let id = try reader.int("id") else { throw NavError(.action, at: reader.location("id"), "missing") }
            let reason = try reader.required("reason")
            guard reason.type == JSON_NULL || reason.stringValue != nil else {
                throw NavError(.action, at: reader.location("reason"), "expected string or null, got \(reason.typeName)")
            }
            return .setBlocker(id: id, reason: reason.stringValue)
        case .setCondition:
            guard let name = try reader.string("name") else { throw NavError(.action, at: reader.location("name"), "missing") }
            guard let value = try reader.bool("value") else { throw NavError(.action, at: reader.location("value"), "missing") }
            return .setCondition(name: name, value: value)
        case .setCompact:
            guard let value = try reader.bool("value") else { throw NavError(.action, at: reader.location("value"), "missing") }
            return .setCompact(value)
        }
    }

    /// The optional `result` of a pop, back or dismiss (any JSON; absent or null: none).
    private static func result(_ reader: ObjectReader) throws(NavError) -> JSONValue? {
        guard let node = reader.node("result"), node.type != JSON_NULL else { return nil }
        return try JSONValueCodec.value(node, at: reader.location("result"), kind: .action)
    }

    /// The required `route` of an action.
    private static func route(_ reader: ObjectReader) throws(NavError) -> RouteRequest {
        try RouteRequestDecoder.decode(try reader.required("route"), at: reader.location("route"), kind: .action)
    }

    /// The optional duplicate-push `policy` of a push.
    private static func policy(_ reader: ObjectReader) throws(NavError) -> PushPolicy? {
        try reader.enumValue("policy")
    }

    /// Decodes a JSON route object, as `navcore_url_for` takes it, located at
    /// `path`; shape errors are `.action`.
    public static func decodeRoute(text: UnsafePointer<CChar>, at path: String) throws(NavError) -> RouteRequest {
        let node = try JSONNode.parse(text)
        defer { node.release() }
        return try RouteRequestDecoder.decode(node, at: path, kind: .action)
    }

    /// An `open_url` mode by name: `replace`, `push`, or nil (absent: the link's own).
    public static func openMode(_ name: String?, at path: String) throws(NavError) -> OpenMode? {
        guard let name else { return nil }
        return try ObjectReader.enumValue(name, at: path, kind: .action, noun: "mode") as OpenMode
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
