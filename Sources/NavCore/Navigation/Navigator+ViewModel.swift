/// What a shell renders, derived from the state (docs/shells.md): the
/// visible layers bottom to top, each with its title and Back button; the tab
/// bar; the split view's sidebar; the tab bars and sidebars of the
/// containers on the visible path; and what a screen reader announces after
/// the last change. A shell needs no rule of its own to draw a frame.
public struct ViewModel: Equatable, Sendable {
    /// One visible layer: the selected base stack, then each presentation
    /// (over the whole app, or over one stack on the visible path).
    public struct Layer: Equatable, Sendable {
        /// The name of the stack whose top the layer shows: its own stack
        /// (`shop`, `layer:7`), or, where that stack's top entry holds a
        /// container, the leaf reached through it (`layer:7/privacy`).
        public let stack: String
        /// `base` for the base stack, else the presentation's style.
        public let style: String
        /// For a presentation over one stack, that stack's name
        /// (`explore/foryou`); nil for the others.
        public let over: String?
        /// The title of the layer's top entry.
        public let title: String
        /// The top entry's id.
        public let id: Int
        /// Whether Back acts in this layer: on the top layer, whether `back`
        /// would do anything; below it, whether one of the layer's stacks
        /// can pop (the innermost that can is the one that would).
        public let backEnabled: Bool
        /// The Back button's label: the title of the screen Back would show
        /// from this layer, or, where Back shows the sidebar of a compact
        /// split view, the split view's declared `title`; nil when Back is not
        /// enabled or goes to a sidebar without a title.
        public let backLabel: String?
        /// The root entry of the stack the layer shows (`stack`).
        package let root: Entry
        /// The entries of that stack above its root, bottom first (the
        /// stack's own path, shared with it, not copied).
        package let path: [Entry]
        /// What Back would do from this layer, as `back_preview` names it: on
        /// the top layer its result; below it `popped` (`popped_presentation`
        /// in a presentation) when Back is enabled, else `nothing`.
        public let backWill: ActionResult
        /// On the top layer, the blocking entry Back would remove (Back then
        /// asks: it stays enabled); nil otherwise.
        public let backBlocked: BlockedRemoval?
        /// On the top layer, the pending intent Back would cancel by dismissing
        /// its flow; nil otherwise.
        public let cancelsIntent: Pending?

        /// The entries of the stack the layer shows (`stack`), root first:
        /// breadcrumbs and a back menu.
        public var entries: [Entry] { [root] + path }
    }

    /// A batch waiting for a condition (docs/conditions.md): the condition,
    /// and the title of the screen it leads to once the condition holds (nil
    /// when its replay would fail now).
    public struct Pending: Equatable, Sendable {
        /// The condition it waits for.
        public let condition: String
        /// The title of the screen it leads to.
        public let title: String?
    }

    /// One tab of the tab bar.
    public struct TabItem: Equatable, Sendable {
        /// The tab's name.
        public let name: String
        /// What the tab bar shows.
        public let title: String
        /// Whether it is the selected tab.
        public let selected: Bool
        /// Whether it requires a condition that is false (selecting it shows the flow).
        public let locked: Bool
    }

    /// The split view's sidebar.
    public struct Sidebar: Equatable, Sendable {
        /// The sidebar's routes, by name, with their titles; `params` is true
        /// for a route that declares params, whose every instance is an item
        /// the host lists (one `mailbox(id)` per folder).
        public let items: [(name: String, title: String, params: Bool)]
        /// The selected route's name.
        public let selected: String
        /// The selected instance, with its title, when the selected route
        /// declares params (nil otherwise: `selected` says it all).
        public let selectedRoute: (route: Route, title: String)?
        /// Whether the view is collapsed to one column.
        public let compact: Bool
        /// Whether the sidebar shows: always in the expanded form; in the
        /// compact form, when the one column shows it rather than the detail.
        public let sidebarShown: Bool

        /// Sidebars are equal when every field is.
        public static func == (lhs: Sidebar, rhs: Sidebar) -> Bool {
            lhs.selected == rhs.selected && lhs.compact == rhs.compact && lhs.sidebarShown == rhs.sidebarShown
                && lhs.selectedRoute?.route == rhs.selectedRoute?.route && lhs.selectedRoute?.title == rhs.selectedRoute?.title
                && lhs.items.elementsEqual(rhs.items) { $0.name == $1.name && $0.title == $1.title && $0.params == $1.params }
        }
    }

    /// A container on the visible path, held by an entry: a tab bar or a
    /// sidebar to draw in its layer.
    public struct ContainerItem: Equatable, Sendable {
        /// The container's name (`explore`, `layer:7`, `main@12`).
        public let name: String
        /// `tabs` or `split`.
        public let layout: Layout.Kind
        /// The index in `layers` of the layer it is drawn in.
        public let layer: Int
        /// The title of the entry that holds it.
        public let title: String
        /// Its tab bar, each tab named by its stack's name; empty for a split view.
        public let tabs: [TabItem]
        /// Its sidebar; nil for tabs.
        public let sidebar: Sidebar?
    }

    /// The visible layers, bottom to top.
    public let layers: [Layer]
    /// The tab bar; empty without tabs.
    public let tabs: [TabItem]
    /// The sidebar of a split layout, nil for another.
    public let sidebar: Sidebar?
    /// The containers held by entries on the visible path, bottom layer
    /// first and outermost first in each; empty for a flat table.
    public let containers: [ContainerItem]
    /// Every declared condition with its value (a shell's sign-in button), in declaration order.
    public let conditions: [ConditionValue]
    /// The batch waiting for a condition, if any ("Sign in to continue to Checkout").
    public let pending: Pending?
    /// What to announce for the last change ("" when nothing changed).
    public let announcement: String
    /// How to animate the last change (docs/shells.md, "Animating a
    /// change"); nil before any, and after a restore or replay.
    public var animation: Animation? = nil
}

