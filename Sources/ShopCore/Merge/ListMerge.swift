import Threads
import YAML

/// A three-way merge of lists, item by item, as `shop merge` does it for git: items matched by
/// `id` or name (and renames), each key merged three ways, comments carried with what they belong
/// to, ours' order with theirs' additions and moves placed in it, the result in canonical form.
/// Conflicts are written with git's markers around the smallest whole lines that hold them.
///
/// When a version cannot be read as a list whose items can be told apart, the texts are merged
/// line by line as `git merge-file` merges them, and the result says why.
public enum ListMerge {
    /// The merged text.
    public struct Result: Sendable, Equatable {
        /// The merged text, with conflict markers around each conflict.
        public var merged: [UInt8]
        /// How many conflicts were written (0 for a clean merge).
        public var conflicts: Int
        /// Why the texts were merged line by line; nil when they were merged item by item.
        public var lineMergeReason: String?
    }

    /// Merges the changes from `base` to `ours` and from `base` to `theirs`. An empty base is an
    /// empty list (git gives one when both sides added the file). Markers are `markerSize`
    /// characters long (7 below 1), followed by the labels of ours and theirs. The base is taken,
    /// not lent: a caller that lets go of it lets the merge release it half way.
    public static func merge(
        base: consuming [UInt8], ours: [UInt8], theirs: [UInt8], labels: LineMerge.Labels = .standard,
        markerSize: Int = LineMerge.defaultMarkerSize
    ) -> Result {
        let size = markerSize < 1 ? LineMerge.defaultMarkerSize : markerSize
        let baseVersion: ListVersion
        let oursVersion: ListVersion
        let theirsVersion: ListVersion
        switch read(base: base, ours: ours, theirs: theirs, labels: labels) {
        case .success(let read):
            (baseVersion, oursVersion, theirsVersion) = read
        case .failure(let unreadable):
            let line = LineMerge.merge(base: base, ours: ours, theirs: theirs, labels: labels, markerSize: size)
            return Result(merged: line.merged, conflicts: line.conflicts, lineMergeReason: unreadable.reason)
        }
        // From here the base's text is held by its version alone, which the merge lets go of once
        // it has made its plan.
        _ = consume base
        let merged = mergeLists(
            base: consume baseVersion, ours: oursVersion, theirs: theirsVersion, labels: labels, markerSize: size)
        return Result(merged: merged.text, conflicts: merged.conflicts, lineMergeReason: nil)
    }

    /// The three versions read as lists, or why one cannot be: `NAME cannot be read as a list
    /// (...)`.
    static func read(
        base: [UInt8], ours: [UInt8], theirs: [UInt8], labels: LineMerge.Labels
    ) -> Swift.Result<(base: ListVersion, ours: ListVersion, theirs: ListVersion), VersionReading.Unreadable> {
        let texts = [(labels.base ?? "base", base), (labels.ours ?? "ours", ours), (labels.theirs ?? "theirs", theirs)]
        // The three versions are read, and prepared for matching, each on its own: two at a time
        // on large lists.
        let concurrently = base.count + ours.count + theirs.count >= sharedReadSize
        let readings = SharedWork.map(texts.count, concurrently: concurrently) { index in
            VersionReading.mergeableList(texts[index].1, emptyIsEmptyList: index == 0).map { list in
                ListVersion(CanonicalOrder.arranged(list))
            }
        }
        var versions: [ListVersion] = []
        for (reading, (name, _)) in zip(readings, texts) {
            switch reading {
            case .success(let version):
                versions.append(version)
            case .failure(let failure):
                return .failure(VersionReading.Unreadable(reason: "\(name) cannot be read as a list (\(failure.reason))"))
            }
        }
        return .success((versions[0], versions[1], versions[2]))
    }

    /// The size of the three texts from which reading them on two threads pays for itself.
    static let sharedReadSize = 256 * 1024

