import Foundation
@testable import ShopCore
import Testing
import TestSupport

/// For many generated lists, the Markdown and CSV exports read back give exactly what was
/// exported: names, quantities, units, prices (in Markdown, line totals), categories, done flags,
/// notes, and in CSV buy flags and ids too.
@Suite struct ImportRoundTripTests {
    /// Lists built from names, units and notes that need escaping in Markdown or guarding in CSV.
    static func trickyLists(count: Int) throws -> [ShoppingList] {
        var builder = TrickyListBuilder(seed: 2026)
        return try (0..<count).map { _ in try ExportFixtures.parse(builder.next()) }
    }

    /// The files of the shop file generator that have no check errors.
    static func generatedLists(count: Int) throws -> [ShoppingList] {
        var generator = ShopFileGenerator(seed: 1_204, sizes: true)
        var lists: [ShoppingList] = []
        for _ in 0..<count {
            guard case .success(let document) = ShoppingList.parseDocument(Array(generator.file().utf8)) else { continue }
            let list = ShoppingList(document: document)
            if !list.hasErrors { lists.append(list) }
        }
        return lists
    }

    @Test func markdownExportsReadBack() throws {
        let lists = try Self.trickyLists(count: 300) + Self.generatedLists(count: 1_500)
        #expect(lists.count > 400)
        var compared = 0
        for list in lists {
            for scope in [ItemScope.shoppingList, .all] {
                let exported = ExportFormat.markdown.export(list, options: ExportOptions(scope: scope))
                // Read as the import reads it for the list: its totals have the currency's decimals.
                let read = MarkdownImportReader.read(try ImportText(exported), priceDecimals: list.priceDecimals)
                let text = String(decoding: exported, as: UTF8.self)
                #expect(read.problems.isEmpty, "\(read.problems)\n\(text)")
                let differences = MarkdownRoundTrip.differences(list, scope: scope, read: read)
                #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))\n\(text)")
                compared += read.items.count
            }
        }
        #expect(compared > 3_000)
    }

    @Test func csvExportsReadBack() throws {
        let lists = try Self.trickyLists(count: 300) + Self.generatedLists(count: 1_500)
        for list in lists {
            for scope in [ItemScope.shoppingList, .all] {
                let exported = ExportFormat.csv.export(list, options: ExportOptions(scope: scope))
                let read = try CSVImportReader.read(exported)
                let items = list.items.filter { scope == .all || $0.buy }
                #expect(read.problems.isEmpty, "\(read.problems)")
                #expect(read.records.count == items.count)
                for (record, item) in zip(read.records, items) {
                    if let difference = CSVRoundTrip.difference(record, item) {
                        Issue.record("\(difference)\n\(String(decoding: exported, as: UTF8.self))")
                    }
                }
            }
        }
    }

    @Test func theMarkdownComparisonNoticesADifference() throws {
        let list = try ExportFixtures.parse(
            "categories: [A]\nitems:\n  - name: x\n    quantity: 2\n    unit: kg\n    price: 1\n    category: A\n    buy: true\n    notes: n\n")
        var read = try MarkdownImportReader.read(ExportFormat.markdown.export(list, options: ExportOptions()))
        #expect(MarkdownRoundTrip.differences(list, scope: .shoppingList, read: read).isEmpty)
        let original = read
        read.items[0].readings = [MarkdownImportItem.Reading(name: "x", quantity: DecimalNumber(3), unit: "kg", lineTotal: DecimalNumber(2))]
        #expect(MarkdownRoundTrip.differences(list, scope: .shoppingList, read: read).count == 1)
        read = original
        read.items[0].category = nil
        read.items[0].notes = "m"
        read.items[0].ticked = true
        #expect(MarkdownRoundTrip.differences(list, scope: .shoppingList, read: read).count == 3)
    }
}

