import NavCore

extension DocumentWriter {
    /// The view model (docs/shells.md): `{"layers", "tabs" (with tabs),
    /// "sidebar" (with a split view), "containers" (when the visible path
    /// holds any), "conditions" (when declared), "pending" (while a batch
    /// waits for a condition), "announcement", "animation" (after a batch
    /// that changed something)}`. Written as text, each entry from the text
    /// kept for it, byte for byte what jansson dumped from the tree it was
    /// built as before (`ViewModelTextTests` keeps that tree as the reference).
    public func viewModel(_ model: ViewModel) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try text { (text) throws(NavError) in
            try text.key("layers")
            try text.array(model.layers) { (text, layer) throws(NavError) in try self.layer(layer, into: &text) }
            if !model.tabs.isEmpty {
                try text.key("tabs")
                try DocumentWriter.tabs(model.tabs, into: &text)
            }
            if let sidebar = model.sidebar {
                try text.key("sidebar")
                try DocumentWriter.sidebar(sidebar, into: &text)
            }
            if !model.containers.isEmpty {
                try text.key("containers")
                try text.array(model.containers) { (text, container) throws(NavError) in try DocumentWriter.container(container, into: &text) }
            }
            if !model.conditions.isEmpty {
                try text.key("conditions")
                try text.raw("{")
                for (index, condition) in model.conditions.enumerated() {
                    try text.key(named: condition.name, first: index == 0)
                    try text.bool(condition.value)
                }
                try text.raw("}")
            }
            if let pending = model.pending {
                try text.key("pending")
                try DocumentWriter.pending(pending, into: &text)
            }
            try text.member("announcement", model.announcement)
            if let animation = model.animation {
                try text.key("animation")
                try self.animation(animation, into: &text)
            }
        }
    }

    /// A layer: `{"stack", "style", "over" (over one stack), "title", "id", "entries",
    /// "back": {"enabled", "label", "will", "blocked" (when Back asks), "cancels_intent" (when it cancels one)}}`.
    private func layer(_ layer: ViewModel.Layer, into text: inout JSONText) throws(NavError) {
        try text.raw("{\"stack\":")
        try text.string(layer.stack)
        try text.member("style", layer.style)
        if let over = layer.over { try text.member("over", over) }
        try text.member("title", layer.title)
        try text.member("id", layer.id)
        try text.raw(",\"entries\":[")
        try entry(layer.root, into: &text, open: false)
        for entry in layer.path {
            try text.raw(",")
            try self.entry(entry, into: &text, open: false)
        }
        try text.raw("],\"back\":{\"enabled\":")
        try text.bool(layer.backEnabled)
        try text.key("label")
        try text.optionalString(layer.backLabel)
        try text.member("will", layer.backWill.rawValue)
        if let blocked = layer.backBlocked {
            try text.key("blocked")
            try text.node(try DocumentWriter.blocker(blocked))
        }
        if let cancelled = layer.cancelsIntent {
            try text.key("cancels_intent")
            try DocumentWriter.pending(cancelled, into: &text)
        }
        try text.raw("}}")
    }

    /// A batch waiting for a condition: `{"condition", "title"}`, without `"title"` when its replay would fail now.
    private static func pending(_ pending: ViewModel.Pending, into text: inout JSONText) throws(NavError) {
        try text.raw("{\"condition\":")
        try text.string(pending.condition)
        if let title = pending.title { try text.member("title", title) }
        try text.raw("}")
    }

    /// A container on the visible path: `{"name", "layout", "layer", "title"}`
    /// and its `"tabs"` or its `"sidebar"`.
    private static func container(_ container: ViewModel.ContainerItem, into text: inout JSONText) throws(NavError) {
        try text.raw("{\"name\":")
        try text.string(container.name)
        try text.member("layout", container.layout.rawValue)
        try text.member("layer", container.layer)
        try text.member("title", container.title)
        if let sidebar = container.sidebar {
            try text.key("sidebar")
            try DocumentWriter.sidebar(sidebar, into: &text)
        } else {
            try text.key("tabs")
            try DocumentWriter.tabs(container.tabs, into: &text)
        }
        try text.raw("}")
    }

    /// Tabs: `[{"name", "title", "selected", "locked"}, ...]`.
    private static func tabs(_ tabs: [ViewModel.TabItem], into text: inout JSONText) throws(NavError) {
        try text.array(tabs) { (text, tab) throws(NavError) in
            try text.raw("{\"name\":")
            try text.string(tab.name)
            try text.member("title", tab.title)
            try text.key("selected")
            try text.bool(tab.selected)
            try text.key("locked")
            try text.bool(tab.locked)
            try text.raw("}")
        }
    }

    /// The sidebar: `{"items": [{"name", "title", "params" (true, for a route
    /// with params)}], "selected", "selected_route" (when the selected route has
    /// params: `{"name", "params", "title"}`), "compact", "sidebar_shown"}`.
    /// Without sidebar routes that declare params it is what it was before
    /// instances could be items.
    private static func sidebar(_ sidebar: ViewModel.Sidebar, into text: inout JSONText) throws(NavError) {
        try text.raw("{\"items\":")
        try text.array(sidebar.items) { (text, item) throws(NavError) in
            try text.raw("{\"name\":")
            try text.string(item.name)
            try text.member("title", item.title)
            if item.params { try text.raw(",\"params\":true") }
            try text.raw("}")
        }
        try text.member("selected", sidebar.selected)
        if let instance = sidebar.selectedRoute {
            try text.raw(",\"selected_route\":{\"name\":")
            try text.string(instance.route.name)
            try text.key("params")
            try text.params(instance.route.params)
            try text.member("title", instance.title)
            try text.raw("}")
        }
        try text.key("compact")
        try text.bool(sidebar.compact)
        try text.key("sidebar_shown")
        try text.bool(sidebar.sidebarShown)
        try text.raw("}")
    }
}
