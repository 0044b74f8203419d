/// Where two long versions of a list can be compared a window of items at a time (see
/// ``ListDiff/inWindows(old:new:options:itemsPerWindow:itemChanges:)``): runs of items, one in
/// each version, such that the diffs of the windows' texts give, one after another, the changes
/// the diff of the whole versions gives, in its order.
///
/// A window's text is the version's text before its first item (the top level and `items:`),
/// the window's items, and the text after its last item. That is the same list but for the
/// other items, so the windows' diffs are the whole diff when:
/// - every item is matched (by id or name, as ``ItemMatching`` matches) with an item of the same
///   window, and matching each window alone pairs the same items;
/// - a rename is looked for in a window when and only when it is looked for in the whole: when
///   exactly one item went, the window that holds it holds every item that came;
/// - the items removed are shown where the whole diff shows them (before the next item matched
///   in the new order, and before an item added ahead of that one): an item removed belongs to
///   the window before the next window's first match, and a window that ends on an added item
///   holds every item removed before the next match;
/// - every item has a name or an id (an item with neither is shown by its position);
/// - a window starts and ends between plain items (``VersionOutline``) with only blank lines
///   between them, so that no comment moves from one item to another.
///
/// The first and the last item of each version must be plain, for the text before and after the
/// items to be known.
struct DiffWindows {
    /// One window: the items of each version it holds.
    struct Window: Equatable {
        var old: Range<Int>
        var new: Range<Int>
    }

    /// The windows, in order; they hold every item of both versions.
    private(set) var windows: [Window] = []

    /// The windows of `old` and `new` (their texts and outlines, read with identities), about
    /// `itemsPerWindow` items of the new version each; nil when they cannot be cut in windows,
    /// or only in one.
    init?(
        old: (text: [UInt8], outline: VersionOutline), new: (text: [UInt8], outline: VersionOutline),
        itemsPerWindow: Int
    ) {
        guard let oldItems = old.outline.identities, let newItems = new.outline.identities,
            oldItems.count == old.outline.items.count, newItems.count == new.outline.items.count,
            oldItems.count > 1, newItems.count > 1,
            let first = old.outline.items.first, let last = old.outline.items.last, first.isPlain, last.isPlain,
            let newFirst = new.outline.items.first, let newLast = new.outline.items.last, newFirst.isPlain, newLast.isPlain
        else { return nil }
        let matching = oldItems.withIdentities { oldIdentities in
            newItems.withIdentities { newIdentities -> ItemMatching? in
                guard Self.allNamed(oldIdentities), Self.allNamed(newIdentities) else { return nil }
                return ItemMatching(byIdentity: oldIdentities, newIdentities)
            }
        }
        guard let matching else { return nil }
        let cuts = Self.cuts(
            matching, itemsPerWindow: itemsPerWindow,
            oldBreaks: Self.breaks(old.text, old.outline), newBreaks: Self.breaks(new.text, new.outline))
        guard !cuts.isEmpty else { return nil }
        var start = (old: 0, new: 0)
        for cut in cuts {
            windows.append(Window(old: start.old..<cut.old, new: start.new..<cut.new))
            start = cut
        }
        windows.append(Window(old: start.old..<oldItems.count, new: start.new..<newItems.count))
        windows = Self.joiningLoneRemovals(windows, matching)
        guard windows.count > 1, Self.matchAlone(windows, oldItems, newItems, matching) else { return nil }
    }

    /// Whether every item has a name or an id.
    private static func allNamed(_ identities: VersionItems.Identities) -> Bool {
        (0..<identities.count).allSatisfy { identities.nameBytes($0) != nil || identities.idBytes($0) != nil }
    }

