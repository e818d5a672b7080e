/// What happens to a route's entry, and to the entries above it, on restore
/// (the route declaration's `restore`, docs/restore.md).
public enum RestorePolicy: String, Equatable, Sendable, CaseIterable {
    /// Restored when valid; when it is dropped, the entries above it go too (the default).
    case dropAbove = "drop_above"
    /// Restored when valid; when it is dropped, the entries above it are still restored.
    case keepAbove = "keep_above"
    /// Never restored (a checkout, an order confirmation): the stack is cut below it.
    case never
}

/// One change a migration makes to the entries of an older snapshot.
public enum MigrationStep: Equatable, Sendable {
    /// A value mapping of `mapParam`.
    public struct ValueMapping: Equatable, Sendable {
        /// The old value.
        public let from: InputValue
        /// The value it becomes.
        public let to: InputValue

        /// Creates a mapping.
        @_optimize(size)
        public init(from: InputValue, to: InputValue) {
            self.from = from
            self.to = to
        }
    }

    /// Entries of route `from` become entries of route `to`.
    case renameRoute(from: String, to: String)
    /// Param `from` of `route`'s entries is renamed `to` (replacing any `to` already there).
    case renameParam(route: String, from: String, to: String)
    /// Param `param` of `route`'s entries changes value as listed; other values stay.
    case mapParam(route: String, param: String, values: [ValueMapping])
    /// Entries of `route` are dropped; `policy` (`dropAbove` or `keepAbove`) says
    /// what happens to the entries above them.
    case dropRoute(String, policy: RestorePolicy)
    /// `route`'s entries that lack param `param` get it with `value`.
    case addParam(route: String, param: String, value: InputValue)
    /// Param `param` is removed from `route`'s entries.
    case dropParam(route: String, param: String)

    /// A step's `op`: its raw value is the JSON spelling.
    public enum Op: String, Equatable, Sendable, CaseIterable {
        /// `rename_route`.
        case renameRoute = "rename_route"
        /// `rename_param`.
        case renameParam = "rename_param"
        /// `map_param`.
        case mapParam = "map_param"
        /// `drop_route`.
        case dropRoute = "drop_route"
        /// `add_param`.
        case addParam = "add_param"
        /// `drop_param`.
        case dropParam = "drop_param"
    }

    /// The step's `op`, as JSON spells it by its raw value.
    public var op: Op {
        switch self {
        case .renameRoute: return .renameRoute
        case .renameParam: return .renameParam
        case .mapParam: return .mapParam
        case .dropRoute: return .dropRoute
        case .addParam: return .addParam
        case .dropParam: return .dropParam
        }
    }

    /// Every route and param name the step mentions, for checking.
    var names: [String] {
        switch self {
        case .renameRoute(let from, let to): return [from, to]
        case .renameParam(let route, let from, let to): return [route, from, to]
        case .mapParam(let route, let param, _), .addParam(let route, let param, _), .dropParam(let route, let param):
            return [route, param]
        case .dropRoute(let route, _): return [route]
        }
    }
}

/// How to bring a snapshot of table version `from` to version `from + 1`.
public struct Migration: Equatable, Sendable {
    /// The version this migration starts from.
    public let from: Int
    /// The changes, applied in order.
    public let steps: [MigrationStep]

    /// Creates a migration.
    @_optimize(size)
    public init(from: Int, steps: [MigrationStep]) {
        self.from = from
        self.steps = steps
    }

    /// Checks a table's migrations against its version; `.table` errors at `migrations[i]`.
    @_optimize(size)
    static func check(_ migrations: [Migration], version: Int) throws(NavError) -> [Int: Migration] {
        var byVersion: [Int: Migration] = [:]
        for (index, migration) in migrations.enumerated() {
            let location = "migrations[\(index)]"
            guard migration.from >= 1, migration.from < version else {
                throw NavError(.table, at: "\(location).from", "must be from 1 to \(version - 1) (the table is version \(version)), got \(migration.from)")
            }
            guard byVersion.updateValue(migration, forKey: migration.from) == nil else {
                throw NavError(.table, at: "\(location).from", "a migration from version \(migration.from) is declared twice")
            }
            for (position, step) in migration.steps.enumerated() {
                for name in step.names where !RouteTable.isValidName(name) {
                    throw NavError(.table, at: "\(location).steps[\(position)]", "bad name \"\(ParamType.excerpt(name))\" (use letters, digits, _ - .)")
                }
                if case .dropRoute(_, .never) = step {
                    throw NavError(.table, at: "\(location).steps[\(position)].restore", "must be drop_above or keep_above")
                }
            }
        }
        return byVersion
    }
}
