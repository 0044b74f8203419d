import Foundation
import Testing
import TestSupport
import YAML

@testable import ShopCore

/// The phone's page as text: its goldens, the hashes that name its script and style sheet and key
/// its state (judged by Python's hashlib), what each row carries for the script, and that it
/// holds one script, loads nothing and is picked by name and extension. How it behaves is judged
/// in a browser (`PhonePageBrowserTests`).
@Suite struct PhonePageTests {
    static func page(_ list: ShoppingList, scope: ItemScope = .shoppingList, title: String = "list") -> String {
        String(decoding: ExportFormat.phone.export(list, options: ExportOptions(scope: scope, fallbackTitle: title)), as: UTF8.self)
    }

    /// The text between `open` and the next `close` after it.
    static func between(_ text: String, _ open: String, _ close: String) -> String? {
        guard let start = text.range(of: open), let end = text[start.upperBound...].range(of: close) else { return nil }
        return String(text[start.upperBound..<end.lowerBound])
    }

    /// The page with the style sheet and the script (checked to be the ones every page has) and
    /// the hashes (checked against Python's) replaced by markers: what a golden holds.
    static func withoutFixedParts(_ page: String) throws -> String {
        let style = try #require(between(page, "<style>", "</style>"))
        let script = try #require(between(page, "\">\n\"use strict\"", "</script>"))
        #expect(style == PhonePageExporter.styleSheet)
        #expect("\n\"use strict\"" + script == PhonePageScript.element)
        var text = page.replacingOccurrences(of: "<style>" + style + "</style>", with: "<style>/* the style sheet */</style>")
        text = text.replacingOccurrences(of: "\n\"use strict\"" + script, with: "/* the script */")
        text = text.replacingOccurrences(of: PhonePageExporter.contentSecurityPolicy, with: "/* the policy */")
        let key = try #require(between(text, "data-key=\"shop:", ":"))
        return text.replacingOccurrences(of: key, with: "/* the page's hash */")
    }

    @Test(arguments: ["groceries", "tricky-names", "empty"])
    func goldens(name: String) throws {
        let list = try ExportFixtures.list(name)
        for scope in [ItemScope.shoppingList, .all] {
            let page = Self.page(list, scope: scope, title: name)
            let golden = try Self.withoutFixedParts(page)
            ExportFixtures.expectGolden(Array(golden.utf8), name + (scope == .all ? ".all" : "") + ".phone.html")
        }
    }

    /// SHA-256 and base64 as Python computes them, for every length around the block sizes.
    @Test func hashesAreSHA256AsPythonComputesThem() throws {
        let texts = (0..<150).map { length in String((0..<length).map { Character(UnicodeScalar(0x61 + ($0 * 7 + length) % 26)!) }) }
            + ["", "abc", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "Crème brûlée 🍮", PhonePageScript.element]
        let script = """
            import base64, hashlib, json, sys
            for text in json.load(sys.stdin):
                print(base64.b64encode(hashlib.sha256(text.encode()).digest()).decode())
            """
        let input = try JSONSerialization.data(withJSONObject: texts)
        let run = try runPython(script, input: [UInt8](input))
        #expect(run.status == 0, "\(run.stderr)")
        let expected = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(expected.count == texts.count)
        for (text, hash) in zip(texts, expected) {
            #expect(PhonePageExporter.hashSource(text) == "sha256-" + hash, "\(text.utf8.count) bytes")
        }
        // Fed in pieces of any size, the digest is the one of the whole.
        let bytes = Array(PhonePageScript.element.utf8)
        for piece in [1, 3, 63, 64, 65, 1000] {
            var hash = SHA256()
            var start = 0
            while start < bytes.count {
                let end = min(start + piece, bytes.count)
                bytes[start..<end].withUnsafeBytes { hash.update($0) }
                start = end
            }
            #expect(hash.finish() == SHA256.digest(bytes), "pieces of \(piece)")
        }
    }

