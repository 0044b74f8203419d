import Foundation
import Testing

/// `shop export` writes the HTML page when asked by `--format html` or `htm`, or by an output
/// file named `.html` or `.htm`.
@Suite struct HTMLExportCommandTests {
    @Test func theFormatOrTheOutputsExtensionPicksThePage() throws {
        let scratch = try EditScratch()
        try scratch.write("title: Trip\nitems:\n  - name: <Milk>\n    buy: true\n", to: "shopping.yaml")
        for format in ["html", "htm"] {
            let run = try scratch.run(["export", "--format", format])
            #expect(run.status == 0, "\(run)")
            #expect(run.out.hasPrefix("<!DOCTYPE html>\n"), "\(format)")
            #expect(run.out.contains("<span class=\"name\">&lt;Milk&gt;</span>"))
        }
        for name in ["list.html", "LIST.HTM"] {
            let run = try scratch.run(["export", "-o", name])
            #expect(run.status == 0, "\(run)")
            #expect(try scratch.text(name).hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"), "\(name)")
        }
        let unknown = try scratch.run(["export", "-o", "list.xhtml"])
        #expect(unknown.status == 2)
        #expect(unknown.err.contains(".json, .html, .htm or .phone.html"), "\(unknown.err)")
    }

    @Test(
        "the page's lang is the list's x-lang when it is a language tag, else en",
        arguments: [
            ("de", "de"), ("en-GB", "en-GB"), ("zh-Hant-TW", "zh-Hant-TW"), ("de_DE", "de-DE"), ("\"  fr \"", "fr"),
            ("\"de\\\" onmouseover=\\\"x\"", "en"), ("e", "en"), ("123", "en"), ("[de]", "en"), ("toolongtag", "en"),
            ("\"\"", "en"), ("de--AT", "en"), ("\"de AT\"", "en"),
        ])
    func languageOfThePage(written: String, lang: String) throws {
        let scratch = try EditScratch()
        try scratch.write("title: Trip\nx-lang: \(written)\nitems:\n  - name: Milk\n    buy: true\n", to: "shopping.yaml")
        #expect(try scratch.run(["check"]).status == 0, "x-lang is never a finding")
        let run = try scratch.run(["export", "--format", "html"])
        #expect(run.status == 0, "\(run)")
        #expect(run.out.hasPrefix("<!DOCTYPE html>\n<html lang=\"\(lang)\">\n<head>\n"), "\(written): \(run.out.prefix(60))")
        #expect(run.out.components(separatedBy: "lang=").count == 2, "one lang, in <html>")
    }

    @Test("a long list, exported as it is read in parts, has the lang of its x-lang, written before or after its items")
    func languageOfALongList() throws {
        let scratch = try EditScratch()
        var items = "items:\n"
        for index in 0..<20_000 { items += "  - name: Item \(index)\n    buy: true\n" }
        for (name, text) in [("first.yaml", "x-lang: sv\n" + items), ("last.yaml", items + "x-lang: sv\n")] {
            try scratch.write(text, to: name)
            let run = try scratch.run(["export", "--format", "html", name])
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.hasPrefix("<!DOCTYPE html>\n<html lang=\"sv\">\n"), "\(name)")
            #expect(run.out.contains("Item 19999"))
        }
    }
}
