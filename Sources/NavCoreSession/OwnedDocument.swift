/// A document's text the session hands out, owned by its receiver (release
/// with `OwnedText.free`). Unchecked-Sendable: it has one owner at a time,
/// handed over, never shared.
public struct OwnedDocument: @unchecked Sendable {
    /// The text.
    public let text: UnsafeMutablePointer<CChar>
}
