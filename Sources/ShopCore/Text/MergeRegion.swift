/// A stretch of a three-way merge where at least one side changed the base: the base lines it
/// covers and the lines that stand for them in each side.
struct MergeRegion: Equatable {
    enum Kind: Equatable {
        /// The sides changed it differently.
        case conflict
        /// Only ours changed it: ours' lines are taken.
        case ours
        /// Only theirs changed it: theirs' lines are taken.
        case theirs
        /// Both changed it the same way (found when a conflict is looked at closer): taken once.
        case same
    }

    var kind: Kind
    var base: Range<Int>
    var ours: Range<Int>
    var theirs: Range<Int>
}

/// The regions of a merge, built from the diffs of the base to each side and then simplified, as
/// `git merge-file` does by default: changes of one side that touch or overlap changes of the
/// other are one conflict unless they are the same change; a conflict is then narrowed to the
/// lines where the sides really differ, and conflicts with at most three lines between them, or
/// only lines without a letter or digit, are joined into one.
struct MergeRegions {
    private(set) var regions: [MergeRegion] = []

    init(
        base: TextLines, ours: TextLines, theirs: TextLines,
        oursChanges: [LineDiff.Change], theirsChanges: [LineDiff.Change]
    ) {
        collect(
            oursChanges, theirsChanges, ours: ours, theirs: theirs,
            oursShift: ours.count - base.count, theirsShift: theirs.count - base.count)
        narrowConflicts(ours: ours, theirs: theirs)
        joinCloseConflicts(ours: ours)
    }

    /// The number of conflicts.
    var conflictCount: Int { regions.count { $0.kind == .conflict } }

    // MARK: Collecting

    private mutating func collect(
        _ oursChanges: [LineDiff.Change], _ theirsChanges: [LineDiff.Change], ours: TextLines, theirs: TextLines,
        oursShift: Int, theirsShift: Int
    ) {
        var oursIndex = 0
        var theirsIndex = 0
        while oursIndex < oursChanges.count && theirsIndex < theirsChanges.count {
            let mine = oursChanges[oursIndex]
            let other = theirsChanges[theirsIndex]
            if mine.oldLines.upperBound < other.oldStart {
                // Theirs' lines for the base stretch: shifted as at theirs' next change.
                append(.ours, mine, otherShift: other.newStart - other.oldStart)
                oursIndex += 1
                continue
            }
            if other.oldLines.upperBound < mine.oldStart {
                append(.theirs, other, otherShift: mine.newStart - mine.oldStart)
                theirsIndex += 1
                continue
            }
            if mine.oldLines != other.oldLines || mine.newCount != other.newCount
                || !ours.text(of: mine.newLines).elementsEqual(theirs.text(of: other.newLines))
            {
                append(.conflict, overlapping: mine, other)
            }
            // The change that ends first is done; both when they end together.
            let mineEnd = mine.oldLines.upperBound
            let otherEnd = other.oldLines.upperBound
            if mineEnd >= otherEnd { theirsIndex += 1 }
            if otherEnd >= mineEnd { oursIndex += 1 }
        }
        for mine in oursChanges[oursIndex...] { append(.ours, mine, otherShift: theirsShift) }
        for other in theirsChanges[theirsIndex...] { append(.theirs, other, otherShift: oursShift) }
    }

    /// A change of one side only (`kind` `.ours` or `.theirs`): the other side's lines are its base
    /// lines, shifted by `shift`.
    private mutating func append(_ kind: MergeRegion.Kind, _ change: LineDiff.Change, otherShift shift: Int) {
        let other = (change.oldStart + shift)..<(change.oldStart + shift + change.oldCount)
        if kind == .ours {
            append(.ours, base: change.oldLines, ours: change.newLines, theirs: other)
        } else {
            append(.theirs, base: change.oldLines, ours: other, theirs: change.newLines)
        }
    }

