/// Where the actions on containers act in the tree (docs/structure.md,
/// "Addressing"): a tab action on the tab a tab's stack name names, else in
/// the innermost tabs container that has a tab of that short name; a split
/// view action in the split view whose detail stack is addressed, else in
/// the innermost split view. Each search goes along the active path through
/// the addressed stack (else the active path), innermost first, the
/// navigator's own tabs or split view last, with the same errors as in a
/// flat table.
extension Navigator {
    /// The tabs container a tab name addresses and the tab's index in it. A
    /// tab's stack name is exact: a name with `/` must be a tab's, and one of
    /// the navigator's own tabs is named by its plain name. Any other plain
    /// name is searched for around `stack`.
    @_optimize(size)
    func tabLocation(_ name: String, around stack: StackAddress?) throws(NavError) -> (holder: Int, index: Int) {
        if containers.isEmpty && stack == nil || table.tabs.contains(where: { $0.name == name }) {
            return (Navigator.rootHolder, try tabIndex(name))
        }
        if name.utf8.contains(UInt8(ascii: "/")) {
            let ref = try ref(named: name)
            switch ref {
            case .contained(let holder, let child) where container(holder)?.isTabs == true: return (holder, child)
            default: throw NavError(.tab, at: "tab", "stack \"\(ParamType.excerpt(name))\" is not a tab's")
            }
        }
        let found = try innermost(around: stack) { container in
            container.isTabs && container.stacks.contains { $0.name == "\(container.name)/\(name)" }
        }
        if let (holder, container) = found, let index = container.stacks.firstIndex(where: { $0.name == "\(container.name)/\(name)" }) {
            return (holder, index)
        }
        if !containers.isEmpty, let error = try unknownTab(name, around: stack) { throw error }
        return (Navigator.rootHolder, try tabIndex(name))
    }

    /// The error for a tab name that no tabs container on the path around
    /// `stack` has, nor the navigator's own tabs: `.tab` at `tab`, listing the
    /// navigator's tabs, then each container's on the path, innermost first
    /// (`(tabs: home, explore; explore: foryou, following)`), and naming the
    /// closest of them all. Nil when the path holds no tabs container: the
    /// navigator's own tabs then say what is wrong (`tabIndex`).
    @_optimize(size)
    private func unknownTab(_ name: String, around stack: StackAddress?) throws(NavError) -> NavError? {
        var lists: [(container: String, tabs: [String])] = []
        for ref in try searched(around: stack) {
            guard case .contained(let holder, _) = ref, let container = containers[holder], container.isTabs,
                  !lists.contains(where: { $0.container == container.name }) else { continue }
            lists.append((container.name, container.stacks.map { String($0.name.dropFirst(container.name.count + 1)) }))
        }
        guard !lists.isEmpty else { return nil }
        let own = table.tabs.map(\.name)
        let listing = ([own.isEmpty ? "none of its own" : own.joined(separator: ", ")]
                       + lists.map { "\($0.container): \($0.tabs.joined(separator: ", "))" }).joined(separator: "; ")
        return NavError(.tab, at: "tab", "unknown tab \"\(ParamType.excerpt(name))\" (tabs: \(listing))"
                        + NameSuggestion.didYouMean(name, among: own + lists.flatMap(\.tabs)))
    }

    /// The innermost container on the path `searched(around:)` walks that
    /// `matches`, with its holder's id; nil when none does (a flat table's
    /// walk without an address has nothing to search).
    private func innermost(around stack: StackAddress?, _ matches: (Container) -> Bool) throws(NavError) -> (holder: Int, container: Container)? {
        guard !containers.isEmpty || stack != nil else { return nil }
        for ref in try searched(around: stack) {
            if case .contained(let holder, _) = ref, let container = containers[holder], matches(container) { return (holder, container) }
        }
        return nil
    }

    /// The stack of tab `name` (`tabLocation`), for a stack action's `tab`.
    func tabRef(_ name: String) throws(NavError) -> StackRef {
        let (holder, index) = try tabLocation(name, around: nil)
        return .contained(holder: holder, child: index)
    }

    /// `reset_tab`: pops tab `name`'s stack (`tabLocation`; nil: the selected
    /// tab's of the innermost tabs container on the path through `stack`) to its root.
    mutating func resetTab(_ name: String?, around stack: StackAddress?, _ batch: Batch) throws(NavError) -> ActionResult {
        truncate(try resetTarget(name, around: stack), to: 0, batch) == .popped ? .reset : .unchanged
    }

