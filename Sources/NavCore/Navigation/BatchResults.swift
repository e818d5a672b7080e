/// What each action of a batch did, in order. The first result is held
/// inline, so that a batch of one action (every C shortcut makes one)
/// allocates no array for it; the transition reads them as an array.
struct BatchResults {
    /// The first action's result; nil before it ran.
    private var first: ActionResult?
    /// The results of the actions after the first.
    private var rest: [ActionResult] = []

    /// No result yet.
    init() {}

    /// `results`, in order.
    init(_ results: [ActionResult]) {
        first = results.first
        rest = Array(results.dropFirst())
    }

    /// How many actions have a result.
    var count: Int {
        first == nil ? 0 : 1 + rest.count
    }

    /// Adds the result of the next action.
    mutating func append(_ result: ActionResult) {
        if first == nil {
            first = result
        } else {
            rest.append(result)
        }
    }

    /// Every result, in order.
    var array: [ActionResult] {
        guard let first else { return [] }
        return [first] + rest
    }
}
