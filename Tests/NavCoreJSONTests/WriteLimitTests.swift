import Foundation
import XCTest
import NavCore
@testable import NavCoreJSON

/// navcore never writes a document longer than restore and replay read
/// (`NAVCORE_MAX_SNAPSHOT_BYTES`): a snapshot that would be is `.limit`, and a
/// log folds its older batches into its base until it fits, then replays.
final class WriteLimitTests: XCTestCase {
    /// A category route whose slug (and so its title) is `length` bytes long.
    private func bigCategory(_ index: Int, length: Int = 60_000) -> RouteRequest {
        RouteRequest(name: "category", params: [("slug", .string("\(index)" + String(repeating: "s", count: length)))])
    }

    /// The shop at table version 3.
    private func navigator() throws -> Navigator {
        let url = VectorSession.folder.appendingPathComponent("tables/restore_v3.json")
        return Navigator(table: try decodeTable(String(contentsOf: url, encoding: .utf8)))
    }

    func testASnapshotTooLargeToReadBackIsNotWritten() throws {
        var navigator = try navigator()
        // Each entry writes its slug twice (param and title): 600 entries pass 64 MiB.
        _ = try navigator.apply([.setStack((0..<600).map { bigCategory($0) })])
        let error = thrownError { () throws(NavError) in try DocumentWriter().snapshot(navigator) }
        XCTAssertEqual(error?.kind, .limit)
        XCTAssertEqual(error?.message.hasPrefix("the snapshot would be larger than the 67108864-byte limit"), true, error?.message ?? "")
        _ = try navigator.apply([.pop(count: 100)])
        let text = OwnedText.string(consuming: try DocumentWriter().snapshot(navigator))
        XCTAssertLessThanOrEqual(text.utf8.count, SnapshotDecoder.maxBytes)
        let snapshot = try text.withCString { pointer in Result { () throws(NavError) in try SnapshotDecoder.decode(text: pointer) } }.get()
        XCTAssertEqual(try Navigator.restoring(snapshot, table: navigator.table).navigator, navigator)
    }

    func testALogLongerThanReplayReadsFoldsUntilItFitsAndStillReplays() throws {
        var navigator = try navigator()
        var log = ActionLog(base: navigator)
        for index in 0..<1_200 {
            let batch: [Action] = [.push(bigCategory(index)), .pop(count: 1), .push(RouteRequest(name: "cart")), .pop(count: 1)]
            _ = try navigator.apply(batch)
            log.append(.actions(batch, seq: navigator.seq), after: navigator)
        }
        XCTAssertEqual(log.records.count, 1_200, "the log itself never folded")
        let text = OwnedText.string(consuming: try ActionLogCodec.encode(log, recording: true))
        XCTAssertLessThanOrEqual(text.utf8.count, SnapshotDecoder.maxBytes)
        let decoded = try text.withCString { pointer in Result { () throws(NavError) in try ActionLogCodec.decode(text: pointer) } }.get()
        XCTAssertGreaterThan(decoded.folded, 0)
        XCTAssertLessThan(decoded.records.count, 1_200)
        XCTAssertEqual(try Navigator.replaying(decoded, table: navigator.table), navigator)
    }

    func testALogWhoseBaseAloneIsTooLargeIsNotWritten() throws {
        var navigator = try navigator()
        _ = try navigator.apply([.setStack((0..<600).map { bigCategory($0) })])
        let log = ActionLog(base: navigator, records: [.actions([.pop(count: 1)], seq: navigator.seq)])
        let error = thrownError { () throws(NavError) in try ActionLogCodec.encode(log, recording: true) }
        XCTAssertEqual(error?.kind, .limit)
        XCTAssertEqual(error?.message.hasPrefix("the log's base state would be larger than the 67108864-byte limit"), true)
    }

    /// The codec names no C symbol: the limit's name in the message is the
    /// caller's (the C ABI gives `NAVCORE_MAX_SNAPSHOT_BYTES`), and without
    /// one the message only says the limit.
    func testTheLimitIsNamedAsItsCallerNamesIt() throws {
        var navigator = try navigator()
        _ = try navigator.apply([.setStack((0..<600).map { bigCategory($0) })])
        let named = thrownError { () throws(NavError) in try DocumentWriter().snapshot(navigator, limitName: "NAVCORE_MAX_SNAPSHOT_BYTES") }
        XCTAssertEqual(named?.message, "the snapshot would be larger than the 67108864-byte limit that restore and replay read"
                       + " (NAVCORE_MAX_SNAPSHOT_BYTES), so it is not written")
        let unnamed = thrownError { () throws(NavError) in try DocumentWriter().snapshot(navigator) }
        XCTAssertEqual(unnamed?.message, "the snapshot would be larger than the 67108864-byte limit that restore and replay read, so it is not written")
        let log = ActionLog(base: navigator, records: [.actions([.pop(count: 1)], seq: navigator.seq)])
        let base = thrownError { () throws(NavError) in try ActionLogCodec.encode(log, recording: true, limitName: "LIMIT") }
        XCTAssertEqual(base?.message, "the log's base state would be larger than the 67108864-byte limit that restore and replay read (LIMIT), so it is not written")
    }
}
