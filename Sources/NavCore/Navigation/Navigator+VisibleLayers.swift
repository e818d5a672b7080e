/// The layers a shell draws (docs/shells.md, "Nested containers"): the
/// selected base stack, each presentation over the whole app, and each
/// presentation over one stack on their way, each with the stacks it shows
/// from its own stack down to its leaf. A flat table's layers are its base
/// stack and its presentations, each one stack.
extension Navigator {
    /// One layer a shell draws: the stacks it shows, from the layer's own
    /// stack (a base stack or a presentation's) down to its leaf, through
    /// the containers their top entries hold.
    struct VisibleLayer {
        /// The layer's own stack first, its leaf last; never empty.
        var chain: [StackRef]
        /// `base`, or the presentation's style.
        let style: String
        /// For a presentation over one stack, that stack's name.
        let over: String?
    }

    /// The layers a shell draws, bottom to top: the selected base stack and
    /// each presentation over the whole app, each followed by the
    /// presentations over the stacks it shows (bottom first, each followed by
    /// its own). The last layer's leaf is the active stack.
    var visibleLayers: [VisibleLayer] {
        var visible: [VisibleLayer] = []
        appendVisible(from: .root(selected), style: "base", over: nil, to: &visible)
        for index in layers.indices {
            appendVisible(from: .presented(over: Presentations.app, index: index), style: layers[index].style, over: nil, to: &visible)
        }
        return visible
    }

    /// Appends the layer whose own stack is at `ref`, split where the walk
    /// down to its leaf (`chain(from:)`) enters the top presentation over a
    /// stack: the presentations below that one come first, then the walk
    /// goes on in the top one as a layer of its own.
    private func appendVisible(from ref: StackRef, style: String, over: String?, to visible: inout [VisibleLayer]) {
        var layer = VisibleLayer(chain: [], style: style, over: over)
        for step in chain(from: ref) {
            if case .presented(let owner, let index) = step, !owner.isEmpty, !layer.chain.isEmpty {
                visible.append(layer)
                let covering = presentations[owner]
                for below in covering.indices where below < index {
                    appendVisible(from: .presented(over: owner, index: below), style: covering[below].style, over: owner, to: &visible)
                }
                layer = VisibleLayer(chain: [], style: covering.indices.contains(index) ? covering[index].style : style, over: owner)
            }
            layer.chain.append(step)
        }
        visible.append(layer)
    }
}
