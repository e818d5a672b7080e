import CJansson
import NavCore

/// Writes a restore report (docs/restore.md) as compact JSON text.
public enum ReportEncoder {
    /// The report document, text from jansson's allocator (release with `Encoder.free`).
    public static func report(_ report: RestoreReport) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try NodeBuilder.dump(try Encoder.documentNode { (document) throws(NavError) in
            try NodeBuilder.set(document, "from_version", NodeBuilder.integer(report.fromVersion))
            try NodeBuilder.set(document, "to_version", NodeBuilder.integer(report.toVersion))
            let migrations = try NodeBuilder.array()
            try NodeBuilder.set(document, "migrations", migrations)
            for run in report.migrations {
                let body = try NodeBuilder.object()
                try NodeBuilder.append(migrations, body)
                try NodeBuilder.set(body, "from", NodeBuilder.integer(run.from))
                try NodeBuilder.set(body, "to", NodeBuilder.integer(run.to))
                let changes = try NodeBuilder.array()
                try NodeBuilder.set(body, "changes", changes)
                for change in run.changes {
                    let node = try NodeBuilder.object()
                    try NodeBuilder.append(changes, node)
                    try NodeBuilder.set(node, "op", NodeBuilder.string(change.op))
                    try NodeBuilder.set(node, "detail", NodeBuilder.string(change.detail))
                    try NodeBuilder.set(node, "ids", try integers(change.ids))
                }
            }
            if let unmigrated = report.unmigrated {
                let body = try NodeBuilder.object()
                try NodeBuilder.set(document, "unmigrated", body)
                try NodeBuilder.set(body, "from", NodeBuilder.integer(unmigrated.from))
                try NodeBuilder.set(body, "to", NodeBuilder.integer(unmigrated.to))
            }
            let kept = try NodeBuilder.object()
            try NodeBuilder.set(document, "kept", kept)
            for stack in report.kept { try NodeBuilder.set(kept, stack.stack, try integers(stack.ids)) }
            let dropped = try NodeBuilder.array()
            try NodeBuilder.set(document, "dropped", dropped)
            for entry in report.dropped {
                let node = try NodeBuilder.object()
                try NodeBuilder.append(dropped, node)
                try NodeBuilder.set(node, "id", NodeBuilder.integer(entry.id))
                try NodeBuilder.set(node, "stack", NodeBuilder.string(entry.stack))
                try NodeBuilder.set(node, "name", NodeBuilder.string(entry.name))
                try NodeBuilder.set(node, "reason", NodeBuilder.string(entry.reason.rawValue))
                try NodeBuilder.set(node, "message", NodeBuilder.string(entry.message))
            }
            let restarted = try NodeBuilder.array()
            try NodeBuilder.set(document, "restarted", restarted)
            for stack in report.restarted {
                let node = try NodeBuilder.object()
                try NodeBuilder.append(restarted, node)
                try NodeBuilder.set(node, "stack", NodeBuilder.string(stack.stack))
                try NodeBuilder.set(node, "id", NodeBuilder.integer(stack.id))
                try NodeBuilder.set(node, "name", NodeBuilder.string(stack.name))
            }
            try NodeBuilder.set(document, "notes", try Encoder.strings(report.notes))
        })
    }

    /// A new array of integers.
    private static func integers(_ values: [Int]) throws(NavError) -> JSONNode {
        let array = try NodeBuilder.array()
        for value in values { try NodeBuilder.append(array, NodeBuilder.integer(value)) }
        return array
    }
}
