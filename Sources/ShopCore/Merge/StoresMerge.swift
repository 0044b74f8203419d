import YAML

/// `stores` merged store by store, when both sides changed it: a store added, removed or given
/// another aisle order on one side is taken, as an item's keys are; the same store changed
/// differently on both sides is a conflict on the whole key. Used only where merging `stores`
/// as one value is a conflict, and only when every version that has it has a mapping of text
/// keys, each once, and neither side moved stores the others kept or changed the comments of
/// `stores:` itself: such a change is a conflict as before.
struct StoresMerge {
    /// Each store's merge, by its name as written.
    var stores: [KeyMerge]

    /// The merge, or nil when it cannot be made store by store.
    static func merge(
        base: MergeVersions.SideEntry?, ours: MergeVersions.SideEntry?, theirs: MergeVersions.SideEntry?,
        in versions: MergeVersions
    ) -> StoresMerge? {
        guard let ours, let theirs, let oursStores = stores(ours, versions), let theirsStores = stores(theirs, versions)
        else { return nil }
        var baseStores: [MergeVersions.SideEntry] = []
        if let base {
            guard let read = stores(base, versions) else { return nil }
            baseStores = read
        }
        // The result keeps ours' comments of `stores:` itself: theirs must not have changed them.
        guard versions.sameComments(ours, theirs) || versions.sameComments(base, theirs) else { return nil }
        let keys = { (entries: [MergeVersions.SideEntry]) in entries.compactMap(\.entry.key) }
        let (baseKeys, oursKeys, theirsKeys) = (keys(baseStores), keys(oursStores), keys(theirsStores))
        let kept = Set(baseKeys).intersection(oursKeys).intersection(theirsKeys)
        let order = { (keys: [String]) in keys.filter { kept.contains($0) } }
        guard order(oursKeys) == order(baseKeys), order(theirsKeys) == order(baseKeys) else { return nil }

        var merges: [KeyMerge] = []
        var seen: Set<String> = []
        for key in baseKeys + oursKeys + theirsKeys where seen.insert(key).inserted {
            let find = { (entries: [MergeVersions.SideEntry]) in entries.first { $0.entry.key == key } }
            let (b, o, t) = (find(baseStores), find(oursStores), find(theirsStores))
            let outcome = EntryMerge.decide(base: b, ours: o, theirs: t, meaning: .data, in: versions)
            guard outcome != .conflict else { return nil }
            merges.append(KeyMerge(key: key, base: b, ours: o, theirs: t, outcome: outcome))
        }
        return StoresMerge(stores: merges)
    }

    /// The stores of one side's `stores` entry, when it is a mapping of text keys, each once.
    static func stores(_ entry: MergeVersions.SideEntry, _ versions: MergeVersions) -> [MergeVersions.SideEntry]? {
        let nodes = versions.nodes(entry.side)
        guard nodes.isMapping(entry.entry.valueNode) else { return nil }
        let entries = ListVersion.entries(of: entry.entry.valueNode, nodes: nodes)
        var keys: Set<String> = []
        for store in entries {
            guard let key = store.key, keys.insert(key).inserted else { return nil }
        }
        return entries.map { MergeVersions.SideEntry(side: entry.side, entry: $0) }
    }
}
