/// The three-way merge of one key of a mapping (an item's, or the top level's): a change (set,
/// change, remove) made on one side is taken; the same change on both sides is taken once;
/// different changes to the key are a conflict. The value and the comments of the entry are
/// merged apart when both sides keep the key, so that a price changed on one side and a comment
/// added beside it on the other are both taken; removing the key on one side and changing it
/// (its value or its comments) on the other is a conflict.
enum EntryMerge {
    /// What the merged entry is.
    enum Outcome: Equatable {
        /// Ours' entry, or its absence.
        case ours
        /// Theirs' entry, or its absence.
        case theirs
        /// Both sides have the key: the value of one, the comments of the other.
        case compose(value: MergeVersions.Side, comments: MergeVersions.Side)
        /// The sides changed the key in different ways.
        case conflict

        /// The side whose value the result has; ours for a conflict (its entry stands in the
        /// result between the markers).
        var valueSide: MergeVersions.Side {
            switch self {
            case .ours, .conflict: .ours
            case .theirs: .theirs
            case .compose(let value, _): value
            }
        }
    }

    /// The merge of one key whose entries in the three versions are `base`, `ours` and `theirs`
    /// (nil where the key is absent).
    static func decide(
        base: MergeVersions.SideEntry?, ours: MergeVersions.SideEntry?, theirs: MergeVersions.SideEntry?,
        meaning: ValueMeaning, in versions: MergeVersions
    ) -> Outcome {
        // Entries written alike first, then those that mean the same (`buy: false` and no `buy`):
        // a side that only wrote or dropped a default keeps that where the other left the key be,
        // and loses it to the other side's change of the value.
        for same in [versions.sameEntry, versions.sameState] {
            if same(ours, theirs, meaning) { return .ours }
            if same(base, ours, meaning) { return .theirs }
            if same(base, theirs, meaning) { return .ours }
        }
        guard ours != nil, theirs != nil else { return .conflict }
        let value = threeWay(
            same: { versions.sameValue($0, $1, meaning) }, base: base, ours: ours, theirs: theirs)
        let comments = threeWay(same: versions.sameComments, base: base, ours: ours, theirs: theirs)
        guard let value, let comments else { return .conflict }
        switch (value, comments) {
        case (.ours, .ours): return .ours
        case (.theirs, .theirs): return .theirs
        default: return .compose(value: value, comments: comments)
        }
    }

    /// Which side's part to take by `same`: ours when both agree or theirs kept the base's, theirs
    /// when ours kept it; nil when both changed it differently.
    static func threeWay<Part>(
        same: (Part?, Part?) -> Bool, base: Part?, ours: Part?, theirs: Part?
    ) -> MergeVersions.Side? {
        if same(ours, theirs) { return .ours }
        if same(base, ours) { return .theirs }
        if same(base, theirs) { return .ours }
        return nil
    }
}
