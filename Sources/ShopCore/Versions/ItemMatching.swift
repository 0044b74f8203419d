import YAML

/// What matching reads of the items of one version: each one's name and `id` as written (nil
/// without one), lent for the time of a match. A version held as a document lends them from its
/// nodes; `history`, which keeps only these of a version, from a buffer of its own.
protocol ItemIdentities {
    /// How many items the version has.
    var count: Int { get }
    /// Item `item`'s name as written, when it is a scalar that is not null.
    func nameBytes(_ item: Int) -> UnsafeBufferPointer<UInt8>?
    /// Item `item`'s `id` as written, when it has one that is not blank.
    func idBytes(_ item: Int) -> UnsafeBufferPointer<UInt8>?
}

extension ItemIdentities {
    func hasID(_ item: Int) -> Bool { idBytes(item) != nil }
}

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
        self = old.document.withRawNodes { oldNodes in
            new.document.withRawNodes { newNodes in
                ItemMatching(
                    byIdentity: ListVersion.NodeIdentities(version: old, nodes: oldNodes),
                    ListVersion.NodeIdentities(version: new, nodes: newNodes))
            }
        }
        if let (removed, came) = renameCandidates {
            let oldEntries = old.entries(ofItem: removed)
            let candidates = came.filter { index in
                EntryComparison.otherKeysEqual(oldEntries, in: old, new.entries(ofItem: index), in: new, except: "name")
            }
            if candidates.count == 1, let added = candidates.first { pair(removed, added) }
        }
    }

    /// The items of `new` that are the items of `old` by their ids and names, renames not yet
    /// looked for (see ``renameCandidates``).
    init<Old: ItemIdentities, New: ItemIdentities>(byIdentity old: Old, _ new: New) {
        newForOld = ItemIndexMap(count: old.count)
        oldForNew = ItemIndexMap(count: new.count)
        let sides = Sides(old: old, new: new)
        matchIDs(sides)
        matchNames(sides)
    }

    /// When exactly one old item went and some new items came, that item and those: one of them
    /// is it renamed when exactly one has all its other keys equal to it (then ``pair(_:_:)``
    /// them). Nil otherwise.
    var renameCandidates: (removed: Int, came: [Int])? {
        let gone = newForOld.indices.filter { newForOld[$0] == nil }
        guard gone.count == 1, let removed = gone.first else { return nil }
        let came = oldForNew.indices.filter { oldForNew[$0] == nil }
        return came.isEmpty ? nil : (removed, came)
    }

    /// Makes old item `oldIndex` and new item `newIndex` one item.
    mutating func pair(_ oldIndex: Int, _ newIndex: Int) {
        newForOld[oldIndex] = newIndex
        oldForNew[newIndex] = oldIndex
    }

    /// The identities of the two versions.
    private struct Sides<Old: ItemIdentities, New: ItemIdentities> {
        let old: Old
        let new: New

        /// Whether old item `oldIndex` and new item `newIndex` can be one item by their ids: not
        /// when both have ids and they differ.
        func compatibleIDs(_ oldIndex: Int, _ newIndex: Int) -> Bool {
            guard let oldID = old.idBytes(oldIndex), let newID = new.idBytes(newIndex) else { return true }
            return ListVersion.sameText(oldID, newID)
        }
    }

    /// Items that have the same `id` in both versions.
    private mutating func matchIDs<Old, New>(_ sides: Sides<Old, New>) {
        let (old, new) = (sides.old, sides.new)
        guard (0..<old.count).contains(where: old.hasID), (0..<new.count).contains(where: new.hasID) else { return }
        var byID: [String: [Int]] = [:]
        for index in 0..<new.count {
            if let id = new.idBytes(index) { byID[String(decoding: id, as: UTF8.self), default: []].append(index) }
        }
        for index in 0..<old.count {
            guard let bytes = old.idBytes(index) else { continue }
            let id = String(decoding: bytes, as: UTF8.self)
            guard var candidates = byID[id], !candidates.isEmpty else { continue }
            pair(index, candidates.removeFirst())
            byID[id] = candidates
        }
    }

    /// Items not matched by id that have the same name, unless both have ids (then they differ).
    private mutating func matchNames<Old, New>(_ sides: Sides<Old, New>) {
        let (old, new) = (sides.old, sides.new)
        // Most items keep their place from one version to the next, give or take the items added
        // or removed before them: each is looked for where the previous match suggests, then close
        // by, by its name as written. What is left (items renamed in case or spacing, moved far,
        // removed) is looked up by name key among what is left.
        let window = 8
        var shift = 0
        for index in 0..<old.count where newForOld[index] == nil {
            guard let name = old.nameBytes(index) else { continue }
            let guess = index + shift
            func matches(_ candidate: Int) -> Bool {
                guard candidate >= 0 && candidate < new.count && oldForNew[candidate] == nil,
                    let other = new.nameBytes(candidate)
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
        let leftOld = (0..<old.count).filter { newForOld[$0] == nil && old.nameBytes($0) != nil }
        guard !leftOld.isEmpty else { return }
        var byName: [NameKey: [Int]] = [:]
        for index in 0..<new.count where oldForNew[index] == nil {
            if let name = new.nameBytes(index) { byName[NameKey(utf8: name), default: []].append(index) }
        }
        guard !byName.isEmpty else { return }
        for index in leftOld {
            guard let name = old.nameBytes(index) else { continue }
            let key = NameKey(utf8: name)
            guard var candidates = byName[key] else { continue }
            if let position = candidates.firstIndex(where: { sides.compatibleIDs(index, $0) }) {
                pair(index, candidates.remove(at: position))
                byName[key] = candidates
            }
        }
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
