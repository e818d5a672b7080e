/// The `op` of an action (docs/json.md): its raw value is the JSON spelling.
///
/// This is the one table of the action vocabulary. Each op's entry here, its
/// name and its `fields` (key, kind, required or default), drives decoding,
/// which refuses any other key with the op's `keys` and a "did you mean", and
/// encoding, for logs: a codec reads and writes each field by its kind alone,
/// with one reader and one writer per kind, so no codec names an op's fields.
/// Between the fields and an `Action` stand two switches of the core,
/// `Action(_:_:)` (field values to the action, with the one rule no field
/// states: `pop_to` takes either `id` or `name`) and `Action.fieldValues`
/// (back); with `Action.op` and the performer (`Navigator.perform`) they
/// switch over this enum or over `Action` exhaustively, with no default, so
/// the compiler refuses an op added here and left out of any of them. Adding
/// an op is its entry here, its `Action` case, those four cases and its
/// semantics. The two switches stay because Swift cannot build an enum case
/// from a list of values or take one apart generically; each is one line per
/// op that only passes values through, in the order of the fields, and the
/// round-trip tests of every op catch one that disagrees with the fields.
/// The action schema (docs/schema/action.schema.json) is checked against the
/// fields, their kinds and which are required, by a test.
public enum ActionOp: String, Equatable, Sendable, CaseIterable {
    /// `push`: adds an entry.
    case push
    /// `pop`: removes entries.
    case pop
    /// `pop_to`: pops to an entry.
    case popTo = "pop_to"
    /// `pop_to_root`: pops to the root.
    case popToRoot = "pop_to_root"
    /// `replace`: swaps the top entry.
    case replace
    /// `set_stack`: sets the path.
    case setStack = "set_stack"
    /// `select_tab`: selects a tab.
    case selectTab = "select_tab"
    /// `reset_tab`: pops a tab to its root.
    case resetTab = "reset_tab"
    /// `reset_all`: everything back to its start.
    case resetAll = "reset_all"
    /// `present`: presents a route on a new layer.
    case present
    /// `dismiss`: removes layers.
    case dismiss
    /// `back`: the Back button.
    case back
    /// `select`: the split view's sidebar selection.
    case select
    /// `open_url`: places a link's routes.
    case openURL = "open_url"
    /// `set_entry_state`: attaches saved state to an entry.
    case setEntryState = "set_entry_state"
    /// `set_condition`: sets a condition the host owns.
    case setCondition = "set_condition"
    /// `set_compact`: collapses or expands a split view.
    case setCompact = "set_compact"
    /// `set_blocker`: marks an entry as holding back its removal, or clears the mark.
    case setBlocker = "set_blocker"
    /// `take_result`: takes the result an entry holds.
    case takeResult = "take_result"
    /// `set_locale`: sets the locale titles and announcements are in.
    case setLocale = "set_locale"

    /// The fields of an action object of this op besides `op`, in the order
    /// that the schema and an unknown key's error list them and that a codec
    /// writes them: each with its key, its kind and whether it must be given.
    /// Constant literals: reading them allocates nothing on the decoding path.
    public var fields: [ActionField] {
        switch self {
        case .push:
            return [.required("route", .route), .optional("tab", .tab), .optional("policy", .name(.pushPolicy)), .optional("stack", .stack)]
        case .pop: return [.defaulted("count", .int, .int(1)), .optional("tab", .tab), .optional("result", .json), .optional("stack", .stack)]
        case .popTo:
            return [.optional("id", .int), .optional("name", .string), .defaulted("inclusive", .bool, .bool(false)),
                    .optional("tab", .tab), .optional("stack", .stack)]
        case .popToRoot: return [.optional("tab", .tab), .optional("stack", .stack)]
        case .replace: return [.required("route", .route), .optional("tab", .tab), .optional("stack", .stack)]
        case .setStack: return [.required("routes", .routes), .optional("tab", .tab), .optional("stack", .stack)]
        case .selectTab: return [.required("tab", .tab), .optional("stack", .stack)]
        case .resetTab: return [.optional("tab", .tab), .optional("stack", .stack)]
        case .resetAll: return []
        case .present:
            return [.required("route", .route), .optional("style", .string), .optional("policy", .name(.presentPolicy)),
                    .optional("stack", .stack)]
        case .dismiss: return [.defaulted("all", .bool, .bool(false)), .optional("result", .json), .optional("stack", .stack)]
        case .back: return [.optional("result", .json)]
        case .select: return [.required("route", .route), .optional("stack", .stack)]
        case .openURL: return [.required("url", .string), .optional("mode", .name(.openMode)), .optional("dismiss", .bool)]
        case .setEntryState: return [.required("id", .int), .required("state", .json)]
        case .setCondition: return [.required("name", .string), .required("value", .bool)]
        case .setCompact: return [.required("value", .bool), .optional("stack", .stack)]
        case .setBlocker: return [.required("id", .int), .required("reason", .stringOrNull)]
        case .takeResult: return [.required("id", .int)]
        case .setLocale: return [.required("locale", .string)]
        }
    }

    /// The keys an action object of this op may hold: `op`, then its fields'
    /// keys, in the order an unknown key's error lists them
    /// (`unknown key "rout" (allowed: op, route, tab, policy)`).
    public var keys: [String] {
        ["op"] + fields.map(\.key)
    }
}
