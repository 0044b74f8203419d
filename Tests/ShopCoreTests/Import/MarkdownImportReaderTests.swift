import Foundation
import Testing
import TestSupport

@testable import ShopCore

/// Reading Markdown checklists: the export's escapes and details undone, headings and the
/// uncategorized section, notes, hand-typed lists, and lines that are not understood.
@Suite struct MarkdownImportReaderTests {
    static func read(_ text: String) throws -> MarkdownImport {
        try MarkdownImportReader.read(Array(text.utf8))
    }

    // MARK: Escapes

    @Test(arguments: [
        ("\\*a\\* \\_b\\_ \\`c\\`", "*a* _b_ `c`"), ("\\\\", "\\"), ("a\\b", "a\\b"), ("\\é", "\\é"),
        ("&#32;x&#9;", " x\t"), ("&#x41;&#X42;", "AB"), ("&#0;", "\u{FFFD}"), ("&#xD800;", "\u{FFFD}"),
        ("&#12345678;", "&#12345678;"), ("&#;", "&#;"), ("&amp; &lt; &gt; &quot; &apos; &nbsp;", "& < > \" ' \u{A0}"),
        ("&copy; AT&T", "&copy; AT&T"), ("\\&amp;", "&amp;"), ("http\\://x www\\.y", "http://x www.y"),
    ])
    func unescapes(escaped: String, text: String) {
        #expect(MarkdownText.unescaped(escaped[...]) == (text, false))
    }

    @Test func aFinalBackslashIsAHardBreak() {
        #expect(MarkdownText.unescaped("line\\"[...]) == ("line", true))
        #expect(MarkdownText.unescaped("line\\\\"[...]) == ("line\\", false))
        #expect(MarkdownText.unescaped("line\\\\\\"[...]) == ("line\\", true))
    }

    /// Unescaping what the export escapes gives the text back, for names made of Markdown's
    /// special characters and random scalars.
    @Test func unescapingUndoesEscaping() {
        var texts = [" ", "  both  ", "\t", "\u{A0}x\u{3000}", "1. x", "2)", "-", "+1", "=x", "a\nb\r\nc", "&#32;", "\\&"]
        var names = ExportNameGenerator(seed: 77)
        for _ in 0..<3_000 { texts.append(names.next()) }
        var random = SeededGenerator(seed: 78)
        for _ in 0..<2_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<(1 + Int(random.next() % 8)) {
                // Any scalar but NUL and surrogates, mostly ASCII.
                let value = random.next() % 4 == 0 ? UInt32(1 + random.next() % 0x2FFFF) : UInt32(1 + random.next() % 0x7F)
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
            texts.append(String(scalars))
        }
        for text in texts {
            let escaped = MarkdownText.escaped(text)
            #expect(MarkdownText.unescaped(escaped[...]) == (text, false), "\(text.debugDescription) → \(escaped.debugDescription)")
        }
    }

    // MARK: The export's lines

    @Test func theGroceriesExportReadsBack() throws {
        let bytes = try readBytes(ExportFixtures.url("groceries.all.md"))
        let read = try MarkdownImportReader.read(bytes)
        #expect(read.problems.isEmpty)
        #expect(read.title == "Weekly groceries")
        #expect(read.items.count == 30)
        let apples = try #require(read.items.first)
        #expect(apples.line == 5)
        #expect(apples.ticked == false && apples.hasCheckbox)
        #expect(apples.name == "Apples")
        #expect(apples.reading.quantity == DecimalNumber(6) && apples.reading.unit == "pcs")
        #expect(apples.reading.lineTotal == DecimalNumber("20.94"))
        #expect(apples.category == "Produce")
        #expect(apples.text == "Apples — 6 pcs — 20.94")
        #expect(read.items[1].ticked)
        let oatMilk = try #require(read.items.first { $0.name == "Oat milk" })
        #expect(oatMilk.notes == "Barista edition.\nNot the sweetened one.")
        #expect(oatMilk.category == "Dairy")
        let honey = try #require(read.items.first { $0.name == "Honey" })
        #expect(honey.reading == MarkdownImportItem.Reading(name: "Honey"))
        #expect(read.items.last?.category == "Household")
    }

