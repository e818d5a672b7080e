import CNavcore
import Foundation
import XCTest
import NavCore
import NavCoreSession

/// The constants of the C contract are written once, in `Include/navcore.h`; `make`
/// writes their Swift copies from it (scripts/header_constants.py) and they are
/// committed, so these tests fail when a committed copy is stale (the Python binding's
/// copy is checked by its own test_header_constants.py).
final class HeaderConstantsTests: XCTestCase {
    /// The repository, from this file's path.
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testTheGeneratedSwiftFilesAreTheHeaders() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("navcore-header-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let generator = Process()
        generator.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        generator.arguments = ["python3", Self.repository.appendingPathComponent("scripts/header_constants.py").path, "--out", scratch.path]
        generator.standardOutput = FileHandle.nullDevice
        try generator.run()
        generator.waitUntilExit()
        XCTAssertEqual(generator.terminationStatus, 0, "scripts/header_constants.py failed")
        for file in ["Sources/NavCore/Limits.swift", "Sources/NavCoreSession/StatusCode.swift"] {
            let fresh = try String(contentsOf: scratch.appendingPathComponent(file), encoding: .utf8)
            let committed = try String(contentsOf: Self.repository.appendingPathComponent(file), encoding: .utf8)
            XCTAssertEqual(committed, fresh, "\(file) is stale: run make")
        }
    }

    func testEveryErrorKindHasAStatusCodeOfItsOwnAndEveryCodeAKind() {
        let statuses = NavError.Kind.allCases.map(\.status)
        XCTAssertEqual(Set(statuses).count, statuses.count, "two kinds share a status code")
        XCTAssertEqual(Set(statuses), Set(StatusCode.allCases).subtracting([.ok]))
    }

    func testTheValidatorAnswersAreTheHeaders() {
        XCTAssertEqual(Verdict(hostAnswer: Int32(NAVCORE_KEEP)), .keep)
        XCTAssertEqual(Verdict(hostAnswer: Int32(NAVCORE_VETO)), .veto)
    }
}
