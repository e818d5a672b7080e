import NavCore

/// Reads the snapshot text of most navigators straight into a `Snapshot`,
/// without building jansson nodes: parsing a snapshot with jansson and
/// reading its nodes cost a restore into a new navigator about three
/// quarters of its instructions.
///
/// It takes the snapshots whose entries hold an id, a route with flat params
/// (`JSONCursor.flatObject`: scalars and lists of them), a title and perhaps a blocker, in base stacks
/// and presentations, with the tab selection, conditions and locale, and only
/// those that `SnapshotDecoder` reads without an error, to the very same
/// `Snapshot`. It declines everything else: saved state, results, containers,
/// presentations over one stack, a pending intent, a split view's compact
/// form, any key or value it does not expect, and every text jansson or the
/// decoder refuses. A declined text goes to jansson and the decoder, so every
/// error, its place and its message, is theirs as before; this reader never
/// makes one (a law checked over generated texts, `SnapshotReaderTests`).
enum SnapshotReader {
    /// The most base stacks or conditions read here; more go to jansson (the
    /// duplicate check compares each name with those before it).
    static let maxNamed = 64

    /// The snapshot `text` holds, or nil when this reader does not take it
    /// (jansson and the decoder then read it).
    static func read(_ text: UnsafePointer<CChar>) -> Snapshot? {
        var cursor = JSONCursor(text)
        var top = Top()
        guard cursor.object({ cursor, key in top.read(key, &cursor) }), cursor.atEnd() else { return nil }
        return top.snapshot()
    }

    /// The members of a snapshot's top object, as read so far.
    private struct Top {
        var format: Int?
        var app: String?
        var tableVersion: Int?
        var nextID: Int?
        var seq: Int?
        var layout: Layout.Kind?
        var selectedTab: String?
        var tabHistory: [String]?
        var conditions: [ConditionValue]?
        var locale: String?
        var stacks: [Snapshot.Stack]?
        var presentations: [Snapshot.Stack]?

        /// Reads the member `key`; false for a key it does not take, a key seen before, or a value it does not read.
        mutating func read(_ key: JSONCursor.Key, _ cursor: inout JSONCursor) -> Bool {
            if key.is("navcore") { return once(&format, cursor.int()) }
            if key.is("app") { return once(&app, cursor.string()) }
            if key.is("table_version") { return once(&tableVersion, cursor.int()) }
            if key.is("next_id") { return once(&nextID, cursor.int()) }
            if key.is("seq") { return once(&seq, cursor.int()) }
            if key.is("layout") { return once(&layout, cursor.string().flatMap(Layout.Kind.init(rawValue:))) }
            if key.is("selected_tab") { return once(&selectedTab, cursor.string()) }
            if key.is("tab_history") { return once(&tabHistory, cursor.elements { $0.string() }) }
            if key.is("conditions") {
                let values = cursor.members(most: maxNamed) { $0.bool() }?.map { ConditionValue(name: $0.0, value: $0.1) }
                return once(&conditions, values)
            }
            if key.is("locale") { return once(&locale, cursor.string().flatMap { LocaleTag.problem($0) == nil ? $0 : nil }) }
            if key.is("stacks") {
                let stacks = cursor.members(most: maxNamed) { SnapshotReader.stackEntries(&$0) }?.map { Snapshot.Stack(name: $0.0, items: $0.1) }
                return once(&self.stacks, stacks)
            }
            if key.is("presentations") { return once(&presentations, cursor.elements { SnapshotReader.layer(&$0) }) }
            return false
        }

        /// The snapshot, when it has the members the decoder requires and
        /// those its layout requires (`SnapshotDecoder.checkLayoutKeys`); nil otherwise.
        func snapshot() -> Snapshot? {
            guard format == DocumentFormat.current, let tableVersion, let nextID, let seq, let layout, let stacks, let presentations,
                  (selectedTab != nil) == (layout == .tabs), (tabHistory != nil) == (layout == .tabs) else { return nil }
            switch layout {
            case .stack: guard stacks.count == 1, stacks[0].name == Navigator.mainStack else { return nil }
            case .split: guard stacks.count == 1, stacks[0].name == Navigator.detailStack else { return nil }
            case .tabs: break
            }
            return Snapshot(app: app, tableVersion: tableVersion, nextID: nextID, seq: seq, layout: layout, selectedTab: selectedTab,
                            tabHistory: tabHistory ?? [], stacks: stacks, presentations: presentations, conditions: conditions ?? [],
                            split: SplitForm(compact: false, sidebarShown: false), pending: nil, locale: locale)
        }
    }

    /// A base stack's `{"entries": [...]}`.
    private static func stackEntries(_ cursor: inout JSONCursor) -> [Snapshot.Item]? {
        var items: [Snapshot.Item]?
        let read = cursor.object { cursor, key in key.is("entries") && once(&items, cursor.elements { item(&$0) }) }
        return read ? items : nil
    }

    /// A presentation's `{"stack", "style", "entries"}`.
    private static func layer(_ cursor: inout JSONCursor) -> Snapshot.Stack? {
        var name: String?
        var style: String?
        var items: [Snapshot.Item]?
        let read = cursor.object { cursor, key in
            if key.is("stack") { return once(&name, cursor.string()) }
            if key.is("style") { return once(&style, cursor.string()) }
            return key.is("entries") && once(&items, cursor.elements { item(&$0) })
        }
        guard read, let name, let style, let items else { return nil }
        return Snapshot.Stack(name: name, style: style, items: items)
    }

    /// An entry's `{"id", "name", "params", "title"}`, perhaps with a `blocker`.
    private static func item(_ cursor: inout JSONCursor) -> Snapshot.Item? {
        var id: Int?
        var name: String?
        var params: [(String, InputValue)]?
        var titled: Bool?
        var blocker: String?
        let read = cursor.object { cursor, key in
            if key.is("id") { return once(&id, cursor.int()) }
            if key.is("name") { return once(&name, cursor.string()) }
            if key.is("params") { return once(&params, cursor.flatObject()) }
            if key.is("title") { return once(&titled, cursor.skipString() ? true : nil) }
            if key.is("blocker") { return once(&blocker, cursor.string().flatMap { $0.isEmpty ? nil : $0 }) }
            return false
        }
        guard read, let id, let name, let params, titled != nil else { return nil }
        return Snapshot.Item(id: id, route: RouteRequest(name: name, params: params), blocker: blocker)
    }

    /// Stores `value` in the empty `slot`: false when it was not read, or the
    /// slot is taken (a key seen twice, which jansson refuses).
    private static func once<T>(_ slot: inout T?, _ value: T?) -> Bool {
        guard case .none = slot, let value else { return false }
        slot = value
        return true
    }
}
