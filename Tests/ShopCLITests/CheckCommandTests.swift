import Foundation
import ShopCore
import Testing

@Suite("shop check")
struct CheckCommandTests {
    static let clean = """
        title: Groceries
        currency: EUR
        items:
          - name: Apples
            price: 3.49
            buy: true

        """

    static let broken = """
        currency: EUR
        items:
          - name: Milk
            price: 3,49
          - name: milk
            prize: 1

        """

    static let warningsOnly = """
        items:
          - name: Milk
            done: true

        """

    @Test("a clean file: exit 0, the summary on standard output, nothing on standard error")
    func clean() throws {
        try withTemporaryDirectory { folder in
            try Files.write(Self.clean, to: folder.appendingPathComponent("list.yaml"))
            let result = try ShopProcess.run(["check", "list.yaml"], in: folder)
            #expect(result.status == 0)
            #expect(result.out == "no problems in 1 file\n")
            #expect(result.err == "")
        }
    }

    @Test("a fix writes a price with the currency's decimals and a quantity as short as it goes")
    func fixesWriteTheCanonicalDecimal() throws {
        try withTemporaryDirectory { folder in
            let list = "currency: EUR\nitems:\n  - name: Tea\n    price: 1,5\n    quantity: \"1,50\"\n  - name: Jam\n    price: €2\n"
            try Files.write(list, to: folder.appendingPathComponent("list.yaml"))
            let result = try ShopProcess.run(["check", "list.yaml"], in: folder)
            #expect(result.status == 1)
            let helps = result.out.split(separator: "\n").filter { $0.hasPrefix("     help: ") }
            #expect(helps == ["     help: write 1.50", "     help: write 1.5", "     help: write 2.00"], "\(result.out)")
            let yen = "currency: JPY\nitems:\n  - name: Tea\n    price: ¥300\n"
            try Files.write(yen, to: folder.appendingPathComponent("yen.yaml"))
            let fixed = try ShopProcess.run(["check", "--fix", "yen.yaml"], in: folder)
            #expect(fixed.status == 0, "\(fixed)")
            #expect(try String(contentsOf: folder.appendingPathComponent("yen.yaml"), encoding: .utf8).hasSuffix("    price: 300\n"))
        }
    }

    @Test("errors: exit 1, diagnostics and summary on standard output, the reason on standard error")
    func errors() throws {
        try withTemporaryDirectory { folder in
            try Files.write(Self.broken, to: folder.appendingPathComponent("list.yaml"))
            let result = try ShopProcess.run(["check", "list.yaml"], in: folder)
            #expect(result.status == 1)
            #expect(!result.signaled)
            let expected = """
                list.yaml:4:12: error: price "3,49" is not a decimal: use "." as the decimal separator [bad-price]
                   4 |     price: 3,49
                     |            ^
                     help: write 3.49
                list.yaml:5:11: error: duplicate item name "milk" (first defined at line 3) [duplicate-name]
                   5 |   - name: milk
                     |           ^
                list.yaml:6:5: warning: unknown key "prize" (did you mean "price"?) [unknown-key]
                   6 |     prize: 1
                     |     ^
                     help: rename to "price"
                2 errors, 1 warning in 1 file

                """
            #expect(result.out == expected)
            #expect(result.err == "shop: error: check found errors in 'list.yaml'\n", "a failing command says why on standard error")
        }
    }

    @Test("warnings alone pass; --strict makes them fail")
    func strict() throws {
        try withTemporaryDirectory { folder in
            try Files.write(Self.warningsOnly, to: folder.appendingPathComponent("list.yaml"))
            let lenient = try ShopProcess.run(["check", "list.yaml"], in: folder)
            #expect(lenient.status == 0)
            #expect(lenient.out.contains("[done-not-bought]"))
            #expect(lenient.out.hasSuffix("0 errors, 1 warning in 1 file\n"))
            #expect(lenient.err == "")
            let strict = try ShopProcess.run(["check", "--strict", "list.yaml"], in: folder)
            #expect(strict.status == 1)
            #expect(strict.out == lenient.out)
            #expect(strict.err == "shop: error: check found errors or warnings (--strict) in 'list.yaml'\n")
            let clean = folder.appendingPathComponent("clean.yaml")
            try Files.write(Self.clean, to: clean)
            #expect(try ShopProcess.run(["check", "--strict", "clean.yaml"], in: folder).status == 0)
        }
    }

