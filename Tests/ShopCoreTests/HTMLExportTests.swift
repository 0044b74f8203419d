import Foundation
import Testing
import YAML

@testable import ShopCore

/// The HTML export's escaping and what the page may hold: texts that are markup, references or
/// controls show as written; the page has no script, loads nothing and is picked by name and
/// extension.
@Suite struct HTMLExportTests {
    /// U+FFFE, U+FDD0 and U+1FFFF, which a string literal may not hold.
    static let noncharacters = String(String.UnicodeScalarView([0xFFFE, 0xFDD0, 0x1FFFF].compactMap(Unicode.Scalar.init)))

    @Test(arguments: [
        ("plain", "plain"), ("<b>&amp;</b>", "&lt;b&gt;&amp;amp;&lt;/b&gt;"), ("\"q\" 'a'", "&quot;q&quot; &#39;a&#39;"),
        ("</script><script>alert(1)</script>", "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("bell\u{7}", "bell\u{2407}"), ("\u{0}nul", "\u{2400}nul"), ("del\u{7F}", "del\u{2421}"),
        ("nel\u{85}x", "nel\u{FFFD}x"), ("non" + HTMLExportTests.noncharacters, "non\u{FFFD}\u{FFFD}\u{FFFD}"),
        ("tab\tline\nreturn\r", "tab\tline\nreturn\r"), ("Crème 🍮 日本 \u{A0}", "Crème 🍮 日本 \u{A0}"),
        ("\u{9F}\u{A0}", "\u{FFFD}\u{A0}"), ("\u{FFFD}\u{FEFF}", "\u{FFFD}\u{FEFF}"),
    ] as [(String, String)])
    func textIsEscaped(text: String, escaped: String) {
        #expect(HTMLText.escaped(text) == escaped)
    }

    @Test func thePageHoldsNoScriptAndLoadsNothing() throws {
        let list = try ExportFixtures.list("tricky-names")
        let html = String(decoding: ExportFormat.html.export(list, options: ExportOptions(scope: .all)), as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"))
        #expect(html.hasSuffix("</main>\n</body>\n</html>\n"))
        let lower = html.lowercased()
        for forbidden in ["<script", "src=", "url(", "@import", "http-equiv", "<iframe", "<img", "<object", "<embed"] {
            #expect(!lower.contains(forbidden), "\(forbidden)")
        }
        // The only link is the empty icon, a data address.
        #expect(lower.components(separatedBy: "href=").count == 2)
        #expect(lower.contains("<link rel=\"icon\" href=\"data:,\">"))
        // Every element the exporter opens it closes: the names' markup stays text.
        func count(_ text: String) -> Int { html.components(separatedBy: text).count - 1 }
        for tag in ["li", "ul", "section", "h2", "span"] {
            #expect(count("<\(tag)>") + count("<\(tag) ") == count("</\(tag)>"), "\(tag)")
        }
        #expect(count("</li>") == list.items.count)
    }

    @Test func quantitiesAreWrittenAsInTheChecklist() throws {
        let list = try ExportFixtures.parse(
            """
            items:
              - name: a
                quantity: 6
                unit: pcs
                buy: true
              - name: b
                quantity: 2
                unit: 500 g
                buy: true
              - name: c
                unit: 500 g
                buy: true
              - name: d
                quantity: 4
                buy: true
              - name: e
                buy: true
                done: true
                notes: "\\n  first\\n second  \\n\\n"

            """)
        let html = String(decoding: ExportFormat.html.export(list, options: ExportOptions()), as: UTF8.self)
        #expect(html.contains("<span class=\"quantity\">6\u{A0}pcs</span><span class=\"name\">a</span>"))
        #expect(html.contains("<span class=\"quantity\">2\u{A0}×\u{A0}500 g</span><span class=\"name\">b</span>"))
        #expect(html.contains("<span class=\"quantity\">500 g</span><span class=\"name\">c</span>"))
        #expect(html.contains("<span class=\"quantity\">×4</span><span class=\"name\">d</span>"))
        // Blank lines and spaces at the ends of the notes go; those inside stay.
        #expect(
            html.contains(
                "<li class=\"done\"><span class=\"box\" role=\"img\" aria-label=\"done\"></span><span class=\"quantity\"></span>"
                    + "<span class=\"name\">e</span><span class=\"total\"></span><span class=\"notes\">first\n second</span></li>"))
        #expect(html.contains("<p class=\"summary\">Total: <strong>0.00</strong> (5 items without a price)</p>"))
    }

    @Test func anEmptyListSaysSo() throws {
        let html = String(decoding: ExportFormat.html.export(try ExportFixtures.parse("items: []\n"), options: ExportOptions()), as: UTF8.self)
        #expect(html.contains("<main>\n<p class=\"empty\">Nothing on the list.</p>\n<p class=\"summary\">Total: <strong>0.00</strong></p>\n</main>"))
    }

    @Test func theFormatIsPickedByNameAndExtension() {
        #expect(ExportFormat(name: "html") == .html)
        #expect(ExportFormat(name: "HTM") == .html)
        #expect(ExportFormat(fileExtensionOf: "out/list.html") == .html)
        #expect(ExportFormat(fileExtensionOf: "LIST.HTM") == .html)
        #expect(ExportFormat(fileExtensionOf: "list.xhtml") == nil)
    }
}

extension HTMLText {
    /// `text` escaped as the HTML exports escape it.
    static func escaped(_ text: String) -> String {
        var text = text
        return String(decoding: text.withUTF8 { bytes in ExportWriter.bytes { append(bytes, to: &$0) } }, as: UTF8.self)
    }
}
