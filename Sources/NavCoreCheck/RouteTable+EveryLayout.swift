import NavCore

extension RouteTable {
    /// The table's layout at every level: the navigator's own first, then each
    /// route's nested layout in the order of the routes' names.
    var everyLayout: [Layout] {
        [layout] + layouts.sorted { $0.key < $1.key }.map(\.value.layout)
    }
}
