import Foundation
import ShopCore
import Testing

/// Software we did not write reads every export of every fixture: Python's csv and json modules
/// read the cells and values the model says the items have, and two CommonMark/GFM renderers
/// (markdown-it-py with mdit-py-plugins' task lists, and cmark-gfm) render one task item per
/// exported item with its name, checked state and notes.
@Suite(.requires(.python)) struct ExportInteropTests {
    /// Every fixture in both scopes, with what its items should read as.
    static func cases() throws -> [(file: String, list: ShoppingList, scope: ItemScope)] {
        var result: [(String, ShoppingList, ItemScope)] = []
        for name in ExportFixtures.names {
            let list = try ExportFixtures.list(name)
            result.append((name, list, .shoppingList))
            result.append((name + ".all", list, .all))
        }
        return result
    }

    @Test func pythonReadsEveryCSVExportCellForCell() throws {
        let scratch = try ExportScratchFolder()
        defer { scratch.remove() }
        var expected: [String: [[String]]] = [:]
        for (file, list, scope) in try Self.cases() {
            let path = try scratch.write(
                ExportFormat.csv.export(list, options: ExportOptions(scope: scope)), to: file + ".csv"
            ).path
            expected[path] =
                [CSVExporter.header.components(separatedBy: ",")]
                + ExpectedItem.all(list, scope: scope).map(\.csvRecord)
        }
        let read = try pythonRead(Array(expected.keys))
        for (path, records) in expected.sorted(by: { $0.key < $1.key }) {
            let actual = read[path] as? [[String]]
            #expect(actual == records, "\(URL(fileURLWithPath: path).lastPathComponent)")
        }
    }

    @Test func pythonReadsEveryJSONExportExactly() throws {
        let scratch = try ExportScratchFolder()
        defer { scratch.remove() }
        var expected: [String: Any] = [:]
        for (file, list, scope) in try Self.cases() {
            let title = file.hasSuffix(".all") ? String(file.dropLast(4)) : file
            let options = ExportOptions(scope: scope, fallbackTitle: title)
            let path = try scratch.write(ExportFormat.json.export(list, options: options), to: file + ".json").path
            let items = ExpectedItem.all(list, scope: scope)
            var total = DecimalNumber.zero
            for item in items {
                if let line = item.total { total = total + DecimalNumber(line)! }
            }
            func value(_ text: String?) -> Any { text ?? NSNull() }
            expected[path] = [
                ["title", list.displayTitle(fallback: title)],
                ["currency", value(list.currency?.code)],
                [
                    "items",
                    items.map { item -> Any in
                        [
                            ["name", item.name], ["id", value(item.id)], ["price", value(item.price)],
                            ["quantity", ["number", item.quantity]], ["unit", value(item.unit)],
                            ["category", value(item.category)], ["buy", item.buy], ["done", item.done],
                            ["notes", value(item.notes)], ["total", value(item.total)],
                        ]
                    },
                ],
                ["total", total.formatted(decimals: list.priceDecimals)],
            ]
        }
        let read = try pythonRead(Array(expected.keys))
        for (path, document) in expected.sorted(by: { $0.key < $1.key }) {
            let name = URL(fileURLWithPath: path).lastPathComponent
            guard let actual = read[path] else {
                Issue.record("python read nothing from \(name)")
                continue
            }
            #expect(try canonical(actual) == canonical(document), "\(name)")
        }
    }

    @Test(.requires(.markdownRenderers)) func everyMarkdownExportRendersAsOneTaskItemPerItem() throws {
        let scratch = try ExportScratchFolder()
        defer { scratch.remove() }
        var arguments: [String] = []
        for (file, list, scope) in try Self.cases() {
            let markdown = try scratch.write(
                ExportFormat.markdown.export(list, options: ExportOptions(scope: scope)), to: file + ".md")
            let expected = try scratch.write(
                expectedTaskItems(ExpectedItem.all(list, scope: scope)), to: file + ".expected.json")
            arguments += [expected.path, markdown.path]
        }
        let run = try ExportPython.run("check_markdown.py", arguments)
        #expect(run.status == 0, "\(run.text)\(run.errors)")
    }

    /// Names made of the characters Markdown treats specially, in every position, plus random
    /// mixes of punctuation, digits, letters, white space and non-ASCII text: each renders, in both
    /// renderers, as a task item whose text is exactly the name.
    @Test(.requires(.markdownRenderers)) func trickyNamesRenderExactlyAsWritten() throws {
        var names = [
            "*", "**", "_", "__", "`", "``", "[", "]", "[]", "[ ]", "[x]", "<", ">", "#", "##", "|", "\\", "\\\\",
            "~", "~~", "$", "&", "!", "-", "+", "=", "1.", "1)", "99. x", "2) x", "1.5 kg", "- x", "+ x", "= x", "* x",
            "> x", "# x", "#x", "x #", "x ##", "***", "---", "___", "===", "```x```", "~~~", "<br>", "</p>", "<b>x</b>",
            "<!-- x -->", "<?x?>", "<![CDATA[x]]>", "<http://x.org>", "<a@b.cd>", "http://x.org", "https://x.org/a_b_c",
            "www.x.org", "WWW.X.ORG", "a@b.cd", "ftp://x.org", "&amp;", "&lt;x&gt;", "&#65;", "&#x41;", "&copy", "&;",
            "AT&T", "R&D;", "a\\*b", "\\*", "x\\", "x\\\\", "[a](b)", "[a][b]", "[a]: /b", "![a](b)", "[^1]", "`a` b",
            "*a* _b_ **c** __d__", "a*b*c", "a_b_c", "snake_case_name", "~~a~~", "$x$", "$$x$$", "a | b", "| a |",
            ":tada:", "{a}", "(a)", "\"quoted\"", "'single'", " leading", "trailing ", "  both  ", "\tx", "x\t",
            "a\tb", "line\nbreak", "a\r\nb", "\u{A0}nbsp", "nbsp\u{A0}", "\u{3000}x", "x\u{2003}", "Crème brûlée",
            "日本茶", "🍮 pudding", "👩‍👩‍👧 family", "e\u{301}", "x\u{1F}y", "\u{1}x\u{1C}y\u{7F}z", "x\u{0B}y", "x\u{0C}y",
            "\u{0C}x\u{0C}",
            "ls\u{2028}ps\u{2029}", "a\u{85}b", "0", "1", "12345678901. big", "x.", "x)", "<", "a<b", "a>b",
        ]
        var generator = ExportNameGenerator(seed: 4217)
        for _ in 0..<400 { names.append(generator.next()) }
        var seen = Set<NameKey>()
        names = names.filter { !NameKey($0).isEmpty && seen.insert(NameKey($0)).inserted }

        var yaml = "items:\n"
        for (index, name) in names.enumerated() {
            yaml += "  - name: \(ExportYAML.quoted(name))\n    buy: true\n"
            if index % 3 == 0 { yaml += "    done: true\n" }
            if index % 5 == 0 {
                yaml += "    notes: \(ExportYAML.quoted(name + "\n" + names[(index + 1) % names.count]))\n"
            }
        }
        let list = try ExportFixtures.parse(yaml)
        #expect(list.items.count == names.count)

        let scratch = try ExportScratchFolder()
        defer { scratch.remove() }
        let markdown = try scratch.write(ExportFormat.markdown.export(list, options: ExportOptions()), to: "names.md")
        let expected = try scratch.write(
            expectedTaskItems(ExpectedItem.all(list, scope: .shoppingList)), to: "names.expected.json")
        let run = try ExportPython.run("check_markdown.py", [expected.path, markdown.path])
        #expect(run.status == 0, "\(run.text)\(run.errors)")
    }

    private func expectedTaskItems(_ items: [ExpectedItem]) throws -> [UInt8] {
        let objects: [[String: Any]] = items.map { item in
            ["name": item.name, "done": item.done, "notes": item.notes ?? NSNull()]
        }
        return [UInt8](try JSONSerialization.data(withJSONObject: objects))
    }

    private func pythonRead(_ paths: [String]) throws -> [String: Any] {
        let run = try ExportPython.run("read_exports.py", paths)
        try #require(run.status == 0, "read_exports.py failed: \(run.errors)")
        return try #require(try JSONSerialization.jsonObject(with: run.output) as? [String: Any])
    }

    private func canonical(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }
}
