import NavCore
import NavCoreJSON

/// A state's canonical form (docs/tools.md, "navcore check"): its snapshot
/// with `seq` and `next_id` set to 0, and entry ids renumbered in order of
/// first appearance, in `id` fields and in the `layer:<id>` names of stacks
/// (params are copied as they are). Two navigators with equal forms behave
/// alike: the snapshot holds the results, saved states, blockers,
/// conditions and pending intent too. Read from the snapshot's text in one
/// pass, without building a tree.
enum CanonicalState {
    /// The canonical form of `navigator`, written with `writer`.
    static func of(_ navigator: Navigator, writer: DocumentWriter) throws(NavError) -> String {
        let text = try writer.snapshot(navigator)
        defer { OwnedText.free(text) }
        var scanner = Scanner(UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self))
        return scanner.canonical()
    }

    /// One pass over a snapshot's text, writing its canonical form.
    private struct Scanner {
        /// The bytes of `layer:`.
        private static let layer = Array("layer:".utf8)
        private let text: UnsafePointer<UInt8>
        private var at = 0
        private var out: [UInt8] = []
        private var numbers: [Int: Int] = [:]

        init(_ text: UnsafePointer<UInt8>) {
            self.text = text
            out.reserveCapacity(1024)
        }

        /// The canonical form of the whole text.
        mutating func canonical() -> String {
            while text[at] != 0 {
                if text[at] == UInt8(ascii: "\"") {
                    let (start, end) = string()
                    if text[at] == UInt8(ascii: ":") {
                        key(start, end)
                    } else {
                        renamed(start, end)
                    }
                } else {
                    out.append(text[at])
                    at += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        }

        /// Skips the string at `at` (its quotes included) and returns its bounds.
        private mutating func string() -> (Int, Int) {
            let start = at
            at += 1
            while text[at] != UInt8(ascii: "\"") {
                at += text[at] == UInt8(ascii: "\\") ? 2 : 1
            }
            at += 1
            return (start, at)
        }

        /// Writes the key at `start..<end` and the colon, then its value where the key changes it.
        private mutating func key(_ start: Int, _ end: Int) {
            copy(start, end + 1)
            at = end + 1
            switch name(start, end) {
            case "\"id\"": out += Array(String(number(readNumber())).utf8)
            case "\"seq\"", "\"next_id\"":
                _ = readNumber()
                out.append(UInt8(ascii: "0"))
            case "\"params\"": params()
            default: break
            }
        }

        /// Copies the flat params object at `at` as it is.
        private mutating func params() {
            let start = at
            while text[at] != UInt8(ascii: "}") {
                if text[at] == UInt8(ascii: "\"") { _ = string() } else { at += 1 }
            }
            at += 1
            copy(start, at)
        }

        /// A string value, with each `layer:<id>` in it naming its id's number.
        private mutating func renamed(_ start: Int, _ end: Int) {
            guard holdsLayer(start, end) else { return copy(start, end) }
            let value = name(start, end)
            let parts = value.dropFirst().dropLast().split(separator: "/", omittingEmptySubsequences: false).map { part in
                guard part.hasPrefix("layer:"), let id = Int(part.dropFirst("layer:".count)) else { return String(part) }
                return "layer:\(number(id))"
            }
            out += Array(("\"" + parts.joined(separator: "/") + "\"").utf8)
        }

        /// Whether the text at `start..<end` holds `layer:`, read byte by byte (a substring search costs far more).
        private func holdsLayer(_ start: Int, _ end: Int) -> Bool {
            let layer = Self.layer
            var index = start
            while index + layer.count <= end {
                if text[index] == layer[0] && (1..<layer.count).allSatisfy({ text[index + $0] == layer[$0] }) { return true }
                index += 1
            }
            return false
        }

        /// The number of entry id `id`, given in order of first appearance.
        private mutating func number(_ id: Int) -> Int {
            if let known = numbers[id] { return known }
            numbers[id] = numbers.count + 1
            return numbers.count
        }

        /// Reads the integer at `at`.
        private mutating func readNumber() -> Int {
            var value = 0
            while text[at] >= UInt8(ascii: "0") && text[at] <= UInt8(ascii: "9") {
                value = value &* 10 &+ Int(text[at] - UInt8(ascii: "0"))
                at += 1
            }
            return value
        }

        /// The text at `start..<end`.
        private func name(_ start: Int, _ end: Int) -> String {
            String(decoding: UnsafeBufferPointer(start: text + start, count: end - start), as: UTF8.self)
        }

        /// Copies the text at `start..<end` to the output.
        private mutating func copy(_ start: Int, _ end: Int) {
            out.append(contentsOf: UnsafeBufferPointer(start: text + start, count: end - start))
        }
    }
}
