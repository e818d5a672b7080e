/// The root container's selection, tab history, columns and stacks, read
/// as the navigator's own (the navigator's level is the root container).
extension Navigator {
    /// The base stacks, in declaration order: the root container's stacks.
    public var bases: [Stack] { root.stacks }

    /// The index in `bases` of the selected tab (0 for other layouts): the root container's selection.
    public var selected: Int { root.state.selected }

    /// Previously selected tabs, most recent last, each at most once: the root container's history.
    public var tabHistory: [Int] { root.state.tabHistory }

    /// A split view's columns: compact or not, sidebar or detail shown: the root container's.
    public var split: SplitForm { root.state.split }
}
