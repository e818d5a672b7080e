/// A navigator's whole state as a snapshot holds it, before it is checked
/// against a route table: routes are requests, as a caller would write them,
/// so that a snapshot of an older table can be migrated and validated entry by
/// entry (docs/restore.md).
public struct Snapshot: Equatable, Sendable {
    /// One entry of a snapshot.
    public struct Item: Equatable, Sendable {
        /// The entry's id.
        public var id: Int
        /// Its route, unchecked.
        public var route: RouteRequest
        /// Its saved state, nil when none.
        public var state: JSONValue?
        /// Its blocker's reason, nil when it does not block.
        public var blocker: String?
        /// The result it holds, nil when none.
        public var result: JSONValue?
        /// The container it holds, nil when none (docs/structure.md, "Nesting").
        public var container: Container?

        /// Creates an item.
        public init(id: Int, route: RouteRequest, state: JSONValue? = nil, blocker: String? = nil, result: JSONValue? = nil,
                    container: Container? = nil) {
            self.id = id
            self.route = route
            self.state = state
            self.blocker = blocker
            self.result = result
            self.container = container
        }
    }

    /// A container an entry of a snapshot holds: as the navigator's own
    /// level, its layout's name, selection, history, columns and stacks.
    public struct Container: Equatable, Sendable {
        /// `tabs` or `split`.
        public var layout: Layout.Kind
        /// The selected tab's stack name, nil for a split view.
        public var selectedTab: String?
        /// Previously selected tabs' stack names, most recent last.
        public var tabHistory: [String]
        /// A split view's columns.
        public var split: SplitForm
        /// Its stacks, in order, by their full names.
        public var stacks: [Stack]

        /// Creates a container of a snapshot.
        public init(layout: Layout.Kind, selectedTab: String?, tabHistory: [String], split: SplitForm, stacks: [Stack]) {
            self.layout = layout
            self.selectedTab = selectedTab
            self.tabHistory = tabHistory
            self.split = split
            self.stacks = stacks
        }
    }

    /// One stack of a snapshot: a base stack, or a presentation's.
    public struct Stack: Equatable, Sendable {
        /// The stack's name (`main`, a tab's name, `detail`, `layer:<root id>`).
        public var name: String
        /// A presentation's style; nil for a base stack.
        public var style: String?
        /// The entries, root first.
        public var items: [Item]
        /// The presentations over this stack alone, bottom first (docs/structure.md, "Nesting").
        public var presentations: [Stack]

        /// Creates a stack.
        public init(name: String, style: String? = nil, items: [Item], presentations: [Stack] = []) {
            self.name = name
            self.style = style
            self.items = items
            self.presentations = presentations
        }
    }

    /// A pending intent as a snapshot holds it: names, not indexes.
    public struct Pending: Equatable, Sendable {
        /// The condition it waits for.
        public var condition: String
        /// The name of its flow's layer stack (`layer:<root id>`).
        public var flow: String
        /// The name of the stack it was held on, nil when the state tells it
        /// (`Navigator.writtenStack(of:)`): the stack the flow covers, or the
        /// leaf of the active path beneath a flow over the app.
        public var stack: String?
        /// The held batch.
        public var actions: [Action]

        /// Creates a pending intent of a snapshot.
        public init(condition: String, flow: String, stack: String? = nil, actions: [Action]) {
            self.condition = condition
            self.flow = flow
            self.stack = stack
            self.actions = actions
        }
    }

    /// The app id of the table the snapshot was taken with, nil when none.
    public var app: String?
    /// That table's version.
    public var tableVersion: Int
    /// The id the next new entry takes.
    public var nextID: Int
    /// The navigator's change counter.
    public var seq: Int
    /// The layout's name: `stack`, `tabs` or `split`.
    public var layout: Layout.Kind
    /// The selected tab, nil for a layout without tabs.
    public var selectedTab: String?
    /// Previously selected tabs, most recent last.
    public var tabHistory: [String]
    /// The base stacks, in order.
    public var stacks: [Stack]
    /// The presentations, bottom first.
    public var presentations: [Stack]
    /// The conditions' values when the snapshot was taken (none when the table
    /// declared none). A restore keeps the navigator's own; a replay takes these.
    public var conditions: [ConditionValue]
    /// A split view's columns (compact or not, and which column shows); the
    /// regular form for a snapshot written without them.
    public var split: SplitForm
    /// The pending intent, nil when none was held.
    public var pending: Pending?
    /// The navigator's locale tag (docs/locales.md), nil when it had none (or
    /// the snapshot was written before navigators had locales).
    public var locale: String?

    /// Creates a snapshot from its parts.
    public init(app: String?, tableVersion: Int, nextID: Int, seq: Int, layout: Layout.Kind, selectedTab: String?,
                tabHistory: [String], stacks: [Stack], presentations: [Stack], conditions: [ConditionValue] = [],
                split: SplitForm = SplitForm(), pending: Pending? = nil, locale: String? = nil) {
        self.app = app
        self.tableVersion = tableVersion
        self.nextID = nextID
        self.seq = seq
        self.layout = layout
        self.selectedTab = selectedTab
        self.tabHistory = tabHistory
        self.stacks = stacks
        self.presentations = presentations
        self.conditions = conditions
        self.split = split
        self.pending = pending
        self.locale = locale
    }

    /// The snapshot of a navigator.
    public init(_ navigator: Navigator) {
        func stack(_ source: NavCore.Stack, style: String?) -> Stack {
            Stack(name: source.name, style: style, items: source.entries.map { entry in
                Item(id: entry.id, route: entry.route.request, state: entry.state, blocker: entry.blocker, result: entry.result,
                     container: navigator.containers[entry.id].map { container in
                         let selection = container.kind.writtenSelection(container.state, of: container.stacks)
                         return Container(layout: container.layout.layout.kind, selectedTab: selection.selectedTab, tabHistory: selection.tabHistory,
                                          split: container.state.split, stacks: container.stacks.map { stack($0, style: nil) })
                     })
            }, presentations: navigator.presentations[source.name].map { stack($0.stack, style: $0.style) })
        }
        let root = navigator.root
        let selection = root.kind.writtenSelection(root.state, of: root.stacks)
        self.init(app: navigator.table.app, tableVersion: navigator.table.version, nextID: navigator.nextID, seq: navigator.seq,
                  layout: navigator.table.layout.kind, selectedTab: selection.selectedTab, tabHistory: selection.tabHistory,
                  stacks: navigator.bases.map { stack($0, style: nil) },
                  presentations: navigator.layers.map { stack($0.stack, style: $0.style) },
                  conditions: navigator.conditionValues, split: navigator.split,
                  pending: navigator.pending.map {
                      Pending(condition: navigator.table.conditions[$0.condition].name, flow: $0.flowStack,
                              stack: navigator.writtenStack(of: $0), actions: $0.actions)
                  }, locale: navigator.locale)
    }

    /// Every stack, base stacks first.
    var allStacks: [Stack] { stacks + presentations }
}

extension Route {
    /// The route as a request that checks back to it.
    var request: RouteRequest {
        RouteRequest(name: name, params: params.map { param in (param.name, InputValue(param.value)) })
    }
}
