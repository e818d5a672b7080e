/// A tabs container: one stack per tab, one selected, with a tab history
/// (most recent last, each tab at most once). Its own rules: each tab's
/// stack takes the routes the tab accepts; Back at the root of the selected
/// tab goes to a previous tab as its options say; the view model shows its
/// tab bar; documents write the selected tab and the history by stack name.
struct TabsKind {
    /// The tabs, in declaration order, one per stack.
    let tabs: [Tab]

    /// Whether tab `child`'s stack takes a route of this name.
    func accepts(_ routeName: String, onStack child: Int) -> Bool {
        guard tabs.indices.contains(child) else { return true }
        return tabs[child].accepts(routeName)
    }

    /// What `back` does at the root of the selected tab (`back_at_tab_root`):
    /// the most recent tab of the history, or the first tab from another
    /// one; nil when the level around it acts. `holder` holds the container.
    func backAtRoot(_ state: ContainerState, _ options: TableOptions, holder: Int) -> BackStep? {
        switch options.backAtTabRoot {
        case .previousTab: return state.tabHistory.last.map { .previousTab($0, holder) }
        case .firstTab: return state.selected == 0 ? nil : .previousTab(0, holder)
        case .none: return nil
        }
    }

    /// Why `route` cannot be the root of tab `index` (named `stack`), or nil
    /// when it can: only the tab's declared root can.
    func rootProblem(_ route: Route, of stack: String, at index: Int) -> String? {
        guard tabs.indices.contains(index), route != tabs[index].root else { return nil }
        return "the root of tab \"\(stack)\" must be its declared root route \"\(tabs[index].root.name)\""
    }

    /// The tab bar: each tab with its stack's name (`names`) and `title`, the
    /// one at `selected` selected, a tab `locked` while a condition it
    /// requires is false.
    func bar(names: [String], selected: Int, title: (Tab) -> String, locked: (Tab) -> Bool) -> [ViewModel.TabItem] {
        zip(tabs, names).enumerated().map { index, tab in
            ViewModel.TabItem(name: tab.1, title: title(tab.0), selected: index == selected, locked: locked(tab.0))
        }
    }

    /// The selection and history a restore reads from a snapshot's tab
    /// names, for stacks named `names`: a name that is no tab here is noted
    /// (naming `place`) and left out; the history keeps each tab once, never
    /// the selected one.
    static func restoredSelection(selected: String?, history: [String], names: [String],
                                  in place: String, notes: inout [String]) -> (chosen: Int, visited: [Int]) {
        var chosen = 0, visited: [Int] = []
        if let name = selected {
            if let index = names.firstIndex(of: name) {
                chosen = index
            } else {
                notes.append("selected tab \"\(ParamType.excerpt(name))\" is not a tab of \(place): selected \"\(names[0])\"")
            }
        }
        for name in history {
            guard let index = names.firstIndex(of: name) else {
                notes.append("tab \"\(ParamType.excerpt(name))\" of the tab history is not a tab of \(place)")
                continue
            }
            if index != chosen && !visited.contains(index) { visited.append(index) }
        }
        return (chosen, visited)
    }
}
