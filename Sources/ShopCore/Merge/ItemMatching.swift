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
        // Most items keep their place from one version to the next, give or take the items added
        // or removed before them: each is looked for where the previous match suggests, then close
        // by, by its name as written. What is left (items renamed in case or spacing, moved far,
        // removed) is looked up by name key among what is left.
        let window = 8
        var shift = 0
        for (index, item) in old.items.enumerated() where newForOld[index] == nil {
            guard let name = item.name else { continue }
            let guess = index + shift
            func matches(_ candidate: Int) -> Bool {
                guard candidate >= 0 && candidate < new.items.count && oldForNew[candidate] == nil else { return false }
                let other = new.items[candidate]
                return other.name == name && Self.compatibleIDs(item, other)
            }
            var found: Int?
            for distance in 0...window {
                if matches(guess + distance) {
                    found = guess + distance
                } else if distance > 0 && matches(guess - distance) {
                    found = guess - distance
                }
                if found != nil { break }
            }
            if let found {
                pair(index, found)
                shift = found - index
            }
        }
        let leftOld = old.items.indices.filter { newForOld[$0] == nil && old.items[$0].name != nil }
        guard !leftOld.isEmpty else { return }
        var byName: [NameKey: [Int]] = [:]
        for index in new.items.indices where oldForNew[index] == nil {
            if let key = new.items[index].nameKey { byName[key, default: []].append(index) }
        }
        guard !byName.isEmpty else { return }
        for index in leftOld {
            guard let key = old.items[index].nameKey, var candidates = byName[key] else { continue }
            if let position = candidates.firstIndex(where: { Self.compatibleIDs(old.items[index], new.items[$0]) }) {
                pair(index, candidates.remove(at: position))
                byName[key] = candidates
            }
        }
    }

    /// Whether two items with one name are one item: not when both have ids and they differ.
    private static func compatibleIDs(_ old: ListVersion.Item, _ new: ListVersion.Item) -> Bool {
        old.id == nil || new.id == nil || old.id == new.id
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
