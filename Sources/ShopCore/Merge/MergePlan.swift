import Threads
import YAML

/// Everything a merge decided, before the result is written: each item's merge and the order of
/// the items, each top-level key's merge, `categories`, and the comment blocks.
struct MergePlan {
    /// Every item of any version, merged (removed ones included).
    var items: [MergedItem]
    /// The items of the result in order (indexes into `items`).
    var order: [Int]
    /// Items of ours that leave their place because theirs moved them.
    var moved: Set<Int>
    /// The top-level keys other than `items` (and `categories` when it merges as a set).
    var topKeys: [KeyMerge]
    /// `categories`, when it merges as a set.
    var categories: CategoriesMerge?
    /// `stores`, when both sides changed it and it merges store by store.
    var stores: StoresMerge?
    /// Whose comments `items:` keeps (above the key, after it on its line); nil for a conflict.
    var itemsComments: MergeVersions.Side?
    /// The comments at the top of the file.
    var header: CommentLinesMerge
    /// The comments at the end of the file.
    var footer: CommentLinesMerge
    /// The comments after the last item.
    var itemsEnd: CommentLinesMerge
    /// Whether the base has a blank line before each of its items, and before each of its
    /// top-level keys: what the result's blank lines need of the base, which is released before
    /// the result is written.
    var baseBlankLines: (items: [Bool], topKeys: [(key: String, blank: Bool)])

    /// How many conflicts the plan has, counted as they are written: conflicting keys of one
    /// item that stand together count once.
    var hasConflicts: Bool {
        order.contains { items[$0].conflict != nil || !items[$0].clashes.isEmpty }
            || topKeys.contains { $0.outcome == .conflict } || categories?.conflict == true || itemsComments == nil
            || header.conflicts > 0 || footer.conflicts > 0 || itemsEnd.conflicts > 0
    }
}

/// Works out a ``MergePlan``.
enum MergePlanner {
    /// The plan.
    static func plan(_ versions: MergeVersions, labels: LineMerge.Labels, markerSize: Int) -> MergePlan {
        var items = matchedItems(versions)
        let surviving = items.indices.filter {
            if case .removed = items[$0].content { return false }
            return true
        }
        let placed = OrderMerge.order(surviving.map { items[$0].positions })
        var order = placed.order.map { surviving[$0] }
        NameClashes.resolve(&items, order: &order, in: versions)
        var plan = MergePlan(
            items: items, order: order, moved: Set(placed.moved.map { surviving[$0] }), topKeys: [], categories: nil,
            itemsComments: .ours,
            header: commentLines(versions, labels: labels, markerSize: markerSize) { $0.leading },
            footer: commentLines(versions, labels: labels, markerSize: markerSize) { $0.end },
            itemsEnd: commentLines(versions, labels: labels, markerSize: markerSize, ofItems: true) { $0.end },
            baseBlankLines: baseBlankLines(versions))
        planTopLevel(&plan, versions)
        return plan
    }

    /// Whether the base has a blank line before each of its items and each of its top-level keys.
    static func baseBlankLines(_ versions: MergeVersions) -> (items: [Bool], topKeys: [(key: String, blank: Bool)]) {
        let nodes = versions.baseNodes
        let items = versions.base.items.map { nodes.hasBlankLine($0.node) }
        let topKeys = versions.base.topEntries.compactMap { entry in
            entry.key.map { (key: $0, blank: nodes.hasBlankLine(entry.keyNode)) }
        }
        return (items, topKeys)
    }

