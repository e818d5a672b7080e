extension Action {
    /// The action of `op` whose fields hold `values`, as a codec read them
    /// (`ActionOp.fields`), taken in the order of the fields, which is the
    /// order of the case's values. The one rule no field states on its own is
    /// here: `pop_to` takes exactly one of `id` and `name`, an `.action` error
    /// at the action otherwise.
    public init(_ op: ActionOp, _ values: consuming ActionValues) throws(NavError) {
        var v = values
        switch op {
        case .push: self = .push(try v.next(), tab: try v.next(), policy: try v.next(), stack: try v.next())
        case .pop: self = .pop(count: try v.next(), tab: try v.next(), result: try v.next(), stack: try v.next())
        case .popTo:
            switch (try v.next() as Int?, try v.next() as String?) {
            case (let id?, nil): self = .popTo(.id(id), inclusive: try v.next(), tab: try v.next(), stack: try v.next())
            case (nil, let name?): self = .popTo(.name(name), inclusive: try v.next(), tab: try v.next(), stack: try v.next())
            case (.some, .some): throw NavError(.action, at: v.path, "give either \"id\" or \"name\", not both")
            case (nil, nil): throw NavError(.action, at: v.path, "missing \"id\" or \"name\"")
            }
        case .popToRoot: self = .popToRoot(tab: try v.next(), stack: try v.next())
        case .replace: self = .replace(try v.next(), tab: try v.next(), stack: try v.next())
        case .setStack: self = .setStack(try v.next(), tab: try v.next(), stack: try v.next())
        case .selectTab: self = .selectTab(try v.next(), stack: try v.next())
        case .resetTab: self = .resetTab(try v.next(), stack: try v.next())
        case .resetAll: self = .resetAll
        case .present: self = .present(try v.next(), style: try v.next(), policy: try v.next(), stack: try v.next())
        case .dismiss: self = .dismiss(all: try v.next(), result: try v.next(), stack: try v.next())
        case .back: self = .back(result: try v.next())
        case .select: self = .select(try v.next(), stack: try v.next())
        case .openURL: self = .openURL(try v.next(), mode: try v.next(), dismiss: (try v.next() as Bool?) ?? false)
        case .setEntryState: self = .setEntryState(id: try v.next(), state: try v.next())
        case .setCondition: self = .setCondition(name: try v.next(), value: try v.next())
        case .setCompact: self = .setCompact(try v.next(), stack: try v.next())
        case .setBlocker: self = .setBlocker(id: try v.next(), reason: try v.next())
        case .takeResult: self = .takeResult(id: try v.next())
        case .setLocale: self = .setLocale(try v.next())
        }
    }

    /// The values of the action's fields, one per field of `op.fields` in
    /// the same order, as a codec writes them: `Action(op, values)` of these
    /// is this action again. Each case gives its values in its own order.
    public var fieldValues: [ActionValue] {
        switch self {
        case .push(let request, let tab, let policy, let stack): return [request.actionValue, tab.actionValue, policy.actionValue, stack.actionValue]
        case .pop(let count, let tab, let result, let stack): return [count.actionValue, tab.actionValue, result.actionValue, stack.actionValue]
        case .popTo(let target, let inclusive, let tab, let stack):
            switch target {
            case .id(let id): return [id.actionValue, .nothing, inclusive.actionValue, tab.actionValue, stack.actionValue]
            case .name(let name): return [.nothing, name.actionValue, inclusive.actionValue, tab.actionValue, stack.actionValue]
            }
        case .popToRoot(let tab, let stack), .resetTab(let tab, let stack): return [tab.actionValue, stack.actionValue]
        case .replace(let request, let tab, let stack): return [request.actionValue, tab.actionValue, stack.actionValue]
        case .setStack(let requests, let tab, let stack): return [requests.actionValue, tab.actionValue, stack.actionValue]
        case .selectTab(let tab, let stack): return [tab.actionValue, stack.actionValue]
        case .resetAll: return []
        case .present(let request, let style, let policy, let stack): return [request.actionValue, style.actionValue, policy.actionValue, stack.actionValue]
        case .dismiss(let all, let result, let stack): return [all.actionValue, result.actionValue, stack.actionValue]
        case .back(let result): return [result.actionValue]
        case .select(let request, let stack): return [request.actionValue, stack.actionValue]
        case .openURL(let url, let mode, let dismiss): return [url.actionValue, mode.actionValue, dismiss ? true.actionValue : .nothing]
        case .setEntryState(let id, let state): return [id.actionValue, state.actionValue]
        case .setCondition(let name, let value): return [name.actionValue, value.actionValue]
        case .setCompact(let compact, let stack): return [compact.actionValue, stack.actionValue]
        case .setBlocker(let id, let reason): return [id.actionValue, reason.actionValue]
        case .takeResult(let id): return [id.actionValue]
        case .setLocale(let tag): return [tag.actionValue]
        }
    }
}
