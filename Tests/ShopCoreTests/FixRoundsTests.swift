import Testing
import TestSupport
import YAML

@testable import ShopCore

/// Rounds of fixes hold one text at a time: each round's text goes through a spool and comes back,
/// a round that breaks the list is undone from the bytes its edits replaced, and the edits are
/// written in a few large pieces.
@Suite struct FixRoundsTests {
    /// A spool that keeps what it is given, and says how it was used.
    struct RecordingSpool: FixedTextSpool {
        var bytes: [UInt8] = []
        var restarts = 0
        var pieces: [Int] = []
        mutating func restart() {
            bytes = []
            restarts += 1
        }
        mutating func take(_ piece: UnsafeBufferPointer<UInt8>) {
            bytes += piece
            pieces.append(piece.count)
        }
        mutating func text() -> [UInt8] { bytes }
    }

    struct LostText: Error {}

    /// A spool whose text cannot be had back, as a temporary file that cannot be read.
    struct FailingSpool: FixedTextSpool {
        mutating func restart() {}
        mutating func take(_ piece: UnsafeBufferPointer<UInt8>) {}
        mutating func text() throws(LostText) -> [UInt8] { throw LostText() }
    }

    /// On random findings, the splices chosen write the text the rule describes, and the splices
    /// they return undo them to the byte.
    @Test func undoGivesTheTextBack() {
        var random = SeededGenerator(seed: 0x5_91CE)
        for round in 0..<2_000 {
            let length = Int.random(in: 0...60, using: &random)
            let source = (0..<length).map { _ in UInt8.random(in: 0x61...0x7A, using: &random) }
            var findings: [Finding] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                let start = Int.random(in: 0...length, using: &random)
                let end = min(length, start + Int.random(in: 0...3, using: &random))
                let replacement = String(repeating: "#", count: Int.random(in: 0...3, using: &random))
                findings.append(FixerTests.finding([(start, end, replacement)], safe: Int.random(in: 0..<6, using: &random) > 0))
            }
            let (fixed, splices) = Fixer.chooseSafeFixes(findings)
            var written: [UInt8] = []
            let undo = splices.apply(to: source) { written += $0 }
            let expected = FixerTests.reference(findings, source)
            #expect(written == expected.bytes, "round \(round)")
            #expect(fixed == expected.fixed, "round \(round)")
            #expect(undo.applied(to: written) == source, "round \(round)")
        }
    }

    /// A long text with an edit every hundred bytes goes out in pieces of 64 KiB, not an edit at
    /// a time.
    @Test func longTextsGoOutInLargePieces() {
        let source = Array(String(repeating: "0123456789", count: 50_000).utf8)
        let findings = stride(from: 50, to: source.count, by: 100).map { FixerTests.finding([($0, $0 + 1, "ab")]) }
        var spool = RecordingSpool()
        let (fixed, splices) = Fixer.chooseSafeFixes(findings)
        let undo = splices.apply(to: source) { spool.take($0) }
        #expect(fixed.count == findings.count)
        #expect(spool.bytes == splices.applied(to: source))
        #expect(spool.bytes.count == source.count + findings.count)
        #expect(spool.pieces.count == (spool.bytes.count + (1 << 16) - 1) >> 16)
        #expect(undo.applied(to: spool.bytes) == source)
    }

    /// A fix that uncovers another: two rounds, each through the spool, with what the rounds make
    /// in memory.
    @Test func roundsGoThroughTheSpool() throws {
        let text = Array("currency: EUR\nitems:\n  - name: Milk\n    prize: €1.09\n".utf8)
        let findings = try ShoppingList.checkInParts(text).get()
        var spool = RecordingSpool()
        let rounds = FixRounds(text, findings: findings, spool: &spool)
        let inMemory = FixRounds(text, findings: findings)
        #expect(String(decoding: rounds.bytes, as: UTF8.self) == "currency: EUR\nitems:\n  - name: Milk\n    price: 1.09\n")
        #expect(rounds.fixed.map { $0.map(\.rule) } == [[.unknownKey], [.badPrice]])
        #expect(Array(rounds.fixed[0]).first?.location == SourceLocation(line: 4, column: 5, offset: 40))
        #expect(spool.restarts == 2)
        #expect(rounds.bytes == inMemory.bytes && rounds.fixed == inMemory.fixed && rounds.findings() == inMemory.findings())
        #expect(rounds.findings() == (try ShoppingList.checkInParts(rounds.bytes).get()))
    }

    /// A round whose text does not read as a list is undone: the text it started from comes back
    /// byte for byte, with its own findings, and nothing is said to be fixed.
    @Test func aRoundThatBreaksTheListIsUndone() throws {
        let text = Array("items:\n  - name: Milk\n    price: 3,49\n  - name: Tea\n".utf8)
        let findings = try ShoppingList.checkInParts(text).get()
        #expect(findings.contains { $0.fixes.contains(where: \.isSafe) })
        // A safe fix (as a faulty rule would offer) that leaves a flow sequence open.
        let breaking = FixerTests.finding([(6, 6, " [")])
        var spool = RecordingSpool()
        let rounds = FixRounds(text, findings: [breaking] + findings, spool: &spool)
        #expect(spool.restarts == 1)
        #expect(rounds.bytes == text)
        #expect(rounds.fixed.isEmpty)
        #expect(rounds.findings() == findings)
    }

    /// A round whose text reads but breaks the list's shape is undone too, when the structure
    /// error is in a part of a long list, which goes on to the store and not to the rest.
    @Test func aRoundThatBreaksTheShapeOfALongListIsUndone() throws {
        let text = Array(
            ("items:\n" + (0..<3000).map { "  - name: Item \($0)\n    price: \($0 == 2999 ? "3,49" : "1.00")\n" }.joined()).utf8)
        let findings = try ShoppingList.checkInParts(text).get()
        #expect(findings.contains { $0.fixes.contains(where: \.isSafe) })
        // A safe fix (as a faulty rule would offer) that makes item 100 a text, not a mapping.
        let item = Array("  - name: Item 100\n".utf8)
        let start = try #require(text.indices.first { text[$0..<min($0 + item.count, text.count)].elementsEqual(item) })
        let end = start + item.count + "    price: 1.00\n".utf8.count
        let breaking = FixerTests.finding([(start + 4, end, "Item 100\n")])
        var broken = text
        broken.replaceSubrange((start + 4)..<end, with: Array("Item 100\n".utf8))
        var handedOn: [Finding] = []
        let checked = try ShoppingList.checkInParts(broken, rules: nil, handing: { handedOn += $0 }, { _, _ in }).get()
        #expect(checked.structureErrorHandedOn && !checked.findings.contains { $0.rule == .structure })
        #expect(handedOn.contains { $0.rule == .structure })
        var spool = RecordingSpool()
        let rounds = FixRounds(text, findings: [breaking] + findings, spool: &spool)
        #expect(rounds.bytes == text)
        #expect(rounds.fixed.isEmpty)
        #expect(rounds.findings() == findings)
    }

    /// A spool that cannot give the text back stops the rounds with its error.
    @Test func aSpoolThatLosesTheTextStopsTheRounds() throws {
        let text = Array("items:\n  - name: Milk\n    price: 3,49\n".utf8)
        let findings = try ShoppingList.checkInParts(text).get()
        var spool = FailingSpool()
        #expect(throws: LostText.self) { try FixRounds(text, findings: findings, spool: &spool) }
    }

    /// A fix that adds a line ends it as the file's lines end (`done` without `buy` gets a
    /// `buy: true` line): an editor applying it, or `check --format json`'s reader, keeps the file's
    /// line breaks, on the last line too.
    @Test(arguments: ["\n", "\r\n", "\r"])
    func aNewLineEndsAsTheFilesLinesDo(lineBreak: String) throws {
        for finalBreak in ["", lineBreak] {
            let text = ["items:", "  - name: Milk", "    done: true"].joined(separator: lineBreak) + finalBreak
            let expected = ["items:", "  - name: Milk", "    buy: true", "    done: true"].joined(separator: lineBreak) + finalBreak
            let rounds = try FixRounds.apply(to: Array(text.utf8)).get()
            #expect(rounds.fixed.map { $0.map(\.rule) } == [[.doneNotBought]])
            #expect(String(decoding: rounds.bytes, as: UTF8.self) == expected, "\(lineBreak.unicodeScalars.map(\.value))")
        }
    }
}
