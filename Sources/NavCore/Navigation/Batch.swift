/// The bookkeeping of one batch of actions: enough to undo it exactly and to
/// describe it as a transition, without copying any stack that it leaves alone.
struct Batch {
    /// The undo record of each stack the batch changed, by stack name.
    var edits: [String: StackEdit] = [:]
    /// The layers as they were before the batch first added or removed one.
    var savedLayers: [Layer]?
    /// Layers that existed before the batch and were dismissed, as they were then.
    var dismissed: [Layer] = []
    /// What each action did, in order.
    var results: [String] = []
    /// What the last `open_url` of the batch resolved to.
    var opened: LinkResolution?

    /// The layer names before the batch, bottom first.
    let startLayers: [String]
    /// The selected base stack before the batch.
    let startSelected: Int
    /// The tab history before the batch.
    let startHistory: [Int]
    /// The next entry id before the batch.
    let startNextID: Int
    /// The active top before the batch.
    let before: TopEntry

    /// Starts a batch on `navigator`.
    init(_ navigator: Navigator) {
        startLayers = navigator.layers.map(\.stack.name)
        startSelected = navigator.selected
        startHistory = navigator.tabHistory
        startNextID = navigator.nextID
        before = TopEntry(stack: navigator.activeStack.name, top: navigator.activeStack.top)
    }

    /// The dismissed layers that existed before the batch, bottom first.
    var dismissedInOrder: [Layer] {
        dismissed.sorted { (startLayers.firstIndex(of: $0.stack.name) ?? 0) < (startLayers.firstIndex(of: $1.stack.name) ?? 0) }
    }

    /// The stack changes: base stacks in order, then layers, bottom first.
    func changes(bases: [Stack], layers: [Layer]) -> [StackChange] {
        var changes: [StackChange] = []
        for stack in bases {
            if let edit = edits[stack.name] { changes.append(edit.change(of: stack)) }
        }
        for layer in dismissedInOrder {
            let entries = edits[layer.stack.name]?.originalEntries(of: layer.stack) ?? layer.stack.entries
            changes.append(StackChange(stack: layer.stack.name, before: entries, after: []))
        }
        for layer in layers {
            if !startLayers.contains(layer.stack.name) {
                changes.append(StackChange(stack: layer.stack.name, before: [], after: layer.stack.entries))
            } else if let edit = edits[layer.stack.name] {
                changes.append(edit.change(of: layer.stack))
            }
        }
        return changes.filter { !$0.isEmpty }
    }
}
