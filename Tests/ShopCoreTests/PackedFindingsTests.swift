import Testing
import TestSupport
import YAML

@testable import ShopCore

/// Findings packed into bytes come back as they went in, however the bytes are cut into pieces on
/// the way back, and damaged bytes are refused, never read past.
@Suite struct PackedFindingsTests {
    /// Reads `bytes` back as a spool hands them over: in pieces of `pieceSize`, what a piece cuts
    /// off kept for the next.
    static func unpack(_ bytes: [UInt8], pieceSize: Int) -> [Finding]? {
        var findings: [Finding] = []
        var pending: [UInt8] = []
        var start = 0
        while start < bytes.count {
            pending += bytes[start..<min(bytes.count, start + pieceSize)]
            start += pieceSize
            guard let consumed = pending.withUnsafeBufferPointer({ PackedFindings.read($0) { findings.append($0) } })
            else { return nil }
            pending.removeFirst(consumed)
        }
        return pending.isEmpty ? findings : nil
    }

    static func packed(_ findings: [Finding]) -> [UInt8] {
        var bytes: [UInt8] = []
        for finding in findings { PackedFindings.append(finding, to: &bytes) }
        return bytes
    }

    /// A finding with every kind of piece: each kind of message part, related places, several
    /// fixes of several edits, text beyond ASCII, empty strings and offsets far past 32 bits.
    static let everyPiece: Finding = {
        var finding = Finding(
            rule: RuleID.allCases[RuleID.allCases.count - 1], span: SourceSpan(start: 1 << 40, end: (1 << 40) + 3),
            message: FindingMessage(parts: [
                .text("price «3,49» "), .line(ofOffset: 0), .text(""), .lines(fromOffset: 7, toOffset: 1 << 33),
            ]),
            related: [RelatedPlace(span: SourceSpan(at: 5), message: "first here 🍎"), RelatedPlace(span: SourceSpan(start: 0, end: 200), message: "")],
            fixes: [
                Fix(title: "write 3.49", isSafe: true, edits: [TextEdit(span: SourceSpan(start: 9, end: 13), replacement: "3.49")]),
                Fix(
                    title: "", isSafe: false,
                    edits: [
                        TextEdit(span: SourceSpan(at: 0), replacement: "日本\r\n"),
                        TextEdit(span: SourceSpan(start: 300, end: 300_000), replacement: ""),
                    ]),
            ])
        finding.severity = finding.severity == .error ? .warning : .error
        return finding
    }()

    @Test("every piece of a finding comes back, in pieces of any size")
    func everyPieceComesBack() {
        // Offsets no rule makes (below zero, at the ends of Int) come back too: a finding is never
        // refused as damaged for its numbers.
        let extremes = Finding(
            rule: .badPrice, span: SourceSpan(start: -5, end: 3),
            message: FindingMessage(parts: [.line(ofOffset: -1), .lines(fromOffset: Int.min, toOffset: Int.max)]),
            related: [RelatedPlace(span: SourceSpan(at: Int.min), message: "x"), RelatedPlace(span: SourceSpan(at: Int.max), message: "")])
        let findings = [
            Self.everyPiece, Finding(rule: .badPrice, span: SourceSpan(at: 0), message: FindingMessage(parts: [])), extremes,
        ]
        let bytes = Self.packed(findings)
        for pieceSize in 1...bytes.count {
            #expect(Self.unpack(bytes, pieceSize: pieceSize) == findings, "pieces of \(pieceSize)")
        }
    }

    @Test("the findings of generated lists come back as they were found")
    func generatedLists() {
        var generator = ShopFileGenerator(seed: 0x9ACC_ED01)
        var random = SeededGenerator(seed: 0x9ACC_ED02)
        var total = 0
        for index in 0..<300 {
            let text = generator.file()
            guard case .success(let list) = ShoppingList.read(Array(text.utf8)) else { continue }
            let findings = list.check()
            total += findings.count
            let bytes = Self.packed(findings)
            let pieceSize = Int.random(in: 1...max(1, bytes.count), using: &random)
            #expect(Self.unpack(bytes, pieceSize: pieceSize) == findings, "file \(index), pieces of \(pieceSize)")
        }
        #expect(total > 1_000)
    }

    @Test("a cut or damaged packing is read as far as it is whole, and never past its end")
    func damaged() {
        let bytes = Self.packed([Self.everyPiece, Self.everyPiece])
        let first = Self.packed([Self.everyPiece]).count
        // Cut anywhere: what is whole before the cut is read, and the rest waits.
        for cut in 0...bytes.count {
            var read: [Finding] = []
            let consumed = Array(bytes[..<cut]).withUnsafeBufferPointer { PackedFindings.read($0) { read.append($0) } }
            let whole = cut >= bytes.count ? 2 : cut >= first ? 1 : 0
            #expect(consumed == [0, first, bytes.count][whole], "cut at \(cut)")
            #expect(read.count == whole, "cut at \(cut)")
        }
        // Damaged: any byte changed gives nil or findings, never a crash or a read past the end.
        var random = SeededGenerator(seed: 0xDA_3A6E)
        var refused = 0
        for _ in 0..<5_000 {
            var damaged = bytes
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            let consumed = damaged.withUnsafeBufferPointer { PackedFindings.read($0) { _ in } }
            if let consumed { #expect(consumed <= damaged.count) } else { refused += 1 }
        }
        #expect(refused > 0)
    }
}
