import CJansson
import NavCore

/// Reads what a route table says about restoring (docs/restore.md): its
/// `migrations` and each route's `restore` policy. Problems are `.table`.
enum MigrationDecoder {
    /// The keys a migration step object of `op` may hold.
    @_optimize(size)
    static func keys(_ op: MigrationStep.Op) -> [String] {
        switch op {
        case .renameRoute: return ["op", "from", "to"]
        case .renameParam: return ["op", "route", "from", "to"]
        case .mapParam: return ["op", "route", "param", "values"]
        case .dropRoute: return ["op", "route", "restore"]
        case .addParam: return ["op", "route", "param", "value"]
        case .dropParam: return ["op", "route", "param"]
        }
    }

    /// The table's `migrations`, none when absent.
    @_optimize(size)
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
    @_optimize(size)
    static func restorePolicy(_ reader: ObjectReader, _ key: String) throws(NavError) -> RestorePolicy? {
        try reader.enumValue(key, noun: "restore policy")
    }

    /// One migration step.
    @_optimize(size)
    private static func step(_ node: JSONNode, at path: String) throws(NavError) -> MigrationStep {
        guard node.type == JSON_OBJECT else { throw NavError(.table, at: path, "expected a step object, got \(node.typeName)") }
        guard let op = json_object_get(node, "op")?.stringValue else { throw NavError(.table, at: "\(path).op", "missing, or not a string") }
        let kind: MigrationStep.Op = try ObjectReader.enumValue(op, at: "\(path).op", kind: .table, noun: "op")
        let reader = try ObjectReader(node, at: path, kind: .table, allowed: keys(kind))
        @_optimize(size)
        func name(_ key: String) throws(NavError) -> String {
            guard let value = try reader.string(key) else { throw NavError(.table, at: reader.location(key), "missing") }
            return value
        }
        switch kind {
        case .renameRoute:
            return .renameRoute(from: try name("from"), to: try name("to"))
        case .renameParam:
            return .renameParam(route: try name("route"), from: try name("from"), to: try name("to"))
        case .mapParam:
            guard let mappingNodes = try reader.array("values") else { throw NavError(.table, at: reader.location("values"), "missing") }
            var values: [MigrationStep.ValueMapping] = []
            for (index, mappingNode) in mappingNodes.enumerated() {
                let mapping = try ObjectReader(mappingNode, at: reader.location("values") + "[\(index)]", kind: .table, allowed: ["from", "to"])
                values.append(MigrationStep.ValueMapping(from: try value(mapping, "from"), to: try value(mapping, "to")))
            }
            return .mapParam(route: try name("route"), param: try name("param"), values: values)
        case .dropRoute:
            return .dropRoute(try name("route"), policy: try restorePolicy(reader, "restore") ?? .dropAbove)
        case .addParam:
            return .addParam(route: try name("route"), param: try name("param"), value: try value(reader, "value"))
        case .dropParam:
            return .dropParam(route: try name("route"), param: try name("param"))
        }
    }

    /// A required param value: a string, an int or a bool, or a list
    /// param's array of them.
    @_optimize(size)
    private static func value(_ reader: ObjectReader, _ key: String) throws(NavError) -> InputValue {
        let value = try reader.required(key).inputValue
        switch value {
        case .string, .int, .bool: return value
        case .array(let items):
            for (index, item) in items.enumerated() {
                switch item {
                case .string, .int, .bool: continue
                default: throw NavError(.table, at: reader.location(key) + "[\(index)]", "expected a string, int or bool, got \(item.typeName)")
                }
            }
            return value
        default: throw NavError(.table, at: reader.location(key), "expected a string, int or bool, or an array of them, got \(value.typeName)")
        }
    }
}
