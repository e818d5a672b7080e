/// A route placed on a stack, with the id the navigator issued for it, its
/// title resolved when it was created, the state the app saved for it, the
/// blocker the app set on it, and a result handed to it that the app has not
/// taken yet.
public struct Entry: Equatable, Sendable {
    /// The navigator-issued id, unique within the navigator and never reused.
    public let id: Int
    /// The checked route.
    public let route: Route
    /// The resolved title (`"Product 42"`), in the navigator's locale.
    public private(set) var title: String
    /// The app's saved state for this entry (`set_entry_state`), nil when none.
    public let state: JSONValue?
    /// Why the entry holds back any action that would remove it (`set_blocker`:
    /// an unsaved draft), nil when it does not (docs/blockers.md).
    public let blocker: String?
    /// A result a screen above handed to this one when it went away (`pop`,
    /// `back` or `dismiss` with a `result`), until the app takes it
    /// (`take_result`); nil when none (docs/blockers.md#results).
    public let result: JSONValue?

    /// Creates an entry.
    public init(id: Int, route: Route, title: String, state: JSONValue? = nil, blocker: String? = nil, result: JSONValue? = nil) {
        self.id = id
        self.route = route
        self.title = title
        self.state = state
        self.blocker = blocker
        self.result = result
    }

    /// The same entry with another saved state (nil: none).
    public func with(state: JSONValue?) -> Entry {
        Entry(id: id, route: route, title: title, state: state, blocker: blocker, result: result)
    }

    /// The same entry with another blocker (nil: none).
    public func with(blocker: String?) -> Entry {
        Entry(id: id, route: route, title: title, state: state, blocker: blocker, result: result)
    }

    /// Writes the title again, from `title` of its route (a new locale's).
    mutating func retitle(_ title: (Route) -> String) {
        self.title = title(route)
    }

    /// The same entry holding another result (nil: none).
    public func with(result: JSONValue?) -> Entry {
        Entry(id: id, route: route, title: title, state: state, blocker: blocker, result: result)
    }
}
