/// Which items of one version are which items of another: the same `id` when both have one, else
/// the same name (compared like names); an item renamed without an id is found when exactly one
/// item went and, of the items that came, exactly one has all its other keys equal to it.
///
/// Merge and diff match items this way, and so does history when it follows an item through the
/// versions of a list. Items whose identity is repeated in one version (which merge refuses) are
/// paired in the order they come.
struct ItemMatching: Sendable {
    /// For each item of the old version, the item of the new version it is; nil when it went.
    var newForOld: [Int?]
    /// For each item of the new version, the item of the old version it is; nil when it came.
    var oldForNew: [Int?]

    /// The items of `new` that are the items of `old`.
    init(old: ListVersion, new: ListVersion) {
        newForOld = Array(repeating: nil, count: old.items.count)
        oldForNew = Array(repeating: nil, count: new.items.count)
        matchIDs(old, new)
        matchNames(old, new)
        matchRename(old, new)
    }

    private mutating func pair(_ oldIndex: Int, _ newIndex: Int) {
        newForOld[oldIndex] = newIndex
        oldForNew[newIndex] = oldIndex
    }

    /// Items that have the same `id` in both versions.
    private mutating func matchIDs(_ old: ListVersion, _ new: ListVersion) {
        guard old.items.contains(where: { $0.id != nil }), new.items.contains(where: { $0.id != nil }) else { return }
        var byID: [String: [Int]] = [:]
        for (index, item) in new.items.enumerated() {
            if let id = item.id { byID[id, default: []].append(index) }
        }
        for (index, item) in old.items.enumerated() {
            guard let id = item.id, var candidates = byID[id], !candidates.isEmpty else { continue }
            pair(index, candidates.removeFirst())
            byID[id] = candidates
        }
    }

    /// Items not matched by id that have the same name, unless both have ids (then they differ).
    private mutating func matchNames(_ old: ListVersion, _ new: ListVersion) {
        // Most items keep their place from one version to the next: try the item where the
        // previous match suggests first, and look the name up only when that fails.
        var byName: [NameKey: [Int]]?
        var shift = 0
        for (index, item) in old.items.enumerated() where newForOld[index] == nil {
            guard let key = item.nameKey else { continue }
            let guess = index + shift
            if new.items.indices.contains(guess), oldForNew[guess] == nil, Self.sameByName(item, new.items[guess]) {
                pair(index, guess)
                continue
            }
            if byName == nil { byName = Self.nameTable(new) }
            guard var candidates = byName?[key] else { continue }
            candidates.removeAll { oldForNew[$0] != nil }
            if let found = candidates.first(where: { Self.sameByName(item, new.items[$0]) }) {
                pair(index, found)
                shift = found - index
                candidates.removeAll { $0 == found }
            }
            byName?[key] = candidates
        }
    }

    private static func nameTable(_ version: ListVersion) -> [NameKey: [Int]] {
        var table: [NameKey: [Int]] = [:]
        table.reserveCapacity(version.items.count)
        for (index, item) in version.items.enumerated() {
            if let key = item.nameKey { table[key, default: []].append(index) }
        }
        return table
    }

    /// Whether two items are one by their names: equal names, and not two different ids.
    private static func sameByName(_ old: ListVersion.Item, _ new: ListVersion.Item) -> Bool {
        guard let oldKey = old.nameKey, let newKey = new.nameKey, oldKey == newKey else { return false }
        return old.id == nil || new.id == nil || old.id == new.id
    }

    /// One item that went and one that came with every key but the name equal: a rename.
    private mutating func matchRename(_ old: ListVersion, _ new: ListVersion) {
        let gone = newForOld.indices.filter { newForOld[$0] == nil }
        guard gone.count == 1, let removed = gone.first else { return }
        let came = oldForNew.indices.filter { oldForNew[$0] == nil }
        guard !came.isEmpty else { return }
        let oldEntries = old.entries(ofItem: removed)
        let candidates = came.filter { index in
            EntryComparison.otherKeysEqual(oldEntries, in: old, new.entries(ofItem: index), in: new, except: "name")
        }
        if candidates.count == 1, let added = candidates.first { pair(removed, added) }
    }
}