    /// The policy names the script and the style sheet as written in the page, and the key is the
    /// title and the SHA-256 of every byte before the script, as Python computes them.
    @Test func thePolicyAndTheKeyHashWhatThePageHolds() throws {
        let page = Self.page(try ExportFixtures.list("tricky-names"), scope: .all)
        let script = """
            import base64, hashlib, re, sys
            page = sys.stdin.buffer.read()
            def source(text):
                return "'sha256-" + base64.b64encode(hashlib.sha256(text).digest()).decode() + "'"
            style = re.search(rb"<style>(.*?)</style>", page, re.S).group(1)
            code = re.search(rb"<script [^>]*>(.*?)</script>", page, re.S).group(1)
            policy = re.search(rb'http-equiv="Content-Security-Policy" content="([^"]*)"', page).group(1).decode()
            print(source(code) in policy.split("script-src ")[1].split(";")[0])
            print(source(style) in policy.split("style-src ")[1].split(";")[0])
            print(hashlib.sha256(page[:page.index(b"<script ")]).hexdigest())
            """
        let run = try runPython(script, input: Array(page.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.prefix(2) == ["True", "True"])
        let title = "Tricky *names*, <tags> & #hashes | pipes"
        #expect(page.contains("<script data-key=\"shop:\(lines.last ?? ""):\(HTMLText.escaped(title))\""))
    }

    @Test func thePolicyLetsNothingBeFetched() {
        let directives = PhonePageExporter.contentSecurityPolicy.split(separator: ";").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(directives.first == "default-src 'none'")
        for directive in ["connect-src 'none'", "base-uri 'none'", "form-action 'none'", "img-src data:"] {
            #expect(directives.contains(directive), "\(directive)")
        }
        #expect(!PhonePageExporter.contentSecurityPolicy.contains("unsafe"))
    }

    @Test func thePageHoldsOneScriptAndLoadsNothing() throws {
        let list = try ExportFixtures.list("tricky-names")
        let page = Self.page(list, scope: .all)
        let lower = page.lowercased()
        #expect(lower.components(separatedBy: "<script").count == 2)
        #expect(lower.components(separatedBy: "</script>").count == 2)
        for forbidden in ["src=", "url(", "@import", "<iframe", "<img", "<object", "<embed", "innerhtml", "outerhtml",
            "insertadjacenthtml", "document.write", "eval(", "new function", "fetch(", "xmlhttprequest", "<!--"]
        {
            #expect(!lower.contains(forbidden), "\(forbidden)")
        }
        // The policy comes before anything it governs.
        let policy = try #require(page.range(of: "http-equiv=\"Content-Security-Policy\""))
        let style = try #require(page.range(of: "<style>"))
        #expect(policy.lowerBound < style.lowerBound)
        // The only link is the empty icon, and the only fragment the field's.
        #expect(lower.components(separatedBy: "href=").count == 3)
        #expect(page.contains("<link rel=\"icon\" href=\"data:,\">"))
        #expect(page.contains("href=\"#add\""))
        // Every element the exporter opens it closes: the names' markup stays text.
        func count(_ text: String) -> Int { page.components(separatedBy: text).count - 1 }
        for tag in ["li", "ul", "section", "h2", "span", "form", "p", "header"] {
            #expect(count("<\(tag)>") + count("<\(tag) ") == count("</\(tag)>"), "\(tag)")
        }
        #expect(count("</li>") == list.items.count)
    }

    /// Each row carries its line of the Markdown export (after the box) and its line total in
    /// minor units; an item off the list says so.
    @Test func rowsCarryTheirChecklistLineAndTheirTotalInMinorUnits() throws {
        for name in ["groceries", "jpy", "kwd", "tricky-names", "unpriced"] {
            let list = try ExportFixtures.list(name)
            let page = Self.page(list, scope: .all)
            let markdown = String(
                decoding: ExportFormat.markdown.export(list, options: ExportOptions(scope: .all)), as: UTF8.self)
            let lines = markdown.split(separator: "\n").filter { $0.hasPrefix("- [") }.map { String($0.dropFirst(6)) }
            let rows = page.components(separatedBy: "\n<li ").dropFirst().map { "<li " + $0 }
            #expect(rows.count == lines.count, "\(name)")
            var units: Int128 = 0
            for (row, line) in zip(rows, lines) {
                let md = try #require(Self.between(row, "data-md=\"", "\""))
                #expect(md == Self.attribute(line), "\(name): \(row)")
                if let total = Self.between(row, "data-units=\"", "\"") { units += try #require(Int128(total)) }
            }
            var totals = ListTotals(decimals: list.priceDecimals)
            for item in list.items { totals.add(item) }
            #expect(units == totals.total.units, "\(name)")
            #expect(rows.filter { $0.contains(" data-off>") }.count == list.items.filter { !$0.buy }.count, "\(name)")
        }
    }

    /// `text` as an attribute value of the page: the five characters of markup as references.
    static func attribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    /// Items added in the store come back under the heading the Markdown export gives the items
    /// without a category, which the import reads as none.
    @Test(arguments: [
        ("categories: [Produce]\nitems:\n  - {name: a, category: Produce, buy: true}\n", "Other"),
        ("items:\n  - {name: a, buy: true}\n", "Other"),
        ("items:\n  - {name: a, category: Other, buy: true}\n", "Uncategorized"),
        ("items:\n  - {name: a, category: other, buy: true}\n  - {name: b, buy: true}\n", "Uncategorized"),
        ("items:\n  - {name: a, category: Other}\n  - {name: b, buy: true}\n", "Other"),
        ("items:\n  - {name: a, category: Other, buy: true}\n  - {name: b, category: Uncategorized, buy: true}\n",
         "Without a category"),
        ("items: []\n", "Other"),
    ])
    func addedItemsComeBackWithoutACategory(yaml: String, heading: String) throws {
        let page = Self.page(try ExportFixtures.parse(yaml))
        #expect(Self.between(page, "data-other=\"", "\"") == heading)
        let markdown = String(decoding: ExportFormat.markdown.export(try ExportFixtures.parse(yaml), options: ExportOptions()), as: UTF8.self)
        // A section of the export's own under that heading is the one of the items without a category.
        if markdown.contains("\n## \(heading)\n") {
            #expect(page.contains("<h2 data-md=\"\(heading)\">\(heading)</h2>"))
        }
    }

    /// The page's language is the HTML page's: the list's `x-lang`, else English.
    @Test(arguments: [("x-lang: de_AT\n", "de-AT"), ("x-lang: \"<script>\"\n", "en"), ("", "en")])
    func theLanguageIsTheHTMLPages(top: String, language: String) throws {
        let list = try ExportFixtures.parse(top + "items:\n  - {name: Milch, buy: true}\n")
        #expect(Self.page(list).hasPrefix("<!DOCTYPE html>\n<html lang=\"\(language)\">\n<head>\n"))
        #expect(HTMLExporter.language(of: list) == language)
    }

    @Test func theTitleAndHeadingsCarryTheirMarkdown() throws {
        let page = Self.page(try ExportFixtures.list("tricky-names"), scope: .all)
        let title = "Tricky *names*, <tags> & #hashes | pipes"
        #expect(page.contains("<h1 data-md=\"\(Self.attribute(MarkdownText.escaped(title)))\">\(HTMLText.escaped(title))</h1>"))
        #expect(page.contains("<h2 data-md=\"Aisle \\[1\\]\">Aisle [1]</h2>"))
        #expect(page.contains("<title>\(HTMLText.escaped(title))</title>"))
    }

    /// The page prints as the HTML page does: it has that page's style sheet, and its own rules
    /// are for the screen, or hide the controls in print.
    @Test func itHasThePrintStyleOfTheHTMLPage() {
        #expect(PhonePageExporter.styleSheet.hasPrefix("\n" + HTMLStyle.sheet.description))
        let own = PhonePageStyle.sheet.description
        let screen = own.range(of: "@media screen {")
        let print = own.range(of: "@media print {")
        #expect(screen != nil && print != nil)
        if let print {
            #expect(own[print.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
                == ".bar, form.add, .send { display: none; }\n}")
        }
        #expect(own.hasPrefix("[hidden] { display: none !important; }\n@media screen {"))
    }

    @Test(arguments: [
        ("list.phone.html", ExportFormat.phone), ("out/LIST.PHONE.HTML", .phone), ("a.b.phone.html", .phone),
        ("list.html", .html), ("phone.html", .html), (".phone.html", .html), ("list.phone.htm", .html),
        ("phone.md", .markdown),
    ])
    func theExtensionPhoneHTMLNamesThePage(path: String, format: ExportFormat) {
        #expect(ExportFormat(fileExtensionOf: path) == format)
        #expect(ExportFormat(name: "phone") == .phone)
    }
}
