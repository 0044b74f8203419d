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
    public static func settled(old: [UInt8], new: [UInt8], options: Options = Options()) -> ListDiff? {
        settled(old: old, new: new, options: options, from: SettledMerge.minimumSize)
    }

    /// ``settled(old:new:options:)`` for versions of `from` bytes or more together (for tests).
    static func settled(old: [UInt8], new: [UInt8], options: Options, from size: Int) -> ListDiff? {
        guard !options.order, !old.isEmpty, old.count + new.count >= size else { return nil }
        let texts = [old, new]
        let outlines = SharedWork.map(texts.count) { index in
            VersionOutline.read(texts[index], printing: false, reserved: SettledMerge.placeholderPrefix)
        }
        guard let oldOutline = outlines[0], let newOutline = outlines[1], oldOutline.decimals == newOutline.decimals
        else { return nil }
        // The new version is both sides of a merge with the old one as its base.
        let newVersion = SettledRuns.Version(text: new, outline: newOutline)
        let runs = SettledRuns(base: SettledRuns.Version(text: old, outline: oldOutline), ours: newVersion, theirs: newVersion)
        guard !runs.runs.isEmpty,
            case .success(let oldList) = VersionReading.list(runs.shortened(old, oldOutline, \.base)),
            case .success(let newList) = VersionReading.list(runs.shortened(new, newOutline, \.ours))
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
