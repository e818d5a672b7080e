/// The value of one field of an action (`ActionField`), as a codec reads it
/// and as `Action.fieldValues` gives it.
public enum ActionValue: Equatable, Sendable {
    /// No value: an optional field left out, or a null that means none.
    case nothing
    /// A route.
    case route(RouteRequest)
    /// Routes, in order.
    case routes([RouteRequest])
    /// An integer.
    case int(Int)
    /// `true` or `false`.
    case bool(Bool)
    /// A string: a tab, a route or condition name, a URL, a style, a reason,
    /// or the raw value of an `ActionName` case.
    case string(String)
    /// Any JSON value.
    case json(JSONValue)
}

/// A Swift value that an action field value stands for: what an `Action`
/// case holds in its place (`RouteRequest`, `Int`, `String?`, `PushPolicy?`, ...).
public protocol ActionFieldValue {
    /// The value `actionValue` stands for; nil when it is of another kind.
    init?(actionValue: ActionValue)
    /// The field value standing for this value.
    var actionValue: ActionValue { get }
}

extension RouteRequest: ActionFieldValue {
    /// The route of a `.route` value.
    public init?(actionValue: ActionValue) {
        guard case .route(let request) = actionValue else { return nil }
        self = request
    }

    /// `.route(self)`.
    public var actionValue: ActionValue { .route(self) }
}

extension Array: ActionFieldValue where Element == RouteRequest {
    /// The routes of a `.routes` value.
    public init?(actionValue: ActionValue) {
        guard case .routes(let requests) = actionValue else { return nil }
        self = requests
    }

    /// `.routes(self)`.
    public var actionValue: ActionValue { .routes(self) }
}

extension Int: ActionFieldValue {
    /// The integer of an `.int` value.
    public init?(actionValue: ActionValue) {
        guard case .int(let number) = actionValue else { return nil }
        self = number
    }

    /// `.int(self)`.
    public var actionValue: ActionValue { .int(self) }
}

extension Bool: ActionFieldValue {
    /// The flag of a `.bool` value.
    public init?(actionValue: ActionValue) {
        guard case .bool(let flag) = actionValue else { return nil }
        self = flag
    }

    /// `.bool(self)`.
    public var actionValue: ActionValue { .bool(self) }
}

extension String: ActionFieldValue {
    /// The text of a `.string` value.
    public init?(actionValue: ActionValue) {
        guard case .string(let text) = actionValue else { return nil }
        self = text
    }

    /// `.string(self)`.
    public var actionValue: ActionValue { .string(self) }
}

extension JSONValue: ActionFieldValue {
    /// The JSON of a `.json` value.
    public init?(actionValue: ActionValue) {
        guard case .json(let value) = actionValue else { return nil }
        self = value
    }

    /// `.json(self)`.
    public var actionValue: ActionValue { .json(self) }
}

extension Optional: ActionFieldValue where Wrapped: ActionFieldValue {
    /// nil for `.nothing`, else the wrapped value `actionValue` stands for.
    public init?(actionValue: ActionValue) {
        if case .nothing = actionValue {
            self = .none
            return
        }
        guard let wrapped = Wrapped(actionValue: actionValue) else { return nil }
        self = .some(wrapped)
    }

    /// `.nothing` for nil, else the wrapped value's.
    public var actionValue: ActionValue { self?.actionValue ?? .nothing }
}

/// The values a codec read for the fields of one action, one per field of
/// its op by position in `ActionOp.fields`. The op's unit (`ActionUnit.init(_:)`)
/// takes them in that order, each as the type it holds there. Held
/// inline, not in an array, so that decoding an action allocates nothing
/// for them.
public struct ActionValues {
    /// Most fields an op may have (`pop_to` has five); a test holds every op to it.
    public static let capacity = 5
    /// The values by position; `.nothing` where none was set.
    private var slots: (ActionValue, ActionValue, ActionValue, ActionValue, ActionValue) = (.nothing, .nothing, .nothing, .nothing, .nothing)
    /// How many values `next()` has taken.
    private var taken = 0
    /// Where the action is (`actions[0]`).
    public let path: String

    /// No values yet, for the action at `path`.
    public init(at path: String) {
        self.path = path
    }

    /// The value of the field at `index` (`.nothing` past the capacity, where
    /// setting one does nothing either).
    public subscript(index: Int) -> ActionValue {
        get {
            switch index {
            case 0: return slots.0
            case 1: return slots.1
            case 2: return slots.2
            case 3: return slots.3
            case 4: return slots.4
            default: return .nothing
            }
        }
        set {
            switch index {
            case 0: slots.0 = newValue
            case 1: slots.1 = newValue
            case 2: slots.2 = newValue
            case 3: slots.3 = newValue
            case 4: slots.4 = newValue
            default: break
            }
        }
    }

    /// The value of the next field, in the order of the op's fields, as a `T`.
    /// A value of another kind is an `.action` error at the action: the fields
    /// and the unit's `init(_:)` disagree, which the round-trip tests of every
    /// op rule out.
    public mutating func next<T: ActionFieldValue>() throws(NavError) -> T {
        let index = taken
        taken += 1
        guard let value = T(actionValue: take(index)) else {
            throw NavError(.action, at: path, "field \(index) holds no value of its kind")
        }
        return value
    }

    /// The value at `index`, moved out (`.nothing` is left), so that taking
    /// it copies nothing.
    private mutating func take(_ index: Int) -> ActionValue {
        var value = ActionValue.nothing
        switch index {
        case 0: swap(&value, &slots.0)
        case 1: swap(&value, &slots.1)
        case 2: swap(&value, &slots.2)
        case 3: swap(&value, &slots.3)
        case 4: swap(&value, &slots.4)
        default: break
        }
        return value
    }
}