    @Test func escapedNamesHeadingsAndNotesReadBack() throws {
        let read = try MarkdownImportReader.read(try readBytes(ExportFixtures.url("tricky-names.md")))
        #expect(read.problems.isEmpty)
        #expect(read.title == "Tricky *names*, <tags> & #hashes | pipes")
        #expect(read.items.first?.category == "Aisle [1]")
        #expect(read.items[1].category == "=cmd|' /C calc'!A0")
        #expect(read.items[2].category == nil)
        let list = try ExportFixtures.list("tricky-names")
        let exported = list.items.filter(\.buy).compactMap(\.name)
        let known = Set(exported.map(NameKey.init))
        #expect(Set(read.items.map { $0.reading(matching: known).name }) == Set(exported))
        for name in ["=SUM(A1:A9)", "\rcarriage return first", "a | b \\ c ~~d~~ $e$", "&amp; &#65; &copy; AT&T", "  spaces around  ", "two\nlines"] {
            #expect(exported.contains(name), "\(name.debugDescription)")
        }
        // Without the known names too: an escaped line was not typed by hand.
        #expect(read.items.first { $0.text == "1. not an ordered list" }?.name == "1. not an ordered list")
        #expect(read.items.first { $0.text == "[ ] not a nested task" }?.name == "[ ] not a nested task")
        let markup = try #require(read.items.first { $0.name == "Notes with markup" })
        #expect(markup.notes == "- not a list\n# not a heading\n1. not ordered\n[x]: http://not-a-link-definition\n<div>not html</div>\n```\n---\nends with a backslash \\\nlast line")
        let paragraphs = try #require(read.items.first { $0.name == "Notes with paragraphs" })
        #expect(paragraphs.notes == "First paragraph,\nsecond line.\n\nSecond paragraph.  ")
        let units = try #require(read.items.first { $0.name == "-minus first" })
        #expect(units.reading.quantity == DecimalNumber(1) && units.reading.unit == "-kg")
    }

    @Test(arguments: [
        ("x — ×4", "x", "4", nil, nil), ("x — 6 pcs", "x", "6", "pcs", nil), ("x — 2 × 500 g", "x", "2", "500 g", nil),
        ("x — 500 g", "x", "500", "g", nil), ("x — ½ kg", "x", "0.5", "kg", nil), ("x — 6 pcs — 20.94", "x", "6", "pcs", "20.94"),
        ("x — 4.20", "x", nil, nil, "4.20"), ("x — 300", "x", "300", nil, nil), ("x — 1 — 3.00", "x", "1", nil, "3.00"),
        ("x — €3", "x", nil, nil, "3"), ("x – 6 pcs – 20,94 € (on sale)", "x", "6", "pcs", "20.94"), ("x - 8", "x", "8", nil, nil),
        ("x — 2 × big", "x", "2", "× big", nil), ("x — 1 \\-kg", "x", "1", "-kg", nil), ("x — 2 pack, large — 1.98", "x", "2", "pack, large", "1.98"),
        ("x — 5x00 g — 2.49", "x", "1", "5x00 g", "2.49"), ("x — 2 × 5x00 g", "x", "2", "5x00 g", nil),
        ("x — 12.5cl", "x", "12.5", "cl", nil), ("x — 0.3342 kg", "x", "1", "0.3342 kg", nil),
    ] as [(String, String, String?, String?, String?)])
    func detailsTheExportWrites(text: String, name: String, quantity: String?, unit: String?, total: String?) throws {
        let item = try #require(try Self.read("- [ ] \(text)\n").items.first)
        #expect(item.reading.name == name)
        #expect(item.reading.quantity == quantity.flatMap { DecimalNumber($0) })
        #expect(item.reading.unit == unit)
        #expect(item.reading.lineTotal == total.flatMap { DecimalNumber($0) })
    }

