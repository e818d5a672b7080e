import CJansson
import NavCore

/// The documents and texts of links (docs/links.md): what a URL resolves to,
/// the `url` cause of a transition, and URLs handed out as plain text.
extension DocumentWriter {
    /// What `navcore_resolve_url` writes:
    /// `{"navcore": 1, "link": ..., "mode": ..., "routes": [...]}`,
    /// plus `"layers"` (the roots of the layers on the way, when any, each
    /// with the `"style"` it is presented with) and `"into"` (its target
    /// stack) for a link with `into`, `"tab"` when the
    /// link selects a tab, and `"reason"` when the routes are the `not_found`
    /// route. Written as
    /// text directly: resolving is a hot path (docs/links.md, make bench).
    public func resolution(_ resolution: LinkResolution) throws(NavError) -> UnsafeMutablePointer<CChar> {
        var text = try JSONText(capacity: 160 + (resolution.link?.pattern.utf8.count ?? 0) + (resolution.reason?.utf8.count ?? 0)
                                + (resolution.link?.declaration.tab?.utf8.count ?? 0) + (resolution.link?.target?.path.utf8.count ?? 0)
                                + (resolution.layerStyle?.utf8.count ?? 0))
        do throws(NavError) {
            try text.raw("{\"navcore\":")
            try text.integer(DocumentFormat.current)
            try text.raw(",\"link\":")
            if let pattern = resolution.link?.pattern { try text.string(pattern) } else { try text.raw("null") }
            try text.raw(",\"mode\":")
            try text.string(resolution.mode.rawValue)
            // The routes, then the layers of a link with `into` (when it has any), by one loop:
            // a second one would cost every resolution the inlining of the text's writes.
            for pass in 0..<(resolution.layers.isEmpty ? 1 : 2) {
                try text.raw(pass == 0 ? ",\"routes\":[" : ",\"layers\":[")
                for (index, route) in (pass == 0 ? resolution.routes : resolution.layers).enumerated() {
                    try text.raw(index == 0 ? "{\"name\":" : ",{\"name\":")
                    try text.string(route.name)
                    try text.raw(",\"params\":{")
                    for (position, param) in route.params.enumerated() {
                        if position > 0 { try text.raw(",") }
                        try text.string(param.name)
                        try text.raw(":")
                        try text.value(param.value)
                    }
                    try text.raw("}")
                    if pass == 1, let style = resolution.layerStyle {
                        try text.raw(",\"style\":")
                        try text.string(style)
                    }
                    try text.raw("}")
                }
                try text.raw("]")
            }
            if let tab = resolution.link?.declaration.tab {
                try text.raw(",\"tab\":")
                try text.string(tab)
            }
            if let into = resolution.link?.target?.path {
                try text.raw(",\"into\":")
                try text.string(into)
            }
            if let reason = resolution.reason {
                try text.raw(",\"reason\":")
                try text.string(reason)
            }
            try text.raw("}")
        } catch {
            text.discard()
            throw error
        }
        return text.finish()
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
}
