/// Brings the entries of an older snapshot forward, one table version at a
/// time, with the migrations the table declares (docs/restore.md).
enum Migrator {
    /// Entries a migration dropped, by id: what happens to the entries above them, and why.
    typealias Drops = [Int: (policy: RestorePolicy, message: String)]

    /// Runs the migrations from the snapshot's table version up to the table's,
    /// recording each in `report`; stops (and says so) where a step is missing.
    /// Returns the entries that migrations dropped.
    static func migrate(_ snapshot: inout Snapshot, to table: RouteTable, report: inout RestoreReport) -> Drops {
        var drops: Drops = [:]
        var version = snapshot.tableVersion
        while version < table.version {
            guard let migration = table.migrations[version] else {
                report.unmigrated = (from: version, to: table.version)
                return drops
            }
            let changes = migration.steps.map { apply($0, from: version, to: &snapshot, drops: &drops) }
            report.migrations.append(RestoreReport.MigrationRun(from: version, to: version + 1, changes: changes))
            version += 1
        }
        if version > table.version { report.unmigrated = (from: version, to: table.version) }
        return drops
    }

    /// Applies one step to every entry not yet dropped; says what it did to which ids.
    private static func apply(_ step: MigrationStep, from version: Int, to snapshot: inout Snapshot,
                              drops: inout Drops) -> RestoreReport.MigrationRun.Change {
        var ids: [Int] = []
        func each(_ change: (inout Snapshot.Item) -> Bool) {
            for list in [\Snapshot.stacks, \Snapshot.presentations] {
                for stack in snapshot[keyPath: list].indices {
                    for index in snapshot[keyPath: list][stack].items.indices {
                        let id = snapshot[keyPath: list][stack].items[index].id
                        if drops[id] == nil, change(&snapshot[keyPath: list][stack].items[index]) { ids.append(id) }
                    }
                }
            }
        }
        let detail: String
        switch step {
        case .renameRoute(let from, let to):
            detail = "route \"\(from)\" renamed to \"\(to)\""
            each { item in
                guard item.route.name == from else { return false }
                item.route = RouteRequest(name: to, params: item.route.params)
                return true
            }
        case .renameParam(let route, let from, let to):
            detail = "param \"\(from)\" of route \"\(route)\" renamed to \"\(to)\""
            each { item in
                guard item.route.name == route, item.route.params.contains(where: { $0.0 == from }) else { return false }
                item.route = RouteRequest(name: route, params: item.route.params.compactMap { name, value in
                    name == to ? nil : (name == from ? to : name, value)
                })
                return true
            }
        case .mapParam(let route, let param, let values):
            detail = "values of param \"\(param)\" of route \"\(route)\" mapped"
            // A value listed whole changes; else each item of a list that is listed does.
            func mapped(_ value: InputValue) -> InputValue? {
                if let mapping = values.first(where: { $0.from == value }) { return mapping.to }
                guard case .array(let items) = value else { return nil }
                let changed = items.map { item in mapped(item) ?? item }
                return changed == items ? nil : .array(changed)
            }
            each { item in
                guard item.route.name == route,
                      let index = item.route.params.firstIndex(where: { $0.0 == param }),
                      let value = mapped(item.route.params[index].1) else { return false }
                var params = item.route.params
                params[index].1 = value
                item.route = RouteRequest(name: route, params: params)
                return true
            }
        case .dropRoute(let route, let policy):
            detail = "route \"\(route)\" dropped"
            each { item in
                guard item.route.name == route else { return false }
                drops[item.id] = (policy, "route \"\(route)\" was dropped by the migration from version \(version)")
                return true
            }
        case .addParam(let route, let param, let value):
            detail = "param \"\(param)\" added to route \"\(route)\""
            each { item in
                guard item.route.name == route, !item.route.params.contains(where: { $0.0 == param }) else { return false }
                item.route = RouteRequest(name: route, params: item.route.params + [(param, value)])
                return true
            }
        case .dropParam(let route, let param):
            detail = "param \"\(param)\" removed from route \"\(route)\""
            each { item in
                guard item.route.name == route, item.route.params.contains(where: { $0.0 == param }) else { return false }
                item.route = RouteRequest(name: route, params: item.route.params.filter { $0.0 != param })
                return true
            }
        }
        return RestoreReport.MigrationRun.Change(op: step.op, detail: detail, ids: ids)
    }
}
