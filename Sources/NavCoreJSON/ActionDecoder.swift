import CJansson
import NavCore

/// Reads actions (docs/json.md): one action object, or an array of them.
/// Shape problems are `.action`, located at `actions[i]`.
public enum ActionDecoder {
    /// Largest text of a batch (or of the routes, params or route a convenience
    /// call takes) read, in bytes (`NAVCORE_MAX_BATCH_BYTES`): room for one
    /// saved state at its size limit with every character escaped.
    public static let maxBatchBytes = Limits.maxBatchBytes

    /// Decodes JSON text holding one action or an array of actions. The
    /// batches callers usually send are read without jansson (`BatchReader`),
    /// to the same actions.
    public static func decodeBatch(text: UnsafePointer<CChar>) throws(NavError) -> [Action] {
        if let actions = BatchReader.read(text) { return actions }
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
    /// at `input`, the name of the text (`params_json`). A small flat object
    /// is read without jansson (`FlatParamsReader`), to the same values.
    public static func decodeParams(text: UnsafePointer<CChar>, input: String, at path: String) throws(NavError) -> [(String, InputValue)] {
        if let params = FlatParamsReader.read(text) { return params }
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
        let fields = kind.fields
        if fields.reduce(1, { count, field in ObjectReader.member(node, field.key) == nil ? count : count + 1 }) != json_object_size(node) {
            try ObjectReader.refuseUnknownKey(node, allowed: kind.keys, at: path, kind: .action)
        }
        let reader = ObjectReader(checked: node, at: path, kind: .action)
        var values = ActionValues(at: path)
        for rank in 0...2 {
            for index in fields.indices where readingRank(fields[index]) == rank {
                values[index] = try value(of: fields[index], reader)
            }
        }
        return try Action(kind, consume values)
    }

    /// When a field is read: the tab first (0), then the fields with a
    /// default (1), then the others (2), each in the order of the op's fields.
    /// An object with several wrong fields is refused for the first read.
    private static func readingRank(_ field: ActionField) -> Int {
        switch field.kind {
        case .tab, .stack: return 0
        default: break
        }
        if case .defaulted = field.presence { return 1 }
        return 2
    }

    /// The value of a field of an action object, read by the field's kind
    /// alone: absent is `missing`, none or the default, as the field says.
    /// The field's path is made only where it is needed, off the usual path.
    private static func value(of field: ActionField, _ reader: ObjectReader) throws(NavError) -> ActionValue {
        let key = field.key
        guard let node = reader.node(key) else {
            switch field.presence {
            case .required: throw NavError(.action, at: reader.location(key), "missing")
            case .optional: return .nothing
            case .defaulted(let value): return value
            }
        }
        switch field.kind {
        case .route:
            return .route(try RouteRequestDecoder.decode(node, at: reader.location(key), kind: .action))
        case .routes:
            guard let elements = node.arrayElements else { throw reader.mistyped(key, "array", node) }
            return .routes(try routes(elements, at: reader.location(key)))
        case .tab, .string:
            guard let text = node.stringValue else { throw reader.mistyped(key, "string", node) }
            return .string(text)
        case .stack:
            if let text = node.stringValue { return .string(text) }
            guard let number = node.intValue else { throw reader.mistyped(key, "string or int", node) }
            return .int(number)
        case .int:
            guard let number = node.intValue else { throw reader.mistyped(key, "int", node) }
            return .int(number)
        case .bool:
            guard let flag = node.boolValue else { throw reader.mistyped(key, "bool", node) }
            return .bool(flag)
        case .name(let names):
            guard let text = node.stringValue else { throw reader.mistyped(key, "string", node) }
            return .string(try name(text, of: names.type, at: reader.location(key), noun: key))
        case .json:
            return node.type == JSON_NULL ? .nothing : .json(try JSONValueCodec.value(node, at: reader.location(key), kind: .action))
        case .stringOrNull:
            if node.type == JSON_NULL { return .nothing }
            guard let text = node.stringValue else { throw reader.mistyped(key, "string or null", node) }
            return .string(text)
        }
    }

    /// `text` if it names a case of `type`, as every enum name is checked
    /// (`ObjectReader.enumValue`).
    private static func name<Name: ActionName>(_ text: String, of type: Name.Type, at path: String, noun: String) throws(NavError) -> String {
        (try ObjectReader.enumValue(text, at: path, kind: .action, noun: noun) as Name).rawValue
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
