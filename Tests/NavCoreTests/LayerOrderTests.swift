import Foundation
import XCTest

/// The layer order of docs/building.md ("Layers"), read from the source tree:
/// each target under `Sources/` imports only the project modules below it,
/// never one above or beside it. A module that is not the project's
/// (`Glibc`, `Synchronization`, `FoundationEssentials`) is not a layer.
final class LayerOrderTests: XCTestCase {
    /// Each target under `Sources/` and the project modules it may import.
    /// Bottom first: core, codec, session and the table reader (side by side
    /// above the codec), C ABI; the two system-library
    /// targets hold no Swift.
    static let allowed: [String: Set<String>] = [
        "CJansson": [],
        "CNavcore": [],
        "NavCore": [],
        "NavCoreJSON": ["NavCore", "CJansson"],
        "NavCoreSession": ["NavCore", "NavCoreJSON"],
        "NavCoreTable": ["NavCore", "NavCoreJSON"],
        "NavCoreC": ["NavCore", "NavCoreSession", "NavCoreTable", "CNavcore"],
    ]

    /// The package's `Sources/` directory, from this file's path.
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    func testEveryTargetHasAPlaceInTheOrder() throws {
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(Set(targets), Set(Self.allowed.keys), "a new target needs its place in docs/building.md and here")
    }

    func testNoTargetImportsUpwardOrSideways() throws {
        let projectModules = Set(Self.allowed.keys)
        var checked = 0
        for (target, allowed) in Self.allowed {
            for (file, module) in try Self.imports(of: target) where projectModules.contains(module) {
                checked += 1
                XCTAssertTrue(allowed.contains(module), "\(file) (target \(target)) imports \(module), which is not below it")
            }
        }
        XCTAssertGreaterThan(checked, 0, "no import of a project module was found: the reader is broken")
    }

    func testTheReaderSeesEveryFormOfImport() {
        let text = "import NavCore\n  @_implementationOnly import CJansson\nimport struct NavCoreJSON.JSONNode\n// import NavCoreSession\nlet imported = 1\n"
        XCTAssertEqual(Self.modules(in: text), ["NavCore", "CJansson", "NavCoreJSON"])
    }

    /// Each module imported by the Swift files of `target`, with the file's name.
    static func imports(of target: String) throws -> [(file: String, module: String)] {
        let directory = sources.appendingPathComponent(target)
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var found: [(String, String)] = []
        for case let path as String in walker where path.hasSuffix(".swift") {
            let text = try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
            found += modules(in: text).map { ("\(target)/\(path)", $0) }
        }
        return found
    }

    /// The modules the import declarations of `text` name, in order: `import M`,
    /// `@attribute import M` and `import kind M.Symbol`.
    static func modules(in text: String) -> [String] {
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
        return text.split(separator: "\n").compactMap { line in
            var words = line.split(separator: " ")
            while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
            guard words.first == "import", words.count >= 2 else { return nil }
            let name = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            return String(name.split(separator: ".")[0])
        }
    }
}
