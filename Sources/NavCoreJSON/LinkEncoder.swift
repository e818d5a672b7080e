import CJansson
import NavCore

/// The documents and texts of links (docs/links.md): what a URL resolves to,
/// the `url` cause of a transition, and URLs handed out as plain text.
extension Encoder {
    /// What `navcore_resolve_url` writes:
    /// `{"navcore": 1, "url": ..., "link": ..., "mode": ..., "routes": [...]}`,
    /// plus `"reason"` when the routes are the `not_found` route.
    public func resolution(_ resolution: LinkResolution) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try document { (document) throws(NavError) in
            try Encoder.setLink(url: resolution.url, link: resolution.link?.pattern, mode: resolution.mode, in: document)
            let routes = try NodeBuilder.array()
            try NodeBuilder.set(document, "routes", routes)
            for route in resolution.routes { try NodeBuilder.append(routes, try Encoder.route(route)) }
            if let reason = resolution.reason { try NodeBuilder.set(document, "reason", NodeBuilder.string(reason)) }
        }
    }

    /// A route: `{"name": ..., "params": {...}}`, params always present. The caller owns the node.
    public static func route(_ route: Route) throws(NavError) -> JSONNode {
        let node = try NodeBuilder.object()
        do throws(NavError) {
            try NodeBuilder.set(node, "name", NodeBuilder.string(route.name))
            try NodeBuilder.set(node, "params", try params(of: route))
        } catch {
            node.release()
            throw error
        }
        return node
    }

    /// A new object of a route's params.
    static func params(of route: Route) throws(NavError) -> JSONNode {
        let params = try NodeBuilder.object()
        do throws(NavError) {
            for param in route.params { try NodeBuilder.set(params, param.name, NodeBuilder.value(param.value)) }
        } catch {
            params.release()
            throw error
        }
        return params
    }

    /// Sets `"url"`, `"link"` (the pattern, or null) and `"mode"` of `node`.
    static func setLink(url: String, link: String?, mode: OpenMode, in node: JSONNode) throws(NavError) {
        try NodeBuilder.set(node, "url", NodeBuilder.string(url))
        try NodeBuilder.set(node, "link", link.map(NodeBuilder.string) ?? json_null())
        try NodeBuilder.set(node, "mode", NodeBuilder.string(mode.rawValue))
    }

    /// `text` (which holds no NUL) as a NUL-terminated buffer from jansson's
    /// allocator, released with `Encoder.free`: a URL handed to C callers.
    public static func text(_ text: String) throws(NavError) -> UnsafeMutablePointer<CChar> {
        let copied = text.withCString { pointer in
            Result { () throws(NavError) in try Encoder.copy(UnsafeMutablePointer(mutating: pointer)) }
        }
        return try copied.get()
    }
}