    /// The stack `reset_tab` pops: tab `name`'s (`tabLocation`), or (nil) the
    /// selected tab's of the innermost tabs container on the path through `stack`.
    func resetTarget(_ name: String?, around stack: StackAddress?) throws(NavError) -> StackRef {
        if let name {
            let (holder, index) = try tabLocation(name, around: stack)
            return .contained(holder: holder, child: index)
        }
        if let (holder, container) = try innermost(around: stack, \.isTabs) {
            return .contained(holder: holder, child: container.state.selected)
        }
        return .root(try tabIndex(nil))
    }

    /// The split view a split action acts on: the one whose detail stack
    /// `stack` is; else the innermost on the path through `stack`, else the
    /// navigator's own; `.action` naming `op` when there is none.
    func splitOwner(around stack: StackAddress?, for op: String) throws(NavError) -> Int {
        if let stack, case .contained(let holder, _) = try ref(of: stack), readContainer(holder, \.isSplit) == true {
            return holder
        }
        if let (holder, _) = try innermost(around: stack, { !$0.isTabs }) { return holder }
        guard case .split = table.layout else {
            throw NavError(.action, "\(op) needs a split layout (the route table declares no \"split\")")
        }
        return Navigator.rootHolder
    }

    /// The sidebar routes of the split view `holder` holds.
    func sidebar(of holder: Int) -> [String] {
        if case .split(_, let sidebar, _) = container(holder)?.layout.layout { return sidebar }
        return []
    }

    /// The declared title of the sidebar of the split view `holder` holds,
    /// in the navigator's locale when it gives one; nil without one.
    func sidebarTitle(of holder: Int) -> String? {
        guard let layout = container(holder)?.layout, case .split(_, _, let title) = layout.layout else { return nil }
        guard let titleLocale else { return title }
        return layout.sidebarTitles[titleLocale] ?? title
    }

    /// The tabs of the container `holder` holds.
    func tabs(of holder: Int) -> [Tab] {
        container(holder)?.tabs ?? []
    }

    /// The options of the container `holder` holds.
    func options(of holder: Int) -> TableOptions {
        container(holder)?.layout.options ?? TableOptions()
    }

    /// Resets every container held by an entry of the stack at `ref` that
    /// stays (the roots `reset_all` keeps): the first tab selected, no
    /// history, columns side by side, each stack at its root; true when
    /// anything changed.
    @_optimize(size)
    mutating func resetContainers(under ref: StackRef, _ batch: Batch) -> Bool {
        resetContainer(held: read(ref) { $0.root.id }, batch)
    }

    /// Resets the container entry `holder` holds, and those its stacks' roots
    /// hold, to their start; the presentations over its stacks go. True when
    /// anything changed.
    @_optimize(size)
    private mutating func resetContainer(held holder: Int, _ batch: Batch) -> Bool {
        guard let container = containers[holder] else { return false }
        var changed = false
        if container.state != ContainerState() {
            modifyState(of: holder, batch) { $0 = ContainerState() }
            changed = true
        }
        for index in container.stacks.indices {
            let name = container.stacks[index].name
            if dismiss(count: presentations.count(over: name), over: name, batch) { changed = true }
            if truncate(.contained(holder: holder, child: index), to: 0, batch) != .unchanged { changed = true }
            if resetContainers(under: .contained(holder: holder, child: index), batch) { changed = true }
        }
        return changed
    }

    /// The outermost container with `reset_on_leave` on the active path
    /// through the stack at `ref` (what a tab switch hides), nil when none.
    private func containerResetOnLeave(below ref: StackRef) -> Int? {
        // The first step is the stack itself, in the container that switched.
        for step in chain(from: ref).dropFirst() {
            if case .contained(let holder, _) = step, containers[holder]?.layout.options.resetOnLeave == true { return holder }
        }
        return nil
    }

    /// Whether hiding the stack at `ref` by a tab switch resets a container (`reset_on_leave`).
    func leavingResets(_ ref: StackRef) -> Bool {
        containerResetOnLeave(below: ref) != nil
    }

    /// A tab switch hid the stack at `ref`: the outermost container on the
    /// path through it that declares `reset_on_leave` starts afresh, with
    /// everything inside (docs/structure.md, "Nesting").
    mutating func resetOnLeave(_ ref: StackRef, _ batch: Batch) {
        guard let holder = containerResetOnLeave(below: ref) else { return }
        _ = resetContainer(held: holder, batch)
    }
}
