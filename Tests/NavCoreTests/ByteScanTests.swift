import TestSupport
import XCTest
@testable import NavCore

/// `ByteScan`'s word-at-a-time answers equal the byte-by-byte ones, at every offset of a word
/// and over random buffers rich in the bytes it looks for.
final class ByteScanTests: XCTestCase {
    /// The bytes each scan looks for, their neighbours, and bytes outside ASCII.
    private static let interesting: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xC3, 0xFF]

    private func needsEscape(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(ByteScan.needsJSONEscape)
    }

    private func controlFree(_ bytes: [UInt8]) -> (words: Int, isASCII: Bool) {
        var isASCII = true
        let words = bytes.withUnsafeBufferPointer { ByteScan.controlFreeWords($0, isASCII: &isASCII) }
        return (words, isASCII)
    }

    /// What `controlFreeWords` must answer, byte by byte.
    private func expectedControlFree(_ bytes: [UInt8]) -> (words: Int, isASCII: Bool) {
        var words = 0
        while words + 8 <= bytes.count, !bytes[words..<(words + 8)].contains(where: { $0 < 0x20 || $0 == 0x7F }) { words += 8 }
        return (words, !bytes[..<words].contains { $0 >= 0x80 })
    }

    func testEachByteAtEachPlace() {
        for length in 0...19 {
            for place in 0..<max(length, 1) {
                for byte in Self.interesting {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if length > 0 { bytes[place] = byte }
                    let escaped = length > 0 && (byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\"))
                    XCTAssertEqual(needsEscape(bytes), escaped, "byte \(byte) at \(place) of \(length)")
                    let (words, isASCII) = controlFree(bytes)
                    let expected = expectedControlFree(bytes)
                    XCTAssertEqual(words, expected.words, "byte \(byte) at \(place) of \(length)")
                    XCTAssertEqual(isASCII, expected.isASCII, "byte \(byte) at \(place) of \(length)")
                }
            }
        }
    }

    func testRandomBuffers() {
        let run = SeededRun("ByteScanTests.testRandomBuffers", seed: 24, rounds: 20_000)
        var random = run.random
        for _ in 0..<run.rounds {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                Bool.random(using: &random) ? Self.interesting.randomElement(using: &random)! : UInt8(ascii: "m")
            }
            let escaped = bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
            XCTAssertEqual(needsEscape(bytes), escaped, "\(bytes)")
            let (words, isASCII) = controlFree(bytes)
            let expected = expectedControlFree(bytes)
            XCTAssertEqual(words, expected.words, "\(bytes)")
            XCTAssertEqual(isASCII, expected.isASCII, "\(bytes)")
        }
    }
}
