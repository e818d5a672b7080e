extension Navigator {
    /// What the navigator holds beside its stacks, its counter and its
    /// table: the tab selection and history, the next entry id, the
    /// conditions, a split view's columns, the pending intent and the
    /// locale. One value, so that a batch keeps it as it was by one copy
    /// (`Batch.before`), compares with it for its transition, and a failed
    /// batch puts it back by one assignment (`Navigator.rollback`). Every
    /// part is small: none grows with the stacks.
    struct Globals: Equatable, Sendable {
        /// The index in `bases` of the selected tab (0 for other layouts).
        var selected = 0
        /// Previously selected tabs, most recent last, each at most once.
        var tabHistory: [Int] = []
        /// The id the next new entry takes.
        var nextID: Int
        /// The value of each condition the table declares, in declaration order.
        var conditions: [Bool]
        /// A split view's columns: compact or not, sidebar or detail shown.
        var split = SplitForm()
        /// The batch held while its condition's flow shows, if any.
        var pending: PendingIntent?
        /// The locale the navigator was given and the table's locale it picks
        /// (docs/locales.md), nil until it is given one. One reference, so
        /// that the value grows by a word.
        var localeChoice: LocaleChoice?

        /// The locale tag, nil until the navigator is given one.
        var locale: String? { localeChoice?.tag }
    }

    /// The index in `bases` of the selected tab (0 for other layouts).
    public internal(set) var selected: Int {
        get { globals.selected }
        _modify { yield &globals.selected }
    }

    /// Previously selected tabs, most recent last, each at most once.
    public internal(set) var tabHistory: [Int] {
        get { globals.tabHistory }
        _modify { yield &globals.tabHistory }
    }

    /// The id the next new entry takes.
    public internal(set) var nextID: Int {
        get { globals.nextID }
        _modify { yield &globals.nextID }
    }

    /// The value of each condition the table declares, in declaration order.
    public internal(set) var conditions: [Bool] {
        get { globals.conditions }
        _modify { yield &globals.conditions }
    }

    /// A split view's columns: compact or not, sidebar or detail shown.
    public internal(set) var split: SplitForm {
        get { globals.split }
        _modify { yield &globals.split }
    }

    /// The batch held while its condition's flow shows, if any.
    public internal(set) var pending: PendingIntent? {
        get { globals.pending }
        _modify { yield &globals.pending }
    }
}
