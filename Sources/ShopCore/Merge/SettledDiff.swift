import Threads

extension ListDiff {
    /// What changed from `old` to `new`, with the items neither changed set aside as a merge of
    /// long versions sets them aside (see ``SettledMerge``): the runs of items the two versions
    /// have with the same lines, one after another in each, stand as one placeholder each, and the
    /// versions so shortened are compared. A run changed nothing, so it shows nowhere in the
    /// changes; nil, when the versions are to be compared whole: when a change names a placeholder
    /// (an item moved after a run), with `order` (which items count as moved depends on how many
    /// there are), for what the merge declines, and for versions shorter together than a merge
    /// sets items aside in (``SettledMerge/minimumSize``), which are compared whole as quickly.
    static func settled(old: [UInt8], new: [UInt8], options: Options = Options()) -> ListDiff? {
        settled(old: old, new: new, options: options, from: SettledMerge.minimumSize)
    }

    /// What changed from `old` to `new`, long versions, without reading either whole: compared a
    /// window of items at a time, the item changes handed to `itemChanges` window by window (see
    /// ``inWindows(old:new:options:itemsPerWindow:itemChanges:)``), or else whole with the items
    /// neither changed set aside (see ``settled(old:new:options:)``). What `itemChanges` was
    /// handed counts only when the answer is ``LongDiff/inWindows(top:counts:)``. Nil when the
    /// versions are to be compared whole, as for the settled diff.
    public static func ofLongVersions(
        old: [UInt8], new: [UInt8], options: Options = Options(), itemChanges: ([ItemChange]) -> Void
    ) -> LongDiff? {
        ofLongVersions(
            old: old, new: new, options: options, from: SettledMerge.minimumSize, itemsPerWindow: 1000,
            itemChanges: itemChanges)
    }

    /// ``ofLongVersions(old:new:options:itemChanges:)`` for versions of `from` bytes or more
    /// together, in windows of about `itemsPerWindow` items (for tests).
    static func ofLongVersions(
        old: [UInt8], new: [UInt8], options: Options, from size: Int, itemsPerWindow: Int,
        itemChanges: ([ItemChange]) -> Void
    ) -> LongDiff? {
        guard let outlines = outlines(old: old, new: new, options: options, from: size) else { return nil }
        if let windowed = inWindows(
            old: (old, outlines.old), new: (new, outlines.new), options: options, itemsPerWindow: itemsPerWindow,
            itemChanges: itemChanges)
        {
            return .inWindows(top: windowed.top, counts: windowed.counts)
        }
        return settled(old: (old, outlines.old), new: (new, outlines.new), options: options).map(LongDiff.whole)
    }

    /// ``settled(old:new:options:)`` for versions of `from` bytes or more together (for tests).
    static func settled(old: [UInt8], new: [UInt8], options: Options, from size: Int) -> ListDiff? {
        guard let outlines = outlines(old: old, new: new, options: options, from: size) else { return nil }
        return settled(old: (old, outlines.old), new: (new, outlines.new), options: options)
    }

    /// The outlines of the two versions, read at once, with their items' names and ids; nil when
    /// the versions are to be compared whole.
    private static func outlines(
        old: [UInt8], new: [UInt8], options: Options, from size: Int
    ) -> (old: VersionOutline, new: VersionOutline)? {
        guard !options.order, !old.isEmpty, old.count + new.count >= size else { return nil }
        let texts = [old, new]
        let outlines = SharedWork.map(texts.count) { index in
            VersionOutline.read(texts[index], printing: false, identifying: true, reserved: SettledMerge.placeholderPrefix)
        }
        guard let oldOutline = outlines[0], let newOutline = outlines[1], oldOutline.decimals == newOutline.decimals
        else { return nil }
        return (oldOutline, newOutline)
    }

    /// The settled diff of two versions with their outlines.
    private static func settled(
        old: (text: [UInt8], outline: VersionOutline), new: (text: [UInt8], outline: VersionOutline), options: Options
    ) -> ListDiff? {
        let (oldOutline, newOutline) = (old.outline, new.outline)
        // The new version is both sides of a merge with the old one as its base.
        let newVersion = SettledRuns.Version(text: new.text, outline: newOutline)
        let runs = SettledRuns(base: SettledRuns.Version(text: old.text, outline: oldOutline), ours: newVersion, theirs: newVersion)
        guard !runs.runs.isEmpty,
            case .success(let oldList) = VersionReading.list(runs.shortened(old.text, oldOutline, \.base)),
            case .success(let newList) = VersionReading.list(runs.shortened(new.text, newOutline, \.ours))
        else { return nil }
        let diff = ListDiff(old: oldList, new: newList, options: options)
        let namesPlaceholder = diff.itemChanges.contains { change in
            [change.name, change.renamedFrom].contains { name in
                name.map { ByteSearch.contains($0.utf8, SettledMerge.placeholderPrefix) } ?? false
            }
        }
        return namesPlaceholder ? nil : diff
    }
}
