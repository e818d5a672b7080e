import Foundation
import XCTest
@testable import NavCore

/// The Swift ops are those of the one table of ops, Include/navcore_ops.json
/// (docs/building.md, "The op table"): the same ops in the same order, each
/// op's unit (`Action.Push`, ...) of that op and with the same fields, kinds,
/// presence and defaults. The header, the Python
/// binding, the action schema and docs/json.md are checked against the same
/// file by bindings/python/tests/test_op_table.py.
final class OpTableTests: XCTestCase {
    /// One op of the table: its name and its fields as the table spells them.
    private struct Entry: Equatable, CustomStringConvertible {
        let op: String
        let fields: [String]

        var description: String { "\(op): \(fields.joined(separator: ", "))" }
    }

    /// The table's entries, each field written `key kind presence[=default]`.
    private func table() throws -> [Entry] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Include/navcore_ops.json")
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: try Data(contentsOf: url)) as? [String: Any])
        XCTAssertEqual(document["navcore_ops"] as? Int, 1)
        let ops = try XCTUnwrap(document["ops"] as? [[String: Any]])
        return try ops.map { entry in
            let fields = try XCTUnwrap(entry["fields"] as? [[String: Any]])
            return Entry(op: try XCTUnwrap(entry["op"] as? String), fields: try fields.map { field in
                let written = "\(try XCTUnwrap(field["key"] as? String)) \(try XCTUnwrap(field["kind"] as? String))"
                    + " \(try XCTUnwrap(field["presence"] as? String))"
                guard let value = field["default"] else { return written }
                let text = String(decoding: try JSONSerialization.data(withJSONObject: [value]), as: UTF8.self)
                return written + "=" + text.dropFirst().dropLast()
            })
        }
    }

    /// The name the table gives a field's kind.
    private func spelling(_ kind: ActionField.Kind) -> String {
        switch kind {
        case .route: return "route"
        case .routes: return "routes"
        case .tab: return "tab"
        case .stack: return "stack"
        case .int: return "int"
        case .bool: return "bool"
        case .string: return "string"
        case .json: return "json"
        case .stringOrNull: return "string_or_null"
        case .name(.pushPolicy): return "push_policy"
        case .name(.presentPolicy): return "present_policy"
        case .name(.openMode): return "open_mode"
        }
    }

    /// A field as the table writes it.
    private func spelling(_ field: ActionField) -> String {
        let written = "\(field.key) \(spelling(field.kind))"
        switch field.presence {
        case .required: return written + " required"
        case .optional: return written + " optional"
        case .defaulted(.int(let value)): return written + " default=\(value)"
        case .defaulted(.bool(let value)): return written + " default=\(value)"
        case .defaulted: return written + " default=?"
        }
    }

    /// `ActionOp.allCases` and the fields of each op's unit are the table's ops and fields, in order.
    func testTheSwiftOpsAreThoseOfTheTable() throws {
        for op in ActionOp.allCases {
            XCTAssertEqual(op.unit.op, op, "the unit of \(op.rawValue) is of its op")
        }
        let swift = ActionOp.allCases.map { Entry(op: $0.rawValue, fields: $0.unit.fields.map(spelling)) }
        let table = try table()
        XCTAssertEqual(table.map(\.op), swift.map(\.op), "the ops, in order")
        for (written, declared) in zip(table, swift) {
            XCTAssertEqual(written, declared, "Include/navcore_ops.json against ActionOp.\(declared.op)")
        }
    }
}
