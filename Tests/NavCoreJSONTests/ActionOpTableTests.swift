import CJansson
import Foundation
import XCTest
import NavCore
@testable import NavCoreJSON

/// `ActionOp` is the one table of the action vocabulary: the decoder allows
/// exactly its keys, the encoder writes no other, and the action schema lists
/// the same ops with the same keys.
final class ActionOpTableTests: XCTestCase {
    /// An action of `op` with every optional field set, so that the encoder
    /// writes every key it can. A switch with no default: an op added to the
    /// table does not compile until it has an example here.
    private func fullest(_ op: ActionOp) -> Action {
        let route = RouteRequest(name: "product", params: [("id", .int(4))])
        switch op {
        case .push: return .push(route, tab: "shop", policy: .singleTop)
        case .pop: return .pop(count: 2, tab: "shop", result: .string("done"))
        case .popTo: return .popTo(.name("product"), inclusive: true, tab: "shop")
        case .popToRoot: return .popToRoot(tab: "shop")
        case .replace: return .replace(route, tab: "shop")
        case .setStack: return .setStack([route, RouteRequest(name: "cart")], tab: "shop")
        case .selectTab: return .selectTab("shop")
        case .resetTab: return .resetTab("shop")
        case .resetAll: return .resetAll
        case .present: return .present(route, style: "sheet", policy: .allow)
        case .dismiss: return .dismiss(all: true, result: .int(1))
        case .back: return .back(result: .bool(true))
        case .select: return .select(route)
        case .openURL: return .openURL("shop://product/4", mode: .push)
        case .setEntryState: return .setEntryState(id: 3, state: .string("draft"))
        case .setCondition: return .setCondition(name: "signed_in", value: true)
        case .setCompact: return .setCompact(true)
        case .setBlocker: return .setBlocker(id: 3, reason: "Draft")
        case .takeResult: return .takeResult(id: 3)
        }
    }

    func testEveryOpIsWrittenWithOnlyTheKeysOfItsEntryAndReadBackEqual() throws {
        let actions = ActionOp.allCases.map(fullest)
        XCTAssertEqual(actions.map(\.op), ActionOp.allCases, "each example is of its own op")
        let node = try ActionEncoder.batch(actions)
        defer { node.release() }
        for (action, written) in zip(actions, node.arrayElements ?? []) {
            let keys = (written.objectMembers ?? []).map(\.key)
            XCTAssertEqual(written.member("op")?.stringValue, action.op.rawValue)
            XCTAssertEqual(Set(keys).subtracting(action.op.keys), [], "\(action.op) writes a key its entry lacks")
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
    /// (as its `oneOf` refers to it, here or in another schema) the keys of
    /// its entry, in the same order.
    func testTheActionSchemaListsTheOpsAndKeysOfTheTable() throws {
        let schema = try schemaNode("action.schema.json")
        defer { schema.release() }
        let ops = (schema.member("properties")?.member("op")?.member("enum")?.arrayElements ?? []).compactMap(\.stringValue)
        XCTAssertEqual(Set(ops), Set(ActionOp.allCases.map(\.rawValue)))
        XCTAssertEqual(ops.count, ActionOp.allCases.count)
        var keys: [String: [String]] = [:]
        for reference in (schema.member("oneOf")?.arrayElements ?? []).compactMap({ $0.member("$ref")?.stringValue }) {
            let parts = reference.split(separator: "#/$defs/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else { return XCTFail("\(reference) is not a definition") }
            let (file, name) = (parts[0], parts[1])
            let document = file.isEmpty ? schema : try schemaNode(file)
            defer { if document != schema { document.release() } }
            let properties = document.member("$defs")?.member(name)?.member("properties")
            let op = try XCTUnwrap(properties?.member("op")?.member("const")?.stringValue, reference)
            keys[op] = (properties?.objectMembers ?? []).map(\.key)
        }
        XCTAssertEqual(keys.count, ActionOp.allCases.count, "one definition per op")
        for op in ActionOp.allCases {
            XCTAssertEqual(keys[op.rawValue], op.keys, "the schema's \(op.rawValue), in document order")
        }
    }

    /// A schema of docs/schema, parsed (the caller releases it).
    private func schemaNode(_ file: String) throws -> JSONNode {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/schema").appendingPathComponent(file)
        return try JSONNode.parse(try String(contentsOf: url, encoding: .utf8))
    }

    private func error(_ text: String) -> NavError? {
        thrownError { () throws(NavError) in try decodeActions(text) }
    }
}

private extension JSONNode {
    /// The member `key` of an object node (borrowed), or nil.
    func member(_ key: String) -> JSONNode? {
        json_object_get(self, key)
    }
}
