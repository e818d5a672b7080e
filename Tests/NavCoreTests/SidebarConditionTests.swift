import TestSupport
import XCTest
@testable import NavCore

/// A split view's sidebar selection whose route requires a condition
/// (docs/conditions.md): it gives way to the split view's root when the
/// condition goes false, a restore holds it as the pending intent, and a
/// batch that selects it between setting the condition true and back fails,
/// at the navigator's own level and inside containers.
final class SidebarConditionTests: XCTestCase {
    private static func plain(_ name: String) throws -> RouteDefinition { try RouteDefinition(name: name, params: [:], title: nil) }
    private static let unlocked = "unlocked"

    /// A split view of Inbox, Vault (which requires `unlocked`) and Library,
    /// whose own split view lists Shelf and Safe (which requires it too).
    static func vaultTable(onFalse: FalsePolicy = .remove) throws -> RouteTable {
        let library = NestedLayoutDeclaration(.split(root: RouteRequest(name: "shelf"), sidebar: ["shelf", "safe"]))
        return try RouteTable(
            layout: .split(root: RouteRequest(name: "inbox"), sidebar: ["inbox", "vault", "library"]),
            definitions: [try plain("inbox"), try plain("shelf"), try plain("pin"),
                          try RouteDefinition(name: "note", params: ["id": ParamSpec(type: .int)], title: nil),
                          try RouteDefinition(name: "vault", params: [:], title: nil, requires: [unlocked]),
                          try RouteDefinition(name: "safe", params: [:], title: nil, requires: [unlocked]),
                          try RouteDefinition(name: "library", params: [:], title: nil, layout: library)],
            conditions: [ConditionDeclaration(name: unlocked, flow: Flow(route: RouteRequest(name: "pin")), onFalse: onFalse)])
    }

    private let unlock = Action.setCondition(name: unlocked, value: true)
    private let lock = Action.setCondition(name: unlocked, value: false)
    private let note = RouteRequest(name: "note", params: [("id", .int(1))])

    private func names(_ stack: Stack) -> [String] { stack.entries.map(\.route.name) }

    /// The library's detail stack (`detail/detail`), which the library's entry holds.
    private func libraryDetail(_ nav: Navigator) -> Stack? {
        nav.containers[nav.bases[0].root.id]?.stacks.first
    }

    func testTheSelectionGivesWayToTheSplitRootWhenItsConditionGoesFalse() throws {
        var nav = Navigator(table: try Self.vaultTable())
        _ = try nav.apply([unlock, .select(RouteRequest(name: "vault")), .push(note)])
        let locked = try nav.apply([lock])
        XCTAssertEqual(names(nav.bases[0]), ["inbox"])
        XCTAssertEqual(locked.changes.map(\.stack), ["detail"])
        XCTAssertNil(nav.pending, "a sign-out holds nothing")
    }

    func testTheSelectionInsideAContainerGivesWayToItsSplitRoot() throws {
        for policy in FalsePolicy.allCases {
            var nav = Navigator(table: try Self.vaultTable(onFalse: policy))
            _ = try nav.apply([unlock, .select(RouteRequest(name: "library")), .select(RouteRequest(name: "safe")), .push(note)])
            XCTAssertEqual(libraryDetail(nav).map(names), ["safe", "note"])
            _ = try nav.apply([lock])
            if policy == .remove {
                XCTAssertEqual(libraryDetail(nav).map(names), ["shelf"], "\(policy)")
            } else {
                XCTAssertEqual(names(nav.bases[0]), ["inbox"], "a reset restarts the detail stack at the table's root")
            }
        }
    }

    func testARestoreWhereTheConditionIsFalseHoldsTheSelection() throws {
        var nav = Navigator(table: try Self.vaultTable())
        _ = try nav.apply([unlock, .select(RouteRequest(name: "vault")), .push(note)])
        var relaunched = Navigator(table: try Self.vaultTable())
        let restored = try relaunched.restore(Snapshot(nav))
        XCTAssertEqual(names(relaunched.bases[0]), ["inbox"])
        XCTAssertEqual(restored.transition.intent?.kind, .held)
        XCTAssertEqual(relaunched.pending?.actions, [.select(RouteRequest(name: "vault")), .setStack([note])])
        _ = try relaunched.apply([unlock])
        XCTAssertEqual(names(relaunched.bases[0]), ["vault", "note"])
    }

    func testARestoreHoldsTheSelectionInsideAContainerByItsStack() throws {
        var nav = Navigator(table: try Self.vaultTable())
        _ = try nav.apply([unlock, .select(RouteRequest(name: "library")), .select(RouteRequest(name: "safe"))])
        var relaunched = Navigator(table: try Self.vaultTable())
        _ = try relaunched.restore(Snapshot(nav))
        XCTAssertEqual(libraryDetail(relaunched).map(names), ["shelf"])
        XCTAssertEqual(relaunched.pending?.actions, [.select(RouteRequest(name: "safe"), stack: .name("detail/detail"))])
        _ = try relaunched.apply([unlock])
        XCTAssertEqual(libraryDetail(relaunched).map(names), ["safe"])
    }

    func testSelectingBetweenSettingTheConditionTrueAndBackFails() throws {
        var nav = Navigator(table: try Self.vaultTable())
        let before = nav
        XCTAssertThrowsError(try nav.apply([unlock, .select(RouteRequest(name: "vault")), lock])) { error in
            XCTAssertEqual((error as? NavError)?.kind, .route)
        }
        _ = try nav.apply([.select(RouteRequest(name: "library"))])
        XCTAssertThrowsError(try nav.apply([unlock, .select(RouteRequest(name: "safe")), lock]))
        XCTAssertNotEqual(nav, before)
        XCTAssertEqual(libraryDetail(nav).map(names), ["shelf"])
    }
}