/// What a Markdown export read back should hold for each item, from the model's public view of
/// the list, and where it differs.
enum MarkdownRoundTrip {
    static func differences(_ list: ShoppingList, scope: ItemScope, read: MarkdownImport) -> [String] {
        let sections = CategorySections(list: list, scope: scope)
        var expected: [(item: Item, category: String?)] = []
        for section in sections.sections {
            for item in section.items { expected.append((item, section.isUncategorized ? nil : section.heading)) }
        }
        guard expected.count == read.items.count else {
            return ["\(read.items.count) items read for \(expected.count) exported"]
        }
        let known = Set(list.items.compactMap(\.name).map(NameKey.init))
        var differences: [String] = []
        for ((item, category), record) in zip(expected, read.items) {
            // A size after the name is read as the item's size when it has a form of one; any
            // other (which check warns about) reads as part of the name.
            let size = item.size.map { written in PackSize.reading(written).map { ($0.description, true) } ?? (written, false) }
            let name = (item.name ?? "") + (size.map { $0.1 ? "" : " (" + $0.0 + ")" } ?? "")
            let chosen = record.reading(matching: known)
            let where_ = "line \(record.line) (\(name.debugDescription))"
            // A known name followed by text in parentheses is that item.
            if chosen.name != (item.name ?? "") { differences.append("\(where_): read as \(chosen.name.debugDescription)") }
            // Into a list that knows none of the names, as into an empty one; but a unit that is
            // a currency symbol (`1 €`) reads there as money typed by hand.
            let moneyUnit = item.unit.map { unit in CurrencyMarker.symbols.contains { $0.symbol == unit } } ?? false
            if record.reading.name != name && !moneyUnit {
                differences.append("\(where_): read as \(record.reading.name.debugDescription) by a list without it")
            }
            // A unit that starts with a number, written alone for one of it (`Tea — 6`), reads as
            // that quantity: the import leaves a known item with such a unit as it is.
            if item.unit?.unicodeScalars.first?.properties.numericType != nil && item.effectiveQuantity == DecimalNumber(1) {
                continue
            }
            // A unit that is a currency symbol (`1 €`) after the only separator is a total.
            if moneyUnit && item.price == nil { continue }
            var reading = expectedReading(item, decimals: list.priceDecimals)
            reading.name = name
            if let size, size.1 { reading.size = size.0 }
            // A name that would read as more than a name is written with its quantity of 1 (`×1`).
            var once = reading
            once.quantity = reading.quantity ?? DecimalNumber(1)
            if !record.readings.contains(reading) && !(reading.unit == nil && record.readings.contains(once)) {
                differences.append("\(where_): no reading \(reading) among \(record.readings)")
            }
            if record.category != category { differences.append("\(where_): category \(String(describing: record.category))") }
            if record.ticked != item.done || !record.hasCheckbox { differences.append("\(where_): ticked \(record.ticked)") }
            if record.notes != expectedNotes(item.notes) {
                differences.append("\(where_): notes \(String(describing: record.notes)) for \(String(describing: item.notes))")
            }
        }
        return differences
    }

    /// The quantity and unit as the export writes them: a quantity of 1 without a unit is not
    /// written; a pack-size unit with a quantity of 1 (`500 g`) reads as that many of the rest.
    static func expectedReading(_ item: Item, decimals: Int) -> MarkdownImportItem.Reading {
        let quantity = item.effectiveQuantity
        let total = item.price.map { ListTotals.lineTotal(price: $0, quantity: quantity, decimals: decimals) }
        var reading = MarkdownImportItem.Reading(name: item.name ?? "", lineTotal: total)
        guard let unit = item.unit else {
            reading.quantity = quantity == DecimalNumber(1) ? nil : quantity
            return reading
        }
        reading.quantity = quantity
        reading.unit = unit
        let startsWithNumber = unit.unicodeScalars.first?.properties.numericType != nil
        if startsWithNumber && quantity == DecimalNumber(1), let space = unit.firstIndex(of: " "),
            case .success(let amount) = ValueReading.quantity(String(unit[..<space])), unit.index(after: space) < unit.endIndex
        {
            reading.quantity = amount
            reading.unit = String(unit[unit.index(after: space)...])
        }
        return reading
    }

    /// Notes as a renderer shows them, as check_markdown.py computes them: lines of only spaces
    /// and tabs are blank; blank lines at the ends are dropped and runs of them separate paragraphs.
    static func expectedNotes(_ notes: String?) -> String? {
        guard let notes else { return nil }
        let lines = notes.split(separator: "\n", omittingEmptySubsequences: false)
        let blank = lines.map { $0.allSatisfy { $0 == " " || $0 == "\t" } }
        guard let first = blank.firstIndex(of: false), let last = blank.lastIndex(of: false) else { return nil }
        var paragraphs: [[Substring]] = [[]]
        for index in first...last {
            if blank[index] {
                if !(paragraphs.last?.isEmpty ?? true) { paragraphs.append([]) }
            } else {
                paragraphs[paragraphs.count - 1].append(lines[index])
            }
        }
        return paragraphs.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }
}

