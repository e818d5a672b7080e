import CJansson
import NavCore

extension DocumentWriter {
    /// What a host guard is asked about (docs/conditions.md, "Redirects and
    /// guards"): `{"navcore": 1, "actions": [...], "transition": {...}}`, the
    /// batch and the transition it would make. Written by a writer of its own,
    /// so it needs no lock.
    public static func proposal(_ actions: [Action], _ transition: Transition) throws(NavError) -> UnsafeMutablePointer<CChar> {
        let writer = DocumentWriter()
        return try writer.text { (text) throws(NavError) in
            try text.key("actions")
            try text.node(try ActionEncoder.batch(actions))
            try text.raw(",\"transition\":{\"navcore\":")
            try text.integer(DocumentFormat.current)
            try writer.describe(transition, into: &text)
            try text.raw("}")
        }
    }
}
