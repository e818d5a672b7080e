/// The words of the view model's announcement in one locale (docs/locales.md):
/// a template for each of its forms, with the `{placeholder}` syntax of
/// titles, and the word for each presentation style. English is built in; a
/// table gives other locales' under `"announcements"`, and a form or style a
/// locale leaves out is said in English.
public struct AnnouncementWords: Equatable, Sendable {
    /// One form of the announcement, by its key in the table.
    public enum Form: String, Equatable, Sendable, CaseIterable {
        /// A plain change: the new screen (`"{title}"`).
        case screen
        /// A presentation the active stack is on (`"{title}, {style}"`: "Sign in, sheet").
        case presented
        /// Another tab, showing its root (`"{tab} tab"`: "Cart tab").
        case tab
        /// Another tab, showing another screen (`"{tab} tab, {title}"`: "Store tab, Home").
        case tabScreen = "tab_screen"
        /// A dismissal that shows no new screen (`"closed {title}"`: "closed Settings").
        case closed

        /// The placeholders the form's template may show.
        public var placeholders: [String] {
            switch self {
            case .screen, .closed: return ["title"]
            case .presented: return ["title", "style"]
            case .tab: return ["tab"]
            case .tabScreen: return ["tab", "title"]
            }
        }

        /// The built-in English template's text.
        public var english: String {
            switch self {
            case .screen: return "{title}"
            case .presented: return "{title}, {style}"
            case .tab: return "{tab} tab"
            case .tabScreen: return "{tab} tab, {title}"
            case .closed: return "closed {title}"
            }
        }
    }

    /// The templates given, by form; a form left out is said in English.
    public let templates: [Form: TitleTemplate]
    /// The word for each presentation style given, by style name; a style
    /// left out is said by its name.
    public let styles: [String: String]

    /// Words of these templates and style words. Fails (`.table`, located
    /// at the form's key) when a template shows a placeholder its form does
    /// not take.
    public init(templates: [Form: TitleTemplate], styles: [String: String] = [:]) throws(NavError) {
        for (form, template) in templates {
            for name in template.paramNames where !form.placeholders.contains(name) {
                throw NavError(.table, at: form.rawValue,
                               "unknown placeholder \"{\(name)}\" (the \(form.rawValue) form shows: "
                                   + form.placeholders.map { "{\($0)}" }.joined(separator: ", ") + ")")
            }
        }
        self.templates = templates
        self.styles = styles
    }

    /// The built-in English words.
    public static let english = AnnouncementWords(english: ())

    private init(english: Void) {
        var templates: [Form: TitleTemplate] = [:]
        for form in Form.allCases {
            // The built-in texts are well formed: parsing them cannot fail.
            if case .success(let template) = TitleTemplate.parse(form.english) { templates[form] = template }
        }
        self.templates = templates
        styles = [:]
    }

    /// The announcement of `form` with these values (`title`, `style`, `tab`).
    func say(_ form: Form, title: String = "", style: String? = nil, tab: String = "") -> String {
        let template = templates[form] ?? AnnouncementWords.english.templates[form]
        let style = style.map { styles[$0] ?? $0 } ?? ""
        return template?.render([Param("style", .string(style)), Param("tab", .string(tab)), Param("title", .string(title))]) ?? title
    }
}
