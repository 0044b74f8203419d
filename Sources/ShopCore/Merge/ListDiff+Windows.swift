import Threads

extension ListDiff {
    /// A diff of two long versions (see ``ofLongVersions(old:new:options:itemChanges:)``).
    public enum LongDiff: Sendable {
        /// The whole diff, made with the items neither version changed set aside.
        case whole(ListDiff)
        /// The diff made a window of items at a time: the item changes were handed over as each
        /// window was compared, in order. `top` holds the changes at the top level (and no item
        /// changes); `counts` counts every change.
        case inWindows(top: ListDiff, counts: Counts)
    }

    /// What changed from `old` to `new` (texts with their outlines, read with identities), worked
    /// out a window of items at a time (see ``DiffWindows``): each window's texts are read and
    /// compared (two at a time, one on a second thread), its item changes handed to `itemChanges`
    /// in order, and all of it dropped before the next windows, so that neither long version is
    /// read whole and the changes are not held. A window whose texts are the same in both versions
    /// changed nothing and is not read.
    ///
    /// Nil when the versions cannot be cut in windows, when a window's text cannot be read (the
    /// whole versions' reading says why), and with `order` (which items count as moved depends
    /// on all of them); what `itemChanges` was handed before a nil is void.
    static func inWindows(
        old: (text: [UInt8], outline: VersionOutline), new: (text: [UInt8], outline: VersionOutline), options: Options,
        itemsPerWindow: Int, itemChanges: ([ItemChange]) -> Void
    ) -> (top: ListDiff, counts: Counts)? {
        guard !options.order, let windows = DiffWindows(old: old, new: new, itemsPerWindow: itemsPerWindow) else {
            return nil
        }
        /// What comparing one window gave.
        enum Compared {
            case same
            case unreadable
            case changes(ListDiff)
        }
        // Every window has the text before and after the items: whether it is the same in both
        // versions is asked once.
        let oldFrame = DiffWindows.pieces(of: 0..<1, old.text, old.outline)
        let newFrame = DiffWindows.pieces(of: 0..<1, new.text, new.outline)
        let sameFrame =
            SettledRuns.sameBytes(old.text, oldFrame.before, new.text, newFrame.before)
            && SettledRuns.sameBytes(old.text, oldFrame.after, new.text, newFrame.after)
        func compare(_ window: DiffWindows.Window) -> Compared {
            let oldPieces = DiffWindows.pieces(of: window.old, old.text, old.outline)
            let newPieces = DiffWindows.pieces(of: window.new, new.text, new.outline)
            if sameFrame && SettledRuns.sameBytes(old.text, oldPieces.items, new.text, newPieces.items) { return .same }
            guard case .success(let oldList) = VersionReading.list(DiffWindows.text(old.text, oldPieces)),
                case .success(let newList) = VersionReading.list(DiffWindows.text(new.text, newPieces))
            else { return .unreadable }
            return .changes(ListDiff(old: oldList, new: newList, options: options))
        }
        var top = ListDiff(listChanges: [], itemChanges: [], options: options)
        var counts = Counts()
        // Two windows at a time, one on a second thread; their changes are handed over in order.
        var first = 0
        while first < windows.windows.count {
            let batch = windows.windows[first..<min(first + 2, windows.windows.count)]
            for (number, compared) in zip(batch.indices, SharedWork.map(batch.count) { compare(batch[batch.startIndex + $0]) }) {
                guard case .changes(var diff) = compared else {
                    if case .unreadable = compared { return nil }
                    continue
                }
                // Every window has the whole top level: its changes are the first window's.
                if number == 0 { top.listChanges = diff.listChanges }
                diff.listChanges = []
                counts.add(diff.counts)
                if !diff.itemChanges.isEmpty { itemChanges(diff.itemChanges) }
            }
            first += batch.count
        }
        counts.changed += top.listChanges.count
        return (top, counts)
    }
}
