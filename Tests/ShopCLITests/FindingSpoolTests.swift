import Foundation
import ShopCore
import Testing
import TestSupport

@testable import ShopCLI

/// A spool gives back the findings it took, with the rest's among them as ``FindingOrder`` orders
/// them: from memory or from its temporary file, in order or not.
@Suite struct FindingSpoolTests {
    static func finding(at start: Int, _ rule: RuleID, _ words: String) -> Finding {
        Finding(
            rule: rule, span: SourceSpan(start: start, end: start + 2), message: FindingMessage(words),
            fixes: [Fix(title: "write \(start)", isSafe: true, edits: [TextEdit(span: SourceSpan(at: start), replacement: "x")])])
    }

    @Test(arguments: [10, 9_000])
    func givesBackInOrder(count: Int) throws {
        var random = SeededGenerator(seed: 0x5B00_1000 + UInt64(count))
        let folder = try OutputSpoolTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for ordered in [true, false] {
            let spool = FindingSpool(folder: folder)
            var parts: [Finding] = []
            var start = 0
            for _ in 0..<count {
                start = ordered ? start + Int.random(in: 0...3, using: &random) : Int.random(in: 0...1_000, using: &random)
                parts.append(Self.finding(at: start, .badPrice, String(repeating: "é", count: Int.random(in: 0...40, using: &random))))
            }
            for piece in stride(from: 0, to: parts.count, by: 7) { spool.take(Array(parts[piece..<min(parts.count, piece + 7)])) }
            // 10 findings wait in memory, 9,000 in the spool's unnamed file.
            #expect(OutputSpoolTests.openFiles(in: folder).count == (count > 1_000 ? 1 : 0))
            let rest = [Self.finding(at: 0, .unknownKey, "first"), Self.finding(at: start, .unknownKey, "at the last")]
            var given: [Finding] = []
            try spool.forEach(mergedWith: rest) { given.append($0) }
            #expect(given == FindingOrder.ordered(parts: parts, rest: rest), "\(count), ordered: \(ordered)")
            #expect(spool.count == count && spool.hasErrors)
            spool.discard()
            given = []
            try spool.forEach(mergedWith: []) { given.append($0) }
            #expect(given.isEmpty && spool.count == 0 && !spool.hasErrors)
        }
    }
}
