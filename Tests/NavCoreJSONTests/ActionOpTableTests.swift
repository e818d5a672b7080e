import CJansson
import Foundation
import XCTest
import NavCore
@testable import NavCoreJSON

/// `ActionOp` is the one table of the action vocabulary: the decoder allows
/// exactly its keys, the encoder writes those and no other, and the action
/// schema lists the same ops with the same keys.
final class ActionOpTableTests: XCTestCase {
    /// An action of `op` with every optional field set, so that the encoder
    /// writes every key it can. A switch with no default: an op added to the
    /// table does not compile until it has an example here.
    private func fullest(_ op: ActionOp) -> Action {
        let route = RouteRequest(name: "product", params: [("id", .int(4))])
        switch op {
        case .push: return .push(route, tab: "shop", policy: .singleTop, stack: .name("shop/detail"))
        case .pop: return .pop(count: 2, tab: "shop", result: .string("done"), stack: .entry(7))
        case .popTo: return .popTo(.name("product"), inclusive: true, tab: "shop", stack: .name("layer:7/privacy"))
        case .popToRoot: return .popToRoot(tab: "shop", stack: .entry(3))
        case .replace: return .replace(route, tab: "shop", stack: .name("main"))
        case .setStack: return .setStack([route, RouteRequest(name: "cart")], tab: "shop", stack: .entry(2))
        case .selectTab: return .selectTab("shop", stack: .name("explore/foryou"))
        case .resetTab: return .resetTab("shop", stack: .entry(5))
        case .resetAll: return .resetAll
        case .present: return .present(route, style: "sheet", policy: .allow, stack: .name("cart"))
        case .dismiss: return .dismiss(all: true, result: .int(1), stack: .entry(4))
        case .back: return .back(result: .bool(true))
        case .select: return .select(route, stack: .name("library/detail"))
        case .openURL: return .openURL("shop://product/4", mode: .push, dismiss: true)
        case .setEntryState: return .setEntryState(id: 3, state: .string("draft"))
        case .setCondition: return .setCondition(name: "signed_in", value: true)
        case .setCompact: return .setCompact(true, stack: .entry(9))
        case .setBlocker: return .setBlocker(id: 3, reason: "Draft")
        case .takeResult: return .takeResult(id: 3)
        case .setLocale: return .setLocale("vi-VN")
        }
    }

    /// The encoder writes each op with the keys of its entry and no other
    /// (all of them over the fullest actions, and `pop_to` by id too), and the
    /// decoder reads what it wrote back to equal actions.
    func testEveryOpIsWrittenWithTheKeysOfItsEntryAndReadBackEqual() throws {
        let fullest = ActionOp.allCases.map(fullest)
        XCTAssertEqual(fullest.map(\.op), ActionOp.allCases, "each example is of its own op")
        let actions = fullest + [.popTo(.id(3), inclusive: false)]
        let node = try ActionEncoder.batch(actions)
        defer { node.release() }
        var written: [ActionOp: Set<String>] = [:]
        for (action, object) in zip(actions, node.arrayElements ?? []) {
            XCTAssertEqual(object.member("op")?.stringValue, action.op.rawValue)
            written[action.op, default: []].formUnion((object.objectMembers ?? []).map(\.key))
        }
        for op in ActionOp.allCases {
            XCTAssertEqual(written[op], Set(op.keys), "the keys \(op.rawValue) is written with")
        }
        XCTAssertEqual(node.arrayElements?.count, actions.count)
        XCTAssertEqual(try ActionDecoder.decodeBatch(node), actions)
    }

