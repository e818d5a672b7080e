import NavCore

/// What a batch changes, as a held batch's token remembers it
/// (docs/blockers.md, "Tokens"): the batch proceeds only while it would still
/// make this same change. It leaves out what the batch does not decide: the
/// ids its new entries get, the blocker marks and saved state of what it
/// removes, and everything it does not touch.
struct Footprint: Equatable, Sendable {
    /// What the batch does to one stack.
    struct StackPart: Equatable {
        /// The stack's name.
        let stack: String
        /// The ids of the entries it removes, bottom first.
        let removed: [Int]
        /// The routes of the entries it adds, bottom first.
        let added: [Route]
        /// The ids of the kept entries it reorders.
        let moved: [Int]
    }

    /// What the batch does to one container of the tree: the tab it
    /// selects and the split view's columns after it, when they change (its
    /// history, like the table's own, follows from those).
    struct ContainerPart: Equatable {
        /// The container's name.
        let container: String
        /// The stack name of the tab it selects, when it selects another.
        let tab: String?
        /// The split view's columns after it, when it changes them.
        let split: SplitForm?
    }

    /// The stacks it changes, in the transition's order.
    let stacks: [StackPart]
    /// The containers whose selection or columns it changes, in the transition's order.
    let containers: [ContainerPart]
    /// The layers it presents, bottom first.
    let presented: [PresentedLayer]
    /// The names of the layers it dismisses, bottom first.
    let dismissed: [String]
    /// The tab it selects, when it selects another.
    let tab: String?
    /// The conditions it sets to a new value.
    let conditions: [ConditionValue]
    /// The split view's columns after it, when it changes them.
    let split: SplitForm?
    /// What it does to the pending intent, and for which condition.
    let intent: String?
    /// The results it hands from the screens it removes.
    let handed: [HandedResult]

    /// What `actions` would change in `navigator` now, past every blocker:
    /// the entries marked now, and those the batch (or the pending intent it
    /// may replay) marks itself, since marks count in the order a batch sets them.
    init(of actions: [Action], in navigator: inout Navigator) throws(NavError) {
        // Every stack of the tree: a blocking entry inside a container or a presentation over one stack counts too.
        let stacks = navigator.bases + navigator.layers.map(\.stack) + navigator.containers.values.flatMap(\.stacks)
            + navigator.presentations.overStacks.values.flatMap { $0.map(\.stack) }
        var blocking = Set(stacks.flatMap(\.entries).filter { $0.blocker != nil }.map(\.id))
        for action in actions + (navigator.pending?.actions ?? []) {
            if let mark = action.unit as? Action.SetBlocker { blocking.insert(mark.id) }
        }
        self.init(try navigator.preview(actions, past: blocking))
    }

    /// The footprint of `transition`.
    init(_ transition: Transition) {
        stacks = transition.changes.map { StackPart(stack: $0.stack, removed: $0.removed, added: $0.added.map(\.route), moved: $0.moved) }
        containers = transition.containers.compactMap { change in
            change.tab == nil && change.split == nil ? nil : ContainerPart(container: change.container, tab: change.tab?.after, split: change.split)
        }
        presented = transition.presented
        dismissed = transition.dismissed
        tab = transition.tab?.after
        conditions = transition.conditions
        split = transition.split
        intent = transition.intent.map { "\($0.kind.rawValue) \($0.condition)" }
        handed = transition.handed
    }

    /// What differs from `earlier`, in words (`what it does to stack "shop"`,
    /// `the tab it selects`, ...); empty when nothing does.
    func differences(from earlier: Footprint) -> [String] {
        var names = Set(stacks.map(\.stack)).union(earlier.stacks.map(\.stack)).sorted()
        names.removeAll { name in stacks.first { $0.stack == name } == earlier.stacks.first { $0.stack == name } }
        var found = names.map { "what it does to stack \"\($0)\"" }
        var containerNames = Set(containers.map(\.container)).union(earlier.containers.map(\.container)).sorted()
        containerNames.removeAll { name in containers.first { $0.container == name } == earlier.containers.first { $0.container == name } }
        found += containerNames.map { "what it does to container \"\($0)\"" }
        let others: [(Bool, String)] = [
            (presented != earlier.presented, "the layers it presents"), (dismissed != earlier.dismissed, "the layers it dismisses"),
            (tab != earlier.tab, "the tab it selects"), (conditions != earlier.conditions, "the conditions it sets"),
            (split != earlier.split, "the split view's columns"), (intent != earlier.intent, "what it does to the pending intent"),
            (handed != earlier.handed, "the results it hands on"),
        ]
        found += others.filter(\.0).map(\.1)
        return found
    }
}
