import XCTest
import NavCore
@testable import NavCoreJSON

/// Documents written by the document writer: exact compact JSON, format number first.
final class DocumentWriterTests: XCTestCase {
    private func navigator() throws -> Navigator {
        let text = """
        {"navcore": 1, "version": 3, "root": "home", "routes": {"home": {"title": "Home"},
         "product": {"params": {"id": "int", "tag": {"type": "string", "optional": true}}, "title": "Product {id} {tag}"}}}
        """
        return Navigator(table: try decodeTable(text))
    }

    func testStackStateAndTransitionText() throws {
        let encoder = DocumentWriter()
        var navigator = try navigator()
        let transition = try navigator.apply([.push(RouteRequest(name: "product", params: [("tag", .string("é\"")), ("id", .int(42))]))])
        let entry = #"{"id":2,"name":"product","params":{"id":42,"tag":"é\""},"title":"Product 42 é\""}"#
        let root = #"{"id":1,"name":"home","params":{},"title":"Home"}"#
        XCTAssertEqual(OwnedText.string(consuming: try encoder.stack(navigator)), #"{"navcore":1,"stack":"main","entries":["# + root + "," + entry + "]}")
        XCTAssertEqual(OwnedText.string(consuming: try encoder.state(navigator)),
                       #"{"navcore":1,"table_version":3,"next_id":3,"seq":1,"layout":"stack","active_stack":"main","stacks":{"main":{"entries":["#
                       + root + "," + entry + #"]}},"presentations":[]}"#)
        XCTAssertEqual(OwnedText.string(consuming: try encoder.transition(transition)),
                       #"{"navcore":1,"seq":1,"changed":true,"cause":{"source":"actions","ops":["push"]},"results":["pushed"],"#
                       + #""stacks":{"main":{"removed":[],"added":["# + entry + #"]}},"presented":[],"dismissed":[],"before":{"stack":"main","top":"# + root + #"},"after":{"stack":"main","top":"# + entry + "}}")
    }

    /// A flat table's view model keeps its keys and their order (what it
    /// wrote before routes could nest); a nested one adds `over` after a
    /// layer's style and `containers` after the sidebar.
    func testViewModelText() throws {
        let encoder = DocumentWriter()
        var flat = try navigator()
        _ = try flat.apply([.push(RouteRequest(name: "product", params: [("id", .int(42))])), .present(RouteRequest(name: "home"), style: "sheet")])
        XCTAssertEqual(OwnedText.string(consuming: try encoder.viewModel(flat.viewModel(after: nil))),
                       #"{"navcore":1,"layers":[{"stack":"main","style":"base","title":"Product 42 ","id":2,"#
                       + #""entries":[{"id":1,"name":"home","params":{},"title":"Home"},{"id":2,"name":"product","params":{"id":42},"title":"Product 42 "}],"#
                       + #""back":{"enabled":true,"label":"Home","will":"popped"}},"#
                       + #"{"stack":"layer:3","style":"sheet","title":"Home","id":3,"entries":[{"id":3,"name":"home","params":{},"title":"Home"}],"#
                       + #""back":{"enabled":true,"label":"Product 42 ","will":"dismissed"}}],"announcement":""}"#)
        let table = """
        {"navcore": 1, "routes": {"home": {"title": "Home"}, "a": {"title": "A"}, "b": {"title": "B"},
         "pair": {"title": "Pair", "layout": {"tabs": [{"name": "a", "root": "a"}, {"name": "b", "root": "b"}]}}},
         "tabs": [{"name": "home", "root": "home"}, {"name": "pair", "root": "pair"}]}
        """
        var nested = Navigator(table: try decodeTable(table))
        _ = try nested.apply([.selectTab("pair"), .present(RouteRequest(name: "home"), style: "sheet", stack: .name("pair/a"))])
        let tab = #"{"name":"home","title":"Home","selected":false,"locked":false},{"name":"pair","title":"Pair","selected":true,"locked":false}"#
        XCTAssertEqual(OwnedText.string(consuming: try encoder.viewModel(nested.viewModel(after: nil))),
                       #"{"navcore":1,"layers":[{"stack":"pair/a","style":"base","title":"A","id":3,"#
                       + #""entries":[{"id":3,"name":"a","params":{},"title":"A"}],"back":{"enabled":false,"label":null,"will":"nothing"}},"#
                       + #"{"stack":"pair/a/layer:5","style":"sheet","over":"pair/a","title":"Home","id":5,"#
                       + #""entries":[{"id":5,"name":"home","params":{},"title":"Home"}],"back":{"enabled":true,"label":"A","will":"dismissed"}}],"#
                       + #""tabs":["# + tab + #"],"containers":[{"name":"pair","layout":"tabs","layer":0,"title":"Pair","tabs":["#
                       + #"{"name":"pair/a","title":"A","selected":true,"locked":false},{"name":"pair/b","title":"B","selected":false,"locked":false}]}],"#
                       + #""announcement":""}"#)
    }

    func testSharedEntryNodesStayCorrectAcrossPopsAndPushes() throws {
        let encoder = DocumentWriter()
        var navigator = try navigator()
        for id in [1, 2, 3] {
            let transition = try navigator.apply([.push(RouteRequest(name: "product", params: [("id", .int(id))]))])
            transition.changes.flatMap(\.removed).forEach(encoder.forget)
            _ = OwnedText.string(consuming: try encoder.stack(navigator))
        }
        let popped = try navigator.apply([.pop(count: 2), .push(RouteRequest(name: "product", params: [("id", .int(9))]))])
        let text = OwnedText.string(consuming: try encoder.transition(popped))
        popped.changes.flatMap(\.removed).forEach(encoder.forget)
        XCTAssertTrue(text.contains(#""removed":[3,4]"#), text)
        XCTAssertTrue(text.contains(#""before":{"stack":"main","top":{"id":4,"name":"product","params":{"id":3},"title":"Product 3 "}}"#), text)
        XCTAssertEqual(OwnedText.string(consuming: try encoder.stack(navigator)),
                       #"{"navcore":1,"stack":"main","entries":[{"id":1,"name":"home","params":{},"title":"Home"},"#
                       + #"{"id":2,"name":"product","params":{"id":1},"title":"Product 1 "},"#
                       + #"{"id":5,"name":"product","params":{"id":9},"title":"Product 9 "}]}"#)
    }

    func testCopyIsAnIndependentBuffer() throws {
        let text = try DocumentWriter().stack(try navigator())
        let copy = try OwnedText.copy(text)
        XCTAssertNotEqual(text, copy)
        XCTAssertEqual(OwnedText.string(consuming: copy), OwnedText.string(consuming: text))
    }

    func testAKeptNodeIsNeverServedForAnotherEntryWithItsId() throws {
        let writer = DocumentWriter()
        var first = try navigator()
        _ = try first.apply([.push(RouteRequest(name: "product", params: [("id", .int(1))]))])
        XCTAssertTrue(OwnedText.string(consuming: try writer.stack(first)).contains(#""id":2,"name":"product","params":{"id":1}"#))
        // The same id now stands for another entry (an undone batch, a restore),
        // and nobody told the writer to forget.
        var second = try navigator()
        _ = try second.apply([.push(RouteRequest(name: "product", params: [("id", .int(2))]))])
        let text = OwnedText.string(consuming: try writer.stack(second))
        XCTAssertTrue(text.contains(#""id":2,"name":"product","params":{"id":2},"title":"Product 2 "}"#), text)
        XCTAssertTrue(OwnedText.string(consuming: try writer.stack(first)).contains(#""params":{"id":1}"#))
    }
}
