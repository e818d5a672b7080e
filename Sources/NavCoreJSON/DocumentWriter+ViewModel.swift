import CJansson
import NavCore

extension DocumentWriter {
    /// The view model (docs/shells.md): `{"layers", "tabs" (with tabs),
    /// "sidebar" (with a split view), "containers" (when the visible path
    /// holds any), "conditions" (when declared), "pending" (while a batch
    /// waits for a condition), "announcement", "animation" (after a batch
    /// that changed something)}`.
    public func viewModel(_ model: ViewModel) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try NodeBuilder.dump(try DocumentWriter.documentNode { (document) throws(NavError) in
            try NodeBuilder.set(document, "layers", try NodeBuilder.array(model.layers, DocumentWriter.layer))
            if !model.tabs.isEmpty {
                try NodeBuilder.set(document, "tabs", try NodeBuilder.array(model.tabs, DocumentWriter.tab))
            }
            if let sidebar = model.sidebar {
                try NodeBuilder.set(document, "sidebar", try DocumentWriter.sidebar(sidebar))
            }
            if !model.containers.isEmpty {
                try NodeBuilder.set(document, "containers", try NodeBuilder.array(model.containers, DocumentWriter.container))
            }
            if !model.conditions.isEmpty {
                try NodeBuilder.set(document, "conditions", try DocumentWriter.conditions(model.conditions))
            }
            if let pending = model.pending {
                try NodeBuilder.set(document, "pending", try DocumentWriter.pending(pending))
            }
            try NodeBuilder.set(document, "announcement", NodeBuilder.string(model.announcement))
            if let animation = model.animation {
                try NodeBuilder.set(document, "animation", try DocumentWriter.animation(animation))
            }
        })
    }

    /// A layer: `{"stack", "style", "over" (over one stack), "title", "id", "entries",
    /// "back": {"enabled", "label", "will", "blocked" (when Back asks), "cancels_intent" (when it cancels one)}}`.
    private static func layer(_ layer: ViewModel.Layer) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "stack", NodeBuilder.string(layer.stack))
            try NodeBuilder.set(node, "style", NodeBuilder.string(layer.style))
            if let over = layer.over {
                try NodeBuilder.set(node, "over", NodeBuilder.string(over))
            }
            try NodeBuilder.set(node, "title", NodeBuilder.string(layer.title))
            try NodeBuilder.set(node, "id", NodeBuilder.integer(layer.id))
            try NodeBuilder.set(node, "entries", try NodeBuilder.array(layer.entries, DocumentWriter.entry))
            let back = try NodeBuilder.object()
            try NodeBuilder.set(node, "back", back)
            try NodeBuilder.set(back, "enabled", layer.backEnabled ? json_true() : json_false())
            try NodeBuilder.set(back, "label", layer.backLabel.map { NodeBuilder.string($0) } ?? json_null())
            try NodeBuilder.set(back, "will", NodeBuilder.string(layer.backWill.rawValue))
            if let blocked = layer.backBlocked { try NodeBuilder.set(back, "blocked", try DocumentWriter.blocker(blocked)) }
            if let cancelled = layer.cancelsIntent { try NodeBuilder.set(back, "cancels_intent", try DocumentWriter.pending(cancelled)) }
        }
    }

    /// A batch waiting for a condition: `{"condition", "title"}`, without `"title"` when its replay would fail now.
    private static func pending(_ pending: ViewModel.Pending) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "condition", NodeBuilder.string(pending.condition))
            if let title = pending.title { try NodeBuilder.set(node, "title", NodeBuilder.string(title)) }
        }
    }

    /// A container on the visible path: `{"name", "layout", "layer", "title"}`
    /// and its `"tabs"` or its `"sidebar"`.
    private static func container(_ container: ViewModel.ContainerItem) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "name", NodeBuilder.string(container.name))
            try NodeBuilder.set(node, "layout", NodeBuilder.string(container.layout.rawValue))
            try NodeBuilder.set(node, "layer", NodeBuilder.integer(container.layer))
            try NodeBuilder.set(node, "title", NodeBuilder.string(container.title))
            if let sidebar = container.sidebar {
                try NodeBuilder.set(node, "sidebar", try DocumentWriter.sidebar(sidebar))
            } else {
                try NodeBuilder.set(node, "tabs", try NodeBuilder.array(container.tabs, DocumentWriter.tab))
            }
        }
    }

    /// A tab: `{"name", "title", "selected", "locked"}`.
    private static func tab(_ tab: ViewModel.TabItem) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "name", NodeBuilder.string(tab.name))
            try NodeBuilder.set(node, "title", NodeBuilder.string(tab.title))
            try NodeBuilder.set(node, "selected", tab.selected ? json_true() : json_false())
            try NodeBuilder.set(node, "locked", tab.locked ? json_true() : json_false())
        }
    }

    /// The sidebar: `{"items": [{"name", "title", "params" (true, for a route
    /// with params)}], "selected", "selected_route" (when the selected route has
    /// params: `{"name", "params", "title"}`), "compact", "sidebar_shown"}`.
    /// Without sidebar routes that declare params it is what it was before
    /// instances could be items.
    private static func sidebar(_ sidebar: ViewModel.Sidebar) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "items", try NodeBuilder.array(sidebar.items) { (item) throws(NavError) in
                try NodeBuilder.filled(try NodeBuilder.object(["name": NodeBuilder.string(item.name), "title": NodeBuilder.string(item.title)])) {
                    (itemNode) throws(NavError) in
                    if item.params { try NodeBuilder.set(itemNode, "params", json_true()) }
                }
            })
            try NodeBuilder.set(node, "selected", NodeBuilder.string(sidebar.selected))
            if let instance = sidebar.selectedRoute {
                let params = try DocumentWriter.params(of: instance.route)
                try NodeBuilder.set(node, "selected_route", try NodeBuilder.object([
                    "name": NodeBuilder.string(instance.route.name), "params": params, "title": NodeBuilder.string(instance.title)]))
            }
            try NodeBuilder.set(node, "compact", sidebar.compact ? json_true() : json_false())
            try NodeBuilder.set(node, "sidebar_shown", sidebar.sidebarShown ? json_true() : json_false())
        }
    }
}
