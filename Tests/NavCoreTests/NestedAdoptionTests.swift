import XCTest
@testable import NavCore

/// A restore or replay on a nested table describes the tree as a batch
/// does (docs/restore.md): the changes of nested stacks by name, the
/// presentations over one stack it brings back or takes away, and each
/// container whose selection or history differs; its announcement says so.
final class NestedAdoptionTests: XCTestCase {
    private func post(_ id: Int) -> RouteRequest { RouteRequest(name: "post", params: [("id", .int(id))]) }

    /// Explore > For you > post 1 (7), with post 2 (8) presented over that stack alone.
    private func reading() throws -> Navigator {
        var nav = Navigator(table: try NestedPropertyTests.nestedTable())
        _ = try nav.apply([.selectTab("explore"), .push(post(1)), .present(post(2), style: nil, stack: .name("explore/foryou"))])
        return nav
    }

    func testARestoreListsNestedStacksPresentationsOverOneStackAndContainers() throws {
        let earlier = try reading()
        var nav = earlier
        _ = try nav.apply([.dismiss(all: false, stack: .name("explore/foryou")), .pop(count: 1), .selectTab("explore/following"), .push(post(3))])
        let transition = nav.adopt(earlier, cause: .restore)
        XCTAssertTrue(transition.changed)
        XCTAssertEqual(transition.changes.map(\.stack), ["explore/foryou", "explore/following", "explore/foryou/layer:8"])
        XCTAssertEqual(transition.changes.first { $0.stack == "explore/foryou" }?.added.map(\.id), [7])
        XCTAssertEqual(transition.changes.first { $0.stack == "explore/following" }?.removed, [9])
        XCTAssertEqual(transition.presented, [PresentedLayer(stack: "explore/foryou/layer:8", style: "sheet")])
        XCTAssertEqual(transition.containers.map(\.container), ["explore"])
        XCTAssertEqual(transition.containers.first?.tab?.after, "explore/foryou")
        XCTAssertEqual(Announcement(of: transition)?.text(nav), "post, sheet")

        var back = nav
        let undo = back.adopt(try { () throws -> Navigator in
            var later = earlier
            _ = try later.apply([.dismiss(all: false, stack: .name("explore/foryou"))])
            return later
        }(), cause: .replay)
        XCTAssertEqual(undo.dismissed, ["explore/foryou/layer:8"])
        XCTAssertEqual(undo.changes.map(\.stack), ["explore/foryou/layer:8"])
        XCTAssertEqual(Announcement(of: undo)?.text(back), "closed post")
    }

    func testARestoreOfTheSameTreeChangesNothing() throws {
        var nav = try reading()
        let transition = nav.adopt(nav, cause: .restore)
        XCTAssertFalse(transition.changed)
        XCTAssertTrue(transition.changes.isEmpty && transition.containers.isEmpty && transition.presented.isEmpty)
    }
}
