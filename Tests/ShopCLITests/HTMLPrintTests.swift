import Foundation
import ShopCore
import Testing
import TestSupport
import YAML

/// The HTML export in a real browser: headless Chromium (driven through Selenium, as in every
/// browser test: Fixtures/html/browser.py) prints it on A4 and Letter and photographs it at a
/// phone's width, and poppler reads the PDFs back. A 60-item list fits one
/// page with its text at least 10 pt, within the margins; a 200-item list breaks no heading from
/// its first item and no item across a page or column; at 390 px the page does not scroll
/// sideways; the browser reads every tricky name back as written, and finds no script and no
/// resource to load.
@Suite(.requires(.browser), .requires(.poppler), .requires(.python), .serialized)
struct HTMLPrintTests {
    static let fixtures = CLIPaths.testsDirectory.appendingPathComponent("Fixtures/html")
    static let categories = [
        "Produce", "Bakery", "Dairy", "Meat & fish", "Pantry", "Frozen", "Drinks", "Household", "Baby", "Pets",
    ]
    static let notes = "ask for the ripe ones; the ones at the back are fresher"
    /// 12 mm, in points.
    static let minimumMargin = 12 / 25.4 * 72
    /// poppler gives font sizes in whole pixels at a zoom of 3: within 1/6 pt.
    static let sizeTolerance = 1.0 / 6

    /// A list of `count` items in ten categories: names of one to three words and a number, one
    /// in nine longer than a column is wide, quantities and units on a third, notes on a seventh,
    /// a quarter done.
    static func list(count: Int, seed: UInt64) -> (yaml: String, names: [String]) {
        var random = SeededGenerator(seed: seed)
        let words = ["Organic", "Large", "Free-range", "Wholegrain", "Smoked", "Fresh", "Sparkling", "Low-fat", "Mini"]
        let things = ["apples", "bread", "yogurt", "salmon", "pasta", "peas", "water", "towels", "cat food", "cheese"]
        var yaml = "title: Big shop\ncurrency: EUR\ncategories:\n"
        for category in categories { yaml += "  - \(category)\n" }
        yaml += "items:\n"
        var names: [String] = []
        for index in 0..<count {
            var name = "\(words[Int(random.next() % 9)]) \(things[Int(random.next() % 10)]) no. \(index)"
            if index % 9 == 0 { name += " from the market stall by the station entrance" }
            names.append(name)
            yaml += "  - name: \(name)\n    price: \(random.next() % 30).\(10 + random.next() % 90)\n"
            if index % 3 == 0 { yaml += "    quantity: \(2 + random.next() % 5)\n    unit: \(["kg", "pcs", "pack", "l"][index % 4])\n" }
            yaml += "    category: \(categories[Int(random.next() % 10)])\n    buy: true\n"
            if index % 4 == 0 { yaml += "    done: true\n" }
            if index % 7 == 0 { yaml += "    notes: \(notes)\n" }
        }
        return (yaml, names)
    }

    /// The HTML export of `yaml`, written by `shop export -o list.html` (the extension picks it).
    static func export(_ yaml: String, in folder: URL, all: Bool = false) throws -> URL {
        try Files.write(yaml, to: folder.appendingPathComponent("list.yaml"))
        let run = try ShopProcess.run(["export", "list.yaml", "-o", "list.html"] + (all ? ["--all"] : []), in: folder)
        #expect(run.status == 0, "\(run)")
        return folder.appendingPathComponent("list.html")
    }

