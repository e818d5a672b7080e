/// How a shell animates the change that led to a view model
/// (docs/shells.md, "Animating a change"): the change's `seq`, and an
/// ordered plan of steps, each on one stack, tab bar, split view or layer,
/// that a shell able to animate one step at a time (a navigation controller)
/// plays in order, and a declarative shell reads per container (the step
/// that names its stack, tab bar or layer: there is at most one).
public struct Animation: Equatable, Sendable {
    /// One step of the plan.
    public enum Step: Equatable, Sendable {
        /// A stack that existed before the change took `popped` entries off
        /// its top and then got `pushed` (bottom first). `detail` when its
        /// root went too, which only a split view's detail stack does: it
        /// restarted at a new sidebar selection (`pushed[0]`, its new root).
        case stack(String, popped: Int, pushed: [Entry], detail: Bool)
        /// A tab bar selected the tab whose stack is `tab` instead of
        /// `from`: the table's own (`container` nil) or a nested container's.
        case tab(String, from: String, container: String?)
        /// A split view's columns changed: its detail stack's name, and its form after the change.
        case sidebar(String, SplitForm)
        /// A layer was presented (over the whole app, or over stack `over`),
        /// with its entries, root first.
        case present(layer: String, style: String, over: String?, entries: [Entry])
        /// A layer that existed before was dismissed (with whatever covered it).
        case dismiss(layer: String, over: String?)

        /// The animation a shell plays for the step.
        public var kind: Kind {
            switch self {
            case .stack(_, let popped, let pushed, let detail):
                if detail { return .detail }
                if popped > 0 && !pushed.isEmpty { return .replace }
                return popped > 0 ? .pop : .push
            case .tab: return .tab
            case .sidebar: return .sidebar
            case .present: return .present
            case .dismiss: return .dismiss
            }
        }

        /// The name a shell finds its part by: the stack's (a stack or split
        /// view step: its detail stack), the tab bar's container (the
        /// table's own: the selected tab's name), or the layer's stack.
        public var name: String {
            switch self {
            case .stack(let name, _, _, _), .sidebar(let name, _): return name
            case .tab(let tab, _, let container): return container ?? tab
            case .present(let layer, _, _, _), .dismiss(let layer, _): return layer
            }
        }
    }

    /// The animations a step may ask for, as JSON spells them.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// Entries pushed onto a stack.
        case push
        /// Entries popped off a stack.
        case pop
        /// Entries popped and others pushed (`replace`, `set_stack`, a moved entry).
        case replace
        /// Another tab selected.
        case tab
        /// A layer presented.
        case present
        /// A layer dismissed.
        case dismiss
        /// A split view's columns changed (collapsed, expanded, or the one column switched).
        case sidebar
        /// A split view's detail stack restarted at a new sidebar selection.
        case detail
    }

    /// The `seq` of the change the plan animates (a shell that skipped a
    /// delivery, or reads the view model twice, knows by it).
    public let seq: Int
    /// The steps, in the order to play them: dismissals (top first), tab
    /// selections (outermost first), stacks and detail stacks (bottom layer
    /// and outermost first), split views' columns, presentations (bottom first).
    public let steps: [Step]
}

/// A committed change kept to say later how to animate it
/// (`Navigator.animation(of:)`): holding it costs a reference, and the plan
/// is built only when a view model is asked for.
public struct LastChange {
    /// The batch, with its records of what it changed.
    let batch: Batch
    /// The navigator's `seq` after it.
    public let seq: Int

    /// The announcement of the change, as `navigator` says it: the navigator
    /// the change left, or one that only batches which changed nothing followed.
    public func announcement(in navigator: Navigator) -> Announcement {
        batch.announcement(navigator)
    }
}
