/// The translations a table leaves out (docs/locales.md): what the table
/// report lists under `locales`, and `navcore lint` warns of.
extension TableReport {
    /// One locale of the table and the places that lack it: what shows in
    /// the default locale (or in English, for the announcement) instead.
    public struct MissingTranslations: Equatable, Sendable {
        /// The locale tag.
        public let locale: String
        /// The places, each the key that would give the translation:
        /// `routes.cart.titles`, `tabs[0].titles`, `split.titles`,
        /// `routes.settings.layout.tabs[1].titles`, `announcements.tab`,
        /// `announcements.styles.sheet`.
        public let missing: [String]
    }

    /// Each of the table's locales with what lacks it, in locale order;
    /// empty for a table without locales.
    @_optimize(size)
    public var missingTranslations: [MissingTranslations] {
        let localization = table.localization
        return localization.locales.map { locale in
            var missing: [String] = []
            for name in routeNames {
                guard let definition = table.definitions[name], TableReport.needsTranslation(definition) else { continue }
                if definition.titles[locale] == nil { missing.append("routes.\(name).titles") }
            }
            func layoutPlaces(_ layout: Layout, sidebarTitles: [String: String], at prefix: String) {
                switch layout {
                case .stack: break
                case .split(_, _, let title):
                    if title != nil, sidebarTitles[locale] == nil { missing.append("\(prefix)split.titles") }
                case .tabs(let tabs):
                    for (index, tab) in tabs.enumerated() where tab.declaresTitle && tab.titles[locale] == nil {
                        missing.append("\(prefix)tabs[\(index)].titles")
                    }
                }
            }
            layoutPlaces(table.layout, sidebarTitles: localization.sidebarTitles, at: "")
            for name in table.layouts.keys.sorted() {
                guard let nested = table.layouts[name] else { continue }
                layoutPlaces(nested.layout, sidebarTitles: nested.sidebarTitles, at: "routes.\(name).layout.")
            }
            let words = localization.announcements[locale]
            // The plain form, "{title}", says only the title in every language.
            for form in AnnouncementWords.Form.allCases where form != .screen && words?.templates[form] == nil {
                missing.append("announcements.\(form.rawValue)")
            }
            for style in table.styles where words?.styles[style] == nil {
                missing.append("announcements.styles.\(style)")
            }
            return MissingTranslations(locale: locale, missing: missing)
        }
    }

    /// Whether a route's title has words to translate: it gives titles in
    /// some locale, or its default title has text besides placeholders
    /// (`"{slug}"` reads the same in every language, as does a route's name
    /// without a title).
    private static func needsTranslation(_ definition: RouteDefinition) -> Bool {
        guard definition.titles.isEmpty else { return true }
        return definition.title?.parts.contains { if case .literal = $0 { return true } else { return false } } ?? false
    }
}
