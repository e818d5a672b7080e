/// What kind of container a container is (docs/structure.md, "Nesting"):
/// one stack (the navigator's root in a table with neither tabs nor a split
/// view), tabs, or a split view. Each kind is a value type of its own file
/// that answers its part of the tree's rules: which routes its stacks take,
/// Back at the root of the stack it shows, its bar in the view model, its
/// selection in a document, and that selection read back on a restore. The
/// rules every container follows (its stacks, presentations over them,
/// nesting) are the tree's, written once for all three; this is the one
/// dispatch to the kinds.
enum ContainerKind {
    /// One stack.
    case stack(StackKind)
    /// One stack per tab, one selected, with a tab history.
    case tabs(TabsKind)
    /// A sidebar selection beside a `detail` stack, in two columns or one.
    case split(SplitKind)

    /// The kind a layout declares.
    init(_ layout: Layout) {
        switch layout {
        case .stack(let root): self = .stack(StackKind(root: root))
        case .tabs(let tabs): self = .tabs(TabsKind(tabs: tabs))
        case .split(let root, let sidebar, let title): self = .split(SplitKind(root: root, sidebar: sidebar, title: title))
        }
    }

    /// Whether Back passes over the container, in `state`, to the level
    /// around it (a compact split view showing its sidebar).
    func passesBack(_ state: ContainerState) -> Bool {
        guard case .split(let split) = self else { return false }
        return split.passesBack(state)
    }

    /// What Back does at the root of the stack the container shows, in
    /// `state`, with its `options`; `holder` holds the container. Nil:
    /// the level around it acts.
    func backAtRoot(_ state: ContainerState, _ options: TableOptions, holder: Int) -> BackStep? {
        switch self {
        case .stack: return nil
        case .tabs(let tabs): return tabs.backAtRoot(state, options, holder: holder)
        case .split(let split): return split.backAtRoot(state, holder: holder)
        }
    }

    /// Why `route` cannot be the root of stack `index` (named `stack`), or
    /// nil when it can; `ofTable` for the root container's base stacks.
    func rootProblem(_ route: Route, of stack: String, at index: Int, ofTable: Bool) -> String? {
        switch self {
        case .stack(let only): return only.rootProblem(route, of: stack, ofTable: ofTable)
        case .tabs(let tabs): return tabs.rootProblem(route, of: stack, at: index)
        case .split(let split): return split.rootProblem(route, of: stack)
        }
    }

    /// The selection as a document writes it: the selected tab's stack name
    /// (nil but for tabs) and the tab history's, of the container's `stacks`.
    func writtenSelection(_ state: ContainerState, of stacks: [Stack]) -> (selectedTab: String?, tabHistory: [String]) {
        guard case .tabs = self else { return (nil, []) }
        return (stacks[state.selected].name, state.tabHistory.map { stacks[$0].name })
    }

    /// The state a restore reads from a snapshot's selection, tab history
    /// and columns, for stacks named `names`: each kind takes its own part
    /// where it fits, and every part that does not fit is noted in `notes`,
    /// naming `place`, and left at its start.
    func restoredState(selected: String?, history: [String], split: SplitForm, names: [String],
                       in place: String, notes: inout [String]) -> ContainerState {
        var selection = (chosen: 0, visited: [Int]())
        if case .tabs = self {
            selection = TabsKind.restoredSelection(selected: selected, history: history, names: names, in: place, notes: &notes)
        } else if selected != nil || !history.isEmpty {
            notes.append("\(place) declares no tabs: the tab selection was ignored")
        }
        var columns = SplitForm()
        if case .split = self {
            columns = split
        } else if split.compact {
            notes.append("\(place) declares no split view: the compact form was ignored")
        }
        return ContainerState(selected: selection.chosen, tabHistory: selection.visited, split: columns)
    }
}

extension Container {
    /// The container's kind, with its part of the rules.
    var kind: ContainerKind { ContainerKind(layout.layout) }
}
