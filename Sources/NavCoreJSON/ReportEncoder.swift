import NavCore

/// Writes a restore report (docs/restore.md) as compact JSON text, directly:
/// a restore writes one at every launch (`make bench`, f), and its ids are
/// most of it, which jansson's dump would print one `snprintf` at a time.
public enum ReportEncoder {
    /// The report document, text from jansson's allocator (release with `OwnedText.free`).
    public static func report(_ report: RestoreReport) throws(NavError) -> UnsafeMutablePointer<CChar> {
        var text = try JSONText(capacity: 256 + 8 * report.kept.reduce(0) { $0 + $1.ids.count })
        do throws(NavError) {
            try text.raw("{\"navcore\":")
            try text.integer(DocumentFormat.current)
            try text.member("from_version", report.fromVersion)
            try text.member("to_version", report.toVersion)
            try text.key("migrations")
            try text.array(report.migrations) { (text, run) throws(NavError) in
                try text.raw("{\"from\":")
                try text.integer(run.from)
                try text.member("to", run.to)
                try text.key("changes")
                try text.array(run.changes) { (text, change) throws(NavError) in
                    try text.raw("{\"op\":")
                    try text.string(change.op.rawValue)
                    try text.member("detail", change.detail)
                    try text.key("ids")
                    try text.array(change.ids) { (text, id) throws(NavError) in try text.integer(id) }
                    try text.raw("}")
                }
                try text.raw("}")
            }
            if let unmigrated = report.unmigrated {
                try text.key("unmigrated")
                try object(["from": .integer(unmigrated.from), "to": .integer(unmigrated.to)], into: &text)
            }
            try text.key("kept")
            try text.raw("{")
            for (index, stack) in report.kept.enumerated() {
                try text.key(named: stack.stack, first: index == 0)
                try text.array(stack.ids) { (text, id) throws(NavError) in try text.integer(id) }
            }
            try text.raw("}")
            try text.key("dropped")
            try text.array(report.dropped) { (text, entry) throws(NavError) in
                try object(["id": .integer(entry.id), "stack": .string(entry.stack), "name": .string(entry.name),
                            "reason": .string(entry.reason.rawValue), "message": .string(entry.message)], into: &text)
            }
            try text.key("restarted")
            try text.array(report.restarted) { (text, stack) throws(NavError) in
                try object(["stack": .string(stack.stack), "id": .integer(stack.id), "name": .string(stack.name)], into: &text)
            }
            try text.key("notes")
            try text.array(report.notes) { (text, note) throws(NavError) in try text.string(note) }
            try text.raw("}")
        } catch {
            text.discard()
            throw error
        }
        return text.finish()
    }

    /// A member value of a report object written by `object(_:into:)`.
    private enum Scalar {
        case string(String)
        case integer(Int)
    }

    /// Writes `{"key": value, ...}`, the members in order.
    private static func object(_ members: KeyValuePairs<String, Scalar>, into text: inout JSONText) throws(NavError) {
        try text.raw("{")
        for (index, (key, value)) in members.enumerated() {
            try text.key(named: key, first: index == 0)
            switch value {
            case .string(let string): try text.string(string)
            case .integer(let number): try text.integer(number)
            }
        }
        try text.raw("}")
    }
}
