import Foundation
import XCTest

/// The layer order of docs/building.md ("Layers"), read from the source tree:
/// each target under `Sources/` imports only the project modules below it,
/// never one above or beside it, and the C layer holds no decision of the
/// session: it names only the session's conversions and reads. A module that is not the project's
/// (`Glibc`, `Synchronization`, `FoundationEssentials`) is not a layer.
final class LayerOrderTests: XCTestCase {
    /// Each target under `Sources/` and the project modules it may import.
    /// Bottom first: core, codec, session and the table reader (side by side
    /// above the codec), the checker (above the session), C ABI; the two system-library
    /// targets hold no Swift.
    static let allowed: [String: Set<String>] = [
        "CJansson": [],
        "CNavcore": [],
        "NavCore": [],
        "NavCoreJSON": ["NavCore", "CJansson"],
        "NavCoreSession": ["NavCore", "NavCoreJSON"],
        "NavCoreTable": ["NavCore", "NavCoreJSON"],
        "NavCoreCheck": ["NavCore", "NavCoreJSON", "NavCoreSession", "CJansson"],
        "NavCoreC": ["NavCore", "NavCoreJSON", "NavCoreSession", "NavCoreTable", "NavCoreCheck", "CNavcore"],
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

    /// What the C layer may not write, each with the decision it would take
    /// from the engine: the C layer converts (pointers and text in and out,
    /// a C listener or guard as the engine's callback, the per-thread last
    /// error) and leaves the lock, every rule of a change, its delivery and
    /// its refusals to `NavCoreSession`'s `Engine`.
    static let sessionDecisions: [(text: String, decision: String)] = [
        ("Delivery(", "the order of a delivery (ThreadDeliveries)"),
        ("Delivery.", "the cascade limit (ThreadDeliveries)"),
        (".enqueue(", "queuing a listener's change (ThreadDeliveries)"),
        ("maxCascade", "the cascade limit (ThreadDeliveries)"),
        ("ThreadDeliveries", "what a thread delivers or judges (Engine)"),
        ("Set<ObjectIdentifier>", "which navigators a thread delivers or judges (ThreadDeliveries)"),
        ("[ObjectIdentifier:", "which navigators a thread delivers or judges (ThreadDeliveries)"),
        ("ViewSubscriptions", "whether the view changed (Engine)"),
        ("lastView", "whether the view changed (ViewSubscriptions)"),
        (".token.isEmpty", "who hears a held batch (Engine.reportingBlocked)"),
        ("applyGuarded", "a guarded batch's turn (Engine.apply)"),
        ("GuardTurns", "the turns of guarded batches (Engine)"),
        ("withLock", "the lock (Engine)"),
        ("Mutex", "the lock (Engine)"),
        ("Atomic<", "the subscription counts a delivery reads without the lock (Engine)"),
    ]

    /// The only members of `Session` the C layer may name, in the closures
    /// it gives `Engine.read` and `Engine.withSession`: the documents and
    /// values a read converts. A change, a proposal, a commit, a proceed, a
    /// result taken or a restore adopted is the engine's (Engine+Changes.swift).
    static let sessionReads: Set<String> = [
        "stateText", "stackText", "viewModelText", "backPreviewText", "snapshotText", "resolutionText", "table", "navigator",
    ]

    /// The only types of `NavCoreSession` the C layer may name, each with the
    /// conversion it needs it for.
    static let sessionTypes: [String: String] = [
        "Engine": "what a navigator handle points to; its methods are the calls",
        "HostListener": "a C listener and its user_data as the engine's callback",
        "HostGuard": "a C guard and its user_data as the engine's callback",
        "GuardDecision": "a C guard's answer (navcore_guard_deny, navcore_guard_redirect) as the engine reads it",
        "Session": "the reads' closures (Engine.read) and a C validator as the session reads it (Session.validator)",
        "StatusCode": "the status codes and their names",
    ]

    func testTheCLayerNamesOnlyTheSessionsConversions() throws {
        let declared = try Self.swiftFiles(of: "NavCoreSession").flatMap { (path) in
            Self.matches(of: #"public (?:final )?(?:class|struct|enum|protocol|typealias|actor) (\w+)"#,
                         in: try String(contentsOf: Self.sources.appendingPathComponent("NavCoreSession/\(path)"), encoding: .utf8))
        }
        XCTAssertTrue(Set(declared).isSuperset(of: Self.sessionTypes.keys), "the session's public types were not found: the reader is broken")
        var reads = 0
        for path in try Self.swiftFiles(of: "NavCoreC") {
            let code = Self.code(try String(contentsOf: Self.sources.appendingPathComponent("NavCoreC/\(path)"), encoding: .utf8))
            for type in Set(declared) where Self.sessionTypes[type] == nil && !Self.matches(of: "\\b\(type)\\b", in: code, group: 0).isEmpty {
                XCTFail("NavCoreC/\(path) names the session's \(type): only \(Self.sessionTypes.keys.sorted()) are conversions")
            }
            for member in Self.matches(of: #"\bsession\.(\w+)"#, in: code) {
                reads += 1
                XCTAssertTrue(Self.sessionReads.contains(member), "NavCoreC/\(path) calls session.\(member): only reads are the C layer's; a change is the engine's")
            }
        }
        XCTAssertGreaterThan(reads, 0, "no read of the session was found in the C layer: the reader is broken")
    }

    func testTheSessionReaderFindsWhatItLooksFor() {
        XCTAssertEqual(Self.matches(of: #"\bsession\.(\w+)"#, in: "try session.apply(x); mysession.y; session.table"), ["apply", "table"])
        XCTAssertEqual(Self.matches(of: #"public (?:final )?(?:class|struct|enum|protocol|typealias|actor) (\w+)"#,
                                    in: "public final class Engine: Sendable {\nstruct Hidden {}\npublic struct HostGuard"),
                       ["Engine", "HostGuard"])
    }

    /// The texts of capture group `group` of each match of `pattern` in `text`.
    static func matches(of pattern: String, in text: String, group: Int = 1) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { Range($0.range(at: group), in: text).map { String(text[$0]) } }
    }

    func testTheCLayerHoldsNoDecision() throws {
        var read = 0
        for path in try Self.swiftFiles(of: "NavCoreC") {
            read += 1
            let code = Self.code(try String(contentsOf: Self.sources.appendingPathComponent("NavCoreC/\(path)"), encoding: .utf8))
            for (text, decision) in Self.sessionDecisions where code.contains(text) {
                XCTFail("NavCoreC/\(path) writes \"\(text)\": \(decision) belongs to NavCoreSession")
            }
        }
        XCTAssertGreaterThan(read, 10, "the C layer's files were not found: the reader is broken")
    }

    func testTheDecisionReaderSkipsCommentsOnly() {
        let kept = Self.code("/// Delivery.maxCascade\n    // maxCascade\n    try deliveries.checkCascade(key)\n")
        XCTAssertFalse(kept.contains("maxCascade"))
        XCTAssertTrue(kept.contains("checkCascade"))
    }

    /// `text` without its comment lines.
    static func code(_ text: String) -> String {
        text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
    }

    /// The Swift files of `target`, as paths inside its folder.
    static func swiftFiles(of target: String) throws -> [String] {
        let directory = sources.appendingPathComponent(target)
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    }

    /// Each module imported by the Swift files of `target`, with the file's name.
    static func imports(of target: String) throws -> [(file: String, module: String)] {
        let directory = sources.appendingPathComponent(target)
        var found: [(String, String)] = []
        for path in try swiftFiles(of: target) {
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
