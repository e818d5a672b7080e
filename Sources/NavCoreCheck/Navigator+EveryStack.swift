import NavCore

extension Navigator {
    /// Every stack of the tree, hidden ones included: the base stacks, the
    /// layers, the containers' stacks and the presentations over one stack.
    var everyStack: [Stack] {
        bases + layers.map(\.stack) + containers.values.flatMap(\.stacks) + presentations.overStacks.values.flatMap { $0.map(\.stack) }
    }
}
