import Foundation
import ShopCore
import Testing
import TestSupport

/// The line merge and the line diff against git itself, on generated texts: the merged text, byte
/// for byte, and the conflict count equal `git merge-file -p`'s; the changes equal those in the
/// hunks of `git diff --no-index -U0`.
@Suite("line merge and diff against git")
struct LineMergeGitTests {
    static let tripleCount = 1_000

    @Test("merges as git merge-file does")
    func mergesAsGit() throws {
        guard let git = try GitJudge.make() else { return }
        defer { git.removeFolder() }
        var generator = TextTripleGenerator(seed: 0x3E6E_F11E)
        var failures: [String] = []
        var conflicted = 0
        for number in 0..<Self.tripleCount {
            let triple = generator.triple()
            let expected = try git.mergeFile(base: triple.base, ours: triple.ours, theirs: triple.theirs)
            let actual = LineMerge.merge(base: triple.base, ours: triple.ours, theirs: triple.theirs)
            if expected.conflicts > 0 { conflicted += 1 }
            guard actual != expected, failures.count < 3 else { continue }
            failures.append(
                """
                triple \(number) (\(triple.description)): git \(expected.conflicts) conflicts, shop \(actual.conflicts)
                --- base
                \(show(triple.base))--- ours
                \(show(triple.ours))--- theirs
                \(show(triple.theirs))--- git
                \(show(expected.merged))--- shop
                \(show(actual.merged))
                """)
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // The generator must give both outcomes often.
        #expect(conflicted > Self.tripleCount / 5 && conflicted < Self.tripleCount * 4 / 5, "\(conflicted) conflicted")
    }

    @Test("the chosen cases of the unit tests are what git merge-file gives")
    func chosenCasesAreGits() throws {
        guard let git = try GitJudge.make() else { return }
        defer { git.removeFolder() }
        for example in LineMergeTests.cases {
            let result = try git.mergeFile(
                base: Array(example.base.utf8), ours: Array(example.ours.utf8), theirs: Array(example.theirs.utf8))
            #expect(String(decoding: result.merged, as: UTF8.self) == example.merged, "\(example.name)")
            #expect(result.conflicts == example.conflicts, "\(example.name)")
        }
    }

    @Test("diffs as git diff does, with and without the indent heuristic")
    func diffsAsGit() throws {
        guard let git = try GitJudge.make() else { return }
        defer { git.removeFolder() }
        var generator = TextTripleGenerator(seed: 0xD1FF)
        var failures: [String] = []
        for number in 0..<(Self.tripleCount / 2) {
            let triple = generator.triple()
            for heuristic in [false, true] {
                let expected = try git.diff(old: triple.base, new: triple.ours, indentHeuristic: heuristic)
                let actual = LineDiff.changes(from: triple.base, to: triple.ours, indentHeuristic: heuristic)
                guard actual != expected, failures.count < 3 else { continue }
                failures.append(
                    """
                    pair \(number), indent heuristic \(heuristic): git \(expected), shop \(actual)
                    --- old
                    \(show(triple.base))--- new
                    \(show(triple.ours))
                    """)
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("long texts with many edits, where the diff's search is cut short, diff and merge as git's do")
    func longTextsAsGit() throws {
        guard let git = try GitJudge.make() else { return }
        defer { git.removeFolder() }
        var generator = TextTripleGenerator(seed: 0x10_4E)
        let shapes: [[(count: Int, edits: Int)]] = [
            [(2_000, 50)], [(3_000, 400)], [(5_000, 1_500)], [(4_000, 4_000)], [(20_000, 1_000)],
            // Dense edits, then sparse ones, and the other way round.
            [(3_000, 2_000), (30_000, 600)], [(30_000, 600), (3_000, 2_000)],
        ]
        for segments in shapes {
            let triple = generator.largeTriple(segments)
            for heuristic in [false, true] {
                let expected = try git.diff(old: triple.base, new: triple.ours, indentHeuristic: heuristic)
                let actual = LineDiff.changes(from: triple.base, to: triple.ours, indentHeuristic: heuristic)
                #expect(actual == expected, "\(triple.description), indent heuristic \(heuristic)")
            }
            let expected = try git.mergeFile(base: triple.base, ours: triple.ours, theirs: triple.theirs)
            let actual = LineMerge.merge(base: triple.base, ours: triple.ours, theirs: triple.theirs)
            #expect(actual.conflicts == expected.conflicts, "\(triple.description)")
            #expect(actual.merged == expected.merged, "\(triple.description)")
        }
    }
}

/// A text for a failure message: line ends and a missing final one made visible.
func show(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r", with: "\\r")
        + (bytes.last == 0x0A || bytes.isEmpty ? "" : "\\ no final line feed\n")
}
