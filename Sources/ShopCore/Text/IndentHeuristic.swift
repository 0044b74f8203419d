/// git's indent heuristic (`diff.indentHeuristic`, on by default in `git diff`): of the places a
/// group of added or removed lines can slide to, the one whose two edges fall where the
/// indentation and blank lines suggest a block starts and ends. The weights are git's, found by
/// its authors on a corpus of human-rated diffs; using the same ones gives the same diffs.
struct IndentHeuristic {
    /// The indentation of each line (a tab counts to the next multiple of 8, at most 200), -1
    /// for a line of white space only.
    let indents: [Int]

    /// The indentation of every line of `text`.
    static func indents(of text: TextLines) -> [Int] {
        (0..<text.count).map { indent(of: text[$0]) }
    }

    static func indent(of line: ArraySlice<UInt8>) -> Int {
        var indent = 0
        for byte in line {
            switch byte {
            case 0x20: indent += 1
            case 0x09: indent += 8 - indent % 8
            case 0x0A, 0x0D: break
            default: return indent
            }
            if indent >= maximumIndent { return maximumIndent }
        }
        return -1
    }

    private static let maximumIndent = 200
    private static let maximumBlanks = 20
    private static let maximumSliding = 100

    /// The best end for a group of `size` lines that can end anywhere from `earliestEnd` to
    /// `latestEnd` (looking at most 100 places up); later places win ties.
    func bestEnd(earliestEnd: Int, latestEnd: Int, size: Int) -> Int {
        let first = max(earliestEnd, latestEnd - size - 1, latestEnd - Self.maximumSliding)
        var best = latestEnd
        var bestScore: Score?
        for end in first...latestEnd {
            var score = Score()
            score.add(measure(splitBefore: end))
            score.add(measure(splitBefore: end - size))
            if let current = bestScore, score.compared(to: current) > 0 { continue }
            bestScore = score
            best = end
        }
        return best
    }

    /// What surrounds a split between line `split - 1` and line `split`.
    private struct Measure {
        var endOfFile: Bool
        /// The indentation of the line after the split.
        var indent: Int
        /// Blank lines right above the split, and the indentation of the line above them.
        var blanksBefore: Int
        var indentBefore: Int
        /// Blank lines after the line after the split, and the indentation of the line after them.
        var blanksAfter: Int
        var indentAfter: Int
    }

    private func measure(splitBefore split: Int) -> Measure {
        let before = blankRun(from: split - 1, step: -1)
        let after = blankRun(from: split + 1, step: 1)
        return Measure(
            endOfFile: split >= indents.count, indent: split >= indents.count ? -1 : indents[split],
            blanksBefore: before.blanks, indentBefore: before.indent, blanksAfter: after.blanks, indentAfter: after.indent)
    }

    /// The blank lines from line `start` on, going by `step`, and the indentation of the line that
    /// ends them: -1 at an end of the text, 0 after ``maximumBlanks`` of them.
    private func blankRun(from start: Int, step: Int) -> (blanks: Int, indent: Int) {
        var blanks = 0
        var line = start
        while line >= 0 && line < indents.count {
            if indents[line] != -1 { return (blanks, indents[line]) }
            blanks += 1
            if blanks == Self.maximumBlanks { return (blanks, 0) }
            line += step
        }
        return (blanks, -1)
    }

    /// The badness of a place: the sum of the indentations at its edges, then penalties.
    private struct Score {
        var effectiveIndent = 0
        var penalty = 0

        mutating func add(_ measure: Measure) {
            if measure.indentBefore == -1 && measure.blanksBefore == 0 { penalty += 1 }
            if measure.endOfFile { penalty += 21 }
            let blanksAfter = measure.indent == -1 ? 1 + measure.blanksAfter : 0
            let blanks = measure.blanksBefore + blanksAfter
            penalty += -30 * blanks + 6 * blanksAfter
            let indent = measure.indent != -1 ? measure.indent : measure.indentAfter
            let anyBlanks = blanks != 0
            effectiveIndent += indent
            guard indent != -1 && measure.indentBefore != -1 else { return }
            if indent > measure.indentBefore {
                penalty += anyBlanks ? 10 : -4
            } else if indent < measure.indentBefore {
                // Less indented than the line before: the end of a block, or the start of one
                // when the next line is indented more.
                if measure.indentAfter != -1 && measure.indentAfter > indent {
                    penalty += anyBlanks ? 17 : 24
                } else {
                    penalty += anyBlanks ? 17 : 23
                }
            }
        }

        func compared(to other: Score) -> Int {
            let indents = (effectiveIndent > other.effectiveIndent ? 1 : 0) - (effectiveIndent < other.effectiveIndent ? 1 : 0)
            return 60 * indents + (penalty - other.penalty)
        }
    }
}
