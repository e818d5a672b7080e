/// A route placed on a stack, with the id the navigator issued for it and its
/// title resolved when it was created.
public struct Entry: Equatable, Sendable {
    /// The navigator-issued id, unique within the navigator and never reused.
    public let id: Int
    /// The checked route.
    public let route: Route
    /// The resolved title (`"Product 42"`).
    public let title: String

    /// Creates an entry.
    public init(id: Int, route: Route, title: String) {
        self.id = id
        self.route = route
        self.title = title
    }
}
