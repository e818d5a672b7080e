/// The navigator's tree (docs/structure.md, "Nesting"): containers held by
/// entries, where new ones are made, the active path down to a leaf stack,
/// and the names that address every stack. A flat table holds no container,
/// and every walk here stops at its first step.
extension Navigator {
    /// Where a new entry goes: what names and places the container it
    /// holds when its route declares a layout.
    enum Placement {
        /// On this stack, as its root or above it.
        case on(StackRef, root: Bool)
        /// As the root of a new presentation over the whole app.
        case newLayer
        /// As the root of a new presentation over stack `owner`, of container level `level`.
        case newOwnedLayer(owner: String, level: Int)
        /// As the root of a new container's stack of this name and level.
        case child(stack: String, level: Int)

        /// Whether the entry is a new container's initial root.
        var isChild: Bool {
            if case .child = self { return true }
            return false
        }
    }

    /// The container `holder` holds: the root for `rootHolder`, else the
    /// one the entry with that id holds; nil when it holds none.
    func container(_ holder: Int) -> Container? {
        holder == Navigator.rootHolder ? root : containers[holder]
    }

    /// `body` on the container `holder` holds, read in place (`container(_:)`
    /// copies it); nil when it holds none.
    func readContainer<T>(_ holder: Int, _ body: (Container) -> T) -> T? {
        if holder == Navigator.rootHolder { return body(root) }
        guard let container = containers[holder] else { return nil }
        return body(container)
    }

    /// The selection, tab history and columns of the container `holder` holds.
    func state(of holder: Int) -> ContainerState {
        holder == Navigator.rootHolder ? root.state : containers[holder]?.state ?? ContainerState()
    }

    /// Changes the selection, tab history or columns of the container
    /// `holder` holds, recording them for undo (`Container.modifyState`).
    mutating func modifyState(of holder: Int, _ batch: Batch, _ body: (inout ContainerState) -> Void) {
        modifyContainer(holder) { $0.modifyState(holder: holder, batch, body) }
    }

    /// Whether the entry with `id` holds a container: a lookup that copies nothing.
    func holdsContainer(_ id: Int) -> Bool {
        containers.contains(id)
    }

    /// A new entry for a checked route, with the next id, holding a new
    /// container when the route declares a layout (its stacks' roots take
    /// the ids after it). A route that needs a condition that is false is
    /// refused with the condition in `missingCondition`, so that the batch
    /// is held instead; a container that would nest deeper than
    /// `Limits.maxNesting` is `.limit`. `definition`, when the caller has
    /// looked the route's up already, saves looking it up again for the title.
    mutating func newEntry(_ route: Route, _ placement: Placement, _ batch: Batch?,
                           definition: RouteDefinition? = nil) throws(NavError) -> Entry {
        // A container's initial roots are part of the route that holds it.
        if table.hasRequirements, !placement.isChild { try checkRequirements(of: route) }
        let entry = Entry(id: try takeNextID(), route: route, title: title(for: route, definition: definition))
        // A definition without a layout saves looking the route's layout up: the table has one for each that declares one.
        if !table.layouts.isEmpty, definition?.declaresLayout ?? true, let layout = table.layouts[route.name] {
            try makeContainer(layout, holder: entry.id, placement, batch)
        }
        return entry
    }

