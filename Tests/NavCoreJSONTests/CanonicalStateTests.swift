import Foundation
import NavCore
@testable import NavCoreCheck
import NavCoreJSON
import NavCoreSession
import XCTest

/// The canonical form of a state (docs/tools.md, "navcore check"): equal for
/// states that differ only in ids and counters, different for any other difference.
final class CanonicalStateTests: XCTestCase {
    private let table: RouteTable = {
        let text = """
        {"navcore": 1, "root": "home", "routes": {"home": {}, "product": {"params": {"id": "int"}}, "cart": {}}}
        """
        return try! text.withCString { (pointer) throws -> RouteTable in try RouteTableDecoder.decode(text: pointer) }
    }()

    private func canonical(_ batches: [[Action]]) throws -> String {
        var navigator = Navigator(table: table)
        for batch in batches { _ = try navigator.apply(batch) }
        return try CanonicalState.of(navigator, writer: DocumentWriter())
    }

    func testIdsAndCountersAsideTheFormIsTheState() throws {
        let product = Action.push(RouteRequest(name: "product", params: [("id", .int(7))]))
        let direct = try canonical([[product], [.present(RouteRequest(name: "cart"), style: nil)]])
        let around = try canonical([[.push(RouteRequest(name: "cart"))], [.pop(count: 1)], [product],
                                    [.present(RouteRequest(name: "cart"), style: nil)]])
        XCTAssertEqual(direct, around)
        XCTAssertTrue(direct.contains("\"seq\":0"), direct)
        XCTAssertTrue(direct.contains("\"stack\":\"layer:3\""), direct)
        XCTAssertTrue(direct.contains("\"params\":{\"id\":7}"), "params are copied as they are: \(direct)")
    }

    func testAnyOtherDifferenceIsKept() throws {
        let seven = try canonical([[.push(RouteRequest(name: "product", params: [("id", .int(7))]))]])
        let eight = try canonical([[.push(RouteRequest(name: "product", params: [("id", .int(8))]))]])
        let sheet = try canonical([[.present(RouteRequest(name: "product", params: [("id", .int(7))]), style: nil)]])
        XCTAssertNotEqual(seven, eight)
        XCTAssertNotEqual(seven, sheet)
    }
}
