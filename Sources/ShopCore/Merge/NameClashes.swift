/// Two items that would end up with one name (or one id) are a conflict: the one whose name (or
/// id) comes from theirs gives way. When ours has that item, the key is a conflict on it (ours'
/// value stands); when only theirs has it, it leaves its place and is written between the markers
/// of the other item.
enum NameClashes {
    static func resolve(_ items: inout [MergedItem], order: inout [Int], in versions: MergeVersions) {
        // Each round settles the clashes it finds; giving way can make a new one, and every
        // round makes more of the values ours': the rounds end.
        for _ in 0..<(order.count + 1) {
            guard let clash = firstClash(items, order, versions) else { return }
            let (kept, yielding, key) = clash
            if items[yielding].ours != nil {
                makeConflict(&items[yielding], key: key, versions)
            } else {
                order.removeAll { $0 == yielding }
                if let theirs = items[yielding].theirs { items[kept].clashes.append(theirs) }
                items[kept].clashes += items[yielding].clashes
            }
        }
    }

    /// The first two items of the result with one name (compared like names) or one id: the one
    /// that keeps its value, the one that gives way, and the key. Ours' names and ids are each
    /// there once, so a clash needs a value from theirs that ours does not have: only those are
    /// looked for among the others (by a fingerprint first, then exactly).
    static func firstClash(_ items: [MergedItem], _ order: [Int], _ versions: MergeVersions)
        -> (kept: Int, yielding: Int, key: ItemKey)?
    {
        for key in [ItemKey.name, .id] {
            func same(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
                ListVersion.sameText(left, right) || (key == .name && NameKey(utf8: left) == NameKey(utf8: right))
            }
            var wanted: [UInt64: [(index: Int, value: UnsafeBufferPointer<UInt8>)]] = [:]
            for index in order {
                guard let (value, side) = mergedValue(items[index], key, versions), side == .theirs else { continue }
                if let ours = items[index].ours, let own = text(of: ours, .ours, key, versions),
                    ListVersion.sameText(own, value)
                {
                    continue
                }
                wanted[fingerprint(value, key), default: []].append((index, value))
            }
            guard !wanted.isEmpty else { continue }
            for index in order {
                guard let (value, _) = mergedValue(items[index], key, versions),
                    let candidates = wanted[fingerprint(value, key)]
                else { continue }
                for candidate in candidates where candidate.index != index && same(candidate.value, value) {
                    // The new value from theirs gives way (of two, the later one).
                    if candidates.contains(where: { $0.index == index }) {
                        return (min(index, candidate.index), max(index, candidate.index), key)
                    }
                    return (index, candidate.index, key)
                }
            }
        }
        return nil
    }

    /// A fingerprint that equal names (compared like names), or equal ids (compared as `String`s
    /// are), share.
    static func fingerprint(_ value: UnsafeBufferPointer<UInt8>, _ key: ItemKey) -> UInt64 {
        guard key == .name else { return UInt64(bitPattern: Int64(String(decoding: value, as: UTF8.self).hashValue)) }
        return NameKey.fingerprint(ofName: value).fingerprint
    }

    /// The name or id of an item of one side, as written; nil without one.
    static func text(of index: Int, _ side: MergeVersions.Side, _ key: ItemKey, _ versions: MergeVersions)
        -> UnsafeBufferPointer<UInt8>?
    {
        let item = versions.version(side).items[index]
        let nodes = versions.nodes(side)
        return key == .name ? item.nameBytes(nodes) : item.idBytes(nodes)
    }

    /// The value the result gives `key` of an item (a non-empty text), and the side it comes from.
    /// An item ours removed and theirs changed has none: it is only on theirs' side of its own
    /// conflict, and taking that side is the user's choice to make with both items in view.
    /// Folding it into another item's conflict would put that item's merged changes on one side
    /// only, so resolving either way would lose some. The text is the side's nodes', lent for the
    /// merge.
    static func mergedValue(_ item: MergedItem, _ key: ItemKey, _ versions: MergeVersions)
        -> (value: UnsafeBufferPointer<UInt8>, side: MergeVersions.Side)?
    {
        if item.conflict == .removedByOurs { return nil }
        func value(_ index: Int?, _ side: MergeVersions.Side) -> (UnsafeBufferPointer<UInt8>, MergeVersions.Side)? {
            guard let index else { return nil }
            return text(of: index, side, key, versions).map { ($0, side) }
        }
        switch item.content {
        case .removed: return nil
        case .ours: return value(item.ours, .ours)
        case .theirs: return value(item.theirs, .theirs)
        case .oursEdited(let keys, _):
            guard let merge = keys.first(where: { $0.key == key.rawValue }) else { return value(item.ours, .ours) }
            let side = merge.outcome.valueSide
            return side == .ours ? value(item.ours, .ours) : value(item.theirs, .theirs)
        }
    }

    /// Makes `key` of an item ours has a conflict, its value ours'.
    static func makeConflict(_ item: inout MergedItem, key: ItemKey, _ versions: MergeVersions) {
        guard let ours = item.ours else { return }
        var keys: [KeyMerge]
        var comments = MergeVersions.Side.ours
        switch item.content {
        case .oursEdited(let existing, let side):
            keys = existing
            comments = side
        case .theirs:
            keys = item.theirs.map { ItemMerge.keyMerges(base: item.base, ours: ours, theirs: $0, in: versions) } ?? []
            comments = .theirs
        case .ours, .removed:
            return
        }
        guard let position = keys.firstIndex(where: { $0.key == key.rawValue }) else { return }
        keys[position].outcome = .conflict
        item.content = .oursEdited(keys: keys, comments: comments)
        switch item.conflict {
        case .keys(let names): item.conflict = .keys(names + [key.rawValue])
        case nil: item.conflict = .keys([key.rawValue])
        default: break
        }
    }
}
