import YAML

/// Works out a ``ListDiff``: the top level key by key, then the items matched between the
/// versions, then (with the order option) the items that moved.
struct ListDiffBuilder {
    let old: ListVersion
    let new: ListVersion
    let options: ListDiff.Options
    var listChanges: [ListDiff.ListChange] = []
    var itemChanges: [ListDiff.ItemChange] = []

    init(old: ListVersion, new: ListVersion, options: ListDiff.Options) {
        self.old = old
        self.new = new
        self.options = options
    }

    mutating func build() {
        old.document.withRawNodes { oldNodes in
            new.document.withRawNodes { newNodes in
                compareTopLevel(oldNodes, newNodes)
                compareItems(oldNodes, newNodes)
            }
        }
    }

    // MARK: Top level

    /// The top-level keys to compare, in canonical order: the known ones, then the others as the
    /// new version has them, then those only the old one had.
    static func topKeys(_ old: ListVersion, _ new: ListVersion) -> [String] {
        var keys = ListKey.allCases.map(\.rawValue)
        for version in [new, old] {
            for entry in version.topEntries {
                if let key = entry.key, !keys.contains(key) { keys.append(key) }
            }
        }
        return keys
    }

    private mutating func compareTopLevel(_ oldNodes: RawNodes, _ newNodes: RawNodes) {
        let fileComments = !sameFileComments(oldNodes, newNodes)
        for key in Self.topKeys(old, new) where key != ListKey.items.rawValue {
            let before = old.topEntry(key)
            let after = new.topEntry(key)
            if before == nil && after == nil { continue }
            if key == ListKey.categories.rawValue, let change = categoriesChange(before, after, oldNodes, newNodes) {
                if let change { listChanges.append(change) }
                continue
            }
            let meaning = ValueMeaning.ofListKey(key)
            var commentsChanged = false
            if let before, let after {
                commentsChanged = commentsDiffer(before, after, oldNodes, newNodes)
                if EntryComparison.sameValue(meaning, before.valueNode, oldNodes, after.valueNode, newNodes) {
                    if commentsChanged { listChanges.append(ListDiff.ListChange(key: key, kind: .comments, commentsChanged: true)) }
                    continue
                }
            }
            let oldValue = DiffValues.value(before?.valueNode, oldNodes, meaning: meaning, decimals: old.list.priceDecimals)
            let newValue = DiffValues.value(after?.valueNode, newNodes, meaning: meaning, decimals: new.list.priceDecimals)
            listChanges.append(
                ListDiff.ListChange(key: key, kind: .value(old: oldValue, new: newValue), commentsChanged: commentsChanged))
        }
        if fileComments {
            listChanges.append(ListDiff.ListChange(key: nil, kind: .comments, commentsChanged: true))
        }
    }

    /// Whether the comments that belong to the file rather than to a key are the same: those at
    /// the top and the end, and those of `items` itself.
    /// Whether a top-level entry's own comments, or those inside its value, changed.
    private func commentsDiffer(
        _ before: ListVersion.Entry, _ after: ListVersion.Entry, _ oldNodes: RawNodes, _ newNodes: RawNodes
    ) -> Bool {
        !EntryComparison.sameComments(before, in: old.document, after, in: new.document)
            || !CommentComparison.sameNested(
                before.valueNode, in: old.document, oldNodes, after.valueNode, in: new.document, newNodes)
    }

    private func sameFileComments(_ oldNodes: RawNodes, _ newNodes: RawNodes) -> Bool {
        func texts(_ version: ListVersion) -> [String] {
            var result = version.document.endComments.map(\.text)
            if let root = version.root { result += CommentComparison.texts(of: root, in: version.document) }
            if let items = version.topEntry(ListKey.items.rawValue) {
                result += CommentComparison.texts(of: items.keyNode, in: version.document)
                result += CommentComparison.texts(of: items.valueNode, in: version.document)
            }
            return result
        }
        return texts(old) == texts(new)
    }

