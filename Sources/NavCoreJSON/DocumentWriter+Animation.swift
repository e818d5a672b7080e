import NavCore

extension DocumentWriter {
    /// The view model's `animation` (docs/shells.md, "Animating a change"):
    /// `{"seq", "steps": [...]}`, each step `{"kind", ...}` with what a shell
    /// needs to play it.
    func animation(_ animation: Animation, into text: inout JSONText) throws(NavError) {
        try text.raw("{\"seq\":")
        try text.integer(animation.seq)
        try text.key("steps")
        try text.array(animation.steps) { (text, step) throws(NavError) in try self.step(step, into: &text) }
        try text.raw("}")
    }

    /// One step: a stack's `{"kind": push|pop|replace|detail, "stack",
    /// "popped", "pushed"}`, a tab bar's
    /// `{"kind": "tab", "tab", "from", "container" (nested)}`, a split view's
    /// `{"kind": "sidebar", "stack", "compact", "sidebar_shown"}`, a layer's
    /// `{"kind": "present", "layer", "style", "over" (over one stack),
    /// "entries"}` or `{"kind": "dismiss", "layer", "over"}`.
    private func step(_ step: Animation.Step, into text: inout JSONText) throws(NavError) {
        try text.raw("{\"kind\":")
        try text.string(step.kind.rawValue)
        switch step {
        case .stack(let stack, let popped, let pushed, _):
            try text.member("stack", stack)
            try text.member("popped", popped)
            try text.key("pushed")
            try text.array(pushed) { (text, entry) throws(NavError) in try self.entry(entry, into: &text, open: false) }
        case .tab(let tab, let from, let container):
            try text.member("tab", tab)
            try text.member("from", from)
            if let container { try text.member("container", container) }
        case .sidebar(let stack, let form):
            try text.member("stack", stack)
            try text.key("compact")
            try text.bool(form.compact)
            try text.key("sidebar_shown")
            try text.bool(!form.compact || form.sidebarShown)
        case .present(let layer, let style, let over, let entries):
            try text.member("layer", layer)
            try text.member("style", style)
            if let over { try text.member("over", over) }
            try text.key("entries")
            try text.array(entries) { (text, entry) throws(NavError) in try self.entry(entry, into: &text, open: false) }
        case .dismiss(let layer, let over):
            try text.member("layer", layer)
            if let over { try text.member("over", over) }
        }
        try text.raw("}")
    }
}
