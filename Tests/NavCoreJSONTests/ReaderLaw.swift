import XCTest
@testable import NavCore

/// Checks the law of a reader that takes common texts without jansson
/// (`FlatParamsReader`, `BatchReader`) for one text: the decoder gives what
/// jansson's reading gives, or jansson's error, and the reader reads only
/// texts jansson reads, to the same values (`same`). `read` is the reader's
/// answer, nil where it declined. Returns whether the reader read the text.
func checkReaderLaw<Value>(_ label: String, jansson: Result<Value, NavError>, decoder: Result<Value, NavError>, read: Value?,
                           same: (Value, Value) -> Bool, file: StaticString, line: UInt) -> Bool {
    switch (jansson, decoder) {
    case (.success(let expected), .success(let decoded)):
        XCTAssertTrue(same(expected, decoded), "\(label): \(decoded) != \(expected)", file: file, line: line)
    case (.failure(let expected), .failure(let decoded)):
        XCTAssertEqual(decoded, expected, label, file: file, line: line)
    case (let expected, let decoded):
        XCTFail("\(label): decoder gave \(decoded), jansson \(expected)", file: file, line: line)
    }
    guard let read else { return false }
    switch jansson {
    case .success(let expected): XCTAssertTrue(same(read, expected), "\(label): read \(read) != \(expected)", file: file, line: line)
    case .failure(let error): XCTFail("\(label): read \(read) where jansson refuses: \(error.message)", file: file, line: line)
    }
    return true
}

/// Runs `check` (a reader's law, as `checkReaderLaw`) over the texts
/// `generate` makes in the rounds of the seeded run `name`, and fails unless
/// the reader read more than a quarter of them (`check` answers whether it did).
func checkReaderLawRounds(_ name: String, seed: UInt64, rounds: Int, generate: (inout SplitMix64) -> String,
                          check: (String) -> Bool, file: StaticString = #filePath, line: UInt = #line) {
    let run = SeededRun(name, seed: seed, rounds: rounds)
    var random = run.random
    var read = 0
    for _ in 0..<run.rounds where check(generate(&random)) { read += 1 }
    XCTAssertGreaterThan(read, run.rounds / 4, "the generated texts should often be ones the reader reads", file: file, line: line)
}
