import NavCore

/// A fault planted in the engine's answers, for the tests that see each law
/// catch a violation (docs/tools.md, "navcore check"). Each switch left nil
/// leaves that answer alone. Internal: only a test (`@testable import`) sets one.
struct Fault: Sendable {
    /// Changes `after`, the state `action` left `before` in (`failed`: it threw).
    var plant: (@Sendable (_ before: Navigator, _ after: inout Navigator, _ action: Action, _ failed: Bool) -> Void)?
    /// Changes the view model the engine draws of a state.
    var viewModel: (@Sendable (_ model: inout ViewModel) -> Void)?
    /// Changes the state a restore gives.
    var restored: (@Sendable (_ navigator: inout Navigator) -> Void)?
    /// Changes the state a replay of an action log gives.
    var replayed: (@Sendable (_ navigator: inout Navigator) -> Void)?
    /// Changes the words the view model announces a change with, in `navigator`, the state after it.
    var announcement: (@Sendable (_ text: inout String, _ navigator: Navigator) -> Void)?

    /// A fault with the given switches.
    init(plant: (@Sendable (Navigator, inout Navigator, Action, Bool) -> Void)? = nil,
         viewModel: (@Sendable (inout ViewModel) -> Void)? = nil,
         restored: (@Sendable (inout Navigator) -> Void)? = nil,
         replayed: (@Sendable (inout Navigator) -> Void)? = nil,
         announcement: (@Sendable (inout String, Navigator) -> Void)? = nil) {
        self.plant = plant
        self.viewModel = viewModel
        self.restored = restored
        self.replayed = replayed
        self.announcement = announcement
    }
}

extension Navigator {
    /// Applies `actions` as one batch past the blocking entries in `past`,
    /// then lets `fault` (if any) change what it left (told of the batch's
    /// last action); returns the batch's transition.
    @discardableResult
    mutating func checkApply(_ actions: [Action], past: Set<Int> = [], fault: Fault?) throws(NavError) -> Transition {
        let before = self
        let transition: Transition
        do {
            transition = try apply(actions, past: past)
        } catch {
            if let last = actions.last { fault?.plant?(before, &self, last, true) }
            throw error
        }
        if let last = actions.last { fault?.plant?(before, &self, last, false) }
        return transition
    }
}
