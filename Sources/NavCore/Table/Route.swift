/// One named param value of a route.
public struct Param: Equatable, Hashable, Sendable {
    /// The param's name.
    public let name: String
    /// Its checked value.
    public let value: ParamValue

    /// Creates a param.
    public init(_ name: String, _ value: ParamValue) {
        self.name = name
        self.value = value
    }
}

/// A destination, by value: a route name plus its checked params, sorted by
/// name, with defaults filled in. Only a `RouteTable` makes one.
public struct Route: Equatable, Hashable, Sendable {
    /// The route's name in the table.
    public let name: String
    /// The params, sorted by name.
    public let params: [Param]

    /// Creates a route; `params` must already be checked and sorted by name.
    init(name: String, params: [Param]) {
        self.name = name
        self.params = params
    }
}

/// A route as a caller asked for it, before it is checked against the table.
public struct RouteRequest: Equatable, Sendable {
    /// The requested route name.
    public let name: String
    /// The given params, in the order given.
    public let params: [(String, InputValue)]

    /// Creates a request.
    public init(name: String, params: [(String, InputValue)] = []) {
        self.name = name
        self.params = params
    }

    /// Two requests are equal when names and params (in order) are.
    public static func == (lhs: RouteRequest, rhs: RouteRequest) -> Bool {
        lhs.name == rhs.name && lhs.params.elementsEqual(rhs.params) { $0.0 == $1.0 && $0.1 == $1.1 }
    }
}
