/// Reading the tree's stacks in place: a stack by its ref, the active
/// stack and its top, and the stack an action targets.
extension Navigator {
    /// `body` applied to the active stack, read in place (`activeStack` is a copy).
    public func readingActiveStack<T, Failure: Error>(_ body: (Stack) throws(Failure) -> T) throws(Failure) -> T {
        try read(activeRef, body)
    }

    /// The top of the active stack, read in place.
    var activeTop: TopEntry {
        topEntry(of: activeRef)
    }

    /// The top of the stack at `ref`, read in place.
    @inline(__always)
    func topEntry(of ref: StackRef) -> TopEntry {
        read(ref) { TopEntry(stack: $0.name, top: $0.top) }
    }

    /// The top of the active stack after `batch`. When the batch changed
    /// nothing above the nested stack that was active at its start (no
    /// other stack, presentation, selection or container state: a split
    /// view's detail stack records its state when it changes, unchanged),
    /// the active stack is found from there, without walking the path down
    /// to it again.
    @inline(__always)
    func activeTop(after batch: Batch) -> TopEntry {
        guard case .contained(let holder, _) = batch.activeBefore, holder != Navigator.rootHolder else { return activeTop }
        return nestedActiveTop(after: batch)
    }

    /// `activeTop(after:)` when a nested stack was active at the batch's
    /// start, out of line so that a flat table's commit stays as small.
    @inline(never)
    private func nestedActiveTop(after batch: Batch) -> TopEntry {
        guard case .contained(let holder, let child) = batch.activeBefore, selected == batch.rootBefore.selected,
              batch.changedOnly(.contained(holder: holder, child: child)),
              !batch.changedContainerState(containers) else { return activeTop }
        // No presentation covers that stack (the walk would have gone into it, and the batch presented none):
        // it stays active unless its top entry now holds a container.
        let top = topEntry(of: batch.activeBefore)
        return holdsContainer(top.top.id) ? topEntry(of: descend(from: batch.activeBefore)) : top
    }

    /// The ref of the active stack.
    var activeRef: StackRef {
        let ref = pathStart()
        return containers.isEmpty && !presentations.coverStacks ? ref : descend(from: ref)
    }

    /// The stack a stack action targets: the addressed one, the named tab's
    /// (`tabRef`), or the active one (`active` when given, found already).
    /// Giving both is `.action`.
    func target(_ tab: String?, _ stack: StackAddress? = nil, active: StackRef? = nil) throws(NavError) -> StackRef {
        if let stack {
            guard tab == nil else { throw NavError(.action, at: "stack", "give either \"tab\" or \"stack\", not both") }
            return try ref(of: stack)
        }
        guard let tab else { return active ?? activeRef }
        return try tabRef(tab)
    }

    /// The base index of a tab (nil: the selected tab). `.tab` errors at `tab`.
    func tabIndex(_ name: String?) throws(NavError) -> Int {
        let tabs = table.tabs
        guard !tabs.isEmpty else {
            let asked = name.map { "no tab \"\(ParamType.excerpt($0))\": " } ?? ""
            throw NavError(.tab, at: "tab", asked + "the route table declares no tabs")
        }
        guard let name else { return selected }
        guard let index = tabs.firstIndex(where: { $0.name == name }) else {
            throw NavError(.tab, at: "tab", "unknown tab \"\(ParamType.excerpt(name))\" (tabs: \(tabs.map(\.name).joined(separator: ", ")))"
                           + NameSuggestion.didYouMean(name, among: tabs.map(\.name)))
        }
        return index
    }

    /// Reads a stack in place, without copying it.
    func read<T, Failure: Error>(_ ref: StackRef, _ body: (Stack) throws(Failure) -> T) throws(Failure) -> T {
        switch ref {
        case .presented(let owner, let index) where owner.isEmpty: return try body(presentations.overApp[index].stack)
        case .contained(Navigator.rootHolder, let child): return try body(root.stacks[child])
        case .contained(let holder, let child): return try readNested(holder, child, body)
        case .presented(let owner, let index): return try body(presentedStack(owner, index))
        }
    }

    /// The stack of presentation `index` over stack `owner`, out of line as `readNested`.
    @inline(never)
    private func presentedStack(_ owner: String, _ index: Int) -> Stack {
        let layers = presentations[owner]
        guard layers.indices.contains(index) else { return Navigator.placeholder.stacks[0] }
        return layers[index].stack
    }

    /// `body` of stack `child` of the container `holder` holds, read in place
    /// (returning the stack would copy it, its root entry included, at every
    /// step of every walk down the tree); out of line so that `read` stays
    /// small enough to inline where a flat table calls it.
    @inline(never)
    private func readNested<T, Failure: Error>(_ holder: Int, _ child: Int, _ body: (Stack) throws(Failure) -> T) throws(Failure) -> T {
        guard let container = containers[holder], container.stacks.indices.contains(child) else {
            return try body(Navigator.placeholder.stacks[0])
        }
        return try body(container.stacks[child])
    }

    /// What a ref to a container that is gone reads (never reached: refs are
    /// made from the tree as it is), so that no read can trap.
    static let placeholder = Container(name: "", layout: NestedLayout(layout: .stack(root: Route(name: "", params: [])), options: TableOptions()),
                                       stacks: [Stack(name: "", root: Entry(id: 0, route: Route(name: "", params: []), title: ""))],
                                       state: ContainerState(), level: 1)
}