    /// Makes the container entry `holder` holds, each of its stacks at its
    /// initial root.
    mutating func makeContainer(_ layout: NestedLayout, holder: Int, _ placement: Placement, _ batch: Batch?) throws(NavError) {
        let name: String
        let level: Int
        switch placement {
        case .on(let ref, let root):
            let stack = read(ref) { $0.name }
            name = root ? stack : "\(stack)@\(holder)"
            level = self.level(of: ref) + 1
        case .newLayer:
            name = "layer:\(holder)"
            level = 2
        case .newOwnedLayer(let owner, let ownerLevel):
            name = "\(owner)/layer:\(holder)"
            level = ownerLevel + 1
        case .child(let stack, let parentLevel):
            name = stack
            level = parentLevel + 1
        }
        guard level <= Limits.maxNesting else {
            throw NavError(.limit, at: "route", "a container here would be nested \(level) deep, more than the limit of \(Limits.maxNesting)")
        }
        var stacks: [Stack] = []
        for (child, root) in zip(layout.stackNames, layout.roots) {
            let stackName = "\(name)/\(child)"
            stacks.append(Stack(name: stackName, root: try newEntry(root, .child(stack: stackName, level: level), batch)))
        }
        setContainer(Container(name: name, layout: layout, stacks: stacks, state: ContainerState(), level: level), heldBy: holder)
        batch?.created.append(holder)
    }

    /// How many containers enclose the stack at `ref`, the root counted.
    func level(of ref: StackRef) -> Int {
        switch ref {
        case .contained(let holder, _): return container(holder)?.level ?? 1
        case .presented(let owner, _): return owner.isEmpty ? root.level : (try? self.ref(named: owner)).map(level(of:)) ?? root.level
        }
    }

    /// The leaf stack reached from `ref` (the last of `chain(from:)`).
    func descend(from ref: StackRef) -> StackRef {
        guard !containers.isEmpty || presentations.coverStacks else { return ref }
        var leaf = ref
        walk(below: ref) { leaf = $0 }
        return leaf
    }

    /// Calls `visit` on each stack shown below `ref`, down to the leaf: the
    /// top presentation over a stack, else the selected stack of the
    /// container its top entry holds. Every action walks it, so it looks
    /// each container up once per level (the walk carries the top entry's id
    /// down), builds nothing and copies no entry, stack or container.
    private func walk(below ref: StackRef, _ visit: (StackRef) -> Void) {
        var ref = ref
        var top = read(ref) { $0.topID }
        // Containers nest at most maxNesting deep, each level with its
        // presentations: the bound only guards the walk.
        for _ in 0..<(4 * Limits.maxNesting) {
            if presentations.coverStacks {
                let name = read(ref) { $0.name }
                let owned = presentations[name]
                if let layer = owned.last {
                    ref = .presented(over: name, index: owned.count - 1)
                    top = layer.stack.topID
                    visit(ref)
                    continue
                }
            }
            guard let (child, childTop) = selection(in: top) else { return }
            ref = .contained(holder: top, child: child)
            top = childTop
            visit(ref)
        }
    }

    /// The selected stack of the container entry `holder` holds and the id
    /// of that stack's top entry; nil when it holds none. It reads the two
    /// in place, with no call in between that could keep a copy of the
    /// container alive (a copy would retain each of its parts).
    private func selection(in holder: Int) -> (child: Int, top: Int)? {
        guard let container = containers[holder], container.stacks.indices.contains(container.state.selected) else { return nil }
        return (container.state.selected, container.stacks[container.state.selected].topID)
    }

    /// Where the walk from the root starts, with the presentations over the
    /// whole app below `layerCount` (all of them by default): the top one,
    /// else the root container's selected stack. Every walk of the active
    /// path (`activeRef`, `activeChain`, the back rule) starts here.
    @inline(__always)
    func pathStart(below layerCount: Int? = nil) -> StackRef {
        let count = layerCount ?? layers.count
        return count > 0 ? .presented(over: Presentations.app, index: count - 1) : .root(selected)
    }

    /// The stacks of the active path, from the navigator's own level (the
    /// top presentation's, else the selected base stack) down to the leaf.
    var activeChain: [StackRef] {
        chain(from: pathStart())
    }

    /// `ref`, then each stack `descend(from:)` walks through from it, down to the leaf.
    func chain(from ref: StackRef) -> [StackRef] {
        var chain = [ref]
        guard !containers.isEmpty || presentations.coverStacks else { return chain }
        walk(below: ref) { chain.append($0) }
        return chain
    }

