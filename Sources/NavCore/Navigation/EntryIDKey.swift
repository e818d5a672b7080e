/// An entry id as a dictionary key, hashed by one round of a 64-bit mixer
/// (MurmurHash3's finalizer) over the id and the dictionary's seed instead
/// of `Int`'s own SipHash-1-3: for the tables keyed by the ids a navigator
/// issues (its containers, `ContainerTable`; the text kept for each entry,
/// `DocumentWriter`), looked up on every action or for every entry a
/// document holds. The ids are the navigator's own (issued in order, or
/// read from a snapshot and checked), so the stronger hash bought nothing a
/// caller could use; the mixer still spreads consecutive ids over the buckets.
package struct EntryIDKey: Hashable, Sendable {
    /// The entry id.
    package let id: Int

    /// The key of entry id `id`.
    package init(id: Int) {
        self.id = id
    }

    /// Hashes the id (what `hashValue` and a `Hasher` see; the tables use
    /// `_rawHashValue(seed:)`).
    package func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// The hash a dictionary's buckets are picked by: the id and `seed`
    /// mixed by MurmurHash3's 64-bit finalizer (a bijection, so that
    /// distinct ids never share a hash).
    package func _rawHashValue(seed: Int) -> Int {
        var mixed = UInt64(UInt(bitPattern: id ^ seed))
        mixed = (mixed ^ (mixed >> 33)) &* 0xff51_afd7_ed55_8ccd
        mixed = (mixed ^ (mixed >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return Int(Int64(bitPattern: mixed ^ (mixed >> 33)))
    }
}
