extension Navigator {
    /// What the navigator holds beside its tree, its counter and its
    /// table: the next entry id, the conditions, the pending intent and the
    /// locale (the selection, tab history and columns are the root
    /// container's state). One value, so that a batch keeps it as it was by one copy
    /// (`Batch.before`), compares with it for its transition, and a failed
    /// batch puts it back by one assignment (`Navigator.rollback`). Every
    /// part is small: none grows with the stacks.
    struct Globals: Equatable, Sendable {
        /// The id the next new entry takes.
        var nextID: Int
        /// The value of each condition the table declares, in declaration order.
        var conditions: [Bool]
        /// The batch held while its condition's flow shows, if any.
        var pending: PendingIntent?
        /// The locale the navigator was given and the table's locale it picks
        /// (docs/locales.md), nil until it is given one. One reference, so
        /// that the value grows by a word.
        var localeChoice: LocaleChoice?

        /// The locale tag, nil until the navigator is given one.
        var locale: String? { localeChoice?.tag }
    }

    /// The base stacks, in declaration order: the root container's stacks.
    public var bases: [Stack] { root.stacks }

    /// The index in `bases` of the selected tab (0 for other layouts): the root container's selection.
    public var selected: Int { root.state.selected }

    /// Previously selected tabs, most recent last, each at most once: the root container's history.
    public var tabHistory: [Int] { root.state.tabHistory }

    /// A split view's columns: compact or not, sidebar or detail shown: the root container's.
    public var split: SplitForm { root.state.split }
}
