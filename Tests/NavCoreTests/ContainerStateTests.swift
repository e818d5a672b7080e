import TestSupport
import XCTest
@testable import NavCore

/// A container's selection, tab history and columns change only through
/// `ContainerState`'s own methods, the same at every level (the root's
/// included): the history never holds the selected tab and holds each tab
/// at most once.
final class ContainerStateTests: XCTestCase {
    /// Whether `state`'s history holds neither its selected tab nor any tab twice.
    private func wellFormed(_ state: ContainerState) -> Bool {
        !state.tabHistory.contains(state.selected) && Set(state.tabHistory).count == state.tabHistory.count
    }

    func testChoosingMovesTheSelectedTabToTheEndOfTheHistory() {
        var state = ContainerState()
        state.choose(2)
        state.choose(1)
        state.choose(2)
        XCTAssertEqual(state, ContainerState(selected: 2, tabHistory: [0, 1]))
        state.returnTo(1, clearing: false)
        XCTAssertEqual(state, ContainerState(selected: 1, tabHistory: [0]))
        state.returnTo(0, clearing: true)
        XCTAssertEqual(state, ContainerState())
    }

    func testForgettingTheSelectedTabFallsBackToTheFirst() {
        var state = ContainerState()
        for tab in [3, 0, 2, 1] { state.choose(tab) }
        XCTAssertEqual(state, ContainerState(selected: 1, tabHistory: [3, 0, 2]))
        state.forget { $0 == 3 }
        XCTAssertEqual(state, ContainerState(selected: 1, tabHistory: [0, 2]), "a hidden tab leaves the history only")
        state.forget { $0 == 1 }
        XCTAssertEqual(state, ContainerState(selected: 0, tabHistory: [2]), "the first tab is selected and leaves the history")
    }

    func testEverySequenceOfChangesKeepsTheHistoryWellFormed() {
        let run = SeededRun("ContainerStateTests.testEverySequenceOfChangesKeepsTheHistoryWellFormed", seed: 38, rounds: 200)
        var generator = run.random
        for _ in 0..<run.rounds {
            var state = ContainerState()
            for _ in 0..<12 {
                let tab = Int.random(in: 0..<4, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: if tab != state.selected { state.choose(tab) }
                case 1: if let last = state.tabHistory.last { state.returnTo(last, clearing: false) }
                case 2: state.forget { $0 == tab }
                default: state.restartSelection()
                }
                XCTAssertTrue(wellFormed(state), "\(state)")
            }
        }
    }

    func testTheSidebarShowsOnlyInCompactForm() {
        var state = ContainerState()
        state.showSidebar(true)
        XCTAssertFalse(state.split.sidebarShown, "side by side, both columns show")
        state.setCompact(true)
        state.showSidebar(true)
        XCTAssertEqual(state.split, SplitForm(compact: true, sidebarShown: true))
        state.setCompact(false)
        XCTAssertEqual(state.split, SplitForm())
    }
}