    /// For each item but the last, whether a window may end after it: it and the next are plain,
    /// with only blank lines between them.
    private static func breaks(_ text: [UInt8], _ outline: VersionOutline) -> [Bool] {
        let items = outline.items
        return items.indices.dropLast().map { index in
            let (item, next) = (items[index], items[index + 1])
            guard item.isPlain, next.isPlain, item.end <= next.head else { return false }
            return text[Int(item.end)..<Int(next.head)].allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 }
        }
    }

    /// Where windows end: for each cut, how many items of each version come before it.
    private static func cuts(
        _ matching: ItemMatching, itemsPerWindow: Int, oldBreaks: [Bool], newBreaks: [Bool]
    ) -> [(old: Int, new: Int)] {
        let oldCount = matching.newForOld.count
        let newCount = matching.oldForNew.count
        // For each new position, the lowest old item matched from there on, and the old item of
        // the first item matched from there on in the new order (`oldCount` for none).
        var lowestAfter = [Int32](repeating: Int32(truncatingIfNeeded: oldCount), count: newCount + 1)
        var nextMatched = lowestAfter
        for index in (0..<newCount).reversed() {
            let old = matching.oldForNew[index].map { Int32(truncatingIfNeeded: $0) }
            lowestAfter[index] = min(old ?? lowestAfter[index + 1], lowestAfter[index + 1])
            nextMatched[index] = old ?? nextMatched[index + 1]
        }
        // For each old position, how many old items before it went.
        var wentBefore = [Int32](repeating: 0, count: oldCount + 1)
        for index in 0..<oldCount {
            wentBefore[index + 1] = wentBefore[index] + (matching.newForOld[index] == nil ? 1 : 0)
        }
        // A rename is looked for when exactly one item went: it and the items that came stay together.
        let renaming = matching.renameCandidates.map { candidates in
            (removed: candidates.removed, came: (candidates.came.min() ?? 0)...(candidates.came.max() ?? 0))
        }
        var cuts: [(old: Int, new: Int)] = []
        var highestBefore = -1
        var windowStart = 0
        for index in 0..<(newCount - 1) {
            if let old = matching.oldForNew[index] { highestBefore = max(highestBefore, old) }
            guard index + 1 - windowStart >= itemsPerWindow, newBreaks[index] else { continue }
            // The old items up to the next window's first match are this window's.
            let oldEnd = Int(lowestAfter[index + 1])
            guard highestBefore < oldEnd, oldEnd > 0, oldEnd < oldCount, oldBreaks[oldEnd - 1] else { continue }
            // An item added last in the window is shown after the items removed before the next
            // item matched, in the new order: they must be in the window.
            let shownBefore = max(oldEnd, Int(nextMatched[index + 1]))
            if matching.oldForNew[index] == nil && wentBefore[shownBefore] > wentBefore[oldEnd] { continue }
            if let renaming {
                if renaming.came.lowerBound <= index && index < renaming.came.upperBound { continue }
                if (renaming.removed < oldEnd) != (renaming.came.lowerBound <= index) { continue }
            }
            if let last = cuts.last, last.old >= oldEnd { continue }
            cuts.append((oldEnd, index + 1))
            windowStart = index + 1
        }
        return cuts
    }

    /// The windows with each one that alone would look for a rename the whole does not look for
    /// (one item went from it, and some came) joined with the next (the last with the one
    /// before), until none does.
    private static func joiningLoneRemovals(_ windows: [Window], _ matching: ItemMatching) -> [Window] {
        guard matching.renameCandidates == nil else { return windows }
        func looksForRename(_ window: Window) -> Bool {
            let went = window.old.filter { matching.newForOld[$0] == nil }.count
            return went == 1 && window.new.contains { matching.oldForNew[$0] == nil }
        }
        func join(_ first: Window, _ second: Window) -> Window {
            Window(old: first.old.lowerBound..<second.old.upperBound, new: first.new.lowerBound..<second.new.upperBound)
        }
        var joined = windows
        var index = 0
        // The whole looks for no rename: one window alone never does.
        while index < joined.count {
            guard joined.count > 1, looksForRename(joined[index]) else {
                index += 1
                continue
            }
            if index + 1 < joined.count {
                joined[index] = join(joined[index], joined.remove(at: index + 1))
            } else {
                joined[index - 1] = join(joined[index - 1], joined.remove(at: index))
                index -= 1
            }
        }
        return joined
    }

    /// Whether matching each window's items alone pairs the items the whole matching pairs.
    private static func matchAlone(
        _ windows: [Window], _ oldItems: VersionItems, _ newItems: VersionItems, _ matching: ItemMatching
    ) -> Bool {
        oldItems.withIdentities { oldIdentities in
            newItems.withIdentities { newIdentities in
                windows.allSatisfy { window in
                    let alone = ItemMatching(
                        byIdentity: WindowIdentities(base: oldIdentities, items: window.old),
                        WindowIdentities(base: newIdentities, items: window.new))
                    return window.old.allSatisfy { old in
                        alone.newForOld[old - window.old.lowerBound].map { $0 + window.new.lowerBound } == matching.newForOld[old]
                    }
                        && window.new.allSatisfy { new in
                            alone.oldForNew[new - window.new.lowerBound].map { $0 + window.old.lowerBound }
                                == matching.oldForNew[new]
                        }
                }
            }
        }
    }

    /// The identities of a run of a version's items, numbered from 0.
    private struct WindowIdentities: ItemIdentities {
        let base: VersionItems.Identities
        let items: Range<Int>

        var count: Int { items.count }
        func nameBytes(_ item: Int) -> UnsafeBufferPointer<UInt8>? { base.nameBytes(items.lowerBound + item) }
        func idBytes(_ item: Int) -> UnsafeBufferPointer<UInt8>? { base.idBytes(items.lowerBound + item) }
    }

    /// Where the pieces of a window's text are in its version's text, for its `items`: the text
    /// before the version's first item, the items with the comments above the first, and the
    /// text after the version's last item.
    static func pieces(
        of items: Range<Int>, _ text: [UInt8], _ outline: VersionOutline
    ) -> (before: Range<Int>, items: Range<Int>, after: Range<Int>) {
        let all = outline.items
        let itemsStart = Int(all[0].head)
        let itemsEnd = Int(all[all.count - 1].end)
        return (
            0..<itemsStart, Int(all[items.lowerBound].head)..<Int(all[items.upperBound - 1].end),
            itemsEnd..<text.count
        )
    }

    /// A window's text: its pieces (see ``pieces(of:_:_:)``) one after another.
    static func text(_ bytes: [UInt8], _ pieces: (before: Range<Int>, items: Range<Int>, after: Range<Int>)) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(pieces.before.count + pieces.items.count + pieces.after.count)
        text += bytes[pieces.before]
        text += bytes[pieces.items]
        text += bytes[pieces.after]
        return text
    }
}
