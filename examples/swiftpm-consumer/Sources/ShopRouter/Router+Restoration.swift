import NavCore

/// What the app saves when it goes to the background (a file, or SceneStorage): the typed path,
/// `Codable`, in a versioned wrapper so that an update recognises a save of an older format.
struct SavedPath: Codable, Equatable {
    /// The format this build writes and reads.
    static let currentVersion = 1

    /// The format of the save.
    var version = SavedPath.currentVersion
    /// The screens above the root.
    var path: [AppRoute]
}

extension Router {
    /// The path to save.
    func saved() -> SavedPath {
        SavedPath(path: path)
    }

    /// Restores a save at launch. A save of another format is ignored, and each route the table
    /// refuses now (a section that no longer exists, say) is dropped instead of failing the whole
    /// restore. Returns the routes dropped.
    func restore(_ saved: SavedPath) throws(NavError) -> [AppRoute] {
        guard saved.version == SavedPath.currentVersion else { return saved.path }
        let table = navigator.table
        let kept = saved.path.filter { (route) in (try? table.check(route.request)) != nil }
        try replace(with: kept)
        return saved.path.filter { !kept.contains($0) }
    }
}
