/// One field of an action object besides `op` (docs/json.md): its key, the
/// kind of value it holds, and whether it must be given. `ActionOp.fields`
/// declares each op's; a codec reads and writes every field by its kind alone.
public struct ActionField: Sendable {
    /// What a field holds.
    public enum Kind: Sendable {
        /// A route (`{"name": ..., "params": {...}}`).
        case route
        /// An array of routes.
        case routes
        /// The name of the tab whose stack the action changes. A decoder reads
        /// it first, before the other fields (`Presence`).
        case tab
        /// A stack of the tree (`StackAddress`): its name, a string, or the id
        /// of an entry it holds, an integer. Read first, with the tab.
        case stack
        /// An integer.
        case int
        /// `true` or `false`.
        case bool
        /// A string.
        case string
        /// The name of a case of a string-valued enum (a push or present
        /// policy, an open mode); any other string is refused with the names.
        case name(Names)
        /// Any JSON value; null is none.
        case json
        /// A string, or null for none.
        case stringOrNull
    }

    /// The enums whose cases a `.name` field names. A plain enum, not the
    /// enum's type itself, so that `ActionOp.fields` stays a constant the
    /// optimiser emits as a static object (a metatype would make it allocate
    /// on every decoded action).
    public enum Names: Sendable, CaseIterable {
        /// `PushPolicy`.
        case pushPolicy
        /// `PresentPolicy`.
        case presentPolicy
        /// `OpenMode`.
        case openMode

        /// The enum.
        public var type: any ActionName.Type {
            switch self {
            case .pushPolicy: return PushPolicy.self
            case .presentPolicy: return PresentPolicy.self
            case .openMode: return OpenMode.self
            }
        }
    }

    /// Whether a field must be given, and what its absence means.
    public enum Presence: Sendable, Equatable {
        /// Absent is an error (`missing`). A null of a kind that allows it is given: none.
        case required
        /// Absent is none.
        case optional
        /// Absent is this value. A decoder reads such fields right after the
        /// tab, before the others, so that an object with several wrong fields
        /// is refused for the same one as ever.
        case defaulted(ActionValue)
    }

    /// The field's key in the action object (`route`).
    public let key: String
    /// What it holds.
    public let kind: Kind
    /// Whether it must be given.
    public let presence: Presence

    /// A field that must be given.
    public static func required(_ key: String, _ kind: Kind) -> ActionField {
        ActionField(key: key, kind: kind, presence: .required)
    }

    /// A field that may be left out: none.
    public static func optional(_ key: String, _ kind: Kind) -> ActionField {
        ActionField(key: key, kind: kind, presence: .optional)
    }

    /// A field that may be left out: `value`.
    public static func defaulted(_ key: String, _ kind: Kind, _ value: ActionValue) -> ActionField {
        ActionField(key: key, kind: kind, presence: .defaulted(value))
    }
}

/// A string-valued enum whose cases an action field names (`ActionField.Kind.name`).
public protocol ActionName: RawRepresentable<String>, CaseIterable, Sendable, ActionFieldValue {}

extension ActionName {
    /// The case a `.string` value names; nil for anything else.
    public init?(actionValue value: ActionValue) {
        guard case .string(let name) = value else { return nil }
        self.init(rawValue: name)
    }

    /// The value naming this case.
    public var actionValue: ActionValue { .string(rawValue) }
}

extension PushPolicy: ActionName {}
extension PresentPolicy: ActionName {}
extension OpenMode: ActionName {}
