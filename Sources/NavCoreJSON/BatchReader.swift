import NavCore

/// Reads the batch text callers most often send (`navcore_apply`, Python's
/// `apply` and every op method with an option: `[{"op": "push", "route":
/// {"name": "product", "params": {"id": 42}}, "tab": "shop"}]`) straight into
/// actions, without building jansson nodes: parsing a one-push batch with
/// jansson, reading its nodes and freeing them cost more than applying it.
///
/// It reads an action object, or an array of them, whose first member is
/// `op`, naming an op, and whose other members are distinct fields of that
/// op, each of its kind (`ActionField.Kind`): a route whose params are a flat
/// object (`JSONCursor.flatObject`), routes, a string, an integer, a bool, a
/// stack's name or id, a name of its enum's cases, a `null` where the
/// field takes any JSON or a string or null; with every required field
/// given, and only where the op's unit takes the values. It declines every
/// other text (members in another order, escapes, a saved state or a result
/// other than `null`, and everything `JSONCursor` declines), which
/// `ActionDecoder` then reads with jansson: so every error, its place and its
/// message, is jansson's and the decoder's as before; this reader never makes one.
enum BatchReader {
    /// The actions of `text` in order, or nil when it is not a batch this
    /// reader takes (jansson then reads it).
    static func read(_ text: UnsafePointer<CChar>) -> [Action]? {
        var cursor = JSONCursor(text)
        let actions: [Action]?
        if cursor.comes(UInt8(ascii: "[")) {
            actions = cursor.elements { action(&$0) }
        } else {
            actions = action(&cursor).map { [$0] }
        }
        guard let actions, cursor.atEnd() else { return nil }
        return actions
    }

    /// An action object whose first member is `op`; nil for anything else.
    private static func action(_ cursor: inout JSONCursor) -> Action? {
        var op: ActionOp?
        var fields: [ActionField] = []
        var values = ActionValues(at: "actions")
        var given = 0
        let read = cursor.object { cursor, key in
            guard op != nil else {
                guard key.is("op"), let name = cursor.string(), let named = ActionOp(rawValue: name) else { return false }
                (op, fields) = (named, named.fields)
                return true
            }
            guard let index = fields.firstIndex(where: { key.is($0.key) }), given & (1 << index) == 0,
                  let value = value(of: fields[index].kind, &cursor) else { return false }
            given |= 1 << index
            values[index] = value
            return true
        }
        guard read, let op else { return nil }
        for (index, field) in fields.enumerated() where given & (1 << index) == 0 {
            switch field.presence {
            case .required: return nil
            case .optional: break
            case .defaulted(let value): values[index] = value
            }
        }
        return try? Action(op, values)
    }

    /// A field's value of `kind`; nil for anything this reader leaves to jansson.
    private static func value(of kind: ActionField.Kind, _ cursor: inout JSONCursor) -> ActionValue? {
        switch kind {
        case .route:
            return route(&cursor).map { .route($0) }
        case .routes:
            return cursor.elements { route(&$0) }.map { .routes($0) }
        case .tab, .string, .name:
            // A name none of its enum's cases has is refused by the op's unit (`Action.init`).
            return cursor.string().map { .string($0) }
        case .stack:
            switch cursor.scalar() {
            case .string(let name): return .string(name)
            case .int(let id): return .int(id)
            default: return nil
            }
        case .int:
            return cursor.int().map { .int($0) }
        case .bool:
            return cursor.bool().map { .bool($0) }
        case .json:
            guard case .null = cursor.scalar() else { return nil }
            return .nothing
        case .stringOrNull:
            switch cursor.scalar() {
            case .null: return .nothing
            case .string(let text): return .string(text)
            default: return nil
            }
        }
    }

    /// A route object (`{"name": "product", "params": {"id": 42}}`) with a
    /// name and flat params, or none; nil for anything else.
    private static func route(_ cursor: inout JSONCursor) -> RouteRequest? {
        var name: String?
        var params: [(String, InputValue)]?
        let read = cursor.object { cursor, key in
            if key.is("name"), name == nil, let text = cursor.string() {
                name = text
                return true
            }
            if key.is("params"), params == nil, let members = cursor.flatObject() {
                params = members
                return true
            }
            return false
        }
        guard read, let name else { return nil }
        guard let params else { return RouteRequest(name: name) }
        return RouteRequest(name: name, params: params)
    }
}