    /// An unknown key's message lists the op's keys in the table's order, and
    /// names the key a typo (one letter added) was meant to be.
    func testAnUnknownKeyListsTheKeysOfItsOpAndTheOneMeant() {
        for op in ActionOp.allCases {
            let allowed = "(allowed: \(op.keys.joined(separator: ", ")))"
            XCTAssertEqual(error(#"{"op": "\#(op.rawValue)", "zzz": 1}"#)?.message, "actions[0]: unknown key \"zzz\" \(allowed)")
            for key in op.keys.dropFirst() {
                XCTAssertEqual(error(#"{"op": "\#(op.rawValue)", "\#(key)s": 1}"#)?.message,
                               "actions[0]: unknown key \"\(key)s\" \(allowed) (did you mean \"\(key)\"?)")
            }
        }
    }

    /// The action schema names the table's ops, and the definition of each
    /// the keys of its entry, in the same order.
    func testTheActionSchemaListsTheOpsAndKeysOfTheTable() throws {
        let schema = try schemaNode("action.schema.json")
        defer { schema.release() }
        let ops = (schema.member("properties")?.member("op")?.member("enum")?.arrayElements ?? []).compactMap(\.stringValue)
        XCTAssertEqual(Set(ops), Set(ActionOp.allCases.map(\.rawValue)))
        XCTAssertEqual(ops.count, ActionOp.allCases.count)
        let definitions = try schemaDefinitions()
        XCTAssertEqual(definitions.count, ActionOp.allCases.count, "one definition per op")
        for op in ActionOp.allCases {
            XCTAssertEqual(definitions[op.rawValue]?.keys, op.keys, "the schema's \(op.rawValue), in document order")
        }
    }

    /// Each key the schema requires of an op is one the decoder refuses to go
    /// without: the op's fullest action less that key is missing it.
    func testEveryKeyTheSchemaRequiresIsMissingWithoutIt() throws {
        let definitions = try schemaDefinitions()
        let node = try ActionEncoder.batch(ActionOp.allCases.map(fullest))
        defer { node.release() }
        for (op, written) in zip(ActionOp.allCases, node.arrayElements ?? []) {
            let required = definitions[op.rawValue]?.required ?? []
            XCTAssertEqual(required.first, "op", op.rawValue)
            for key in required.dropFirst() {
                let less = try XCTUnwrap(json_deep_copy(written))
                defer { less.release() }
                json_object_del(less, key)
                let error = thrownError { () throws(NavError) in try ActionDecoder.decodeBatch(less) }
                XCTAssertEqual(error?.message, "actions[0].\(key): missing", "\(op.rawValue) without \(key)")
            }
        }
    }

    /// Each op's declared fields are exactly its schema definition's
    /// properties besides `op`, in order: the same key, a kind that holds
    /// what the schema allows there (for a name, the schema's names in
    /// order), required exactly where the schema requires the key, and a
    /// default only for an optional key. Every op fits `ActionValues`, and its
    /// tab field, if any, is the key `tab`.
    func testEveryOpsFieldsAreItsSchemasPropertiesWithTheirKindsAndRequiredKeys() throws {
        let documents = SchemaDocuments()
        /// What the schema allows at `node` of `file`, in the words of `describe(_:)`.
        func allowed(_ node: JSONNode?, in file: String) throws -> String {
            guard let node else { return "absent" }
            if let choices = node.member("oneOf")?.arrayElements {
                return try choices.map { try allowed($0, in: file) }.joined(separator: " or ")
            }
            if let reference = node.member("$ref")?.stringValue {
                let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? file : parts[0]
                guard parts.count > 1 else { return target == "route.schema.json" ? "route" : "document \(target)" }
                var resolved: JSONNode? = try documents.node(target)
                for step in parts[1].split(separator: "/") { resolved = resolved?.member(String(step)) }
                return try allowed(resolved, in: target)
            }
            if let names = node.member("enum")?.arrayElements {
                return "name of " + names.compactMap(\.stringValue).joined(separator: ", ")
            }
            switch node.member("type")?.stringValue {
            case "integer": return "int"
            case "boolean": return "bool"
            case "string": return "string"
            case "null": return "null"
            case "array": return try allowed(node.member("items"), in: file) == "route" ? "routes" : "array"
            case nil: return "any"
            case let other?: return other
            }
        }
        let definitions = try schemaDefinitions(documents)
        for op in ActionOp.allCases {
            let definition = try XCTUnwrap(definitions[op.rawValue], op.rawValue)
            let properties = (definition.node.member("properties")?.objectMembers ?? []).filter { $0.key != "op" }
            XCTAssertEqual(op.fields.map(\.key), properties.map(\.key), "the fields of \(op.rawValue)")
            XCTAssertLessThanOrEqual(op.fields.count, ActionValues.capacity, op.rawValue)
            for (field, property) in zip(op.fields, properties) {
                let place = "\(op.rawValue).\(field.key)"
                XCTAssertEqual(describe(field.kind), try allowed(property.value, in: definition.file), place)
                XCTAssertEqual(field.presence == .required, definition.required.contains(field.key), "\(place) is required")
                if case .tab = field.kind { XCTAssertEqual(field.key, "tab", place) }
            }
        }
    }

    /// A kind in the words `allowed(_:in:)` gives the schema's.
    private func describe(_ kind: ActionField.Kind) -> String {
        func names<Name: ActionName>(_ type: Name.Type) -> String {
            "name of " + Name.allCases.map(\.rawValue).joined(separator: ", ")
        }
        switch kind {
        case .route: return "route"
        case .routes: return "routes"
        case .tab, .string: return "string"
        case .stack: return "string or int"
        case .int: return "int"
        case .bool: return "bool"
        case .name(let which): return names(which.type)
        case .json: return "any"
        case .stringOrNull: return "string or null"
        }
    }

    /// The schema's definition of each op, by op: its keys in document order,
    /// the keys it requires, and the definition itself with the file it is in
    /// (held by `documents`), followed from the `oneOf` of the action schema,
    /// here or in another schema (`link.schema.json#/$defs/open_url`).
    private func schemaDefinitions(_ documents: SchemaDocuments = SchemaDocuments()) throws
        -> [String: (keys: [String], required: [String], node: JSONNode, file: String)] {
        let schema = try documents.node("action.schema.json")
        var definitions: [String: (keys: [String], required: [String], node: JSONNode, file: String)] = [:]
        for reference in (schema.member("oneOf")?.arrayElements ?? []).compactMap({ $0.member("$ref")?.stringValue }) {
            let parts = reference.split(separator: "#/$defs/", omittingEmptySubsequences: false).map(String.init)
            let (file, name) = (parts.first.flatMap { $0.isEmpty ? nil : $0 } ?? "action.schema.json", parts.dropFirst().first ?? reference)
            let definition = try XCTUnwrap(try documents.node(file).member("$defs")?.member(name), reference)
            let properties = definition.member("properties")
            let op = try XCTUnwrap(properties?.member("op")?.member("const")?.stringValue, reference)
            definitions[op] = ((properties?.objectMembers ?? []).map(\.key),
                               (definition.member("required")?.arrayElements ?? []).compactMap(\.stringValue), definition, file)
        }
        return definitions
    }

    /// A schema of docs/schema, parsed (the caller releases it).
    private func schemaNode(_ file: String) throws -> JSONNode {
        try SchemaDocuments.parse(file)
    }

    private func error(_ text: String) -> NavError? {
        thrownError { () throws(NavError) in try decodeActions(text) }
    }
}

/// The schemas of docs/schema a test reads, each parsed once and released
/// with this.
private final class SchemaDocuments {
    private var documents: [String: JSONNode] = [:]

    /// The schema `file` (borrowed: valid while this lives).
    func node(_ file: String) throws -> JSONNode {
        if let node = documents[file] { return node }
        let node = try SchemaDocuments.parse(file)
        documents[file] = node
        return node
    }

    /// A schema of docs/schema, parsed (the caller releases it).
    static func parse(_ file: String) throws -> JSONNode {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/schema").appendingPathComponent(file)
        return try JSONNode.parse(try String(contentsOf: url, encoding: .utf8))
    }

    deinit {
        documents.values.forEach { $0.release() }
    }
}

private extension JSONNode {
    /// The member `key` of an object node (borrowed), or nil.
    func member(_ key: String) -> JSONNode? {
        json_object_get(self, key)
    }
}