    @Test func aNameWithTheSeparatorIsFoundByTheKnownNames() throws {
        let read = try Self.read("- [ ] Tea — green — 2 kg — 3.00\n- [ ] Tea — 2 kg\n")
        let first = read.items[0]
        var names: [String] = []
        for reading in first.readings where !names.contains(reading.name) { names.append(reading.name) }
        #expect(names == ["Tea — green — 2 kg — 3.00", "Tea — green — 2 kg", "Tea — green"])
        #expect(first.reading(matching: [NameKey("tea — green")]).unit == "kg")
        #expect(first.reading(matching: [NameKey("Tea — green — 2 kg")]).lineTotal == DecimalNumber(3))
        #expect(first.reading(matching: []).name == "Tea — green")
        // Exactly what the export writes for `Tea` with 2 kg, and for an item named `Tea — 2 kg`.
        let second = read.items[1]
        #expect(second.reading(matching: [NameKey("Tea")]).quantity == DecimalNumber(2))
        #expect(second.reading(matching: [NameKey("Tea — 2 kg")]).quantity == nil)
    }

    @Test func aLineWithoutDetailsIsTheExportedNameOrALineTypedByHand() throws {
        let item = try #require(try Self.read("- [ ] 2 kg apples\n").items.first)
        #expect(item.reading == MarkdownImportItem.Reading(name: "apples", quantity: DecimalNumber(2), unit: "kg"))
        #expect(item.reading(matching: [NameKey("2 kg apples")]) == MarkdownImportItem.Reading(name: "2 kg apples"))
        #expect(item.reading(matching: [NameKey("Apples")]).quantity == DecimalNumber(2))
        let priced = try #require(try Self.read("- [x] Milk x2 @ 1.19\n").items.first)
        #expect(priced.reading == MarkdownImportItem.Reading(name: "Milk", quantity: DecimalNumber(2), price: DecimalNumber("1.19")))
        #expect(priced.ticked)
    }

    // MARK: Headings

    static func categories(_ headings: [String]) throws -> [String?] {
        try read(headings.map { "## \($0)\n\n- [ ] item under \($0)\n" }.joined(separator: "\n")).items.map(\.category)
    }

