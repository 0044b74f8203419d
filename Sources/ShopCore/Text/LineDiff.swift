/// A diff of two texts line by line: the changes that turn the old text into the new one, the same
/// ones `git diff` and `git merge-file` find (git's default algorithm, "myers").
///
/// Lines compare as bytes with their line ends (see `TextLines`). The work is bounded as git
/// bounds it (see `MyersDiff`): two unrelated texts of 100,000 lines each still take a fraction
/// of a second, at the price of a script that may be longer than the shortest.
public enum LineDiff {
    /// One change: `oldCount` lines of the old text from `oldStart` are replaced by `newCount`
    /// lines of the new text from `newStart`. A pure insertion has `oldCount == 0` and goes before
    /// old line `oldStart`; a pure removal has `newCount == 0`. Lines are numbered from 0.
    public struct Change: Equatable, Sendable {
        /// The first old line replaced (or the old line an insertion goes before).
        public var oldStart: Int
        /// How many old lines are replaced.
        public var oldCount: Int
        /// The first new line put in (or the new line a removal would have come before).
        public var newStart: Int
        /// How many new lines are put in.
        public var newCount: Int

        /// The old lines replaced.
        public var oldLines: Range<Int> { oldStart..<(oldStart + oldCount) }
        /// The new lines put in.
        public var newLines: Range<Int> { newStart..<(newStart + newCount) }
    }

    /// The changes from `old` to `new`, in order, separated by at least one unchanged line. With
    /// `indentHeuristic`, a change that could sit at several places goes where the indentation
    /// suggests (as `git diff` does by default); without, it goes as far down as it can, or where
    /// it lines up with a change in the other text (as `git merge-file` does).
    public static func changes(from old: TextLines, to new: TextLines, indentHeuristic: Bool = false) -> [Change] {
        var marks = changedLines(from: old, to: new, indentHeuristic: indentHeuristic)
        return script(old: &marks.old, new: &marks.new)
    }

    /// The changes from the text `old` to the text `new` (see `changes(from:to:indentHeuristic:)`).
    public static func changes(from old: [UInt8], to new: [UInt8], indentHeuristic: Bool = false) -> [Change] {
        changes(from: TextLines(old), to: TextLines(new), indentHeuristic: indentHeuristic)
    }

    /// Which lines of each text are changed, compacted.
    static func changedLines(from old: TextLines, to new: TextLines, indentHeuristic: Bool)
        -> (old: ChangeMarks, new: ChangeMarks)
    {
        let classes = LineClasses(old, new)
        var oldMarks = ChangeMarks(count: old.count)
        var newMarks = ChangeMarks(count: new.count)
        DiffReduction(classes: classes).mark(old: &oldMarks, new: &newMarks)
        ChangeCompaction(lines: classes.old, indents: indentHeuristic ? IndentHeuristic.indents(of: old) : nil)
            .compact(&oldMarks, other: newMarks)
        ChangeCompaction(lines: classes.new, indents: indentHeuristic ? IndentHeuristic.indents(of: new) : nil)
            .compact(&newMarks, other: oldMarks)
        return (oldMarks, newMarks)
    }

    /// The runs of changed lines, paired up between unchanged lines.
    static func script(old: inout ChangeMarks, new: inout ChangeMarks) -> [Change] {
        var changes: [Change] = []
        var oldLine = 0
        var newLine = 0
        while oldLine < old.count || newLine < new.count {
            guard old[oldLine] || new[newLine] else {
                oldLine += 1
                newLine += 1
                continue
            }
            var change = Change(oldStart: oldLine, oldCount: 0, newStart: newLine, newCount: 0)
            while old[oldLine] { oldLine += 1 }
            while new[newLine] { newLine += 1 }
            change.oldCount = oldLine - change.oldStart
            change.newCount = newLine - change.newStart
            changes.append(change)
        }
        return changes
    }
}

/// Narrows the diff before the search, as git does: the common first and last lines are set
/// aside; a line that has no equal in the other text is changed for sure; a line with very many
/// equals (at least the square root of the text's length, at most 1024) that sits among lines of
/// the first kind is taken as changed too. The search then runs on the remaining lines only.
struct DiffReduction {
    let classes: LineClasses

    private enum Matches {
        case none, some, many
    }

    func mark(old oldMarks: inout ChangeMarks, new newMarks: inout ChangeMarks) {
        let old = classes.old
        let new = classes.new
        var prefix = 0
        let shorter = min(old.count, new.count)
        while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let oldRange = prefix..<(old.count - suffix)
        let newRange = prefix..<(new.count - suffix)

        let oldMatches = matches(of: old, in: oldRange, otherCounts: classes.newCounts)
        let newMatches = matches(of: new, in: newRange, otherCounts: classes.oldCounts)
        let oldKept = kept(oldMatches, range: oldRange, marks: &oldMarks)
        let newKept = kept(newMatches, range: newRange, marks: &newMarks)

        var oldChanged = Array(repeating: false, count: oldKept.count)
        var newChanged = Array(repeating: false, count: newKept.count)
        MyersDiff.mark(
            old: oldKept.map { old[$0] }, new: newKept.map { new[$0] }, oldChanged: &oldChanged, newChanged: &newChanged)
        for (index, line) in oldKept.enumerated() where oldChanged[index] { oldMarks[line] = true }
        for (index, line) in newKept.enumerated() where newChanged[index] { newMarks[line] = true }
    }

    private func matches(of lines: [Int], in range: Range<Int>, otherCounts: [Int]) -> [Matches] {
        let many = min(roughSquareRoot(lines.count), 1024)
        return range.map { line in
            let count = otherCounts[lines[line]]
            return count == 0 ? .none : count >= many ? .many : .some
        }
    }

    /// The lines of `range` that go into the search; the others are marked changed.
    private func kept(_ matches: [Matches], range: Range<Int>, marks: inout ChangeMarks) -> [Int] {
        var kept: [Int] = []
        kept.reserveCapacity(matches.count)
        for (index, line) in range.enumerated() {
            switch matches[index] {
            case .some:
                kept.append(line)
            case .many where !isAmongUnmatched(index, matches):
                kept.append(line)
            default:
                marks[line] = true
            }
        }
        return kept
    }

    /// Whether the line at `index`, which has many equals, lies in a run of lines that have many
    /// or no equals, with some of the latter on both sides, and the latter make up more than
    /// three quarters of the run (looking at most 100 lines each way).
    private func isAmongUnmatched(_ index: Int, _ matches: [Matches]) -> Bool {
        let before = run(matches, from: index - 1, step: -1)
        guard before.unmatched > 0 else { return false }
        let after = run(matches, from: index + 1, step: 1)
        guard after.unmatched > 0 else { return false }
        // The line itself counts once on each side, as git counts it.
        let many = before.many + after.many + 2
        return many * 4 < many + before.unmatched + after.unmatched
    }

    /// The lines with no equals and with many from `start` on, going by `step`, up to a line with
    /// some equals (looking at most 100 lines).
    private func run(_ matches: [Matches], from start: Int, step: Int) -> (unmatched: Int, many: Int) {
        var counts = (unmatched: 0, many: 0)
        var other = start
        while other >= 0 && other < matches.count && abs(other - start) < 100 {
            switch matches[other] {
            case .none: counts.unmatched += 1
            case .many: counts.many += 1
            case .some: return counts
            }
            other += step
        }
        return counts
    }
}
