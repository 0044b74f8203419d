import Testing
import TestSupport
import YAML

@testable import ShopCore

/// Rounds of fixes: a fix that uncovers another gets a second round, and a round that would break
/// the list is not made.
@Suite struct FixRoundsTests {
    /// The list `text` holds, read.
    static func list(_ text: [UInt8]) throws -> ShoppingList {
        try ShoppingList.read(text).get()
    }

    /// A fix that uncovers another: two rounds, each said with its place in the text it started from.
    @Test func aFixThatUncoversAnotherGetsASecondRound() throws {
        let text = Array("currency: EUR\nitems:\n  - name: Milk\n    prize: €1.09\n".utf8)
        let list = try Self.list(text)
        let rounds = FixRounds(list, findings: list.check())
        #expect(String(decoding: rounds.bytes, as: UTF8.self) == "currency: EUR\nitems:\n  - name: Milk\n    price: 1.09\n")
        #expect(rounds.fixed.map { $0.map(\.rule) } == [[.unknownKey], [.badPrice]])
        #expect(rounds.fixed[0].first?.location == SourceLocation(line: 4, column: 5, offset: 40))
        #expect(rounds.findings == (try Self.list(rounds.bytes).check()))
        #expect(try FixRounds.apply(to: text).get().bytes == rounds.bytes)
    }

    /// A round whose text does not read as a list is not made: the text stays as it was, with its
    /// own findings, and nothing is said to be fixed.
    @Test func aRoundThatBreaksTheListIsNotMade() throws {
        let text = Array("items:\n  - name: Milk\n    price: 3,49\n  - name: Tea\n".utf8)
        let list = try Self.list(text)
        let findings = list.check()
        #expect(findings.contains { $0.fixes.contains(where: \.isSafe) })
        // A safe fix (as a faulty rule would offer) that leaves a flow sequence open.
        let breaking = FixerTests.finding([(6, 6, " [")])
        let rounds = FixRounds(list, findings: [breaking] + findings)
        #expect(rounds.bytes == text)
        #expect(rounds.fixed.isEmpty)
        #expect(rounds.findings == [breaking] + findings)
    }

    /// A round that is not made puts its text back byte for byte from what its fixes replaced,
    /// whether they made it shorter or longer.
    @Test func aRoundNotMadePutsBackWhatItsFixesReplaced() throws {
        let text = Array("items:\n  - name: Milk\n    price: 3,49\n  - name: Tea\n".utf8)
        let list = try Self.list(text)
        let findings = [
            FixerTests.finding([(6, 6, " [")]), FixerTests.finding([(17, 21, "M")]),
            FixerTests.finding([(33, 37, "3.49")]), FixerTests.finding([(48, 51, "Green tea")]),
        ]
        let rounds = FixRounds(list, findings: findings)
        #expect(rounds.bytes == text)
        #expect(rounds.fixed.isEmpty)
        #expect(rounds.findings == findings)
    }

    /// A round whose text reads but breaks the list's shape is not made either, wherever in a long
    /// list the structure error is.
    @Test func aRoundThatBreaksTheShapeOfALongListIsNotMade() throws {
        let text = Array(
            ("items:\n" + (0..<3000).map { "  - name: Item \($0)\n    price: \($0 == 2999 ? "3,49" : "1.00")\n" }.joined()).utf8)
        let list = try Self.list(text)
        let findings = list.check()
        #expect(findings.contains { $0.fixes.contains(where: \.isSafe) })
        // A safe fix (as a faulty rule would offer) that makes item 100 a text, not a mapping.
        let item = Array("  - name: Item 100\n".utf8)
        let start = try #require(text.indices.first { text[$0..<min($0 + item.count, text.count)].elementsEqual(item) })
        let end = start + item.count + "    price: 1.00\n".utf8.count
        let breaking = FixerTests.finding([(start + 4, end, "Item 100\n")])
        let rounds = FixRounds(list, findings: [breaking] + findings)
        #expect(rounds.bytes == text)
        #expect(rounds.fixed.isEmpty)
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
