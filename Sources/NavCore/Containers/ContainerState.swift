/// What a container shows, apart from its stacks: the selected tab (index
/// into its stacks; 0 for a split view), the tab history (most recent last,
/// each tab at most once), and a split view's columns. Each change is one of
/// the methods below, so the rules of the history hold at every level.
public struct ContainerState: Equatable, Sendable {
    /// The index of the selected stack.
    public private(set) var selected: Int
    /// Previously selected tabs, most recent last.
    public private(set) var tabHistory: [Int]
    /// A split view's columns.
    public private(set) var split: SplitForm

    /// The initial state: the first tab selected, no history, columns side by side.
    public init(selected: Int = 0, tabHistory: [Int] = [], split: SplitForm = SplitForm()) {
        self.selected = selected
        self.tabHistory = tabHistory
        self.split = split
    }

    /// Tab `index` selected: the one it replaces goes to the end of the
    /// history, and `index` leaves it.
    mutating func choose(_ index: Int) {
        tabHistory.removeAll { $0 == index }
        tabHistory.append(selected)
        selected = index
    }

    /// Back to the previous tab `index`: the history's last leaves it, or
    /// the whole history when `clearing` (Back goes to the first tab).
    mutating func returnTo(_ index: Int, clearing: Bool) {
        if clearing { tabHistory = [] } else { tabHistory.removeLast() }
        selected = index
    }

    /// The first tab selected and no history, as at the start; the columns stay.
    mutating func restartSelection() {
        selected = 0
        tabHistory = []
    }

    /// The tabs `leaves` names leave the history; when the selected tab is
    /// one of them, the first tab is selected (and leaves the history).
    mutating func forget(where leaves: (Int) -> Bool) {
        tabHistory.removeAll(where: leaves)
        guard leaves(selected) else { return }
        tabHistory.removeAll { $0 == 0 }
        selected = 0
    }

    /// A compact split view shows its sidebar (`shown`) or its detail stack.
    mutating func showSidebar(_ shown: Bool) {
        split = SplitForm(compact: split.compact, sidebarShown: shown)
    }

    /// The split view collapsed (`compact`) or side by side, showing its detail stack.
    mutating func setCompact(_ compact: Bool) {
        split = SplitForm(compact: compact)
    }
}