    /// `ref`, then the stack that holds the entry whose container holds it,
    /// and so on, up to a base stack or a presentation: leaf first.
    func enclosing(_ ref: StackRef) -> [StackRef] {
        var chain = [ref]
        var ref = ref
        for _ in 0..<(4 * Limits.maxNesting) {
            let parent: StackRef?
            switch ref {
            case .contained(Navigator.rootHolder, _): parent = nil
            case .contained(let holder, _): parent = self.ref(holding: holder)
            // The whole app's presentations are the root container's: nothing encloses them.
            case .presented(let owner, _): parent = owner.isEmpty ? nil : try? self.ref(named: owner)
            }
            guard let parent else { break }
            chain.append(parent)
            ref = parent
        }
        return chain
    }

    /// The stacks an action that acts on a container searches, innermost
    /// first: the active path through the addressed stack (what it shows,
    /// then what encloses it), else the active path, then the path under
    /// the presentations over the whole app (from the root's selected stack
    /// down), as the active path passes under a presentation over one stack:
    /// a presentation covers the containers under it at every level alike.
    func searched(around stack: StackAddress?) throws(NavError) -> [StackRef] {
        guard let stack else {
            let active = activeChain.reversed()
            return layers.isEmpty ? Array(active) : active + chain(from: pathStart(below: 0)).reversed()
        }
        let ref = try ref(of: stack)
        return chain(from: ref).reversed() + enclosing(ref).dropFirst()
    }

    /// The stack an address names. An unknown name is `.tab`, naming the
    /// part that does not exist and the names there are; an id no stack
    /// holds is `.noEntry`.
    func ref(of address: StackAddress) throws(NavError) -> StackRef {
        switch address {
        case .entry(let id):
            guard let ref = ref(holding: id) else { throw NavError(.noEntry, at: "stack", "no entry with id \(id)") }
            return ref
        case .name(let name):
            return try ref(named: name)
        }
    }

    /// The stack named `name`: its first part names a base stack or a
    /// presentation, each further part a stack of the container held by the
    /// root of the part before (or, after `@<id>`, by that entry of it).
    @_optimize(size)
    func ref(named name: String) throws(NavError) -> StackRef {
        let parts = name.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { Substring($0) }
        let (first, firstHolder) = Navigator.splitHolder(parts[0])
        var ref: StackRef
        if let index = bases.firstIndex(where: { $0.name == first }) {
            ref = .contained(holder: Navigator.rootHolder, child: index)
        } else if let index = layers.lastIndex(where: { $0.stack.name == first }) {
            ref = .presented(over: Presentations.app, index: index)
        } else {
            let known = bases.map(\.name) + layers.map(\.stack.name)
            throw NavError(.tab, at: "stack", "unknown stack \"\(ParamType.excerpt(name))\": no stack \"\(ParamType.excerpt(String(first)))\" (stacks: \(known.joined(separator: ", ")))"
                           + NameSuggestion.didYouMean(String(first), among: known))
        }
        var holderID = firstHolder
        var walked = String(first)
        for part in parts.dropFirst() {
            let (child, nextHolder) = Navigator.splitHolder(part)
            let stack = read(ref) { $0 }
            if holderID == nil, let index = presentations[stack.name].firstIndex(where: { $0.stack.name == "\(stack.name)/\(child)" }) {
                ref = .presented(over: stack.name, index: index)
                holderID = nextHolder
                walked = "\(stack.name)/\(child)"
                continue
            }
            let holder: Int
            if let holderID {
                guard stack.pathIndex(ofID: holderID) != nil else {
                    throw NavError(.tab, at: "stack", "unknown stack \"\(ParamType.excerpt(name))\": stack \"\(walked)\" holds no entry \(holderID) above its root")
                }
                holder = holderID
            } else {
                holder = stack.root.id
            }
            let prefix = holderID.map { "\(walked)@\($0)" } ?? walked
            if holderID == nil, child.hasPrefix("layer:") {
                let over = presentations[stack.name].map(\.stack.name)
                throw NavError(.tab, at: "stack", "unknown stack \"\(ParamType.excerpt(name))\": no presentation \"\(ParamType.excerpt(String(child)))\" over stack \"\(walked)\""
                               + (over.isEmpty ? " (none is presented over it)" : " (presented over it: \(over.joined(separator: ", ")))")
                               + NameSuggestion.didYouMean(String(child), among: over.map { String($0.dropFirst(stack.name.count + 1)) }))
            }
            guard let container = containers[holder] else {
                throw NavError(.tab, at: "stack", "unknown stack \"\(ParamType.excerpt(name))\": \"\(ParamType.excerpt(prefix))\" holds no container")
            }
            let full = "\(container.name)/\(child)"
            guard let index = container.stacks.firstIndex(where: { $0.name == full }) else {
                throw NavError(.tab, at: "stack", "unknown stack \"\(ParamType.excerpt(name))\": \"\(ParamType.excerpt(prefix))\" holds \(container.stacks.map(\.name).joined(separator: ", "))"
                               + NameSuggestion.didYouMean(String(child), among: container.stacks.map { String($0.name.dropFirst(container.name.count + 1)) }))
            }
            ref = .contained(holder: holder, child: index)
            holderID = nextHolder
            walked = full
        }
        if let holderID {
            throw NavError(.tab, at: "stack", "unknown stack \"\(ParamType.excerpt(name))\": it ends at entry \(holderID), not at a stack")
        }
        return ref
    }

