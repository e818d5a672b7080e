/// How `open_url` places a link's routes on the stack.
public enum OpenMode: String, Equatable, Sendable, CaseIterable {
    /// The path above the root becomes the link's routes, as for a
    /// notification tap; entries that already stand at the same position with
    /// an equal route keep their ids (as `set_stack` does).
    case replace
    /// The link's routes go on top of the current path, as for an in-app link.
    case push

    /// The mode when neither the caller nor the link says: `replace`.
    public static let fallback = OpenMode.replace
}
