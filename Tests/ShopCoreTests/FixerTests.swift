import Testing
import TestSupport
import YAML

@testable import ShopCore

/// The safe fixes of a file are applied each whole or not at all, the first of two that overlap or
/// insert at one place, in one pass over the text: the same text as applying the chosen edits one
/// by one from the end, which is how the rule reads, on any findings.
@Suite struct FixerTests {
    /// The rule as written: every earlier choice checked, the edits made from the last one back.
    static func reference(_ findings: [Finding], _ source: [UInt8]) -> (bytes: [UInt8], fixed: [Finding]) {
        var chosen: [(Finding, Fix)] = []
        var taken: [SourceSpan] = []
        for finding in findings {
            guard let fix = finding.fixes.first(where: \.isSafe) else { continue }
            let conflicts = fix.edits.contains { edit in
                taken.contains { other in
                    (edit.span.start < other.end && other.start < edit.span.end)
                        || (edit.span.start == other.start && (edit.span.start == edit.span.end || other.start == other.end))
                }
            }
            if conflicts { continue }
            chosen.append((finding, fix))
            taken += fix.edits.map(\.span)
        }
        var bytes = source
        for edit in chosen.flatMap(\.1.edits).sorted(by: { $0.span > $1.span }) {
            bytes.replaceSubrange(edit.span.start..<edit.span.end, with: Array(edit.replacement.utf8))
        }
        return (bytes, chosen.map(\.0))
    }

    static func finding(_ edits: [(Int, Int, String)], safe: Bool = true) -> Finding {
        let textEdits = edits.map { TextEdit(span: SourceSpan(start: $0.0, end: $0.1), replacement: $0.2) }
        return Finding(
            rule: .badPrice, span: textEdits.first?.span ?? SourceSpan(start: 0, end: 0), message: FindingMessage("x"),
            fixes: [Fix(title: "fix", isSafe: safe, edits: textEdits)])
    }

    @Test func overlapsAndInsertionsAtOnePlace() {
        let source = SourceText(bytes: Array("0123456789".utf8))
        let findings = [
            Self.finding([(2, 4, "ab")]),
            Self.finding([(3, 5, "no")]),  // overlaps the first
            Self.finding([(4, 4, "+")]),  // touches the first's end: taken
            Self.finding([(4, 4, "no")]),  // inserts where one inserts already
            Self.finding([(7, 8, "X"), (0, 1, "01")]),  // two edits, the second before the others
            Self.finding([(0, 0, "no")]),  // inserts where the edit before starts
            Self.finding([(9, 10, "Z")], safe: false),
        ]
        let (fixed, edits) = Fixer.chooseSafeFixes(findings)
        #expect(String(decoding: Fixer.apply(edits, to: source.bytes), as: UTF8.self) == "011ab+456X89")
        #expect(fixed == [findings[0], findings[2], findings[4]])
    }

    @Test func randomFindings() {
        var random = SeededGenerator(seed: 0xF1_7E5)
        for round in 0..<2_000 {
            let length = Int.random(in: 0...60, using: &random)
            let source = (0..<length).map { _ in UInt8.random(in: 0x61...0x7A, using: &random) }
            var findings: [Finding] = []
            var position = 0
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                // Mostly in file order, as findings come, sometimes back.
                if Int.random(in: 0..<5, using: &random) == 0 { position = Int.random(in: 0...length, using: &random) }
                var edits: [(Int, Int, String)] = []
                var start = min(position, length)
                for _ in 0..<Int.random(in: 1...2, using: &random) {
                    let end = min(length, start + Int.random(in: 0...3, using: &random))
                    edits.append((start, end, String(repeating: "#", count: Int.random(in: 0...2, using: &random))))
                    start = min(length, end + Int.random(in: 1...4, using: &random))
                    if start == end { break }
                }
                findings.append(Self.finding(edits, safe: Int.random(in: 0..<6, using: &random) > 0))
                position = min(length, position + Int.random(in: 0...5, using: &random))
            }
            let expected = Self.reference(findings, source)
            let (fixed, edits) = Fixer.chooseSafeFixes(findings)
            #expect(Fixer.apply(edits, to: source) == expected.bytes, "round \(round)")
            #expect(fixed == expected.fixed, "round \(round)")
        }
    }
}
