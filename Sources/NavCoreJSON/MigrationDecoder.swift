import CJansson
import NavCore

/// Reads what a route table says about restoring (docs/restore.md): its
/// `migrations` and each route's `restore` policy. Problems are `.table`.
enum MigrationDecoder {
    /// Every migration step op and the keys its object may hold.
    static let keys: [String: [String]] = [
        "rename_route": ["op", "from", "to"],
        "rename_param": ["op", "route", "from", "to"],
        "map_param": ["op", "route", "param", "values"],
        "drop_route": ["op", "route", "restore"],
        "add_param": ["op", "route", "param", "value"],
        "drop_param": ["op", "route", "param"],
    ]

    /// The table's `migrations`, none when absent.
    static func migrations(_ top: ObjectReader) throws(NavError) -> [Migration] {
        var migrations: [Migration] = []
        for (index, node) in (try top.array("migrations") ?? []).enumerated() {
            let reader = try ObjectReader(node, at: "migrations[\(index)]", kind: .table, allowed: ["from", "steps"])
            guard let from = try reader.int("from") else { throw NavError(.table, at: reader.location("from"), "missing") }
            guard let stepNodes = try reader.array("steps") else { throw NavError(.table, at: reader.location("steps"), "missing") }
            var steps: [MigrationStep] = []
            for (position, stepNode) in stepNodes.enumerated() {
                steps.append(try step(stepNode, at: reader.location("steps") + "[\(position)]"))
            }
            migrations.append(Migration(from: from, steps: steps))
        }
        return migrations
    }

    /// A `restore` policy member; nil when absent.
    static func restorePolicy(_ reader: ObjectReader, _ key: String) throws(NavError) -> RestorePolicy? {
        guard let name = try reader.string(key) else { return nil }
        guard let policy = RestorePolicy(rawValue: name) else {
            throw NavError(.table, at: reader.location(key),
                           "unknown restore policy \"\(ParamType.excerpt(name))\" (policies: \(RestorePolicy.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return policy
    }

    /// One migration step.
    private static func step(_ node: JSONNode, at path: String) throws(NavError) -> MigrationStep {
        guard node.type == JSON_OBJECT else { throw NavError(.table, at: path, "expected a step object, got \(node.typeName)") }
        guard let op = json_object_get(node, "op")?.stringValue else { throw NavError(.table, at: "\(path).op", "missing, or not a string") }
        guard let allowed = keys[op] else {
            throw NavError(.table, at: "\(path).op", "unknown op \"\(ParamType.excerpt(op))\" (known: \(keys.keys.sorted().joined(separator: ", ")))")
        }
        let reader = try ObjectReader(node, at: path, kind: .table, allowed: allowed)
        func name(_ key: String) throws(NavError) -> String {
            guard let value = try reader.string(key) else { throw NavError(.table, at: reader.location(key), "missing") }
            return value
        }
        switch op {
        case "rename_route":
            return .renameRoute(from: try name("from"), to: try name("to"))
        case "rename_param":
            return .renameParam(route: try name("route"), from: try name("from"), to: try name("to"))
        case "map_param":
            guard let mappingNodes = try reader.array("values") else { throw NavError(.table, at: reader.location("values"), "missing") }
            var values: [MigrationStep.ValueMapping] = []
            for (index, mappingNode) in mappingNodes.enumerated() {
                let mapping = try ObjectReader(mappingNode, at: reader.location("values") + "[\(index)]", kind: .table, allowed: ["from", "to"])
                values.append(MigrationStep.ValueMapping(from: try scalar(mapping, "from"), to: try scalar(mapping, "to")))
            }
            return .mapParam(route: try name("route"), param: try name("param"), values: values)
        case "drop_route":
            return .dropRoute(try name("route"), policy: try restorePolicy(reader, "restore") ?? .dropAbove)
        case "add_param":
            return .addParam(route: try name("route"), param: try name("param"), value: try scalar(reader, "value"))
        default:
            return .dropParam(route: try name("route"), param: try name("param"))
        }
    }

    /// A required param value: a string, an int or a bool.
    private static func scalar(_ reader: ObjectReader, _ key: String) throws(NavError) -> InputValue {
        let value = try reader.required(key).inputValue
        switch value {
        case .string, .int, .bool: return value
        default: throw NavError(.table, at: reader.location(key), "expected a string, int or bool, got \(value.typeName)")
        }
    }
}
