import CJansson
import Foundation
import NavCore
import NavCoreJSON
import NavCoreSession
import NavCoreTable
import XCTest

/// The Swift API's route table readers (`NavCoreTable`) give a bad table the
/// status, path and message the C ABI gives it: `RouteTable(json:)` the ones
/// of `navcore_navigator_new` (which reads the text with `RouteTableDecoder.decode(text:)`),
/// `RouteTable(contentsOfFile:)` the ones `Tests/c/test_helpers.c` checks
/// for `navcore_navigator_new_from_file`, which calls it.
final class RouteTableJSONTests: XCTestCase {
    /// The outcome of reading a table, comparable: the loaded table's root
    /// name, or the error's status name, path and message.
    private enum Outcome: Equatable {
        case loaded(root: String)
        case failed(status: String, path: String, message: String)

        init(_ read: () throws(NavError) -> RouteTable) {
            do throws(NavError) {
                self = .loaded(root: try read().root.name)
            } catch {
                self = .failed(status: error.kind.status.name, path: error.path, message: error.message)
            }
        }
    }

    /// The C ABI's reading of `text`, as `navcore_navigator_new` does it.
    private func readAsC(_ text: String) -> Outcome {
        text.withCString { (pointer) in Outcome { () throws(NavError) in try RouteTableDecoder.decode(text: pointer) } }
    }

    /// `text` written to a new file of the test's temporary folder; the file's path.
    private func file(holding bytes: [UInt8]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("navcore-table-\(UUID().uuidString).json")
        try Data(bytes).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    func testEveryBadTableOfTheVectorsFailsAsThroughTheCABI() throws {
        var compared = 0
        for url in try VectorSession.files() {
            let vector = try JSONNode.parse(String(contentsOf: url, encoding: .utf8))
            defer { vector.release() }
            // A vector with a "locale" may fail on the locale, which no table reader sees.
            guard let expected = json_object_get(vector, "expect_table_error"), json_object_get(vector, "locale") == nil else { continue }
            let text = try VectorSession.tableText(vector)
            let fromText = Outcome { () throws(NavError) in try RouteTable(json: text) }
            let path = try file(holding: Array(text.utf8))
            let fromFile = Outcome { () throws(NavError) in try RouteTable(contentsOfFile: path) }
            XCTAssertEqual(fromText, readAsC(text), url.lastPathComponent)
            XCTAssertEqual(fromFile, fromText, url.lastPathComponent)
            guard case .failed(let status, _, let message) = fromText else {
                XCTFail("\(url.lastPathComponent): the table loaded")
                continue
            }
            XCTAssertEqual(status, json_string_value(json_object_get(expected, "error")).map { String(cString: $0) },
                           url.lastPathComponent)
            if let fragment = json_string_value(json_object_get(expected, "message")).map({ String(cString: $0) }) {
                XCTAssertTrue(message.contains(fragment), "\(url.lastPathComponent): \"\(message)\" lacks \"\(fragment)\"")
            }
            compared += 1
        }
        XCTAssertGreaterThan(compared, 50, "hardly any vector expects a table error: the reader is broken")
    }

    func testTheSharedTableLoadsFromTextAndFromItsFile() throws {
        let path = VectorSession.folder.appendingPathComponent("tables/links.json").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(Outcome { () throws(NavError) in try RouteTable(json: text) }, .loaded(root: "home"))
        XCTAssertEqual(Outcome { () throws(NavError) in try RouteTable(contentsOfFile: path) }, .loaded(root: "home"))
        XCTAssertEqual(try RouteTable(contentsOfFile: path), try RouteTable(json: text))
    }

    func testAFileThatCannotBeReadFailsAsThroughTheCABI() throws {
        let missing = Outcome { () throws(NavError) in try RouteTable(contentsOfFile: "/nonexistent/shop.json") }
        XCTAssertEqual(missing, .failed(status: "NAVCORE_ETABLE", path: "",
                                        message: "cannot read route table \"/nonexistent/shop.json\": No such file or directory"))
        let nul = try file(holding: Array("{\"navcore\": 1,\0 \"root\": \"home\"}".utf8))
        XCTAssertEqual(Outcome { () throws(NavError) in try RouteTable(contentsOfFile: nul) },
                       .failed(status: "NAVCORE_ETABLE", path: "", message: "route table \"\(nul)\" holds a NUL byte at offset 14"))
        let notUTF8 = try file(holding: Array("{\"navcore\": 1, \"root\": \"".utf8) + [0xFF] + Array("\"}".utf8))
        XCTAssertEqual(Outcome { () throws(NavError) in try RouteTable(contentsOfFile: notUTF8) },
                       .failed(status: "NAVCORE_EINVAL", path: "",
                               message: "route table \"\(notUTF8)\" is not valid UTF-8 (byte 0xFF at offset 24)"))
    }

    func testTextWithANulByteIsRefusedRatherThanCut() {
        // C would read only the text before the NUL, a whole table here.
        let text = "{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {}}}\0garbage"
        XCTAssertEqual(Outcome { () throws(NavError) in try RouteTable(json: text) },
                       .failed(status: "NAVCORE_ETABLE", path: "", message: "route table text holds a NUL byte at offset 54"))
    }
}
