import CJansson
import NavCore

/// Reads a route as callers write it: `{"name": "product", "params": {"id": 42}}`.
enum RouteRequestDecoder {
    /// The keys a route object may hold.
    private static let keys = ["name", "params"]

    /// Decodes a route object at `path`; shape errors are of `kind`, a
    /// `params` that is not an object is `.params`.
    static func decode(_ node: JSONNode, at path: String, kind: NavError.Kind) throws(NavError) -> RouteRequest {
        let reader = try ObjectReader(node, at: path, kind: kind, allowed: keys)
        guard let name = try reader.string("name") else { throw NavError(kind, at: reader.location("name"), "missing") }
        guard let paramsNode = reader.node("params") else { return RouteRequest(name: name) }
        return RouteRequest(name: name, params: try params(paramsNode, at: reader.location("params")))
    }

    /// Decodes a params object (`{"id": 42}`) into the values as given.
    static func params(_ node: JSONNode, at path: String) throws(NavError) -> [(String, InputValue)] {
        guard let members = node.objectMembers else {
            throw NavError(.params, at: path, "expected an object, got \(node.typeName)")
        }
        return members.map { ($0.key, $0.value.inputValue) }
    }
}