    @Test("--format json prints one array of findings")
    func json() throws {
        try withTemporaryDirectory { folder in
            try Files.write(Self.broken, to: folder.appendingPathComponent("list.yaml"))
            try Files.write(Self.clean, to: folder.appendingPathComponent("clean.yaml"))
            let result = try ShopProcess.run(["check", "--format", "json", "clean.yaml", "list.yaml"], in: folder)
            #expect(result.status == 1)
            let parsed = try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]]
            let findings = try #require(parsed, "not a JSON array of objects: \(result.out)")
            #expect(findings.count == 3)
            for finding in findings {
                #expect(
                    Set(finding.keys)
                        == ["file", "line", "column", "endLine", "endColumn", "severity", "rule", "message", "related", "fixes"])
            }
            let first = try #require(findings.first)
            #expect(first["file"] as? String == "list.yaml")
            #expect(first["line"] as? Int == 4)
            #expect(first["column"] as? Int == 12)
            #expect(first["severity"] as? String == "error")
            #expect(first["rule"] as? String == "bad-price")
            #expect(first["message"] as? String == "price \"3,49\" is not a decimal: use \".\" as the decimal separator")
            #expect(findings.map { $0["rule"] as? String } == ["bad-price", "duplicate-name", "unknown-key"])
            #expect(findings.last?["severity"] as? String == "warning")

            // Written a file at a time, the findings of several files make one array, one line each.
            let twice = try ShopProcess.run(["check", "--format", "json", "list.yaml", "clean.yaml", "list.yaml"], in: folder)
            let lines = twice.out.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 3 * 2 + 3 && lines.first == "[" && lines.suffix(2) == ["]", ""], "\(twice.out)")
            #expect(lines.dropFirst().prefix(6).allSatisfy { $0.hasPrefix("  {\"file\":\"list.yaml\",") }, "\(twice.out)")
            let both = try #require(try JSONSerialization.jsonObject(with: twice.stdout) as? [[String: Any]])
            #expect(both.map { $0["rule"] as? String } == (findings + findings).map { $0["rule"] as? String })

            let clean = try ShopProcess.run(["check", "--format=json", "clean.yaml"], in: folder)
            #expect(clean.status == 0)
            #expect(try JSONSerialization.jsonObject(with: clean.stdout) as? [Any] != nil)
            #expect((try JSONSerialization.jsonObject(with: clean.stdout) as? [Any])?.isEmpty == true)
        }
    }

    @Test("--format sarif prints a SARIF 2.1.0 log")
    func sarif() throws {
        try withTemporaryDirectory { folder in
            try Files.write(Self.broken, to: folder.appendingPathComponent("my list.yaml"))
            let result = try ShopProcess.run(["check", "--format", "sarif", "my list.yaml"], in: folder)
            #expect(result.status == 1)
            let log = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
            #expect(log["version"] as? String == "2.1.0")
            let run = try #require((log["runs"] as? [[String: Any]])?.first)
            let results = try #require(run["results"] as? [[String: Any]])
            #expect(results.map { $0["ruleId"] as? String } == ["bad-price", "duplicate-name", "unknown-key"])
            #expect(results.map { $0["level"] as? String } == ["error", "error", "warning"])
            let location = (results.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            #expect((location?["artifactLocation"] as? [String: Any])?["uri"] as? String == "my%20list.yaml")
            #expect((location?["region"] as? [String: Any])?["startLine"] as? Int == 4)
            #expect((location?["region"] as? [String: Any])?["startColumn"] as? Int == 12)
            let rules = ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]]
            #expect(rules?.count == RuleID.allCases.count)
        }
    }

    @Test("the caret sits under the column, past tabs and wide characters")
    func caret() throws {
        try withTemporaryDirectory { folder in
            let source = "items:\n  - {name: 寿司と牛乳, price: 3€}\n  - name: Tea\t# tab before the comment\n    price: \"1,5\"\n  - {name: \"a\tb\", price: x}\n"
            try Files.write(source, to: folder.appendingPathComponent("wide.yaml"))
            let result = try ShopProcess.run(["check", "wide.yaml"], in: folder)
            #expect(result.status == 1)
            // Each finding: the located line, the source line behind a gutter, the caret line (then
            // a help line per fix, left out here).
            let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                .filter { !$0.hasPrefix("     help: ") }
            #expect(lines[0] == "wide.yaml:2:26: error: price \"3€\" is not a decimal: write only the number, without a currency [bad-price]")
            #expect(lines[1] == "   2 |   - {name: 寿司と牛乳, price: 3€}")
            // 25 characters before the column, of which 5 are two columns wide: 30 columns.
            #expect(lines[2] == "     | " + String(repeating: " ", count: 30) + "^")
            #expect(lines[3].hasPrefix("wide.yaml:4:12: error: price \"1,5\""))
            #expect(lines[5] == "     |            ^")
            #expect(lines[6].hasPrefix("wide.yaml:5:26: error: price \"x\""))
            #expect(lines[7] == "   5 |   - {name: \"a\tb\", price: x}")
            // A tab before the column is copied, so the caret lines up in any tab width.
            #expect(lines[8] == "     | " + String(repeating: " ", count: 13) + "\t" + String(repeating: " ", count: 11) + "^")
        }
    }

    @Test("control characters from the file are shown as escapes, never sent to the terminal")
    func controlCharacters() throws {
        try withTemporaryDirectory { folder in
            // An escape written in double quotes reaches messages; a raw one is a syntax error whose
            // line is shown.
            let escaped = "items:\n  - name: \"a\\nb\"\n    price: \"\\e]0;owned\\a\\e[2J\"\n  - name: \"A\\nB\"\n"
            try Files.write(escaped, to: folder.appendingPathComponent("escaped.yaml"))
            let result = try ShopProcess.run(["check", "escaped.yaml"], in: folder)
            #expect(result.status == 1)
            #expect(!result.stdout.contains(0x1B) && !result.stdout.contains(0x07))
            #expect(result.out.contains("price \"\\x1B]0;owned\\x07\\x1B[2J\" is not a decimal"))
            #expect(result.out.contains("escaped.yaml:4:11: error: duplicate item name \"A\\x0AB\" (first defined at line 2) [duplicate-name]\n"))

            let raw = "items: []\ntitle: ab\u{1B}[2Jcd\n"
            try Files.write(raw, to: folder.appendingPathComponent("raw.yaml"))
            let syntax = try ShopProcess.run(["check", "raw.yaml"], in: folder)
            #expect(syntax.status == 1)
            #expect(!syntax.stdout.contains(0x1B))
            let lines = syntax.out.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("raw.yaml:2:10: error: ") == true)
            #expect(lines.dropFirst().first == "   2 | title: ab\\x1B[2Jcd")
            #expect(lines.dropFirst(2).first == "     |          ^")
        }
    }

    @Test("a long line is shown around the column, cut with an ellipsis, so output grows with the findings only")
    func longLines() throws {
        try withTemporaryDirectory { folder in
            let items = (0..<2_000).map { "{name: 寿司\($0), price: x}" }.joined(separator: ", ")
            try Files.write("{items: [" + items + "]}\n", to: folder.appendingPathComponent("flow.yaml"))
            let result = try ShopProcess.run(["check", "flow.yaml"], in: folder)
            #expect(result.status == 1)
            let lines = result.out.split(separator: "\n").map(String.init)
            #expect(lines.count == 2_000 * 3 + 1)
            #expect(result.stdout.count < 2_000 * 1_200, "each finding shows a bounded part of the line")
            // The thousandth finding: its line is cut on both sides and the caret is under its value.
            let located = lines[999 * 3]
            let column = try #require(Int(located.split(separator: ":")[2]))
            let shown = lines[999 * 3 + 1]
            let caret = lines[999 * 3 + 2]
            #expect(shown.hasPrefix("   1 | …") && shown.hasSuffix("…"))
            let prefix = caret.dropFirst("     | ".count).dropLast()
            #expect(caret.hasSuffix("^") && prefix.allSatisfy { $0 == " " })
            // The character above the caret, counting 寿 and 司 as two columns each, is the value.
            var width = 0
            var above: Character?
            for character in shown.dropFirst("   1 | ".count) {
                if width == prefix.count { above = character; break }
                width += character == "寿" || character == "司" ? 2 : 1
            }
            #expect(above == "x", "caret under \(String(describing: above)) at column \(column)")
        }
    }

    @Test("findings are ordered by file as given, then by position; the summary counts files")
    func severalFiles() throws {
        try withTemporaryDirectory { folder in
            try Files.write(Self.warningsOnly, to: folder.appendingPathComponent("b.yaml"))
            try Files.write(Self.broken, to: folder.appendingPathComponent("a.yaml"))
            try Files.write(Self.clean, to: folder.appendingPathComponent("c.yaml"))
            let result = try ShopProcess.run(["check", "b.yaml", "a.yaml", "c.yaml"], in: folder)
            #expect(result.status == 1)
            let located = result.out.split(separator: "\n").filter { $0.hasSuffix("]") && !$0.hasPrefix(" ") }
            #expect(located.map { $0.prefix { $0 != " " } } == ["b.yaml:3:5:", "a.yaml:4:12:", "a.yaml:5:11:", "a.yaml:6:5:"])
            #expect(result.out.hasSuffix("2 errors, 2 warnings in 3 files\n"))
        }
    }

    @Test("- reads standard input")
    func standardInput() throws {
        let result = try ShopProcess.run(["check", "-"], input: Self.broken)
        #expect(result.status == 1)
        #expect(result.out.hasPrefix("<stdin>:4:12: error: "))
        let clean = try ShopProcess.run(["check", "-", "--format", "json"], input: Self.clean)
        #expect(clean.status == 0)
        #expect(clean.out.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }

    @Test("a syntax error is a finding with libyaml's position, exit 1")
    func syntaxError() throws {
        try withTemporaryDirectory { folder in
            try Files.write("items:\n  - name: [a\n  - name: b\n", to: folder.appendingPathComponent("bad.yaml"))
            let result = try ShopProcess.run(["check", "bad.yaml", "--format", "json"], in: folder)
            #expect(result.status == 1)
            let findings = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
            #expect(findings.count == 1)
            #expect(findings.first?["rule"] as? String == "syntax")
            #expect(findings.first?["line"] as? Int == 3)
        }
    }

    @Test("a missing file: exit 2 with the reason on standard error; other files are still checked")
    func missingFile() throws {
        try withTemporaryDirectory { folder in
            try Files.write(Self.broken, to: folder.appendingPathComponent("list.yaml"))
            let result = try ShopProcess.run(["check", "nope.yaml", "list.yaml"], in: folder)
            #expect(result.status == 2)
            #expect(result.err.contains("nope.yaml"))
            #expect(result.err.contains("No such file or directory"))
            #expect(result.out.contains("list.yaml:4:12: error:"))
            let alone = try ShopProcess.run(["check"], in: folder)
            #expect(alone.status == 2, "no operand means shopping.yaml, which does not exist")
            #expect(alone.err.contains("shopping.yaml"))
            #expect(alone.err.contains("shop init"))
        }
    }

    @Test("a folder is not a file: exit 2")
    func directory() throws {
        try withTemporaryDirectory { folder in
            let result = try ShopProcess.run(["check", "."], in: folder)
            #expect(result.status == 2)
            #expect(result.err.contains("directory"))
        }
    }

    @Test("the default file: -f, else SHOP_FILE, else shopping.yaml")
    func defaultFile() throws {
        try withTemporaryDirectory { folder in
            try Files.write(Self.clean, to: folder.appendingPathComponent("shopping.yaml"))
            try Files.write(Self.broken, to: folder.appendingPathComponent("env.yaml"))
            try Files.write(Self.warningsOnly, to: folder.appendingPathComponent("flag.yaml"))
            let plain = try ShopProcess.run(["check"], in: folder)
            #expect(plain.status == 0)
            #expect(plain.out == "no problems in 1 file\n")
            let environment = try ShopProcess.run(["check"], environment: ["SHOP_FILE": "env.yaml"], in: folder)
            #expect(environment.status == 1)
            #expect(environment.out.hasPrefix("env.yaml:4:12:"))
            let flag = try ShopProcess.run(["check", "-f", "flag.yaml"], environment: ["SHOP_FILE": "env.yaml"], in: folder)
            #expect(flag.status == 0)
            #expect(flag.out.hasPrefix("flag.yaml:3:5: warning:"))
            let before = try ShopProcess.run(["--file", "flag.yaml", "check", "--strict"], in: folder)
            #expect(before.status == 1, "a global option works before the command")
            #expect(before.out.hasPrefix("flag.yaml:3:5: warning:"))
            let operand = try ShopProcess.run(["check", "-f", "flag.yaml", "shopping.yaml"], in: folder)
            #expect(operand.out == "no problems in 1 file\n", "operands win over the list file")
        }
    }

    @Test("colour only when asked for, never in pipes by default")
    func colour() throws {
        try withTemporaryDirectory { folder in
            try Files.write(Self.broken, to: folder.appendingPathComponent("list.yaml"))
            let plain = try ShopProcess.run(["check", "list.yaml"], in: folder)
            #expect(!plain.out.contains("\u{1B}["))
            let always = try ShopProcess.run(["check", "list.yaml", "--color", "always"], in: folder)
            #expect(always.out.contains("\u{1B}[1;31merror:\u{1B}[0m"))
            let json = try ShopProcess.run(["check", "list.yaml", "--color", "always", "--format", "json"], in: folder)
            #expect(!json.out.contains("\u{1B}["), "JSON is never coloured")
        }
    }

    @Test("usage errors exit 2 with a suggestion on standard error")
    func usage() throws {
        let command = try ShopProcess.run(["chek"])
        #expect(command.status == 2)
        #expect(command.out == "")
        #expect(command.err.contains("unknown command 'chek'"))
        #expect(command.err.contains("did you mean 'check'?"))
        let option = try ShopProcess.run(["check", "--strcit"])
        #expect(option.status == 2)
        #expect(option.err.contains("unknown option '--strcit'"))
        #expect(option.err.contains("did you mean '--strict'?"))
        let value = try ShopProcess.run(["check", "--format", "jsno"])
        #expect(value.status == 2)
        #expect(value.err.contains("did you mean 'json'?"))
        let missing = try ShopProcess.run(["check", "--format"])
        #expect(missing.status == 2)
        #expect(missing.err.contains("missing value"))
    }

    @Test("help and version exit 0 on standard output")
    func helpAndVersion() throws {
        let help = try ShopProcess.run(["check", "--help"])
        #expect(help.status == 0)
        #expect(help.out.contains("--strict"))
        #expect(help.err == "")
        let overview = try ShopProcess.run(["--help"])
        #expect(overview.status == 0)
        #expect(overview.out.contains("fmt"))
        let version = try ShopProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.out.hasPrefix("shop "))
    }

    @Test("the bundled example passes check without findings")
    func example() throws {
        let example = CLIPaths.repositoryRoot.appendingPathComponent("examples/groceries.yaml").path
        let result = try ShopProcess.run(["check", "--strict", example])
        #expect(result.status == 0)
        #expect(result.out == "no problems in 1 file\n")
        let formatted = try ShopProcess.run(["fmt", "--check", example])
        #expect(formatted.status == 0)
        #expect(formatted.err == "")
    }
}
