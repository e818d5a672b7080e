/// How a route is presented when the top layer already shows it
/// (docs/structure.md): a double tap on a button that opens a sheet.
public enum PresentPolicy: String, Equatable, Sendable, CaseIterable {
    /// Always present a new layer.
    case allow
    /// No new layer when the top layer's root is an equal route (same name
    /// and params after defaults): the present is `absorbed`.
    case singleTop = "single_top"
}
