import XCTest

/// Every conformance vector in Tests/vectors passes through the Swift codec and core.
final class VectorTests: XCTestCase {
    func testEveryVectorPasses() throws {
        let files = try VectorSession.files()
        XCTAssertGreaterThanOrEqual(files.count, 25, "too few conformance vectors")
        for file in files {
            let problems = try VectorSession.run(file)
            XCTAssertEqual(problems, [], file.lastPathComponent)
        }
    }
}
