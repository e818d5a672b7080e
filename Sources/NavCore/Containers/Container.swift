/// The container an entry holds when its route declares a `layout`: tabs (a
/// stack per tab, one selected, with its own tab history) or a split view (a
/// sidebar selection beside a `detail` stack, with its own compact form).
/// Its stacks' entries may hold containers in turn (docs/structure.md,
/// "Nesting"). The navigator's own level is a container too, the root
/// (`Navigator.root`: its stacks are the base stacks, its name empty); the
/// others it keeps by the id of the entry that holds them
/// (`Navigator.containers`).
public struct Container: Equatable, Sendable {
    /// The container's name: its holder's stack name, followed by `@<id>` when
    /// the holder is not that stack's root (`library`, `main@12`, `layer:7`).
    /// Its stacks are named `<name>/<stack>`; the root's name is empty, and
    /// its stacks are named `<stack>` (`main`, a tab's name, `detail`).
    public let name: String
    /// The route layout it follows.
    public let layout: NestedLayout
    /// Its stacks: one per tab, in declaration order, or the split view's `detail`.
    public private(set) var stacks: [Stack]
    /// The selection, the tab history and the split view's columns.
    public private(set) var state: ContainerState
    /// How many containers enclose it, itself counted: 1 for the root, 2 for
    /// a container held by an entry of a base stack or a presentation.
    public let level: Int

    /// Whether the container is a tabs container.
    public var isTabs: Bool {
        if case .tabs = layout.layout { return true }
        return false
    }

    /// Whether the container is a split view.
    var isSplit: Bool {
        if case .split = layout.layout { return true }
        return false
    }

    /// The tabs, or none for a split view.
    public var tabs: [Tab] {
        if case .tabs(let tabs) = layout.layout { return tabs }
        return []
    }

    /// Whether stack `child` accepts a route of this name: a tab's declares
    /// which it does, a split view's detail stack takes any.
    func accepts(_ routeName: String, onStack child: Int) -> Bool {
        // Only tabs restrict: every push reads this, so no kind is made for the others.
        guard case .tabs(let tabs) = layout.layout else { return true }
        return TabsKind(tabs: tabs).accepts(routeName, onStack: child)
    }

    /// The stack shown: the selected tab's, or the detail stack.
    public var selectedStack: Stack { stacks[min(state.selected, stacks.count - 1)] }

    /// The same container with other stacks and state (a restore's).
    func with(stacks: [Stack], state: ContainerState) -> Container {
        Container(name: name, layout: layout, stacks: stacks, state: state, level: level)
    }

    /// Puts back the selection, tab history and columns a batch found (its rollback).
    mutating func putBack(_ state: ContainerState) {
        self.state = state
    }

    /// Puts back stack `child` as `record` found it.
    mutating func rollback(_ child: Int, _ record: StackEdit) {
        record.rollback(&stacks[child])
    }

    /// Writes the title of every entry of its stacks again, from `title` of its route.
    mutating func retitle(_ title: (Route) -> String) {
        for index in stacks.indices { stacks[index].retitle(title) }
    }
}

extension Container {
    /// Changes the selection, tab history or columns, recording them for
    /// undo (as they were before the batch's first change) when the
    /// container is older than the batch; `holder` holds it. The root
    /// container's are kept by the batch from its start (`Batch.rootBefore`).
    mutating func modifyState(holder: Int, _ batch: Batch, _ body: (inout ContainerState) -> Void) {
        if holder != Navigator.rootHolder, holder < batch.before.nextID, !batch.containerStarts.contains(where: { $0.holder == holder }) {
            batch.containerStarts.append((holder, state))
        }
        body(&state)
    }

    /// Changes stack `child` in place, recording the change for undo and
    /// diff (`Navigator.edit`): a change of a split view's detail stack
    /// shows it, unless `showingDetail` is false. `holder` holds the container.
    /// A detail already shown is not touched: the batch records no state
    /// that did not change (a later change records it as it was at the
    /// batch's start all the same), so that a nested back or push in a
    /// split view's detail pays for no container comparison at commit.
    mutating func edit(_ child: Int, holder: Int, _ batch: Batch, showingDetail: Bool, _ body: (inout Stack, inout StackEdit) -> Void) {
        guard stacks.indices.contains(child) else { return }
        if showingDetail, !isTabs, state.split.sidebarShown { modifyState(holder: holder, batch) { $0.showSidebar(false) } }
        let slot = batch.slot(of: .contained(holder: holder, child: child), depth: stacks[child].path.count)
        batch.edits[slot].edit.record(&stacks[child], body)
    }
}

/// How one container's selection, history or columns changed in a batch
/// (a transition's `containers`): each field only when it changed.
public struct ContainerChange: Equatable, Sendable {
    /// The container's name.
    public let container: String
    /// The selected tab's stack name before and after, when it changed.
    public let tab: (before: String, after: String)?
    /// The tab history after the batch, as stack names, when it changed.
    public let tabHistory: [String]?
    /// The split view's columns after the batch, when they changed.
    public let split: SplitForm?

    /// How `container` changed since its state was `start`; nil when it did not.
    init?(_ container: Container, since start: ContainerState) {
        let now = container.state
        guard now != start else { return nil }
        let names = container.stacks.map(\.name)
        self.container = container.name
        tab = container.isTabs && start.selected != now.selected ? (names[start.selected], names[now.selected]) : nil
        tabHistory = start.tabHistory == now.tabHistory ? nil : now.tabHistory.map { names[$0] }
        split = start.split == now.split ? nil : now.split
    }

    /// Changes are equal when every field is.
    public static func == (lhs: ContainerChange, rhs: ContainerChange) -> Bool {
        lhs.container == rhs.container && lhs.tab?.before == rhs.tab?.before && lhs.tab?.after == rhs.tab?.after
            && lhs.tabHistory == rhs.tabHistory && lhs.split == rhs.split
    }
}