    /// A name part split at its `@`: the stack's name and the id of the
    /// entry whose container the next part is in (nil: the stack's root).
    private static func splitHolder(_ part: Substring) -> (Substring, Int?) {
        guard let at = part.lastIndex(of: "@") else { return (part, nil) }
        var id = 0
        for byte in part[part.index(after: at)...].utf8 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), id < Navigator.maxCounter / 10 else { return (part, nil) }
            id = id * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return id == 0 ? (part, nil) : (part[..<at], id)
    }

    /// The stack that holds the entry with `id`, searching the whole tree.
    @_optimize(size)
    func ref(holding id: Int) -> StackRef? {
        func holds(_ stack: Stack) -> Bool { stack.root.id == id || stack.pathIndex(ofID: id) != nil }
        if let index = bases.firstIndex(where: holds) { return .contained(holder: Navigator.rootHolder, child: index) }
        if let index = layers.firstIndex(where: { holds($0.stack) }) { return .presented(over: Presentations.app, index: index) }
        for (holder, container) in containers {
            if let index = container.stacks.firstIndex(where: holds) { return .contained(holder: holder, child: index) }
        }
        for (owner, owned) in presentations.overStacks {
            if let index = owned.firstIndex(where: { holds($0.stack) }) { return .presented(over: owner, index: index) }
        }
        return nil
    }

    /// Calls `body` on every entry inside the container entry `holder`
    /// holds, with its stack's name: those of its stacks, of the
    /// presentations over them, and of the containers those entries hold.
    func forEachInSubtree(of holder: Int, _ body: (Entry, String) -> Void) {
        for stack in containers[holder]?.stacks ?? [] { forEachBelow(stack, body) }
    }

    /// Calls `body` on every entry of `stack` and of what covers it or its
    /// entries hold, with its stack's name.
    func forEachBelow(_ stack: Stack, _ body: (Entry, String) -> Void) {
        var stacks = [stack]
        while let next = stacks.popLast() {
            for entry in next.entries {
                body(entry, next.name)
                if let container = containers[entry.id] { stacks += container.stacks }
            }
            stacks += presentations[next.name].map(\.stack)
        }
    }

    /// Calls `body` on every entry that goes with `entry` of stack `stack`
    /// besides it: those inside the container it holds, and, when the whole
    /// stack goes (`stackGoes`: a presentation dismissed at its root), those
    /// of the presentations over it.
    func forEachRemoved(with entry: Entry, on stack: String, stackGoes: Bool, _ body: (Entry, String) -> Void) {
        if holdsContainer(entry.id) { forEachInSubtree(of: entry.id, body) }
        if stackGoes {
            for layer in presentations[stack] { forEachBelow(layer.stack, body) }
        }
    }

    /// `Batch.mayRemoveBlocker` on a tree: whether the batch set a mark, an
    /// entry it may have removed blocks or holds a container with a
    /// blocking entry inside, or a presentation it may have removed is
    /// covered by presentations with one: then the blocker check has work.
    /// One pass over what the batch may have removed answers both.
    @inline(never)
    func mayRemoveBlockerBelow(_ batch: Batch) -> Bool {
        if !batch.marks.isEmpty { return true }
        guard batch.tookAny else { return false }
        var found = false
        func look(_ inner: Entry, _: String) {
            if inner.blocker != nil || batch.marks[inner.id] != nil { found = true }
        }
        var holders: [Int] = []
        batch.forEachRemovable { entry in
            if entry.blocker != nil { found = true }
            if holdsContainer(entry.id) { holders.append(entry.id) }
        }
        batch.removableHolders = holders
        for holder in holders where !found { forEachInSubtree(of: holder, look) }
        guard !found, presentations.coverStacks else { return found }
        // A presentation that goes takes the presentations over it along.
        for layer in batch.dismissed {
            for over in presentations[layer.stack.name] { forEachBelow(over.stack, look) }
        }
        return found
    }

    /// Forgets the containers of entries a committed batch removed (and
    /// theirs, and so on): a batch keeps them until it commits, so that
    /// an undo finds them in place.
    @inline(never)
    mutating func dropRemovedContainers(_ batch: Batch) {
        guard batch.tookAny else { return }
        var (removed, gone) = removedFromTree(by: batch)
        // A stack that goes takes its presentations and the containers its entries hold.
        while !gone.isEmpty || !removed.isEmpty {
            while let stack = gone.popLast() {
                if presentations.coverStacks { gone += removePresentations(overStack: stack.name).map(\.stack) }
                for entry in stack.entries where holdsContainer(entry.id) { removed.append(entry.id) }
            }
            while let holder = removed.popLast() {
                guard let container = removeContainer(heldBy: holder) else { continue }
                gone += container.stacks
            }
        }
    }

    /// What the committed `batch` took off the tree: the entries holding
    /// containers that no stack holds any more, and the presentations'
    /// stacks that went. Apart from `dropRemovedContainers`, which changes
    /// the navigator, so that reading it copies nothing.
    private func removedFromTree(by batch: Batch) -> (holders: [Int], stacks: [Stack]) {
        var removed: [Int] = []
        // Only an entry that holds a container matters here: none, when the blocker check found none.
        if batch.removableHolders?.isEmpty != true {
            for record in batch.edits {
                var kept: Set<Int>?
                record.edit.forEachOriginal { entry in
                    guard holdsContainer(entry.id) else { return }
                    if kept == nil { kept = Set(ref(of: record.key).map { read($0) { $0.entries.map(\.id) } } ?? []) }
                    if kept?.contains(entry.id) == false { removed.append(entry.id) }
                }
            }
        }
        return (removed, batch.dismissed.map(\.stack))
    }

    /// The stack a batch's key names now, nil when it is gone.
    private func ref(of key: Batch.Key) -> StackRef? {
        switch key {
        case .layer(let rootID):
            return presentations.locate(rootID: rootID).map { .presented(over: $0.owner, index: $0.index) }
        case .contained(let holder, let child):
            return holder == Navigator.rootHolder || holdsContainer(holder) ? .contained(holder: holder, child: child) : nil
        }
    }
}
