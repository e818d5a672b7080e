import TestSupport
import XCTest
@testable import NavCore

/// The laws of `set_locale` (docs/locales.md) over states reached by random
/// batches of every op: it changes no stack (every entry keeps its id,
/// route, saved state and blocker; only titles follow the locale), a
/// `set_locale` and back within one batch changes nothing at all, and the
/// titles are always those of the locale the tag picks.
final class LocalePropertyTests: XCTestCase {
    private static let tags = ["vi", "vi-VN", "VI", "el", "en"]

    /// Every entry of the navigator with its place, without its title.
    private func untitled(_ navigator: Navigator) -> [String] {
        var entries: [String] = []
        func list(_ stack: Stack) {
            for entry in stack.entries {
                entries.append("\(stack.name) \(entry.id) \(entry.route) \(String(describing: entry.state)) \(String(describing: entry.blocker))")
            }
        }
        navigator.bases.forEach(list)
        navigator.layers.forEach { list($0.stack) }
        for holder in navigator.containers.keys.sorted() { navigator.containers[holder]?.stacks.forEach(list) }
        return entries
    }

    func testSetLocaleChangesNoStackAndSetLocaleAndBackChangesNothing() throws {
        let run = SeededRun("LocalePropertyTests", seed: 740, rounds: 200)
        var random = run.random
        let table = try everyOpTable()
        for _ in 0..<run.rounds {
            var nav = try Navigator(table: table, locale: Self.tags[Int.random(in: 0..<Self.tags.count, using: &random)])
            for _ in 0..<Int.random(in: 0..<12, using: &random) {
                let op = ActionOp.allCases[Int.random(in: 0..<ActionOp.allCases.count, using: &random)]
                _ = try? nav.apply([randomAction(op, &random, nav)])
            }
            let tag = Self.tags[Int.random(in: 0..<Self.tags.count, using: &random)]
            let before = nav
            let there = try nav.apply([.setLocale(tag)])
            XCTAssertTrue(there.changes.isEmpty && there.presented.isEmpty && there.dismissed.isEmpty && there.tab == nil
                          && there.containers.isEmpty, "seed \(run.seed): set_locale changed a stack")
            XCTAssertEqual(untitled(nav), untitled(before), "seed \(run.seed): set_locale changed an entry beyond its title")
            XCTAssertEqual(nav.activeStack.root.title, table.title(for: nav.activeStack.root.route, in: table.localization.locale(for: tag)))
            let back = try XCTUnwrap(before.locale)
            var roundTrip = before
            let both = try roundTrip.apply([.setLocale(tag), .push(product(1)), .pop(count: 1), .setLocale(back)])
            XCTAssertNil(both.locale, "seed \(run.seed)")
            XCTAssertEqual(untitled(roundTrip), untitled(before), "seed \(run.seed): set_locale and back changed a stack")
            var alone = before
            let none = try alone.apply([.setLocale(tag), .setLocale(back)])
            XCTAssertFalse(none.changed, "seed \(run.seed): set_locale and back is no change")
            XCTAssertEqual(alone, before, "seed \(run.seed): set_locale and back changed the navigator")
        }
    }
}
