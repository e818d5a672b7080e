import CJansson
import NavCore

/// Writes a restore report (docs/restore.md) as compact JSON text.
public enum ReportEncoder {
    /// The report document, text from jansson's allocator (release with `OwnedText.free`).
    public static func report(_ report: RestoreReport) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try NodeBuilder.dump(try DocumentWriter.documentNode { (document) throws(NavError) in
            try NodeBuilder.set(document, "from_version", NodeBuilder.integer(report.fromVersion))
            try NodeBuilder.set(document, "to_version", NodeBuilder.integer(report.toVersion))
            // Each member that can throw is made before the object's other members,
            // so that a failure leaves no member made and not yet owned.
            try NodeBuilder.set(document, "migrations", try NodeBuilder.array(report.migrations) { (run) throws(NavError) in
                let changes = try NodeBuilder.array(run.changes) { (change) throws(NavError) in
                    let ids = try NodeBuilder.array(change.ids, NodeBuilder.integer)
                    return try NodeBuilder.object(["op": NodeBuilder.string(change.op.rawValue), "detail": NodeBuilder.string(change.detail),
                                                   "ids": ids])
                }
                return try NodeBuilder.object(["from": NodeBuilder.integer(run.from), "to": NodeBuilder.integer(run.to), "changes": changes])
            })
            if let unmigrated = report.unmigrated {
                try NodeBuilder.set(document, "unmigrated", try NodeBuilder.object([
                    "from": NodeBuilder.integer(unmigrated.from), "to": NodeBuilder.integer(unmigrated.to)]))
            }
            let kept = try NodeBuilder.object()
            try NodeBuilder.set(document, "kept", kept)
            for stack in report.kept { try NodeBuilder.set(kept, stack.stack, try NodeBuilder.array(stack.ids, NodeBuilder.integer)) }
            try NodeBuilder.set(document, "dropped", try NodeBuilder.array(report.dropped) { (entry) throws(NavError) in
                try NodeBuilder.object(["id": NodeBuilder.integer(entry.id), "stack": NodeBuilder.string(entry.stack),
                                        "name": NodeBuilder.string(entry.name), "reason": NodeBuilder.string(entry.reason.rawValue),
                                        "message": NodeBuilder.string(entry.message)])
            })
            try NodeBuilder.set(document, "restarted", try NodeBuilder.array(report.restarted) { (stack) throws(NavError) in
                try NodeBuilder.object(["stack": NodeBuilder.string(stack.stack), "id": NodeBuilder.integer(stack.id),
                                        "name": NodeBuilder.string(stack.name)])
            })
            try NodeBuilder.set(document, "notes", try DocumentWriter.strings(report.notes))
        })
    }
}