    /// The change of `categories` (nil inside when there is none) when it is a list or absent in
    /// both versions; nil when it is not: then it is compared as a value.
    private func categoriesChange(
        _ before: ListVersion.Entry?, _ after: ListVersion.Entry?, _ oldNodes: RawNodes, _ newNodes: RawNodes
    ) -> ListDiff.ListChange?? {
        let oldNames = before.flatMap { Self.categoryNames($0.valueNode, oldNodes) } ?? (before == nil ? [] : nil)
        let newNames = after.flatMap { Self.categoryNames($0.valueNode, newNodes) } ?? (after == nil ? [] : nil)
        guard let oldNames, let newNames else { return nil }
        let oldKeys = oldNames.map(NameKey.init)
        let newKeys = newNames.map(NameKey.init)
        let added = newNames.indices.filter { !oldKeys.contains(newKeys[$0]) }.map { newNames[$0] }
        let removed = oldNames.indices.filter { !newKeys.contains(oldKeys[$0]) }.map { oldNames[$0] }
        var respelled: [ListDiff.Respelling] = []
        for (index, key) in newKeys.enumerated() {
            if let oldIndex = oldKeys.firstIndex(of: key), oldNames[oldIndex] != newNames[index] {
                respelled.append(ListDiff.Respelling(old: oldNames[oldIndex], new: newNames[index]))
            }
        }
        let kept = newKeys.filter(oldKeys.contains)
        let reordered = options.order && kept != oldKeys.filter(newKeys.contains)
        var commentsChanged = false
        if let before, let after { commentsChanged = commentsDiffer(before, after, oldNodes, newNodes) }
        if added.isEmpty && removed.isEmpty && respelled.isEmpty && !reordered {
            guard commentsChanged else { return .some(nil) }
            return ListDiff.ListChange(key: ListKey.categories.rawValue, kind: .comments, commentsChanged: true)
        }
        return ListDiff.ListChange(
            key: ListKey.categories.rawValue,
            kind: .categories(added: added, removed: removed, respelled: respelled, reordered: reordered),
            commentsChanged: commentsChanged)
    }

    /// The entries of a `categories` sequence that are scalars, as written; nil when it is not a
    /// sequence.
    static func categoryNames(_ node: Int, _ nodes: RawNodes) -> [String]? {
        guard nodes.isSequence(node) else { return nil }
        return nodes.items(of: node).filter { nodes.isScalar($0) && !nodes.isNull($0) }.map {
            String(decoding: nodes.value($0), as: UTF8.self)
        }
    }

    // MARK: Items

    private mutating func compareItems(_ oldNodes: RawNodes, _ newNodes: RawNodes) {
        let matching = ItemMatching(old: old, new: new)
        let moved = options.order ? Self.movedItems(matching) : []
        var nextRemoved = 0
        func flushRemoved(before limit: Int, into changes: inout [ListDiff.ItemChange]) {
            while nextRemoved < min(limit, old.items.count) {
                if matching.newForOld[nextRemoved] == nil {
                    changes.append(
                        ListDiff.ItemChange(
                            kind: .removed, name: old.displayName(ofItem: nextRemoved), keys: [], commentsChanged: false))
                }
                nextRemoved += 1
            }
        }
        // For each new position, the old position of the first matched item from there on: items
        // removed before it are shown before what was added there.
        var nextMatched = [Int](repeating: old.items.count, count: new.items.count + 1)
        for index in new.items.indices.reversed() {
            nextMatched[index] = matching.oldForNew[index] ?? nextMatched[index + 1]
        }
        var changes: [ListDiff.ItemChange] = []
        for index in new.items.indices {
            guard let oldIndex = matching.oldForNew[index] else {
                flushRemoved(before: nextMatched[index], into: &changes)
                changes.append(added(index, newNodes))
                continue
            }
            flushRemoved(before: oldIndex, into: &changes)
            var change = compare(oldIndex, index, oldNodes, newNodes)
            if moved.contains(index) {
                if change == nil {
                    change = ListDiff.ItemChange(
                        kind: .moved, name: new.displayName(ofItem: index), keys: [], commentsChanged: false)
                }
                change?.movedTo = index == 0 ? .top : .after(new.displayName(ofItem: index - 1))
            }
            if let change { changes.append(change) }
        }
        flushRemoved(before: old.items.count, into: &changes)
        itemChanges = changes
    }

    /// An added item, with every value it has.
    private func added(_ index: Int, _ nodes: RawNodes) -> ListDiff.ItemChange {
        let keys = new.entries(ofItem: index).compactMap { entry -> ListDiff.KeyChange? in
            guard let key = entry.key, key != ItemKey.name.rawValue else { return nil }
            let meaning = ValueMeaning.ofItemKey(key)
            return ListDiff.KeyChange(
                key: key, old: DiffValues.absent(meaning),
                new: DiffValues.value(entry.valueNode, nodes, meaning: meaning, decimals: new.list.priceDecimals))
        }
        return ListDiff.ItemChange(kind: .added, name: new.displayName(ofItem: index), keys: keys, commentsChanged: false)
    }

