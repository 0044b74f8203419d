/// One item of the merged list: which item of each version it is, what the result holds, and
/// its conflict if it has one.
struct MergedItem {
    /// What the result holds for the item.
    enum Content {
        /// Ours' item as it is.
        case ours
        /// Ours' item with the changes of `keys` made and the item's own comments from
        /// `comments`' side.
        case oursEdited(keys: [KeyMerge], comments: MergeVersions.Side)
        /// Theirs' item as it is (in place of ours', when ours has it).
        case theirs
        /// Nothing: the item was removed.
        case removed
    }

    /// Why the item is written between conflict markers.
    enum Conflict: Equatable {
        /// The sides changed these keys differently; each key stands in the result as ours has
        /// it (as theirs has it when ours does not have it).
        case keys([String])
        /// Ours removed the item and theirs changed it: theirs' item stands in the result.
        case removedByOurs
        /// Theirs removed the item and ours changed it: ours' item stands.
        case removedByTheirs
        /// The sides changed the item's own comments differently: the item as merged with ours'
        /// comments stands, theirs' item is the other side.
        case comments
    }

    /// Its positions in the versions that have it.
    let positions: OrderMerge.Member
    var content: Content
    var conflict: Conflict?
    /// Items only theirs has (their positions in theirs) that would end with this item's name or
    /// id: they are written with it between the markers instead of on their own.
    var clashes: [Int] = []

    var base: Int? { positions.base }
    var ours: Int? { positions.ours }
    var theirs: Int? { positions.theirs }

    /// Whether the conflict, if any, is written around the whole item (rather than around some
    /// of its keys).
    var conflictsAsWhole: Bool {
        if !clashes.isEmpty { return true }
        switch conflict {
        case .keys, nil: return false
        default: return true
        }
    }
}

/// The merge of one key of an item.
struct KeyMerge {
    var key: String
    var base: MergeVersions.SideEntry?
    var ours: MergeVersions.SideEntry?
    var theirs: MergeVersions.SideEntry?
    var outcome: EntryMerge.Outcome
}

/// Merges one item: an item removed on one side and unchanged on the other is removed; removed on
/// one side and changed on the other is a conflict on the whole item; an item both sides have is
/// merged key by key (against an empty base when both added it).
enum ItemMerge {
    static func merge(base: Int?, ours: Int?, theirs: Int?, in versions: MergeVersions) -> MergedItem {
        var item = MergedItem(positions: OrderMerge.Member(base: base, ours: ours, theirs: theirs), content: .removed)
        switch (ours, theirs) {
        case (nil, nil):
            break
        case (let ours?, nil):
            if let base {
                // Writing or dropping a default (`buy: false`) is no change that keeps the item.
                if !versions.sameItem(base, .base, ours, .ours, writtenAlike: false) {
                    item.content = .ours
                    item.conflict = .removedByTheirs
                }
            } else {
                item.content = .ours
            }
        case (nil, let theirs?):
            if let base {
                if !versions.sameItem(base, .base, theirs, .theirs, writtenAlike: false) {
                    item.content = .theirs
                    item.conflict = .removedByOurs
                }
            } else {
                item.content = .theirs
            }
        case (let ours?, let theirs?):
            if versions.sameItem(ours, .ours, theirs, .theirs) {
                item.content = .ours
            } else if let base, versions.sameItem(base, .base, ours, .ours) {
                item.content = .theirs
            } else if let base, versions.sameItem(base, .base, theirs, .theirs) {
                item.content = .ours
            } else {
                mergeKeys(&item, base: base, ours: ours, theirs: theirs, in: versions)
            }
        }
        return item
    }

    private static func mergeKeys(
        _ item: inout MergedItem, base: Int?, ours: Int, theirs: Int, in versions: MergeVersions
    ) {
        let keys = keyMerges(base: base, ours: ours, theirs: theirs, in: versions)
        let comments = EntryMerge.threeWay(
            same: { $0 == $1 }, base: versions.itemCommentTexts(base, .base),
            ours: versions.itemCommentTexts(ours, .ours), theirs: versions.itemCommentTexts(theirs, .theirs))
        if comments == .ours && keys.allSatisfy({ $0.outcome == .ours }) {
            item.content = .ours
            return
        }
        item.content = .oursEdited(keys: keys, comments: comments ?? .ours)
        let conflicting = keys.filter { $0.outcome == .conflict }.map(\.key)
        if comments == nil {
            item.conflict = .comments
        } else if !conflicting.isEmpty {
            item.conflict = .keys(conflicting)
        }
    }

    /// The merge of every key of an item both sides have.
    static func keyMerges(base: Int?, ours: Int, theirs: Int, in versions: MergeVersions) -> [KeyMerge] {
        let baseEntries = base.map { versions.entries(ofItem: $0, .base) } ?? []
        let oursEntries = versions.entries(ofItem: ours, .ours)
        let theirsEntries = versions.entries(ofItem: theirs, .theirs)
        var keys: [KeyMerge] = []
        var seen: Set<String> = []
        for entry in oursEntries + theirsEntries + baseEntries {
            guard let key = entry.entry.key, seen.insert(key).inserted else { continue }
            let find = { (entries: [MergeVersions.SideEntry]) in entries.first { $0.entry.key == key } }
            let (baseEntry, oursEntry, theirsEntry) = (find(baseEntries), find(oursEntries), find(theirsEntries))
            let outcome = EntryMerge.decide(
                base: baseEntry, ours: oursEntry, theirs: theirsEntry, meaning: .ofItemKey(key), in: versions)
            keys.append(KeyMerge(key: key, base: baseEntry, ours: oursEntry, theirs: theirsEntry, outcome: outcome))
        }
        return keys
    }
}
