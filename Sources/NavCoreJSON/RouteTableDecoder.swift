import CJansson
import NavCore

/// Reads a route table (docs/json.md) into a checked `RouteTable`. Every
/// problem is `.table`, located at the exact place (`routes.product.params.id`).
public enum RouteTableDecoder {
    /// Decodes route table JSON text.
    public static func decode(text: UnsafePointer<CChar>) throws(NavError) -> RouteTable {
        let node = try JSONNode.parse(text)
        defer { node.release() }
        return try decode(node)
    }

    /// Decodes a parsed route table.
    public static func decode(_ node: JSONNode) throws(NavError) -> RouteTable {
        let top = try ObjectReader(node, at: "", kind: .table, allowed: ["navcore", "version", "root", "routes", "links", "not_found"])
        guard let format = try top.int("navcore") else {
            throw NavError(.table, at: "navcore", "missing (write \"navcore\": \(RouteTable.format))")
        }
        guard format == RouteTable.format else {
            throw NavError(.table, at: "navcore", "unsupported format \(format) (this library reads \(RouteTable.format))")
        }
        let root = try route(try top.required("root"), at: "root")
        guard let routes = try top.object("routes") else { throw NavError(.table, at: "routes", "missing") }
        var definitions: [RouteDefinition] = []
        for (name, declaration) in routes {
            definitions.append(try definition(name, declaration))
        }
        return try RouteTable(version: try top.int("version") ?? 1, root: root, definitions: definitions,
                              links: try LinkDecoder.decode(try top.array("links") ?? [], at: "links"),
                              notFound: try top.node("not_found").map { (node) throws(NavError) in try route(node, at: "not_found") })
    }

    /// A route given as a name or as a route object (`root`, `not_found`).
    private static func route(_ node: JSONNode, at path: String) throws(NavError) -> RouteRequest {
        if let name = node.stringValue { return RouteRequest(name: name) }
        return try RouteRequestDecoder.decode(node, at: path, kind: .table)
    }

    private static func definition(_ name: String, _ node: JSONNode) throws(NavError) -> RouteDefinition {
        let path = "routes.\(name)"
        let reader = try ObjectReader(node, at: path, kind: .table, allowed: ["params", "title", "parent"])
        var specs: [String: ParamSpec] = [:]
        for (param, specNode) in try reader.object("params") ?? [] {
            specs[param] = try spec(specNode, at: "\(path).params.\(param)")
        }
        var title: TitleTemplate?
        if let text = try reader.string("title") {
            switch TitleTemplate.parse(text) {
            case .success(let template): title = template
            case .failure(let error): throw error.under(reader.location("title"))
            }
        }
        do {
            return try RouteDefinition(name: name, params: specs, title: title, parent: try reader.string("parent"))
        } catch {
            throw error.under(path)
        }
    }

    private static func spec(_ node: JSONNode, at path: String) throws(NavError) -> ParamSpec {
        if let typeName = node.stringValue {
            return ParamSpec(type: try type(named: typeName, at: path))
        }
        let reader = try ObjectReader(node, at: path, kind: .table, allowed: ["type", "enum", "default", "optional", "fallback"])
        let type: ParamType
        switch (try reader.string("type"), try reader.array("enum")) {
        case (let name?, nil):
            type = try self.type(named: name, at: path)
        case (nil, let values?):
            type = try enumeration(values, at: reader.location("enum"))
        case (.some, .some):
            throw NavError(.table, at: path, "give either \"type\" or \"enum\", not both")
        case (nil, nil):
            throw NavError(.table, at: path, "missing \"type\" or \"enum\"")
        }
        do {
            return try ParamSpec.declare(type: type, default: reader.node("default")?.inputValue,
                                         optional: try reader.bool("optional") ?? false,
                                         fallback: try reader.bool("fallback") ?? false)
        } catch {
            throw error.under(path)
        }
    }

    private static func type(named name: String, at path: String) throws(NavError) -> ParamType {
        switch name {
        case "string": return .string
        case "int": return .int
        case "bool": return .bool
        case "uuid": return .uuid
        default:
            throw NavError(.table, at: path, "unknown type \"\(ParamType.excerpt(name))\" (use string, int, bool, uuid, or {\"enum\": [...]})")
        }
    }

    private static func enumeration(_ nodes: [JSONNode], at path: String) throws(NavError) -> ParamType {
        guard !nodes.isEmpty else { throw NavError(.table, at: path, "must list at least one value") }
        var values: [String] = []
        for (index, node) in nodes.enumerated() {
            guard let value = node.stringValue else {
                throw NavError(.table, at: "\(path)[\(index)]", "expected string, got \(node.typeName)")
            }
            guard !values.contains(value) else {
                throw NavError(.table, at: "\(path)[\(index)]", "duplicate value \"\(value)\"")
            }
            values.append(value)
        }
        return .oneOf(values)
    }
}
