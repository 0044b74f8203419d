import YAML

/// Which items of one version are which items of another: the same `id` when both have one, else
/// the same name (compared like names); an item renamed without an id is found when exactly one
/// item went and, of the items that came, exactly one has all its other keys equal to it.
///
/// Merge and diff match items this way, and so does history when it follows an item through the
/// versions of a list. Items whose identity is repeated in one version (which merge refuses) are
/// paired in the order they come.
struct ItemMatching: Sendable {
    /// For each item of the old version, the item of the new version it is; nil when it went.
    var newForOld: ItemIndexMap
    /// For each item of the new version, the item of the old version it is; nil when it came.
    var oldForNew: ItemIndexMap

    /// The items of `new` that are the items of `old`.
    init(old: ListVersion, new: ListVersion) {
        newForOld = ItemIndexMap(count: old.items.count)
        oldForNew = ItemIndexMap(count: new.items.count)
        old.document.withRawNodes { oldNodes in
            new.document.withRawNodes { newNodes in
                let sides = Sides(old: old, oldNodes: oldNodes, new: new, newNodes: newNodes)
                matchIDs(sides)
                matchNames(sides)
            }
        }
        matchRename(old, new)
    }

    /// The two versions with their nodes lent.
    private struct Sides {
        let old: ListVersion
        let oldNodes: RawNodes
        let new: ListVersion
        let newNodes: RawNodes

        /// Whether old item `oldIndex` and new item `newIndex` can be one item by their ids: not
        /// when both have ids and they differ.
        func compatibleIDs(_ oldIndex: Int, _ newIndex: Int) -> Bool {
            let (oldItem, newItem) = (old.items[oldIndex], new.items[newIndex])
            guard oldItem.hasID && newItem.hasID else { return true }
            return ListVersion.sameText(oldItem.idBytes(oldNodes), newItem.idBytes(newNodes))
        }
    }

    private mutating func pair(_ oldIndex: Int, _ newIndex: Int) {
        newForOld[oldIndex] = newIndex
        oldForNew[newIndex] = oldIndex
    }

    /// Items that have the same `id` in both versions.
    private mutating func matchIDs(_ sides: Sides) {
        let (old, new) = (sides.old, sides.new)
        guard old.items.contains(where: \.hasID), new.items.contains(where: \.hasID) else { return }
        var byID: [String: [Int]] = [:]
        for (index, item) in new.items.enumerated() {
            if let id = item.idBytes(sides.newNodes) { byID[String(decoding: id, as: UTF8.self), default: []].append(index) }
        }
        for (index, item) in old.items.enumerated() {
            guard let bytes = item.idBytes(sides.oldNodes) else { continue }
            let id = String(decoding: bytes, as: UTF8.self)
            guard var candidates = byID[id], !candidates.isEmpty else { continue }
            pair(index, candidates.removeFirst())
            byID[id] = candidates
        }
    }

    /// Items not matched by id that have the same name, unless both have ids (then they differ).
    private mutating func matchNames(_ sides: Sides) {
        let (old, new) = (sides.old, sides.new)
        // Most items keep their place from one version to the next, give or take the items added
        // or removed before them: each is looked for where the previous match suggests, then close
        // by, by its name as written. What is left (items renamed in case or spacing, moved far,
        // removed) is looked up by name key among what is left.
        let window = 8
        var shift = 0
        for (index, item) in old.items.enumerated() where newForOld[index] == nil {
            guard let name = item.nameBytes(sides.oldNodes) else { continue }
            let guess = index + shift
            func matches(_ candidate: Int) -> Bool {
                guard candidate >= 0 && candidate < new.items.count && oldForNew[candidate] == nil,
                    let other = new.items[candidate].nameBytes(sides.newNodes)
                else { return false }
                return ListVersion.sameText(other, name) && sides.compatibleIDs(index, candidate)
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
        let leftOld = old.items.indices.filter { newForOld[$0] == nil && old.items[$0].hasName }
        guard !leftOld.isEmpty else { return }
        var byName: [NameKey: [Int]] = [:]
        for index in new.items.indices where oldForNew[index] == nil {
            if let name = new.items[index].nameBytes(sides.newNodes) { byName[NameKey(utf8: name), default: []].append(index) }
        }
        guard !byName.isEmpty else { return }
        for index in leftOld {
            guard let name = old.items[index].nameBytes(sides.oldNodes) else { continue }
            let key = NameKey(utf8: name)
            guard var candidates = byName[key] else { continue }
            if let position = candidates.firstIndex(where: { sides.compatibleIDs(index, $0) }) {
                pair(index, candidates.remove(at: position))
                byName[key] = candidates
            }
        }
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

/// For each item of one version, the item of another version it is, or nil: 4 bytes an item
/// (an array of `Int?` takes 16).
struct ItemIndexMap: RandomAccessCollection, Sendable {
    private var storage: [Int32]

    /// A map of `count` items, none of them matched.
    init(count: Int) {
        storage = Array(repeating: -1, count: count)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { storage.count }

    subscript(position: Int) -> Int? {
        get {
            let value = storage[position]
            return value < 0 ? nil : Int(value)
        }
        set { storage[position] = newValue.map { Int32(truncatingIfNeeded: $0) } ?? -1 }
    }
}
