/// The navigator's locale (docs/locales.md): the tag it was given at its
/// creation or by `set_locale`, and the table's locale that tag picks, in
/// which every entry's title is written. Navigation state like any other:
/// logged, replayed and kept in snapshots; it touches no stack.
extension Navigator {
    /// The locale tag the navigator was given, nil until it is given one:
    /// the table's default.
    public var locale: String? { globals.locale }

    /// The table's locale that `locale` picks, which every title is in; nil
    /// for the table's default.
    public var titleLocale: String? { globals.localeChoice?.picked }

    /// A navigator at its start in `locale` (nil: the table's default).
    /// A malformed tag is `.invalidArgument` at `locale`.
    public init(table: RouteTable, locale: String?) throws(NavError) {
        self.init(table: table)
        guard let locale else { return }
        if let problem = LocaleTag.problem(locale) { throw NavError(.invalidArgument, at: "locale", problem) }
        take(locale: locale)
    }

    /// `set_locale`: `localeSet`, or `unchanged` when the navigator has this
    /// tag already (without regard to case). A malformed tag is `.action` at `locale`.
    mutating func setLocale(_ tag: String, _ batch: Batch) throws(NavError) -> ActionResult {
        if let problem = LocaleTag.problem(tag) { throw NavError(.action, at: "locale", problem) }
        if let locale, LocaleTag.same(locale, tag) { return .unchanged }
        take(locale: tag)
        return .localeSet
    }

    /// Takes `tag` (nil: none, the table's default) as the navigator's locale
    /// and titles every entry in the table's locale it picks, when that
    /// differs from the one the titles are in.
    mutating func take(locale tag: String?) {
        let picked = tag.flatMap { table.localization.locale(for: $0) }
        let retitling = picked != titleLocale
        takeLocaleChoice(tag.map { LocaleChoice(tag: $0, picked: picked) })
        if retitling { retitle() }
    }

    /// The title of a route in the navigator's locale.
    @inline(__always)
    func title(for route: Route, definition: RouteDefinition? = nil) -> String {
        if let definition { return definition.title(for: route, in: titleLocale) }
        return table.title(for: route, in: titleLocale)
    }

    /// Writes every entry's title again in `titleLocale`: the stacks of
    /// every container (the root's are the base stacks), the presentations
    /// and the presentations over single stacks. Ids, routes and everything
    /// else stay.
    private mutating func retitle() {
        let (table, locale) = (self.table, titleLocale)
        retitleEntries { table.title(for: $0, in: locale) }
    }

    /// The title of a tab in the navigator's locale.
    func title(of tab: Tab) -> String {
        tab.title(in: titleLocale)
    }

    /// The announcement words in the navigator's locale.
    var announcementWords: AnnouncementWords {
        table.localization.words(in: titleLocale)
    }
}

/// A navigator's locale: the tag it was given and the table's locale that
/// tag picks (nil: the table's default). Immutable, shared by the copies of
/// a navigator.
final class LocaleChoice: Equatable, Sendable {
    /// The tag as given (`vi-VN`).
    let tag: String
    /// The table's locale it picks (`vi`), nil for the default.
    let picked: String?

    /// The choice of `tag`, which picks `picked`.
    init(tag: String, picked: String?) {
        self.tag = tag
        self.picked = picked
    }

    /// Two choices are equal when their tag and pick are.
    static func == (lhs: LocaleChoice, rhs: LocaleChoice) -> Bool {
        lhs === rhs || (lhs.tag == rhs.tag && lhs.picked == rhs.picked)
    }
}
