import NavCore

extension Router {
    /// Opens a deep link: the table's links turn it into a whole stack
    /// (`myapp://users/42/edit` is the user list, the user, then the edit screen).
    /// A URL that no link matches changes nothing and gives false; other errors are thrown.
    func open(_ url: String) throws(NavError) -> Bool {
        do throws(NavError) {
            try apply([.openURL(url, mode: nil)])
            return true
        } catch where error.kind == .noMatch {
            return false
        }
    }
}
