/// Results between screens (docs/blockers.md#results): a screen that goes
/// away (`pop`, `back`, `dismiss` with a `result`) hands a JSON value to the
/// screen it reveals, which holds it until the app takes it (`take_result`).
extension Navigator {
    /// Runs `body` (a pop, a back or a dismiss); when `value` is given, hands
    /// it from the screen shown before (the top of `ref`, or the active one
    /// for nil) to the one shown after. `.action` at `result` for a value over
    /// the saved-state limits, or when no screen receives it (nothing went
    /// away: a layer held Back, Back changed tabs or showed the sidebar).
    /// `.null`, like nil, hands nothing.
    mutating func handing(_ value: JSONValue?, on ref: StackRef?, _ batch: Batch,
                          _ body: (inout Navigator) throws(NavError) -> ActionResult) throws(NavError) -> ActionResult {
        guard let value, value != .null else { return try body(&self) }
        if let problem = value.limitViolation { throw NavError(.action, at: "result", "the result is \(problem)") }
        let from = read(ref ?? activeRef) { $0.top }
        let result = try body(&self)
        let receiverless: Set<ActionResult> = [.unchanged, .nothing, .previousTab, .heldByPresentation, .toSidebar]
        guard !receiverless.contains(result) else {
            let why: [ActionResult: String] = [.previousTab: "Back returned to another tab", .toSidebar: "Back showed the sidebar"]
            throw NavError(.action, at: "result", "no screen receives the result: \(why[result] ?? "no screen went away")")
        }
        let receiver = read(ref ?? activeRef) { $0.top }
        try replaceEntry(id: receiver.id, batch) { $0.with(result: value) }
        batch.handed.append(HandedInBatch(result: HandedResult(from: from.id, to: receiver.id, value: value), action: batch.results.count, receiver: receiver))
        return result
    }

    /// Refuses a batch that removed a screen it handed a result to, since
    /// nothing receives that result: `.action` at the `result` of the action
    /// that handed it. Searches only when the batch handed results.
    func checkReceivers(_ batch: Batch) throws(NavError) {
        for handing in batch.handed where entry(withID: handing.result.to) == nil {
            let receiver = "entry \(handing.receiver.id) (\"\(handing.receiver.title)\")"
            throw NavError(.action, at: "result", "no screen receives the result: \(receiver) received it, but a later action of the batch removed it")
                .under("actions[\(handing.action)]")
        }
    }

    /// `take_result`: clears the result entry `id` holds (`resultTaken`).
    /// Like saved state, it changes no stack. `.noEntry` at `id` when no stack
    /// holds it or it holds no result.
    mutating func takeResult(id: Int, _ batch: Batch) throws(NavError) -> ActionResult {
        var held = false
        try replaceEntry(id: id, batch) { entry in
            held = entry.result != nil
            return entry.with(result: nil)
        }
        guard held else { throw NavError(.noEntry, at: "id", "entry \(id) holds no result") }
        return .resultTaken
    }
}

/// A result handed from a screen that went away to the one it revealed.
public struct HandedResult: Equatable, Sendable {
    /// The id of the screen that went away.
    public let from: Int
    /// The id of the screen that holds the result now.
    public let to: Int
    /// The result.
    public let value: JSONValue
}

/// A result handed during a batch, with the index of the action that handed
/// it and its receiver as it was then (to name it once it is gone).
struct HandedInBatch {
    /// The result.
    let result: HandedResult
    /// The index in the batch of the action that handed it.
    let action: Int
    /// The entry that received it.
    let receiver: Entry
}