    /// The changes of one item that is in both versions; nil when it has none.
    private func compare(_ oldIndex: Int, _ newIndex: Int, _ oldNodes: RawNodes, _ newNodes: RawNodes)
        -> ListDiff.ItemChange?
    {
        let before = old.entries(ofItem: oldIndex)
        let after = new.entries(ofItem: newIndex)
        var keys: [ListDiff.KeyChange] = []
        var commentsChanged = !CommentComparison.sameOwn(
            old.items[oldIndex].node, in: old.document, new.items[newIndex].node, in: new.document)
        for key in Self.itemKeys(before, after) where key != ItemKey.name.rawValue {
            let oldEntry = before.first { $0.key == key }
            let newEntry = after.first { $0.key == key }
            let meaning = ValueMeaning.ofItemKey(key)
            if let oldEntry, let newEntry {
                if !EntryComparison.sameComments(oldEntry, in: old.document, newEntry, in: new.document)
                    || !CommentComparison.sameNested(
                        oldEntry.valueNode, in: old.document, oldNodes, newEntry.valueNode, in: new.document, newNodes)
                {
                    commentsChanged = true
                }
                if EntryComparison.sameValue(meaning, oldEntry.valueNode, oldNodes, newEntry.valueNode, newNodes) {
                    continue
                }
            } else if let present = oldEntry ?? newEntry {
                // `buy: false` is what no `buy` means: writing or dropping it changes no value,
                // though a comment may have come or gone with it.
                let nodes = oldEntry == nil ? newNodes : oldNodes
                if EntryComparison.meansAbsent(meaning, present.valueNode, nodes) {
                    if nodes.hasComments(present.keyNode) || nodes.hasComments(present.valueNode) { commentsChanged = true }
                    continue
                }
            }
            keys.append(
                ListDiff.KeyChange(
                    key: key,
                    old: DiffValues.value(oldEntry?.valueNode, oldNodes, meaning: meaning, decimals: old.list.priceDecimals),
                    new: DiffValues.value(newEntry?.valueNode, newNodes, meaning: meaning, decimals: new.list.priceDecimals)))
        }
        if let oldName = before.first(where: { $0.key == ItemKey.name.rawValue }),
            let newName = after.first(where: { $0.key == ItemKey.name.rawValue }),
            !EntryComparison.sameComments(oldName, in: old.document, newName, in: new.document)
        {
            commentsChanged = true
        }
        let renamed = !ListVersion.sameText(
            old.items[oldIndex].nameBytes(oldNodes), new.items[newIndex].nameBytes(newNodes))
        let renamedFrom = renamed ? old.displayName(ofItem: oldIndex) : nil
        guard !keys.isEmpty || commentsChanged || renamedFrom != nil else { return nil }
        return ListDiff.ItemChange(
            kind: .changed, name: new.displayName(ofItem: newIndex), renamedFrom: renamedFrom, keys: keys,
            commentsChanged: commentsChanged)
    }

    /// The keys of two versions of an item: the known ones in canonical order, then the others as
    /// the new version has them, then those only the old one had.
    static func itemKeys(_ before: [ListVersion.Entry], _ after: [ListVersion.Entry]) -> [String] {
        var keys: [String] = []
        var seen: Set<String> = []
        for key in ItemKey.allCases where (before + after).contains(where: { $0.key == key.rawValue }) {
            keys.append(key.rawValue)
            seen.insert(key.rawValue)
        }
        for entry in after + before {
            if let key = entry.key, seen.insert(key).inserted { keys.append(key) }
        }
        return keys
    }

    /// The items of the new version (by position) that moved: those outside a longest run of
    /// matched items that kept their order.
    static func movedItems(_ matching: ItemMatching) -> Set<Int> {
        let matched = matching.oldForNew.enumerated().compactMap { new, old in old.map { (new: new, old: $0) } }
        let kept = LongestIncreasing.indices(matched.map(\.old))
        var moved = Set(matched.map(\.new))
        for position in kept { moved.remove(matched[position].new) }
        return moved
    }
}
