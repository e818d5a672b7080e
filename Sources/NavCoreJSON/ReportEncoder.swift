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
            try text.key("from_version")
            try text.integer(report.fromVersion)
            try text.key("to_version")
            try text.integer(report.toVersion)
            try text.key("migrations")
            try text.array(report.migrations) { (text, run) throws(NavError) in
                try text.raw("{\"from\":")
                try text.integer(run.from)
                try text.key("to")
                try text.integer(run.to)
                try text.key("changes")
                try text.array(run.changes) { (text, change) throws(NavError) in
                    try text.raw("{\"op\":")
                    try text.string(change.op.rawValue)
                    try text.key("detail")
                    try text.string(change.detail)
                    try text.key("ids")
                    try text.array(change.ids) { (text, id) throws(NavError) in try text.integer(id) }
                    try text.raw("}")
                }
                try text.raw("}")
            }
            if let unmigrated = report.unmigrated {
                try text.key("unmigrated")
                try text.raw("{\"from\":")
                try text.integer(unmigrated.from)
                try text.key("to")
                try text.integer(unmigrated.to)
                try text.raw("}")
            }
            try text.key("kept")
            try text.raw("{")
            for (index, stack) in report.kept.enumerated() {
                try text.key(stack.stack, first: index == 0)
                try text.array(stack.ids) { (text, id) throws(NavError) in try text.integer(id) }
            }
            try text.raw("}")
            try text.key("dropped")
            try text.array(report.dropped) { (text, entry) throws(NavError) in
                try text.raw("{\"id\":")
                try text.integer(entry.id)
                try text.key("stack")
                try text.string(entry.stack)
                try text.key("name")
                try text.string(entry.name)
                try text.key("reason")
                try text.string(entry.reason.rawValue)
                try text.key("message")
                try text.string(entry.message)
                try text.raw("}")
            }
            try text.key("restarted")
            try text.array(report.restarted) { (text, stack) throws(NavError) in
                try text.raw("{\"stack\":")
                try text.string(stack.stack)
                try text.key("id")
                try text.integer(stack.id)
                try text.key("name")
                try text.string(stack.name)
                try text.raw("}")
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
}
