import YAML

/// `categories` merged as an ordered set: categories (compared like names) added or removed on
/// either side are added or removed, one spelled anew on one side is spelled so, and the order is
/// ours' with theirs' additions placed as items are. Used when both sides have `categories` as a
/// list of names; otherwise the key merges as a value.
struct CategoriesMerge {
    /// One category of the result, or one removed.
    struct Member {
        var base: Int?
        var ours: Int?
        var theirs: Int?
        /// Whose entry the result has: ours' (kept in place), theirs' (replacing ours' or added),
        /// or none.
        var content: Content
    }

    enum Content {
        case ours, theirs, removed
    }

    var members: [Member]
    /// The members of the result in order (indexes into `members`).
    var order: [Int]
    /// Ours' members that theirs moved.
    var moved: Set<Int>
    /// Whose comments the `categories` entry keeps (those of its key and of the list itself).
    var entryComments: MergeVersions.Side
    /// Whether the sides changed categories in ways that cannot both be taken: then the result
    /// keeps ours' and the key is a conflict.
    var conflict: Bool
    /// Whether the base has a blank line before each of its categories: what the result's blank
    /// lines need of the base, which is released before the result is written.
    var baseBlankLines: [Bool]

    /// The merge, when both sides have `categories` as a list of names (and the base has one or
    /// none); nil otherwise.
    static func merge(
        base: MergeVersions.SideEntry?, ours: MergeVersions.SideEntry?, theirs: MergeVersions.SideEntry?,
        in versions: MergeVersions
    ) -> CategoriesMerge? {
        guard let ours, let theirs, let oursNames = names(ours, versions), let theirsNames = names(theirs, versions)
        else { return nil }
        let baseNames: [String]
        if let base {
            guard let names = names(base, versions) else { return nil }
            baseNames = names
        } else {
            baseNames = []
        }
        let element = { (entry: MergeVersions.SideEntry?, position: Int) -> (String, [String]) in
            guard let entry else { return ("", []) }
            let names = entry.side == .base ? baseNames : entry.side == .ours ? oursNames : theirsNames
            let node = Self.elements(entry, versions)[position]
            return (names[position], CommentComparison.texts(of: node, in: versions.version(entry.side).document))
        }
        let oursOfBase = match(baseNames, oursNames)
        let theirsOfBase = match(baseNames, theirsNames)
        let theirsOfOurs = match(oursNames, theirsNames)
        var members: [Member] = []
        var conflict = false
        func decide(_ b: Int?, _ o: Int?, _ t: Int?) -> Content {
            let baseState = b.map { element(base, $0) }
            let oursState = o.map { element(ours, $0) }
            let theirsState = t.map { element(theirs, $0) }
            switch EntryMerge.threeWay(same: { $0?.0 == $1?.0 && $0?.1 == $1?.1 }, base: baseState, ours: oursState, theirs: theirsState)
            {
            case .ours: return o == nil ? .removed : .ours
            case .theirs: return t == nil ? .removed : .theirs
            default:
                conflict = true
                return o == nil ? .removed : .ours
            }
        }
        var theirsTaken = Set<Int>()
        var oursTaken = Set<Int>()
        for b in baseNames.indices {
            let o = oursOfBase[b]
            let t = theirsOfBase[b]
            if let o { oursTaken.insert(o) }
            if let t { theirsTaken.insert(t) }
            members.append(Member(base: b, ours: o, theirs: t, content: decide(b, o, t)))
        }
        for o in oursNames.indices where !oursTaken.contains(o) {
            let t = theirsOfOurs[o].flatMap { theirsTaken.contains($0) ? nil : $0 }
            if let t { theirsTaken.insert(t) }
            members.append(Member(base: nil, ours: o, theirs: t, content: decide(nil, o, t)))
        }
        for t in theirsNames.indices where !theirsTaken.contains(t) {
            members.append(Member(base: nil, ours: nil, theirs: t, content: .theirs))
        }
        let surviving = members.indices.filter {
            if case .removed = members[$0].content { return false }
            return true
        }
        let placed = OrderMerge.order(
            surviving.map { OrderMerge.Member(base: members[$0].base, ours: members[$0].ours, theirs: members[$0].theirs) })
        let comments = EntryMerge.threeWay(
            same: { $0 == $1 }, base: versions.commentTexts(base), ours: versions.commentTexts(ours),
            theirs: versions.commentTexts(theirs))
        if comments == nil { conflict = true }
        return CategoriesMerge(
            members: members, order: placed.order.map { surviving[$0] }, moved: Set(placed.moved.map { surviving[$0] }),
            entryComments: comments ?? .ours, conflict: conflict,
            baseBlankLines: base.map { base in elements(base, versions).map(versions.baseNodes.hasBlankLine) } ?? [])
    }

    /// The element nodes of a `categories` list.
    static func elements(_ entry: MergeVersions.SideEntry, _ versions: MergeVersions) -> [Int] {
        Array(versions.nodes(entry.side).items(of: entry.entry.valueNode))
    }

    /// The names of a `categories` list, when it is a list of names that are each there once.
    static func names(_ entry: MergeVersions.SideEntry, _ versions: MergeVersions) -> [String]? {
        let nodes = versions.nodes(entry.side)
        guard nodes.isSequence(entry.entry.valueNode) else { return nil }
        var names: [String] = []
        var keys: Set<NameKey> = []
        for element in nodes.items(of: entry.entry.valueNode) {
            guard nodes.isScalar(element), !nodes.isNull(element) else { return nil }
            let name = String(decoding: nodes.value(element), as: UTF8.self)
            guard keys.insert(NameKey(name)).inserted else { return nil }
            names.append(name)
        }
        return names
    }

    /// For each of `old`, the position in `new` of the same category (compared like names).
    static func match(_ old: [String], _ new: [String]) -> [Int?] {
        var positions: [NameKey: Int] = [:]
        for (index, name) in new.enumerated() { positions[NameKey(name)] = index }
        return old.map { positions[NameKey($0)] }
    }
}
