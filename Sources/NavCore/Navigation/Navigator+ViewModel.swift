/// What a shell renders, derived from the state (docs/shells.md): the
/// visible layers bottom to top, each with its title and Back button; the tab
/// bar; the split view's sidebar; and what a screen reader announces after the
/// last change. A shell needs no rule of its own to draw a frame.
public struct ViewModel: Equatable, Sendable {
    /// One visible layer: the selected base stack, then each presentation.
    public struct Layer: Equatable, Sendable {
        /// The stack's name (`shop`, `layer:7`).
        public let stack: String
        /// `base` for the base stack, else the presentation's style.
        public let style: String
        /// The title of the layer's top entry.
        public let title: String
        /// The top entry's id.
        public let id: Int
        /// Whether Back acts in this layer: on the top layer, whether `back`
        /// would do anything; below it, whether the layer's stack can pop.
        public let backEnabled: Bool
        /// The Back button's label: the title of the screen Back would show
        /// from this layer, or, where Back shows the sidebar of a compact
        /// split view, the split view's declared `title`; nil when Back is not
        /// enabled or goes to a sidebar without a title.
        public let backLabel: String?
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
        /// The sidebar's routes, by name, with their titles.
        public let items: [(name: String, title: String)]
        /// The selected route's name.
        public let selected: String
        /// Whether the view is collapsed to one column.
        public let compact: Bool
        /// In compact form, whether the column shows the sidebar.
        public let sidebarShown: Bool

        /// Sidebars are equal when every field is.
        public static func == (lhs: Sidebar, rhs: Sidebar) -> Bool {
            lhs.selected == rhs.selected && lhs.compact == rhs.compact && lhs.sidebarShown == rhs.sidebarShown
                && lhs.items.elementsEqual(rhs.items) { $0.name == $1.name && $0.title == $1.title }
        }
    }

    /// The visible layers, bottom to top.
    public let layers: [Layer]
    /// The tab bar; empty without tabs.
    public let tabs: [TabItem]
    /// The sidebar of a split layout, nil for another.
    public let sidebar: Sidebar?
    /// Every declared condition with its value (a shell's sign-in button), in declaration order.
    public let conditions: [ConditionValue]
    /// What to announce for the last change ("" when nothing changed).
    public let announcement: String
}

extension Navigator {
    /// The view model of the state now; `last` is the last change's transition, for its announcement.
    public func viewModel(after last: Transition?) -> ViewModel {
        viewModel(announcing: last.flatMap(Announcement.init(of:)))
    }

    /// The view model of the state now, announcing the last change (nil: nothing to say).
    public func viewModel(announcing last: Announcement?) -> ViewModel {
        let preview = backPreview
        let canGoBack = preview.result != .nothing && preview.result != .heldByPresentation
        var layers: [ViewModel.Layer] = []
        let stacks = [(bases[selected], "base")] + self.layers.map { ($0.stack, $0.style) }
        for (index, (stack, style)) in stacks.enumerated() {
            let isTop = index == stacks.count - 1
            let enabled = isTop ? canGoBack : !stack.path.isEmpty
            let label = isTop ? topBackLabel(preview) : (stack.path.dropLast().last ?? stack.root).title
            layers.append(ViewModel.Layer(stack: stack.name, style: style, title: stack.top.title, id: stack.top.id,
                                          backEnabled: enabled, backLabel: enabled ? label : nil))
        }
        let tabs = table.tabs.enumerated().map { index, tab in
            ViewModel.TabItem(name: tab.name, title: tab.title, selected: index == selected,
                              locked: tab.requiredConditions.contains { !conditions[$0] })
        }
        var sidebar: ViewModel.Sidebar?
        if case .split(_, let names, _) = table.layout {
            sidebar = ViewModel.Sidebar(items: names.map { (name: $0, title: table.definitions[$0]?.title?.render([]) ?? $0) },
                                        selected: bases[0].root.route.name, compact: split.compact, sidebarShown: split.sidebarShown)
        }
        return ViewModel(layers: layers, tabs: tabs, sidebar: sidebar, conditions: conditionValues,
                         announcement: last?.text(table) ?? "")
    }

    /// The top layer's Back label: the title of the screen Back shows, or for
    /// a compact split view's step to the sidebar, which is no entry, the
    /// split view's `title` (nil without one: not the detail root's title,
    /// which is where the user already is).
    private func topBackLabel(_ preview: BackPreview) -> String? {
        guard preview.result == .toSidebar else { return preview.after.top.title }
        guard case .split(_, _, let title) = table.layout else { return nil }
        return title
    }
}
