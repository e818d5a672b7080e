/// How an action's `stack` addresses a stack of the tree (docs/json.md,
/// docs/structure.md "Nesting"): by its name, or as the stack that holds an
/// entry.
public enum StackAddress: Equatable, Sendable, ActionFieldValue {
    /// By its name (`main`, `library/detail`, `layer:7/privacy`).
    case name(String)
    /// As the stack that holds the entry with this id.
    case entry(Int)

    /// A name for a `.string` value, an entry for an `.int` one.
    public init?(actionValue: ActionValue) {
        switch actionValue {
        case .string(let name): self = .name(name)
        case .int(let id): self = .entry(id)
        default: return nil
        }
    }

    /// `.string` for a name, `.int` for an entry.
    public var actionValue: ActionValue {
        switch self {
        case .name(let name): return .string(name)
        case .entry(let id): return .int(id)
        }
    }
}
