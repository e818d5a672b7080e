import CJansson
import NavCore
import NavCoreJSON

/// A check's options as JSON (docs/tools.md, "navcore check"): `depth`,
/// `states`, `stack_depth` (positive integers), `invariants` (objects with
/// `name`, `route` and optionally `under`), `laws_off` (law name to reason),
/// `walk` and `walk_length` (positive integers) and `seed` (an integer from 0
/// to 2^53) for random walks after the search, and `replay`, a
/// counterexample's `steps` to re-run instead of searching.
public struct CheckRequest {
    /// The bounds, invariants and laws turned off.
    public var options = CheckOptions()
    /// The steps to replay, nil to search.
    public var replay: [CheckStep]?

    /// Reads `text` (nil: every default). Errors are `.json` for text that
    /// is not JSON and `.invalidArgument` at the key that is wrong.
    public init(text: UnsafePointer<CChar>?) throws(NavError) {
        guard let text else { return }
        let node = try JSONNode.parse(text)
        defer { node.release() }
        guard cjansson_typeof(node) == JSON_OBJECT else { throw NavError(.invalidArgument, "the options are not a JSON object") }
        var iterator = json_object_iter(node)
        while let current = iterator {
            let key = String(cString: json_object_iter_key(current))
            guard let value = json_object_iter_value(current) else { break }
            switch key {
            case "depth": options.depth = try Self.count(value, at: key)
            case "states": options.states = try Self.count(value, at: key)
            case "stack_depth": options.stackDepth = try Self.count(value, at: key)
            case "invariants": options.invariants = try Self.invariants(value)
            case "laws_off": options.lawsOff = try Self.lawsOff(value)
            case "walk": options.walk = try Self.count(value, at: key)
            case "walk_length": options.walkLength = try Self.count(value, at: key)
            case "seed": options.seed = try Self.seed(value)
            case "replay": replay = try Self.steps(value)
            default:
                throw NavError(.invalidArgument, at: key,
                               "unknown option (allowed: depth, states, stack_depth, invariants, laws_off, walk, walk_length, seed, replay)")
            }
            iterator = json_object_iter_next(node, current)
        }
    }

    /// A positive integer option.
    private static func count(_ node: JSONNode, at path: String) throws(NavError) -> Int {
        guard cjansson_typeof(node) == JSON_INTEGER, json_integer_value(node) >= 1 else {
            throw NavError(.invalidArgument, at: path, "not a positive integer")
        }
        return Int(json_integer_value(node))
    }

    /// The `seed`: an integer from 0 to 2^53, which every JSON reader keeps exact.
    private static func seed(_ node: JSONNode) throws(NavError) -> UInt64 {
        guard cjansson_typeof(node) == JSON_INTEGER, (0...(1 << 53)).contains(json_integer_value(node)) else {
            throw NavError(.invalidArgument, at: "seed", "not an integer from 0 to 2^53")
        }
        return UInt64(json_integer_value(node))
    }

    /// A string member of an object, nil when absent.
    private static func string(_ node: JSONNode, _ key: String, at path: String) throws(NavError) -> String? {
        guard let member = json_object_get(node, key) else { return nil }
        guard cjansson_typeof(member) == JSON_STRING else { throw NavError(.invalidArgument, at: "\(path).\(key)", "not a string") }
        return String(cString: json_string_value(member))
    }

    /// The `invariants` array.
    private static func invariants(_ node: JSONNode) throws(NavError) -> [RouteInvariant] {
        guard cjansson_typeof(node) == JSON_ARRAY else { throw NavError(.invalidArgument, at: "invariants", "not an array") }
        var invariants: [RouteInvariant] = []
        for index in 0..<json_array_size(node) {
            let path = "invariants[\(index)]"
            guard let item = json_array_get(node, index), cjansson_typeof(item) == JSON_OBJECT else {
                throw NavError(.invalidArgument, at: path, "not an object")
            }
            guard let name = try string(item, "name", at: path), let route = try string(item, "route", at: path) else {
                throw NavError(.invalidArgument, at: path, "needs \"name\" and \"route\"")
            }
            invariants.append(RouteInvariant(name: name, route: route, under: try string(item, "under", at: path)))
        }
        return invariants
    }

    /// The `laws_off` object: law name to reason.
    private static func lawsOff(_ node: JSONNode) throws(NavError) -> [String: String] {
        guard cjansson_typeof(node) == JSON_OBJECT else { throw NavError(.invalidArgument, at: "laws_off", "not an object") }
        var off: [String: String] = [:]
        var iterator = json_object_iter(node)
        while let current = iterator {
            let law = String(cString: json_object_iter_key(current))
            guard Laws.names.contains(law) else {
                throw NavError(.invalidArgument, at: "laws_off.\(law)", "unknown law (laws: \(Laws.names.joined(separator: ", ")))")
            }
            guard let reason = try string(node, law, at: "laws_off") else { break }
            off[law] = reason
            iterator = json_object_iter_next(node, current)
        }
        return off
    }

    /// A counterexample's steps: objects with `action` (or `"proceed": true`) and `status`.
    private static func steps(_ node: JSONNode) throws(NavError) -> [CheckStep] {
        guard cjansson_typeof(node) == JSON_ARRAY else { throw NavError(.invalidArgument, at: "replay", "not an array") }
        var steps: [CheckStep] = []
        for index in 0..<json_array_size(node) {
            let path = "replay[\(index)]"
            guard let item = json_array_get(node, index), cjansson_typeof(item) == JSON_OBJECT else {
                throw NavError(.invalidArgument, at: path, "not an object with \"action\" (or \"proceed\": true) and \"status\"")
            }
            let status = try string(item, "status", at: path) ?? "ok"
            if let proceed = json_object_get(item, "proceed") {
                guard cjansson_typeof(proceed) == JSON_TRUE, json_object_get(item, "action") == nil else {
                    throw NavError(.invalidArgument, at: "\(path).proceed", "expected true, and no \"action\" beside it")
                }
                steps.append(CheckStep(.proceed, status: status))
                continue
            }
            guard let action = json_object_get(item, "action") else {
                throw NavError(.invalidArgument, at: path, "not an object with \"action\" (or \"proceed\": true) and \"status\"")
            }
            guard let batch = json_array() else { throw NavError(.outOfMemory, "out of memory reading the replay") }
            defer { json_decref(batch) }
            json_array_append(batch, action)
            let actions = try ActionDecoder.decodeBatch(batch)
            steps.append(CheckStep(action: actions[0], status: status))
        }
        return steps
    }
}
