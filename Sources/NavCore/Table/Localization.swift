/// The locales of a route table (docs/locales.md): every locale tag its
/// `titles` and `announcements` give, the announcement words of each, and the
/// split views' sidebar titles in each. A table that gives none has no
/// locales, and every document it writes is as before.
public struct Localization: Equatable, Sendable {
    /// The table's locale tags, sorted: every key of a `titles` or
    /// `announcements` object.
    public let locales: [String]
    /// The announcement words each locale gives, by locale tag.
    public let announcements: [String: AnnouncementWords]
    /// The sidebar title of the table's own split view in each locale that
    /// gives it, by locale tag (a route layout's are its `NestedLayout`'s).
    public let sidebarTitles: [String: String]

    /// Whether the table gives no locale.
    public var isEmpty: Bool { locales.isEmpty }

    /// The table's locale that `tag` picks (`LocaleTag.lookup`): nil for the default.
    public func locale(for tag: String) -> String? {
        locales.isEmpty ? nil : LocaleTag.lookup(tag, among: locales)
    }

    /// The announcement words of `locale` (nil: the default, English).
    public func words(in locale: String?) -> AnnouncementWords {
        locale.flatMap { announcements[$0] } ?? .english
    }

    /// Gathers and checks the locales of a table's parts: each tag well
    /// formed, each title free of control characters, each style an
    /// announcement names declared. Errors are `.table` at the place
    /// (`routes.cart.titles.vn`, `tabs[0].titles.vi`, `announcements.vi.styles.sheeet`).
    @_optimize(size)
    init(definitions: [String: RouteDefinition], layout: LayoutDeclaration, announcements: [String: AnnouncementWords],
         styles: [String]) throws(NavError) {
        var tags: Set<String> = []
        func note(_ keys: some Sequence<String>, at location: String) throws(NavError) {
            for tag in keys.sorted() {
                if let problem = LocaleTag.problem(tag) { throw NavError(.table, at: "\(location).\(ParamType.excerpt(tag))", problem) }
                tags.insert(tag)
            }
        }
        func declared(_ layout: LayoutDeclaration, at location: String) throws(NavError) {
            switch layout {
            case .stack: break
            case .split(_, _, _, let titles):
                try note(titles.keys, at: "\(location)split.titles")
                try Localization.checkTexts(titles, at: "\(location)split.titles")
            case .tabs(let tabs):
                for (index, tab) in tabs.enumerated() {
                    try note(tab.titles.keys, at: "\(location)tabs[\(index)].titles")
                    try Localization.checkTexts(tab.titles, at: "\(location)tabs[\(index)].titles")
                }
            }
        }
        for name in definitions.keys.sorted() {
            guard let definition = definitions[name] else { continue }
            try note(definition.titles.keys, at: "routes.\(name).titles")
            if let nested = definition.layout { try declared(nested.layout, at: "routes.\(name).layout.") }
        }
        try declared(layout, at: "")
        try note(announcements.keys, at: "announcements")
        for tag in announcements.keys.sorted() {
            for style in (announcements[tag]?.styles.keys).map({ $0.sorted() }) ?? [] where !styles.contains(style) {
                throw NavError(.table, at: "announcements.\(tag).styles.\(ParamType.excerpt(style))",
                               "unknown style \"\(ParamType.excerpt(style))\"" + NameSuggestion.didYouMean(style, among: styles)
                                   + " (styles: \(styles.joined(separator: ", ")))")
            }
        }
        locales = tags.sorted()
        self.announcements = announcements
        if case .split(_, _, _, let titles) = layout { sidebarTitles = titles } else { sidebarTitles = [:] }
    }

    /// Refuses a title holding a control character, at `location.TAG`.
    @_optimize(size)
    private static func checkTexts(_ titles: [String: String], at location: String) throws(NavError) {
        for tag in titles.keys.sorted() {
            if let problem = titles[tag].flatMap(ParamType.controlCharacterProblem) {
                throw NavError(.table, at: "\(location).\(tag)", problem)
            }
        }
    }
}
