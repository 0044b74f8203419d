@testable import ShopCore
import Testing
import TestSupport

/// The line diff on chosen cases (the expected changes are those `git diff` finds) and its
/// properties on generated texts.
@Suite("line diff")
struct LineDiffTests {
    typealias Change = LineDiff.Change

    static func text(_ lines: [String]) -> [UInt8] {
        Array(lines.map { $0 + "\n" }.joined().utf8)
    }

    @Test("lines are cut after each line feed; the last may have none")
    func lines() {
        let lines = TextLines(Array("a\r\nb\n\nc".utf8))
        #expect(lines.count == 4)
        #expect(Array(lines[0]) == Array("a\r\n".utf8))
        #expect(lines.endsWithCRLF(0) && !lines.endsWithCRLF(1))
        #expect(lines.hasLineFeed(2) && !lines.hasLineFeed(3))
        #expect(Array(lines.text(of: 1..<3)) == Array("b\n\n".utf8))
        #expect(TextLines([]).count == 0)
        #expect(TextLines(Array("\n".utf8)).count == 1)
    }

    @Test(
        "chosen cases",
        arguments: [
            ("", "", [Change]()),
            ("a\nb\n", "a\nb\n", []),
            ("", "a\nb\n", [Change(oldStart: 0, oldCount: 0, newStart: 0, newCount: 2)]),
            ("a\nb\n", "", [Change(oldStart: 0, oldCount: 2, newStart: 0, newCount: 0)]),
            // A last line without a line feed differs from the same line with one.
            ("a\nb", "a\nb\n", [Change(oldStart: 1, oldCount: 1, newStart: 1, newCount: 1)]),
            // Line ends are part of the line.
            ("a\nb\n", "a\r\nb\n", [Change(oldStart: 0, oldCount: 1, newStart: 0, newCount: 1)]),
            ("a\nb\nc\n", "a\nc\n", [Change(oldStart: 1, oldCount: 1, newStart: 1, newCount: 0)]),
            ("a\nc\n", "a\nb\nc\n", [Change(oldStart: 1, oldCount: 0, newStart: 1, newCount: 1)]),
            (
                "a\nb\nc\nd\ne\n", "A\nb\nc\nD\ne\n",
                [
                    Change(oldStart: 0, oldCount: 1, newStart: 0, newCount: 1),
                    Change(oldStart: 3, oldCount: 1, newStart: 3, newCount: 1),
                ]
            ),
            // Of two equal blank lines, the later one is removed: changes slide down.
            ("a\n\n\nb\n", "a\n\nb\n", [Change(oldStart: 2, oldCount: 1, newStart: 2, newCount: 0)]),
        ])
    func chosenCases(old: String, new: String, expected: [Change]) {
        #expect(LineDiff.changes(from: Array(old.utf8), to: Array(new.utf8)) == expected)
    }

    @Test("a line with many equals among lines with none is taken as changed, as git does")
    func manyEqualsAmongUnmatched() {
        // x is once in the old text, nine times in the new one: among the u lines, which the new
        // text does not have, it is not looked for, and the old text is replaced whole.
        let old = Self.text((1...5).map { "u\($0)" } + ["x"] + (6...10).map { "u\($0)" })
        let new = Self.text((1...5).map { "v\($0)" } + ["x"] + (6...10).map { "v\($0)" } + Array(repeating: "x", count: 8))
        #expect(LineDiff.changes(from: old, to: new) == [Change(oldStart: 0, oldCount: 11, newStart: 0, newCount: 19)])
        // With fewer equals it is matched.
        let fewer = Self.text((1...5).map { "v\($0)" } + ["x"] + (6...10).map { "v\($0)" })
        #expect(LineDiff.changes(from: old, to: fewer).count == 2)
    }

    @Test("the indent heuristic moves an added block so that a blank line ends it")
    func indentHeuristic() {
        // The block added is "#" and a blank line, or a blank line and "#": both fit.
        let old = Array("#\n#\ntitle: A\n".utf8)
        let new = Array("#\n#\n\n#\ntitle: A\n".utf8)
        #expect(LineDiff.changes(from: old, to: new) == [Change(oldStart: 2, oldCount: 0, newStart: 2, newCount: 2)])
        #expect(
            LineDiff.changes(from: old, to: new, indentHeuristic: true)
                == [Change(oldStart: 1, oldCount: 0, newStart: 1, newCount: 2)])
    }

    @Test("applying the changes to the old text gives the new one; changes are apart and in order")
    func changesRebuildTheNewText() {
        var generator = TextTripleGenerator(seed: 0xA991)
        var failures: [String] = []
        for number in 0..<600 {
            let triple = generator.triple()
            for heuristic in [false, true] {
                let old = TextLines(triple.base)
                let new = TextLines(triple.theirs)
                let changes = LineDiff.changes(from: old, to: new, indentHeuristic: heuristic)
                if let problem = Self.problem(changes, old, new) {
                    failures.append("triple \(number), indent heuristic \(heuristic): \(problem)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
    }

    @Test("unrelated long texts, where the search is cut short, still get a correct script")
    func unrelatedLongTexts() {
        var random = SeededGenerator(seed: 77)
        // Few distinct lines: every line has very many equals, the worst case for the search.
        let old = Self.text((0..<20_000).map { _ in "line \(Int.random(in: 0..<40, using: &random))" })
        let new = Self.text((0..<20_000).map { _ in "line \(Int.random(in: 0..<40, using: &random))" })
        let changes = LineDiff.changes(from: old, to: new)
        #expect(Self.problem(changes, TextLines(old), TextLines(new)) == nil)
        #expect(!changes.isEmpty)
    }

    /// What is wrong with `changes` as a script from `old` to `new`, or nil: each change must
    /// change something, lie inside both texts, and be apart from the one before by unchanged
    /// lines that are equal in both texts.
    static func problem(_ changes: [Change], _ old: TextLines, _ new: TextLines) -> String? {
        var nextOld = 0
        var nextNew = 0
        for (index, change) in changes.enumerated() {
            guard change.oldCount > 0 || change.newCount > 0 else { return "change \(index) is empty: \(changes)" }
            let unchanged = change.oldStart - nextOld
            guard unchanged == change.newStart - nextNew, unchanged >= (index == 0 ? 0 : 1),
                change.oldLines.upperBound <= old.count, change.newLines.upperBound <= new.count
            else { return "change \(index) is out of place: \(changes)" }
            guard old.text(of: nextOld..<change.oldStart) == new.text(of: nextNew..<change.newStart) else {
                return "the lines before change \(index) differ: \(changes)"
            }
            nextOld = change.oldLines.upperBound
            nextNew = change.newLines.upperBound
        }
        guard old.count - nextOld == new.count - nextNew,
            old.text(of: nextOld..<old.count) == new.text(of: nextNew..<new.count)
        else { return "the lines after the last change differ: \(changes)" }
        return nil
    }
}