    /// A conflict of two overlapping or touching changes: each side's lines are widened by the
    /// base lines the other change covers beyond its own.
    private mutating func append(_ kind: MergeRegion.Kind, overlapping mine: LineDiff.Change, _ other: LineDiff.Change) {
        let startShift = mine.oldStart - other.oldStart
        let endShift = startShift + mine.oldCount - other.oldCount
        var baseStart = mine.oldStart
        var oursStart = mine.newStart
        var theirsStart = other.newStart
        if startShift > 0 {
            baseStart -= startShift
            oursStart -= startShift
        } else {
            theirsStart += startShift
        }
        var baseEnd = mine.oldLines.upperBound
        var oursEnd = mine.newLines.upperBound
        var theirsEnd = other.newLines.upperBound
        if endShift < 0 {
            baseEnd -= endShift
            oursEnd -= endShift
        } else {
            theirsEnd += endShift
        }
        append(
            kind, base: baseStart..<max(baseStart, baseEnd), ours: oursStart..<max(oursStart, oursEnd),
            theirs: theirsStart..<max(theirsStart, theirsEnd))
    }

    /// Adds a region, or widens the last one when this one touches or overlaps it on either side
    /// (it becomes a conflict when the two are of different kinds).
    private mutating func append(_ kind: MergeRegion.Kind, base: Range<Int>, ours: Range<Int>, theirs: Range<Int>) {
        guard var last = regions.last,
            ours.lowerBound <= last.ours.upperBound || theirs.lowerBound <= last.theirs.upperBound
        else {
            regions.append(MergeRegion(kind: kind, base: base, ours: ours, theirs: theirs))
            return
        }
        if kind != last.kind { last.kind = .conflict }
        last.base = span(last.base, base)
        last.ours = span(last.ours, ours)
        last.theirs = span(last.theirs, theirs)
        regions[regions.count - 1] = last
    }

    // MARK: Simplifying

    /// Diffs the two sides of each conflict: equal lines leave the conflict, which may become
    /// several; a conflict whose sides are equal is a change made on both sides.
    private mutating func narrowConflicts(ours: TextLines, theirs: TextLines) {
        var narrowed: [MergeRegion] = []
        narrowed.reserveCapacity(regions.count)
        for region in regions {
            guard region.kind == .conflict, !region.ours.isEmpty, !region.theirs.isEmpty else {
                narrowed.append(region)
                continue
            }
            let changes = LineDiff.changes(
                from: TextLines(Array(ours.text(of: region.ours))), to: TextLines(Array(theirs.text(of: region.theirs))))
            guard !changes.isEmpty else {
                var same = region
                same.kind = .same
                narrowed.append(same)
                continue
            }
            for change in changes {
                let oursStart = region.ours.lowerBound + change.oldStart
                let theirsStart = region.theirs.lowerBound + change.newStart
                // Only the sides' lines matter from here on; the base lines stay the whole
                // region's.
                narrowed.append(
                    MergeRegion(
                        kind: .conflict, base: region.base, ours: oursStart..<(oursStart + change.oldCount),
                        theirs: theirsStart..<(theirsStart + change.newCount)))
            }
        }
        regions = narrowed
    }

    /// Joins two conflicts in a row with at most three lines between them, or lines without an
    /// ASCII letter or digit: one conflict reads more easily than two so close.
    private mutating func joinCloseConflicts(ours: TextLines) {
        var joined: [MergeRegion] = []
        joined.reserveCapacity(regions.count)
        for region in regions {
            if var last = joined.last, last.kind == .conflict, region.kind == .conflict {
                let gapStart = last.ours.upperBound
                let gap = gapStart..<max(gapStart, region.ours.lowerBound)
                if gap.count <= 3 || !Self.hasLetterOrDigit(ours.text(of: gap)) {
                    last.ours = span(last.ours, region.ours)
                    last.theirs = span(last.theirs, region.theirs)
                    joined[joined.count - 1] = last
                    continue
                }
            }
            joined.append(region)
        }
        regions = joined
    }

    private static func hasLetterOrDigit(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.contains { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    }
}

/// From the start of `first` to the end of `last` (empty, not reversed, should `last` end first).
private func span(_ first: Range<Int>, _ last: Range<Int>) -> Range<Int> {
    first.lowerBound..<max(first.lowerBound, last.upperBound)
}