    /// The versions merged: the plan is made with the three, then the base, of which the plan
    /// keeps what it needs, is released before the result is made and printed, which take its
    /// room (the peak of a large merge would otherwise hold the three versions and the result).
    static func mergeLists(
        base: consuming ListVersion, ours: ListVersion, theirs: ListVersion, labels: LineMerge.Labels, markerSize: Int
    ) -> (text: [UInt8], conflicts: Int) {
        var plan = MergeVersions.with(base: base, ours: ours, theirs: theirs) { versions in
            MergePlanner.plan(versions, labels: labels, markerSize: markerSize)
        }
        _ = consume base
        // What the result is made of is ours' and theirs': an empty list stands in for the base.
        let noBase = ListVersion(ShoppingList(document: Document()))
        return MergeVersions.with(base: noBase, ours: ours, theirs: theirs) { versions in
            var merged = MergeEditBuilder(versions: versions, plan: plan).build()
            if CurrencyClash.breaksPrices(merged, versions) {
                CurrencyClash.makeConflict(&plan)
                merged = MergeEditBuilder(versions: versions, plan: plan).build()
            }
            let text = merged.document.formatted(policy: CanonicalForm.policy(for: merged))
            guard plan.hasConflicts, let result = OutputLines(text),
                let theirsText = OutputLines(CanonicalForm.format(theirs.document))
            else { return (text, 0) }
            return ConflictRenderer(plan: plan, result: result, theirs: theirsText, labels: labels, markerSize: markerSize)
                .render()
        }
    }
}

/// A currency taken from one side can make prices taken from the other break its rule (a price
/// with cents where theirs changed the currency to yen): then the currency is a conflict.
enum CurrencyClash {
    /// Whether the merged list has prices that break their rule and neither side had any.
    static func breaksPrices(_ merged: ShoppingList, _ versions: MergeVersions) -> Bool {
        guard versions.ours.list.priceDecimals != versions.theirs.list.priceDecimals else { return false }
        guard !merged.check([.badPrice]).isEmpty else { return false }
        return versions.ours.list.check([.badPrice]).isEmpty && versions.theirs.list.check([.badPrice]).isEmpty
    }

    /// Makes `currency` a conflict, ours' value standing.
    static func makeConflict(_ plan: inout MergePlan) {
        guard let index = plan.topKeys.firstIndex(where: { $0.key == ListKey.currency.rawValue }) else { return }
        plan.topKeys[index].outcome = .conflict
    }
}

/// Comments above the first key of a mapping belong to the mapping itself once that key is first:
/// a version whose top level or items do not start with the key the canonical form puts first is
/// merged in canonical form, so that its comments belong where they do in the other versions.
enum CanonicalOrder {
    /// The list, in canonical form when a mapping of it does not start with its first key.
    static func arranged(_ list: ShoppingList) -> ShoppingList {
        guard startsOutOfOrder(list) else { return list }
        let text = CanonicalForm.format(list.document)
        guard let document = try? Document(parsing: text) else { return list }
        return ShoppingList(document: document)
    }

    static func startsOutOfOrder(_ list: ShoppingList) -> Bool {
        list.document.withRawNodes { nodes in
            guard let root = list.document.root?.id.index, nodes.isMapping(root) else { return false }
            if startsOutOfOrder(root, item: false, nodes) { return true }
            return list.records.contains { startsOutOfOrder(Int($0.node), item: true, nodes) }
        }
    }

    /// Whether a mapping (an item's, or the top level's) does not start with the key of the
    /// lowest rank it has.
    static func startsOutOfOrder(_ mapping: Int, item: Bool, _ nodes: RawNodes) -> Bool {
        func rank(_ key: Int) -> Int {
            guard nodes.isScalar(key) else { return Int.max }
            let bytes = nodes.value(key)
            if item { return ItemKey.matching(bytes)?.rank ?? ItemKey.otherRank }
            return ListKey.matching(bytes)?.rank ?? ListKey.otherRank
        }
        var first: Int?
        var lowest = Int.max
        for (key, _) in nodes.entries(of: mapping) {
            let keyRank = rank(key)
            if first == nil { first = keyRank }
            lowest = min(lowest, keyRank)
        }
        return (first ?? lowest) > lowest
    }
}