extension Navigator {
    /// The view model of the state now; `last` is the last change's transition, for its announcement.
    public func viewModel(after last: Transition?) -> ViewModel {
        viewModel(announcing: last.flatMap(Announcement.init(of:)))
    }

    /// The view model of the state now, announcing the last change (nil:
    /// nothing to say) and saying how to animate `change` (nil: none to animate).
    public func viewModel(announcing last: Announcement?, animating change: LastChange?) -> ViewModel {
        var model = viewModel(announcing: last)
        model.animation = change.map(animation(of:))
        return model
    }

    /// The view model of the state now, announcing the last change (nil: nothing to say).
    public func viewModel(announcing last: Announcement?) -> ViewModel {
        let preview = backPreview
        let canGoBack = preview.result != .nothing && preview.result != .heldByPresentation
        let pending = pendingTarget
        var layers: [ViewModel.Layer] = []
        var containerItems: [ViewModel.ContainerItem] = []
        let visible = visibleLayers
        for (index, layer) in visible.enumerated() {
            let leaf = read(layer.chain.last ?? .root(selected)) { (name: $0.name, root: $0.root, path: $0.path) }
            let top = leaf.path.last ?? leaf.root
            let label: String?
            let enabled: Bool
            let will: ActionResult
            let isTop = index == visible.count - 1
            if isTop {
                enabled = canGoBack
                label = enabled ? topBackLabel(preview) : nil
                will = preview.result
            } else {
                // Below the top, Back is the layer's own: the innermost of its stacks that can pop.
                let popping = layer.chain.last { ref in read(ref) { !$0.path.isEmpty } }
                enabled = popping != nil
                label = popping.map { shown(afterPopping: $0).top.title }
                will = !enabled ? .nothing : layer.style == "base" ? .popped : .poppedPresentation
            }
            layers.append(ViewModel.Layer(stack: leaf.name, style: layer.style, over: layer.over, title: top.title,
                                          id: top.id, backEnabled: enabled, backLabel: label, root: leaf.root, path: leaf.path, backWill: will,
                                          backBlocked: isTop ? preview.blocked : nil,
                                          cancelsIntent: isTop && preview.intent != nil ? pending : nil))
            if !containers.isEmpty { containerItems += self.containerItems(along: layer.chain, layer: index) }
        }
        let (tabs, sidebar) = bars(of: root)
        return ViewModel(layers: layers, tabs: tabs, sidebar: sidebar, containers: containerItems, conditions: conditionValues,
                         pending: pending, announcement: last?.text(self) ?? "")
    }

    /// The pending intent's condition and the title of the screen it leads
    /// to: the active top once the condition is set, found by doing it on a
    /// copy (with another gate on the way, that gate's flow); no title when
    /// that replay would not go through (the intent would be dropped).
    private var pendingTarget: ViewModel.Pending? {
        guard let pending else { return nil }
        let name = table.conditions[pending.condition].name
        var trial = self
        let signedIn = try? trial.apply([.setCondition(name: name, value: true)])
        let reached = signedIn?.intent.map { $0.kind == .replayed || $0.kind == .advanced } ?? false
        return ViewModel.Pending(condition: name, title: reached ? trial.activeTop.top.title : nil)
    }

    /// The containers the stacks of `chain` show, outermost first: each
    /// stack after the first is a stack of the container its predecessor's
    /// top entry holds (a presentation over one stack starts a layer).
    private func containerItems(along chain: [StackRef], layer: Int) -> [ViewModel.ContainerItem] {
        zip(chain, chain.dropFirst()).compactMap { outer, inner in
            guard case .contained(let holder, _) = inner, let container = containers[holder] else { return nil }
            let (tabs, sidebar) = bars(of: container)
            return ViewModel.ContainerItem(name: container.name, layout: container.layout.layout.kind, layer: layer,
                                           title: read(outer) { $0.top.title }, tabs: tabs, sidebar: sidebar)
        }
    }

    /// The tab bar and sidebar `container` shows, at any level (the root's
    /// are the view model's own `tabs` and `sidebar`): its kind's.
    private func bars(of container: Container) -> (tabs: [ViewModel.TabItem], sidebar: ViewModel.Sidebar?) {
        switch container.kind {
        case .tabs(let tabs):
            let conditions = conditions
            let bar = tabs.bar(names: container.stacks.map(\.name), selected: container.state.selected,
                               title: title(of:), locked: { $0.requiredConditions.contains { !conditions[$0] } })
            return (bar, nil)
        case .split(let split):
            return ([], split.item(selected: container.selectedStack.root, container.state.split, in: self))
        case .stack:
            return ([], nil)
        }
    }

    /// The top layer's Back label: the title of the screen Back shows, or for
    /// a compact split view's step to the sidebar, which is no entry, the
    /// split view's `title` (nil without one: not the detail root's title,
    /// which is where the user already is).
    private func topBackLabel(_ preview: BackPreview) -> String? {
        guard preview.result == .toSidebar else { return preview.after.top.title }
        guard case .toSidebar(let owner) = backStep else { return nil }
        return sidebarTitle(of: owner)
    }
}
