/// Slides groups of changed lines to one canonical place, as git does after the diff: a group
/// whose first line equals the line after it can move down, one whose last line equals the line
/// before it can move up. Each group goes as far down as it can, merging with groups it meets,
/// then back up to the last place where it lines up with a group of changes in the other text,
/// when there is one, or (with the indent heuristic) to the place whose indentation reads best.
struct ChangeCompaction {
    /// The line numbers of the text being compacted (equal numbers, equal lines).
    let lines: [Int]
    /// When given, the indentation of each line, for the indent heuristic.
    let indents: [Int]?

    /// Compacts `marks`, the changed lines of this text, in step with `other`, those of the other
    /// text (which only guide the walk: they do not change).
    func compact(_ marks: inout ChangeMarks, other: ChangeMarks) {
        var group = Group.first(in: marks)
        var otherGroup = Group.first(in: other)
        while true {
            if group.end > group.start {
                guard compactGroup(&group, otherGroup: &otherGroup, marks: &marks, other: other) else { return }
            }
            guard group.next(in: marks), otherGroup.next(in: other) else { return }
        }
    }

    /// Compacts one non-empty group; false when the walks fall out of step (which cannot happen
    /// when both texts have the same number of unchanged lines).
    private func compactGroup(
        _ group: inout Group, otherGroup: inout Group, marks: inout ChangeMarks, other: ChangeMarks
    ) -> Bool {
        var earliestEnd: Int
        var endMatchingOther: Int?
        var size: Int
        repeat {
            size = group.end - group.start
            endMatchingOther = nil
            while slideUp(&group, &marks) {
                guard otherGroup.previous(in: other) else { return false }
            }
            earliestEnd = group.end
            if otherGroup.end > otherGroup.start { endMatchingOther = group.end }
            while slideDown(&group, &marks) {
                guard otherGroup.next(in: other) else { return false }
                if otherGroup.end > otherGroup.start { endMatchingOther = group.end }
            }
        } while size != group.end - group.start

        if group.end == earliestEnd {
            return true
        }
        if endMatchingOther != nil {
            while otherGroup.end == otherGroup.start {
                guard slideUp(&group, &marks), otherGroup.previous(in: other) else { return false }
            }
        } else if let indents {
            let best = IndentHeuristic(indents: indents).bestEnd(
                earliestEnd: earliestEnd, latestEnd: group.end, size: size)
            while group.end > best {
                guard slideUp(&group, &marks), otherGroup.previous(in: other) else { return false }
            }
        }
        return true
    }

    private func slideDown(_ group: inout Group, _ marks: inout ChangeMarks) -> Bool {
        guard group.end < marks.count && lines[group.start] == lines[group.end] else { return false }
        marks[group.start] = false
        group.start += 1
        marks[group.end] = true
        group.end += 1
        while marks[group.end] { group.end += 1 }
        return true
    }

    private func slideUp(_ group: inout Group, _ marks: inout ChangeMarks) -> Bool {
        guard group.start > 0 && lines[group.start - 1] == lines[group.end - 1] else { return false }
        group.start -= 1
        marks[group.start] = true
        group.end -= 1
        marks[group.end] = false
        while marks[group.start - 1] { group.start -= 1 }
        return true
    }
}

/// A run of changed lines `start..<end`; an empty run stands between two unchanged lines (or at
/// an end of the text), so that the unchanged lines of both texts pair up group by group.
private struct Group {
    var start: Int
    var end: Int

    static func first(in marks: ChangeMarks) -> Group {
        var end = 0
        while marks[end] { end += 1 }
        return Group(start: 0, end: end)
    }

    /// Moves to the group after the next unchanged line; false at the end of the text.
    mutating func next(in marks: ChangeMarks) -> Bool {
        guard end < marks.count else { return false }
        start = end + 1
        end = start
        while marks[end] { end += 1 }
        return true
    }

    /// Moves to the group before the previous unchanged line; false at the start of the text.
    mutating func previous(in marks: ChangeMarks) -> Bool {
        guard start > 0 else { return false }
        end = start - 1
        start = end
        while marks[start - 1] { start -= 1 }
        return true
    }
}
