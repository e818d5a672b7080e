import CJansson
import NavCore

/// The documents and texts of links (docs/links.md): what a URL resolves to,
/// the `url` cause of a transition, and URLs handed out as plain text.
extension Encoder {
    /// What `navcore_resolve_url` writes:
    /// `{"navcore": 1, "url": ..., "link": ..., "mode": ..., "routes": [...]}`,
    /// plus `"reason"` when the routes are the `not_found` route. Written as
    /// text directly: resolving is a hot path (docs/links.md, make bench).
    public func resolution(_ resolution: LinkResolution) throws(NavError) -> UnsafeMutablePointer<CChar> {
        var text = JSONText(capacity: 128 + resolution.url.utf8.count * 2)
        text.raw("{\"navcore\":")
        text.integer(Encoder.format)
        text.raw(",\"url\":")
        text.string(resolution.url)
        text.raw(",\"link\":")
        if let pattern = resolution.link?.pattern { text.string(pattern) } else { text.raw("null") }
        text.raw(",\"mode\":")
        text.string(resolution.mode.rawValue)
        text.raw(",\"routes\":[")
        for (index, route) in resolution.routes.enumerated() {
            text.raw(index == 0 ? "{\"name\":" : ",{\"name\":")
            text.string(route.name)
            text.raw(",\"params\":{")
            for (position, param) in route.params.enumerated() {
                if position > 0 { text.raw(",") }
                text.string(param.name)
                text.raw(":")
                text.value(param.value)
            }
            text.raw("}}")
        }
        text.raw("]")
        if let reason = resolution.reason {
            text.raw(",\"reason\":")
            text.string(reason)
        }
        text.raw("}")
        return try text.finish()
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