    @Test func theUncategorizedHeadingHasNoCategory() throws {
        #expect(try Self.categories(["Produce", "Other"]) == ["Produce", nil])
        // A category named Other: the export heads the uncategorized items `Uncategorized`.
        #expect(try Self.categories(["Other", "Produce", "Uncategorized"]) == ["Other", "Produce", nil])
        #expect(try Self.categories(["Other", "Uncategorized", "Without a category"]) == ["Other", "Uncategorized", nil])
        #expect(
            try Self.categories(["Other", "Uncategorized", "Without a category", "Without a category"])
                == ["Other", "Uncategorized", "Without a category", nil])
        // Without a category named Other before it, `Uncategorized` is a category.
        #expect(try Self.categories(["Produce", "Uncategorized"]) == ["Produce", "Uncategorized"])
        // Typed by hand: Other in the middle has no category either.
        #expect(try Self.categories(["Produce", "Other", "Dairy"]) == ["Produce", nil, "Dairy"])
        #expect(try Self.categories(["other"]) == [nil])
    }

    @Test func headingsAreUnescapedTrimmedAndMayCloseWithHashes() throws {
        #expect(try Self.categories(["Aisle \\[1\\]", "Dairy ##", "  Frozen  ", "C\\#"]) == ["Aisle [1]", "Dairy", "Frozen", "C#"])
        let read = try Self.read("- [ ] before\n# Title\n- [ ] after title\n### Deep\n- [ ] deep\n#hashtag\n")
        #expect(read.items.map(\.category) == [nil, nil, "Deep"])
        #expect(read.title == "Title")
        #expect(read.problems.isEmpty)
        #expect(read.skippedLines == 1)
    }

    // MARK: Typed by hand

    @Test func checklistsTypedByHand() throws {
        let read = try Self.read(
            """
            # Saturday
            * [ ] Bread
            * [X] 2 l milk
            + [x] Eggs x10
              - [ ] nested
            1. [ ] Cheese 200g
            2) Butter
            - Jam

            ---
            - [ ]
            """)
        #expect(read.problems.isEmpty)
        // Only task items are items: `2) Butter` and `- Jam` are skipped, as is the rule.
        #expect(read.items.map(\.name) == ["Bread", "milk", "Eggs", "nested", "Cheese"])
        #expect(read.items.map(\.ticked) == [false, true, true, false, false])
        #expect(read.items.map(\.hasCheckbox) == [true, true, true, true, true])
        #expect(read.items[1].reading.quantity == DecimalNumber(2) && read.items[1].reading.unit == "l")
        #expect(read.items.map(\.line) == [2, 3, 4, 5, 6])
        #expect(read.skippedLines == 3)
    }

    @Test func notesAreQuotesOrIndentedLinesBelowAnItem() throws {
        let read = try Self.read(
            "- [ ] a\n  > one\\\n  > two  \n  >\n  >\n  > three\n- [ ] b\n  plain note\n  second line\n\n  after a blank\n> c\n- [ ] d\n")
        #expect(read.items.map(\.notes) == ["one\ntwo\n\nthree", "plain note\nsecond line\n\nafter a blank\nc", nil])
        #expect(read.problems.isEmpty)
    }

    @Test func theTotalLineAndProseAreSkipped() throws {
        let read = try Self.read(
            "- [ ] a — 1.00\n\n**Total: 1.00 EUR** (1 item without a price)\nRemember the bags\n| a | 1 |\nGesamt: 1,00 €\n- [ ] b\n")
        #expect(read.items.map(\.name) == ["a", "b"])
        #expect(read.problems.isEmpty)
        #expect(read.skippedLines == 4)
    }

    @Test func crlfAndAByteOrderMark() throws {
        let read = try MarkdownImportReader.read([0xEF, 0xBB, 0xBF] + Array("# T\r\n\r\n- [x] a\r\n  > n\r\n".utf8))
        #expect(read.title == "T")
        #expect(read.items.map(\.name) == ["a"])
        #expect(read.items.first?.notes == "n")
    }

    /// A number and a currency symbol after the separator, typed by hand, is the total, never a
    /// quantity of a unit named after the currency.
    @Test func moneyTypedAfterTheSeparatorIsTheTotal() throws {
        let codes = try Self.read("- [ ] Tea — 3,98 €\n- [ ] Cake — 3.98 EUR\n")
        #expect(codes.items.map(\.reading) == [
            MarkdownImportItem.Reading(name: "Tea", lineTotal: DecimalNumber("3.98")),
            MarkdownImportItem.Reading(name: "Cake", lineTotal: DecimalNumber("3.98")),
        ])
        let read = try Self.read("- [ ] Milk — 3.98 €\n- [ ] Tea — 2 kg\n")
        #expect(read.items[1].reading == MarkdownImportItem.Reading(name: "Tea", quantity: DecimalNumber(2), unit: "kg"))
        // A new item of one unit takes its total as its price.
        let entries = try ImportEntries.read(Array("- [ ] Milk — 3.98 €\n- [ ] Tea — ×2 — 3.98\n".utf8), format: .markdown, knownNames: [])
        #expect(entries.entries.map { $0.fields[decimal: .price] } == [DecimalNumber("3.98"), nil])
    }

    /// The boxes a text line takes tick a Markdown item too.
    @Test func theBoxesOfTextLinesTick() throws {
        let read = try Self.read("- [✓] Milk\n- ☑ Tea\n- ☐ Eggs\n- [x] Rice\n- Bread\n")
        #expect(read.items.map(\.ticked) == [true, true, false, true])
        #expect(read.items.map(\.hasCheckbox) == [true, true, true, true])
        // Without a box, a list item is not a task item: skipped.
        #expect(read.items.map(\.reading.name) == ["Milk", "Tea", "Eggs", "Rice"])
        #expect(read.skippedLines == 1)
    }

    /// A line typed by hand that a text line refuses is refused, not kept as a name; one that
    /// names a known item as it stands is that item.
    @Test func aTypedLineATextLineRefusesIsRefused() throws {
        let read = try Self.read("- [ ] Rice @ 0 50\n- [ ] 2-3 apples\n- [ ] Milk\n")
        #expect(read.problems.map(\.line) == [1, 2], "\(read.problems)")
        #expect(read.items.map(\.reading.name) == ["Milk"])
        let known = MarkdownImportReader.read(try ImportText(Array("- [x] 2-3 apples\n".utf8)), resolvingWith: [NameKey("2-3 apples")])
        #expect(known.problems.isEmpty && known.items.map(\.reading.name) == ["2-3 apples"])
    }
}
