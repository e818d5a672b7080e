/// The bookkeeping of one batch of actions: enough to undo it exactly and to
/// describe it as a transition, without copying any stack that it leaves alone.
/// A class, so that the actions share one record instead of copying it.
final class Batch {
    /// A stack's identity for the length of a batch: a base stack's index, or
    /// a layer's root entry id (cheaper to hash than the stack's name).
    enum Key: Hashable {
        /// `bases[index]`.
        case base(Int)
        /// The layer whose root entry has this id.
        case layer(rootID: Int)
    }

    /// The undo record of each stack the batch changed.
    var edits: [Key: StackEdit] = [:]
    /// The layers as they were before the batch first added or removed one.
    var savedLayers: [Layer]?
    /// Layers that existed before the batch and were dismissed, as they were then.
    var dismissed: [Layer] = []
    /// What each action did, in order.
    var results: [String] = []

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
        guard dismissed.count > 1 else { return dismissed }
        return dismissed.sorted { (startLayers.firstIndex(of: $0.stack.name) ?? 0) < (startLayers.firstIndex(of: $1.stack.name) ?? 0) }
    }

    /// The stack changes: base stacks in order, then layers, bottom first.
    func changes(bases: [Stack], layers: [Layer]) -> [StackChange] {
        if edits.isEmpty && savedLayers == nil { return [] }
        var changes: [StackChange] = []
        for (index, stack) in bases.enumerated() {
            if let edit = edits[.base(index)] { changes.append(edit.change(of: stack)) }
        }
        for layer in dismissedInOrder {
            let entries = edits[.layer(rootID: layer.stack.root.id)]?.originalEntries(of: layer.stack) ?? layer.stack.entries
            changes.append(StackChange(stack: layer.stack.name, before: entries, after: []))
        }
        for layer in layers {
            if !startLayers.contains(layer.stack.name) {
                changes.append(StackChange(stack: layer.stack.name, before: [], after: layer.stack.entries))
            } else if let edit = edits[.layer(rootID: layer.stack.root.id)] {
                changes.append(edit.change(of: layer.stack))
            }
        }
        return changes.filter { !$0.isEmpty }
    }

    /// The layers presented by the batch and still up, bottom first.
    func presented(_ layers: [Layer]) -> [PresentedLayer] {
        guard savedLayers != nil else { return [] }
        return layers.filter { !startLayers.contains($0.stack.name) }.map { PresentedLayer(stack: $0.stack.name, style: $0.style) }
    }
}
