import Foundation
import XCTest
import NavCore
@testable import NavCoreJSON
import NavCoreSession

/// A batch's announcement is found when a view model asks for it, from the
/// batch's records and the navigator as it is then: batches that changed
/// nothing in between do not change what it says, and a batch that changed
/// something says its own.
final class SessionAnnouncementTests: XCTestCase {
    private func session() throws -> Session {
        let text = """
        {"navcore": 1, "routes": {"home": {"title": "Home"}, "cart": {"title": "Cart"}, "login": {"title": "Sign in"},
         "product": {"params": {"id": "int"}, "title": "Product {id}"}},
         "tabs": [{"name": "shop", "root": "home"}, {"name": "cart", "root": "cart"}]}
        """
        return Session(table: try decodeTable(text))
    }

    /// The `announcement` member of the session's view model.
    private func announcement(_ session: Session) throws -> String {
        let text = OwnedText.string(consuming: try session.viewModelText())
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return try XCTUnwrap(object["announcement"] as? String)
    }

    func testUnchangedBatchesKeepTheLastChangesAnnouncement() throws {
        let session = try session()
        XCTAssertEqual(try announcement(session), "")
        _ = try session.apply([.present(RouteRequest(name: "login"), style: "sheet"), .selectTab("cart")], for: [])
        let said = try announcement(session)
        XCTAssertNotEqual(said, "")
        let unchanged = try session.apply([.setEntryState(id: 2, state: .int(1)), .setBlocker(id: 2, reason: nil), .selectTab("cart")], for: [])
        XCTAssertFalse(unchanged.transition?.changed ?? false, "the batch changes nothing a transition tells")
        XCTAssertEqual(try announcement(session), said)
        _ = try session.apply([.dismiss(all: false, result: nil)], for: [])
        let dismissed = try announcement(session)
        XCTAssertNotEqual(dismissed, said, "a change says its own")
        XCTAssertThrowsError(try session.apply([.push(RouteRequest(name: "product", params: [("id", .int(1))])), .push(RouteRequest(name: "nowhere"))], for: []))
        XCTAssertEqual(try announcement(session), dismissed, "a batch that failed changed nothing")
    }
}
