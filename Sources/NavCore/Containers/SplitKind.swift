/// A split view: a sidebar selection (one of `sidebar`, initially `root`)
/// beside a `detail` stack whose root is that selection, side by side or
/// collapsed to one column (`SplitForm`). Its own rules: the detail stack
/// takes any route; Back at the detail root of a compact split view shows
/// the sidebar, and a compact split view showing its sidebar lets the level
/// around it act; the view model shows its sidebar; documents write its
/// columns.
struct SplitKind {
    /// The selection it starts with, and restarts at.
    let root: Route
    /// The routes the sidebar lists, by name.
    let sidebar: [String]
    /// The sidebar's declared title (the Back label that goes to it), nil without one.
    let title: String?

    /// Whether Back passes over the split view to the level around it: in
    /// compact form, showing its sidebar.
    func passesBack(_ state: ContainerState) -> Bool {
        state.split.sidebarShown
    }

    /// What `back` does at the detail stack's root: in compact form, show
    /// the sidebar; side by side, nil (the level around it acts). `holder`
    /// holds the container.
    func backAtRoot(_ state: ContainerState, holder: Int) -> BackStep? {
        state.split.compact ? .toSidebar(holder) : nil
    }

    /// Why `route` cannot be the root of the detail stack (named `stack`),
    /// or nil when it can: any sidebar route can.
    func rootProblem(_ route: Route, of stack: String) -> String? {
        sidebar.contains(route.name) ? nil : "the root of stack \"\(stack)\" must be a sidebar route"
    }

    /// The sidebar the view model shows: the sidebar routes with their
    /// titles in `navigator`'s locale, the detail root `selected` chosen
    /// (named as an instance when its route declares params), in the
    /// columns `split`.
    func item(selected: Entry, _ split: SplitForm, in navigator: Navigator) -> ViewModel.Sidebar {
        let definitions = navigator.table.definitions
        let takesParams = { (name: String) in !(definitions[name]?.params.isEmpty ?? true) }
        return ViewModel.Sidebar(items: sidebar.map { (name: $0, title: definitions[$0]?.template(in: navigator.titleLocale)?.render([]) ?? $0, params: takesParams($0)) },
                                 selected: selected.route.name,
                                 selectedRoute: takesParams(selected.route.name) ? (route: selected.route, title: selected.title) : nil,
                                 compact: split.compact, sidebarShown: !split.compact || split.sidebarShown)
    }
}