    static func chromium(_ arguments: [String], in folder: URL) throws -> ShopProcess.Result {
        let chromium = try #require(Prerequisite.chromiumPath)
        let chromedriver = try #require(Prerequisite.chromedriverPath)
        let script = fixtures.appendingPathComponent("chromium_page.py").path
        let process = ShopProcess.process(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, chromium, chromedriver] + arguments, in: folder,
            inheriting: .all)
        let run = try ShopProcess.run(process, timeout: 120)
        #expect(run.status == 0, "\(run)")
        return run
    }

    /// The page printed by Chromium on `paper` (`a4` or `letter`), as poppler reads it.
    static func print(_ html: URL, paper: String) throws -> (pages: Int, size: String, text: [PDFPage]) {
        let folder = html.deletingLastPathComponent()
        let pdf = folder.appendingPathComponent("list-\(paper).pdf")
        _ = try chromium(["pdf", html.path, pdf.path, paper], in: folder)
        let info = try runTool("pdfinfo", [pdf.path], in: folder)
        #expect(info.status == 0, "\(info)")
        let fields = Dictionary(
            info.out.split(separator: "\n").compactMap { line -> (String, String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }, uniquingKeysWith: { first, _ in first })
        let script = fixtures.appendingPathComponent("pdf_text.py").path
        let text = try runTool("python3", [script, pdf.path], in: folder)
        #expect(text.status == 0, "\(text)")
        let pages = try JSONDecoder().decode([PDFPage].self, from: Data(text.out.utf8))
        return (Int(fields["Pages"] ?? "") ?? 0, fields["Page size"] ?? "", pages)
    }

    struct PDFPage: Decodable {
        var width: Double
        var height: Double
        var texts: [PDFText]
    }

    struct PDFText: Decodable {
        var top: Double
        var left: Double
        var width: Double
        var height: Double
        var size: Double
        var bold: Bool
        var text: String
    }

    /// The item names of each column of each page, in reading order: the lines of regular 10 pt
    /// text that are neither a quantity (`2 kg`, `×4`) nor a line total, joined by spaces.
    static func nameColumns(_ pages: [PDFPage]) -> [String] {
        var columns: [String] = []
        for page in pages {
            for column in 0..<2 {
                let lines = page.texts.filter { text in
                    (text.left < page.width / 2) == (column == 0) && !text.bold && abs(text.size - 10) <= sizeTolerance
                        && text.text.wholeMatch(of: /([0-9]+ (kg|pcs|pack|l))|×[0-9]+|[0-9]+\.[0-9]{2}/) == nil
                }.sorted { ($0.top, $0.left) < ($1.top, $1.left) }
                columns.append(lines.map(\.text).joined(separator: " "))
            }
        }
        return columns
    }

    @Test(arguments: [("a4", "595.92 x 841.92 pts (A4)"), ("letter", "612 x 792 pts (letter)")])
    func sixtyItemsPrintOnOnePage(paper: String, size: String) throws {
        try withTemporaryDirectory { folder in
            let (yaml, names) = Self.list(count: 60, seed: 60)
            let printed = try Self.print(try Self.export(yaml, in: folder), paper: paper)
            #expect(printed.pages == 1)
            #expect(printed.size == size)
            let page = try #require(printed.text.first)
            #expect(page.texts.count > 60)
            var sizes: [Double] = []
            for text in page.texts {
                let isNotes = Self.notes.contains(text.text.trimmingCharacters(in: .whitespaces))
                sizes.append(text.size)
                // Names, quantities, totals and headings at least 10 pt; notes at least 8 pt.
                #expect(text.size >= (isNotes ? 8 : 10) - Self.sizeTolerance, "\(text.text): \(text.size) pt")
                #expect(text.left >= Self.minimumMargin && text.left + text.width <= page.width - Self.minimumMargin, "\(text.text)")
                #expect(text.top >= Self.minimumMargin && text.top + text.height <= page.height - Self.minimumMargin, "\(text.text)")
            }
            #expect(sizes.contains { abs($0 - 10) <= Self.sizeTolerance }, "no 10 pt text: \(Set(sizes))")
            // Every item is there, whole, in one of the two columns, and so is the total.
            let columns = Self.nameColumns(printed.text)
            #expect(!columns[1].isEmpty, "the items did not go on in the second column")
            for name in names {
                #expect(columns.filter { " \($0) ".contains(" \(name) ") }.count == 1, "\(name)")
            }
            #expect(page.texts.contains { $0.text.hasPrefix("Total: ") })
        }
    }

    /// Lists of different seeds put headings in different places; without `break-after: avoid`,
    /// some of these end a column with a heading.
    @Test(arguments: ["a4", "letter"], 200..<206)
    func twoHundredItemsBreakNoHeadingFromItsFirstItem(paper: String, seed: UInt64) throws {
        try withTemporaryDirectory { folder in
            let (yaml, names) = Self.list(count: 200, seed: seed)
            let printed = try Self.print(try Self.export(yaml, in: folder), paper: paper)
            #expect(printed.pages >= 3)
            var headings = 0
            for page in printed.text {
                for heading in page.texts where heading.bold && Self.categories.contains(heading.text) {
                    headings += 1
                    let column = heading.left < page.width / 2
                    // The first item's line, right below the heading in the same column of the page.
                    let below = page.texts.filter { text in
                        (text.left < page.width / 2) == column && !text.bold && text.top > heading.top
                            && text.top < heading.top + 2.5 * heading.height
                    }
                    #expect(!below.isEmpty, "\(heading.text) at the bottom of a column on its own (\(paper))")
                }
            }
            #expect(headings == Self.categories.count)
            // No item split across a column or page: each name whole in exactly one column.
            let columns = Self.nameColumns(printed.text)
            for name in names {
                #expect(columns.filter { " \($0) ".contains(" \(name) ") }.count == 1, "\(name) (\(paper))")
            }
        }
    }

    /// A list with long unbroken names, units and notes, photographed at 390 px.
    @Test func aPhoneShowsThePageWithoutSidewaysScrolling() throws {
        try withTemporaryDirectory { folder in
            var (yaml, _) = Self.list(count: 30, seed: 390)
            yaml += """
                  - name: Supercalifragilisticexpialidocious-extra-long-name-without-any-spaces-at-all-0123456789
                    quantity: 123456.5
                    unit: family-size-multipack-of-twelve-bottles
                    price: 999999.99
                    buy: true
                    notes: https://example.com/a/very/long/address/that/never/breaks/anywhere/by/itself/0123456789

                """
            let html = try Self.export(yaml, in: folder)
            let shot = folder.appendingPathComponent("phone.png")
            let run = try Self.chromium(["screenshot", html.path, shot.path, "390"], in: folder)
            let metrics = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any] ?? [:]
            #expect(metrics["viewportWidth"] as? Int == 390)
            #expect((metrics["scrollWidth"] as? Int ?? .max) <= 390, "\(metrics)")
            #expect((metrics["bodyScrollWidth"] as? Int ?? .max) <= 390, "\(metrics)")
            // Not blank: text and boxes cover a good part of the screen.
            #expect((metrics["ink"] as? Double ?? 0) > 0.03, "\(metrics)")
            #expect((metrics["height"] as? Int ?? 0) > 844, "\(metrics)")
        }
    }

    /// What the browser reads from the tricky-names export: every name, heading and note as
    /// written (HTML reads a carriage return as a line feed), the done boxes, no script and no
    /// resource loaded.
    @Test func theBrowserReadsEveryTextAsWritten() throws {
        try withTemporaryDirectory { folder in
            let source = CLIPaths.repositoryRoot.appendingPathComponent("Tests/ShopCoreTests/Fixtures/export/tricky-names.yaml")
            let yaml = try String(contentsOf: source, encoding: .utf8)
            let html = try Self.export(yaml, in: folder, all: true)
            let run = try Self.chromium(["dom", html.path], in: folder)
            let dom = try JSONDecoder().decode(DOM.self, from: Data(run.out.utf8))
            let list = ShoppingList(document: try Document(parsing: yaml))
            let sections = CategorySections(list: list, scope: .all)
            let expected = sections.sections.flatMap { Array($0.items) }
            #expect(dom.items.count == expected.count)
            for (read, item) in zip(dom.items, expected) {
                #expect(read.name == Self.asRead(item.name ?? ""), "\(item.name ?? "")")
                #expect(read.done == item.done)
                #expect(read.box == (item.done ? "done" : "to get"))
                let notes = item.notes.map { Self.asRead($0).trimmingCharacters(in: .whitespacesAndNewlines) }
                #expect(read.notes == (notes?.isEmpty == true ? nil : notes), "\(item.name ?? "")")
            }
            #expect(dom.headings == sections.sections.compactMap(\.heading).map(Self.asRead))
            #expect(dom.h1 == Self.asRead(list.displayTitle(fallback: "list")))
            #expect(dom.title == dom.h1)
            #expect(dom.summary.hasPrefix("Total: "))
            #expect(dom.scripts == 0)
            #expect(dom.resources.isEmpty)
        }
    }

    struct DOM: Decodable {
        struct Item: Decodable {
            var done: Bool
            var box: String
            var quantity: String
            var name: String
            var total: String
            var notes: String?
        }

        var title: String
        var h1: String
        var headings: [String]
        var items: [Item]
        var summary: String
        var scripts: Int
        var resources: [String]
    }

    /// A text as a browser reads it from the export: carriage returns as line feeds, the controls
    /// HTML does not allow as the export shows them (see `HTMLText`).
    static func asRead(_ text: String) -> String {
        var result = ""
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x0D:
                result.unicodeScalars.append("\n")
                if scalars.first == "\n" { scalars = scalars.dropFirst() }
            case 0x00..<0x09, 0x0B, 0x0C, 0x0E..<0x20: result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: result.unicodeScalars.append("\u{2421}")
            case 0x80..<0xA0, 0xFDD0...0xFDEF: result.unicodeScalars.append("\u{FFFD}")
            case let value where value & 0xFFFE == 0xFFFE: result.unicodeScalars.append("\u{FFFD}")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
