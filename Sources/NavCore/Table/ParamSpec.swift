/// A declared route param: its type and whether it may be absent.
public struct ParamSpec: Equatable, Sendable {
    /// Whether a param must be given, may be absent, or has a default.
    public enum Presence: Equatable, Sendable {
        /// The param must be given.
        case required
        /// The param may be absent, and then is absent from the entry.
        case optional
        /// The param may be absent, and then takes this value.
        case defaulted(ParamValue)
    }

    /// The param's type.
    public let type: ParamType
    /// Whether the param must be given.
    public let presence: Presence
    /// Whether a URL value that does not convert to the type takes the default
    /// instead of failing the match (`plan=bogus` gives `monthly`). Needs a default.
    public let fallback: Bool

    /// Creates a param spec.
    public init(type: ParamType, presence: Presence = .required, fallback: Bool = false) {
        self.type = type
        self.presence = presence
        self.fallback = fallback
    }
}

extension ParamSpec {
    /// Declares a param from its parts as a table spells them: a type, an
    /// optional default (checked against the type), the `optional` flag and the
    /// `fallback` flag. Errors are `.table` and located at `default` when the
    /// default is wrong, at `fallback` when it has no default.
    ///
    /// A list param is never absent: one that is not `optional` takes the
    /// empty list when not given. It has no `default` and no `fallback`, and
    /// an optional one is absent rather than empty.
    public static func declare(type: ParamType, default input: InputValue?, optional: Bool,
                               fallback: Bool = false) throws(NavError) -> ParamSpec {
        if type.itemType != nil {
            if input != nil { throw NavError(.table, at: "default", "a list param has no default: without a value it is [] (or absent when optional)") }
            if fallback { throw NavError(.table, at: "fallback", "a list param cannot fall back: an item that does not convert fails the match") }
            return ParamSpec(type: type, presence: optional ? .optional : .defaulted(.list([])))
        }
        guard let input else {
            if fallback { throw NavError(.table, at: "fallback", "needs a \"default\" to fall back to") }
            return ParamSpec(type: type, presence: optional ? .optional : .required)
        }
        switch type.check(input) {
        case .success(let value):
            return ParamSpec(type: type, presence: .defaulted(value), fallback: fallback)
        case .failure(let error):
            throw NavError(.table, at: "default", error.detail)
        }
    }
}
