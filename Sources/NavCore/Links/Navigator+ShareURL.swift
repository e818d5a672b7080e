extension Navigator {
    /// The URL of the active stack, to share the screen on top (see
    /// `RouteTable.shareURL(for:tab:)`); `.noMatch` when no link produces it.
    public func stackURL() throws(NavError) -> String {
        try table.shareURL(for: activeStack, tab: layers.isEmpty ? selectedTab : nil)
    }
}
