/// A redirect as the route table declares it (docs/conditions.md, "Redirects
/// and guards"): a route named `from` that is about to be placed while every
/// condition of `when` has its value goes to `to` instead.
public struct RedirectDeclaration: Equatable, Sendable {
    /// The route name the redirect applies to.
    public let from: String
    /// Condition name -> the value it must have; empty: always.
    public let when: [(name: String, value: Bool)]
    /// The route placed instead, with fixed params.
    public let to: RouteRequest

    /// Declares a redirect.
    public init(from: String, when: [(name: String, value: Bool)] = [], to: RouteRequest) {
        self.from = from
        self.when = when
        self.to = to
    }

    /// Declarations are equal when every field is.
    public static func == (lhs: RedirectDeclaration, rhs: RedirectDeclaration) -> Bool {
        lhs.from == rhs.from && lhs.to == rhs.to
            && lhs.when.map(\.name) == rhs.when.map(\.name) && lhs.when.map(\.value) == rhs.when.map(\.value)
    }
}

/// A checked redirect: its conditions by index, its target a checked route.
public struct Redirect: Equatable, Sendable {
    /// Its place in the table's `redirects`.
    public let index: Int
    /// The route name it applies to.
    public let from: String
    /// Condition index -> the value it must have.
    public let when: [Int: Bool]
    /// The route placed instead.
    public let to: Route

    /// Whether it fires with the conditions' `values`.
    func fires(with values: [Bool]) -> Bool {
        when.allSatisfy { values[$0.key] == $0.value }
    }
}

/// One redirect that happened in a batch, as its transition lists it.
public struct RedirectStep: Equatable, Sendable {
    /// The route name that was about to be placed.
    public let from: String
    /// The route name placed instead.
    public let to: String
}

/// The table's redirects, by the route name they apply to, and how many may
/// follow one another (`redirect_limit`).
public struct Redirects: Equatable, Sendable {
    /// The default of `redirect_limit`.
    public static let defaultLimit = 5
    /// The largest `redirect_limit` (`NAVCORE_MAX_REDIRECT_LIMIT`).
    public static let maxLimit = Limits.maxRedirectLimit

    /// The redirects of each route name, in table order.
    let byName: [String: [Redirect]]
    /// How many redirects one route may go through.
    public let limit: Int

    /// Whether the table declares no redirect.
    public var isEmpty: Bool { byName.isEmpty }

    /// Every redirect, in table order.
    public var all: [Redirect] { byName.values.flatMap { $0 }.sorted { $0.index < $1.index } }

    /// The first redirect of `name`, in table order, that fires with `values`.
    func firing(from name: String, with values: [Bool]) -> Redirect? {
        byName[name]?.first { $0.fires(with: values) }
    }
}
