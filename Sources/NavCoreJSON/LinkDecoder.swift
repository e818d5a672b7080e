import CJansson
import NavCore

/// Reads a route table's `"links"` array (docs/links.md). Shape problems are
/// `.table`, located at `links[i].key`; what the links mean is checked by the
/// core when the table is built.
enum LinkDecoder {
    /// Decodes the elements of the `links` array found at `path`.
    @_optimize(size)
    static func decode(_ nodes: [JSONNode], at path: String) throws(NavError) -> [LinkDeclaration] {
        var links: [LinkDeclaration] = []
        links.reserveCapacity(nodes.count)
        for (index, node) in nodes.enumerated() {
            links.append(try link(node, at: "\(path)[\(index)]"))
        }
        return links
    }

    @_optimize(size)
    private static func link(_ node: JSONNode, at path: String) throws(NavError) -> LinkDeclaration {
        let reader = try ObjectReader(node, at: path, kind: .table, allowed: ["url", "hosts", "stack", "mode", "tab", "into"])
        guard let url = try reader.string("url") else { throw NavError(.table, at: reader.location("url"), "missing") }
        guard let stack = try RouteTableDecoder.strings(reader, "stack") else {
            throw NavError(.table, at: reader.location("stack"), "missing")
        }
        let mode: OpenMode? = try reader.enumValue("mode")
        return LinkDeclaration(url: url, hosts: try RouteTableDecoder.strings(reader, "hosts") ?? [], stack: stack,
                               mode: mode, tab: try reader.string("tab"), into: try reader.string("into"))
    }
}