    /// Each item of the base with what each side made of it, then the items each side added (an
    /// item both added, by the same identity, once).
    static func matchedItems(_ versions: MergeVersions) -> [MergedItem] {
        // The base's items merge each on its own: in runs, two at a time on a large list.
        let count = versions.base.items.count
        let runs = count >= SharedItemWork.minimumItems ? 64 : 1
        let oursAdded = versions.ours.items.indices.filter { versions.baseOurs.oldForNew[$0] == nil }
        let theirsAdded = versions.theirs.items.indices.filter { versions.baseTheirs.oldForNew[$0] == nil }
        // Room for the items the sides added too: growing the array would copy it.
        var items = SharedWork.map(
            count, inRuns: runs, concurrently: runs > 1, capacity: count + oursAdded.count + theirsAdded.count
        ) { base in
            ItemMerge.merge(
                base: base, ours: versions.baseOurs.newForOld[base], theirs: versions.baseTheirs.newForOld[base],
                in: versions)
        }
        var theirsByID: [String: Int] = [:]
        var theirsByName: [NameKey: Int] = [:]
        for index in theirsAdded {
            if let id = versions.theirs.id(ofItem: index) { theirsByID[id] = index }
            if let key = versions.theirs.nameKey(ofItem: index) { theirsByName[key] = index }
        }
        var taken = Set<Int>()
        for ours in oursAdded {
            var theirs = versions.ours.id(ofItem: ours).flatMap { theirsByID[$0] }
            if theirs == nil, let key = versions.ours.nameKey(ofItem: ours), let candidate = theirsByName[key] {
                if !versions.ours.items[ours].hasID || !versions.theirs.items[candidate].hasID { theirs = candidate }
            }
            if let found = theirs, taken.contains(found) { theirs = nil }
            if let theirs { taken.insert(theirs) }
            items.append(ItemMerge.merge(base: nil, ours: ours, theirs: theirs, in: versions))
        }
        for theirs in theirsAdded where !taken.contains(theirs) {
            items.append(ItemMerge.merge(base: nil, ours: nil, theirs: theirs, in: versions))
        }
        return items
    }

    /// The top-level keys: `items`' own comments, `categories` as a set when it can be, `stores`
    /// store by store when both sides changed it and it can be, every other key as a value.
    static func planTopLevel(_ plan: inout MergePlan, _ versions: MergeVersions) {
        func entry(_ side: MergeVersions.Side, _ key: String) -> MergeVersions.SideEntry? {
            versions.version(side).topEntry(key).map { MergeVersions.SideEntry(side: side, entry: $0) }
        }
        let itemsKey = ListKey.items.rawValue
        plan.itemsComments = EntryMerge.threeWay(
            same: { $0 == $1 }, base: itemsCommentTexts(entry(.base, itemsKey), versions),
            ours: itemsCommentTexts(entry(.ours, itemsKey), versions),
            theirs: itemsCommentTexts(entry(.theirs, itemsKey), versions))
        // The keys in canonical order, then those only theirs has, in its order.
        var keys = ListDiffBuilder.topKeys(versions.base, versions.ours)
        for key in versions.theirs.topEntries.compactMap(\.key) where !keys.contains(key) {
            keys.append(key)
        }
        for key in keys where key != itemsKey {
            let (base, ours, theirs) = (entry(.base, key), entry(.ours, key), entry(.theirs, key))
            if base == nil && ours == nil && theirs == nil { continue }
            if key == ListKey.categories.rawValue,
                let categories = CategoriesMerge.merge(base: base, ours: ours, theirs: theirs, in: versions)
            {
                plan.categories = categories
                continue
            }
            let outcome = EntryMerge.decide(base: base, ours: ours, theirs: theirs, meaning: .ofListKey(key), in: versions)
            if outcome == .conflict, key == ListKey.stores.rawValue,
                let stores = StoresMerge.merge(base: base, ours: ours, theirs: theirs, in: versions)
            {
                plan.stores = stores
                continue
            }
            plan.topKeys.append(KeyMerge(key: key, base: base, ours: ours, theirs: theirs, outcome: outcome))
        }
    }

    /// The comments of `items:` that are its own: above the key, on its line, but not those
    /// after the last item (which merge as lines).
    static func itemsCommentTexts(_ entry: MergeVersions.SideEntry?, _ versions: MergeVersions) -> [String] {
        guard let entry else { return [] }
        let document = versions.version(entry.side).document
        let trivia = document.node(NodeID(index: entry.entry.valueNode)).trivia
        return CommentComparison.texts(of: entry.entry.keyNode, in: document) + trivia.leading.map(\.text) + ["|"]
            + [trivia.header?.text ?? "", trivia.trailing?.text ?? ""]
    }

    /// A block of comments of the root (or, with `ofItems`, of the `items` list) merged as lines.
    static func commentLines(
        _ versions: MergeVersions, labels: LineMerge.Labels, markerSize: Int, ofItems: Bool = false,
        _ part: (Trivia) -> [Comment]
    ) -> CommentLinesMerge {
        func comments(_ version: ListVersion) -> [Comment] {
            let node = ofItems ? version.itemsNode : version.root
            return node.map { part(version.document.node(NodeID(index: $0)).trivia) } ?? []
        }
        return CommentLinesMerge.merge(
            base: comments(versions.base), ours: comments(versions.ours), theirs: comments(versions.theirs), labels: labels,
            markerSize: markerSize)
    }
}
