import Testing
import TestSupport
import YAML

@testable import ShopCore

/// Findings resolved one at a time, each counted on from the one before on its line, are placed
/// where each resolved alone is placed.
@Suite struct ResolvedFindingsTests {
    @Test func eachIsPlacedAsAlone() {
        let pieces = ["a", "bc", "\n", "\r\n", "日本", "🍎", " ", "\t"]
        var random = SeededGenerator(seed: 0x2E_50_17ED)
        for round in 0..<300 {
            let bytes = random.text(of: pieces, maximumPieces: 40, byteOrderMark: round % 4 == 0)
            let source = SourceText(bytes: bytes)
            // In order mostly, as a check gives them, sometimes back, and past the end.
            var offset = 0
            var findings: [Finding] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                offset =
                    Int.random(in: 0..<5, using: &random) == 0
                    ? Int.random(in: 0...(bytes.count + 2), using: &random) : offset + Int.random(in: 0...4, using: &random)
                let end = offset + Int.random(in: 0...3, using: &random)
                let rule: RuleID = Bool.random(using: &random) ? .badPrice : .unknownKey
                findings.append(
                    Finding(
                        rule: rule, span: SourceSpan(start: offset, end: end), message: FindingMessage(parts: [.line(ofOffset: end)])))
            }
            let resolved = ResolvedFindings(findings, in: source)
            #expect(Array(resolved) == findings.map { $0.resolved(in: source) }, "round \(round)")
            #expect(resolved.hasErrors == findings.contains { $0.rule == .badPrice })
            let warnings = resolved.only { $0.severity == .warning }
            #expect(Array(warnings) == findings.filter { $0.rule == .unknownKey }.map { $0.resolved(in: source) })
        }
    }
}
