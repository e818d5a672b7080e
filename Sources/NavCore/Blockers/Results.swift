/// Results between screens (docs/blockers.md#results): a screen that goes
/// away (`pop`, `back`, `dismiss` with a `result`) hands a JSON value to the
/// screen it reveals, which holds it until the app takes it (`take_result`).
extension Navigator {
    /// Runs `body` (a pop, a back or a dismiss); when `value` is given, hands
    /// it from the screen shown before (the top of `ref`, or the active one
    /// for nil) to the one shown after. `.action` at `result` for a value over
    /// the saved-state limits, or when no screen receives it (nothing went
    /// away, or Back changed tabs). `.null`, like nil, hands nothing.
    mutating func handing(_ value: JSONValue?, on ref: StackRef?, _ batch: Batch,
                          _ body: (inout Navigator) throws(NavError) -> ActionResult) throws(NavError) -> ActionResult {
        guard let value, value != .null else { return try body(&self) }
        if let problem = value.limitViolation { throw NavError(.action, at: "result", "the result is \(problem)") }
        let from = ref.map { read($0) { $0.top } } ?? activeStack.top
        let result = try body(&self)
        guard result != .unchanged, result != .nothing, result != .previousTab else {
            throw NavError(.action, at: "result", "no screen receives the result: \(result == .previousTab ? "Back returned to another tab" : "no screen went away")")
        }
        let receiver = ref.map { read($0) { $0.top } } ?? activeStack.top
        try replaceEntry(id: receiver.id, batch) { $0.with(result: value) }
        batch.handed.append(HandedResult(from: from.id, to: receiver.id, value: value))
        return result
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