/// Writes random lists whose names, units, categories and notes are made of what Markdown and CSV
/// treat specially: Markdown punctuation, backslashes, character references, white space and
/// line breaks at the ends, emoji, combining marks, formula characters, and names holding the
/// export's ` — ` separator.
struct TrickyListBuilder {
    private var random: SeededGenerator
    private var names: ExportNameGenerator

    static let fixedNames = [
        "\\", "x\\", "\\\\", "a\\*b", "&#32;", "&amp;", "AT&T;", " lead", "trail ", "\ttab", "line\nbreak", "cr\r",
        "🍮", "👩‍👩‍👧 family", "\u{301}x", "e\u{301}", "Tea — green", "Tea — green tea", "**Total: 3**", "## heading",
        "# title", "> quote", "- [ ] task", "[x] done", "1. first", "2) second", "1.5 kg", "2 kg apples", "Milk x2",
        "=SUM(A1)", "'=x", "''+1", "-", "+", "@at", "<b>", "`code`", "~~s~~", "$x$", "a | b", "http://x.org",
        "www.x.org", "ﬁsh", "Straße", "\u{A0}nbsp", "ideo\u{3000}", "ctrl\u{7}", "nel\u{85}", "ls\u{2028}x",
    ]
    static let units = [
        "kg", "l", "pcs", "500 g", "½ kg", "1", "6", "pack, large", "-kg", "*", "\\", "%", "€", "×5", "big bag", "2 l",
        "\\-", "g\\", "5not00 g", "33cl",
    ]
    static let categories = [
        "Produce", "produce", "Aisle [1]", "=cmd|' /C", "  padded  ", "Meat & fish", "#tag", "日本", "🍎", "a\\b", "*",
        "1. x", "Other stuff",
    ]
    static let notes = [
        "one", "Barista edition.\nNot the sweetened one.\n", "\n\nleading", "trailing\n\n", "a\n\n\nb", "  indented\nx",
        "ends with a backslash \\", "x\r\ny", "- list\n# heading\n> quote", " \t \nblank first", "&#32; &amp;", "é\u{301}",
    ]

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
        names = ExportNameGenerator(seed: seed + 1)
    }

    private mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(random.next() % UInt64(choices.count))]
    }

    private mutating func chance(_ percent: UInt64) -> Bool {
        random.next() % 100 < percent
    }

    /// A new list, as YAML.
    mutating func next() -> String {
        // Every exponent ISO 4217 has: 0, 2, 3 and 4 (and none, which is 2).
        let currency = pick(["EUR", "JPY", "KWD", "CLF", ""])
        let decimals = ["JPY": 0, "KWD": 3, "CLF": 4][currency] ?? 2
        var yaml = currency.isEmpty ? "" : "currency: \(currency)\n"
        if chance(60) {
            yaml += "categories:\n"
            var listed = Set<NameKey>()
            for _ in 0..<Int(random.next() % 4) {
                let category = pick(Self.categories)
                if listed.insert(NameKey(category)).inserted { yaml += "  - \(ExportYAML.quoted(category))\n" }
            }
        }
        yaml += "items:\n"
        var seen = Set<NameKey>()
        for _ in 0..<(1 + Int(random.next() % 14)) {
            let name = chance(40) ? pick(Self.fixedNames) : names.next()
            guard !NameKey(name).isEmpty, seen.insert(NameKey(name)).inserted else { continue }
            yaml += "  - name: \(ExportYAML.quoted(name))\n"
            if chance(50) { yaml += "    quantity: \(pick(["1", "2", "0.5", "0.333", "12", "999.999", "1.0"]))\n" }
            if chance(50) { yaml += "    unit: \(ExportYAML.quoted(pick(Self.units)))\n" }
            if chance(60) {
                let whole = pick(["0", "1", "3", "12", "999"])
                let fraction = decimals == 0 ? "" : "." + String((0..<decimals).map { _ in pick(Array("0123456789")) })
                yaml += "    price: \(whole)\(fraction)\n"
            }
            if chance(60) { yaml += "    category: \(ExportYAML.quoted(pick(Self.categories)))\n" }
            if chance(70) { yaml += "    buy: true\n" }
            if chance(30) { yaml += "    done: true\n" }
            if chance(30) { yaml += "    notes: \(ExportYAML.quoted(chance(50) ? pick(Self.notes) : names.next()))\n" }
            if chance(20) { yaml += "    id: \(ExportYAML.quoted(names.next()))\n" }
        }
        return yaml
    }
}
