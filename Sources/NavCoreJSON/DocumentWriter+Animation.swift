import CJansson
import NavCore

extension DocumentWriter {
    /// The view model's `animation` (docs/shells.md, "Animating a change"):
    /// `{"seq", "steps": [...]}`, each step `{"kind", ...}` with what a shell
    /// needs to play it.
    static func animation(_ animation: Animation) throws(NavError) -> JSONNode {
        // The steps first: a literal member made before a throwing one would leak when it throws.
        let steps = try NodeBuilder.array(animation.steps, DocumentWriter.step)
        return try NodeBuilder.object(["seq": NodeBuilder.integer(animation.seq), "steps": steps])
    }

    /// One step: a stack's `{"kind": push|pop|replace|detail, "stack",
    /// "popped", "pushed"}`, a tab bar's
    /// `{"kind": "tab", "tab", "from", "container" (nested)}`, a split view's
    /// `{"kind": "sidebar", "stack", "compact", "sidebar_shown"}`, a layer's
    /// `{"kind": "present", "layer", "style", "over" (over one stack),
    /// "entries"}` or `{"kind": "dismiss", "layer", "over"}`.
    private static func step(_ step: Animation.Step) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object(["kind": NodeBuilder.string(step.kind.rawValue)])) { (node) throws(NavError) in
            switch step {
            case .stack(let stack, let popped, let pushed, _):
                try NodeBuilder.set(node, "stack", NodeBuilder.string(stack))
                try NodeBuilder.set(node, "popped", NodeBuilder.integer(popped))
                try NodeBuilder.set(node, "pushed", try NodeBuilder.array(pushed, DocumentWriter.entry))
            case .tab(let tab, let from, let container):
                try NodeBuilder.set(node, "tab", NodeBuilder.string(tab))
                try NodeBuilder.set(node, "from", NodeBuilder.string(from))
                if let container { try NodeBuilder.set(node, "container", NodeBuilder.string(container)) }
            case .sidebar(let stack, let form):
                try NodeBuilder.set(node, "stack", NodeBuilder.string(stack))
                try NodeBuilder.set(node, "compact", form.compact ? json_true() : json_false())
                try NodeBuilder.set(node, "sidebar_shown", !form.compact || form.sidebarShown ? json_true() : json_false())
            case .present(let layer, let style, let over, let entries):
                try NodeBuilder.set(node, "layer", NodeBuilder.string(layer))
                try NodeBuilder.set(node, "style", NodeBuilder.string(style))
                if let over { try NodeBuilder.set(node, "over", NodeBuilder.string(over)) }
                try NodeBuilder.set(node, "entries", try NodeBuilder.array(entries, DocumentWriter.entry))
            case .dismiss(let layer, let over):
                try NodeBuilder.set(node, "layer", NodeBuilder.string(layer))
                if let over { try NodeBuilder.set(node, "over", NodeBuilder.string(over)) }
            }
        }
    }
}
