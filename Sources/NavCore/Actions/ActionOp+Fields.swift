extension ActionOp {
    /// The fields of an action object of this op besides `op` (its unit's),
    /// in the order that the schema and an unknown key's error list them and
    /// that a codec writes them: each with its key, its kind and whether it
    /// must be given.
    public var fields: [ActionField] {
        unit.fields
    }

    /// The keys an action object of this op may hold: `op`, then its fields'
    /// keys, in the order an unknown key's error lists them
    /// (`unknown key "rout" (allowed: op, route, tab, policy)`).
    public var keys: [String] {
        ["op"] + fields.map(\.key)
    }
}
