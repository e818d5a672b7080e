import NavCore

/// A fault planted in the engine's answers, for the tests that see each law
/// catch a violation (docs/tools.md, "navcore check"): it may change the state
/// an action left, after the action applied or failed. Internal: only a test
/// (`@testable import`) sets one.
struct Fault: Sendable {
    /// Changes `after`, the state `action` left `before` in (`failed`: it threw).
    let plant: @Sendable (_ before: Navigator, _ after: inout Navigator, _ action: Action, _ failed: Bool) -> Void
}

extension Navigator {
    /// Applies `action` alone, then lets `fault` (if any) change what it left.
    mutating func checkApply(_ action: Action, fault: Fault?) throws(NavError) {
        let before = self
        do {
            _ = try apply([action])
        } catch {
            fault?.plant(before, &self, action, true)
            throw error
        }
        fault?.plant(before, &self, action, false)
    }
}
