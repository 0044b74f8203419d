import Foundation
import Testing

/// A quote left open runs on over the lines after it to the next quote, and the YAML reader stops
/// only where that leaves it, often far below: `check` and `fmt` report the quote where it opens,
/// in every position, in double and single quotes.
@Suite("shop check: an unclosed quote where it opens")
struct UnclosedQuoteTests {
    /// Items whose names are quoted with `quote`, one a line and its price the next.
    static func items(_ count: Int, quote: String = "\"") -> String {
        (1...count).map { "  - name: \(quote)Item \($0)\(quote)\n    price: 1.\($0 % 10)0\n" }.joined()
    }

    /// A file and where its first finding must be.
    struct Case: CustomStringConvertible {
        var name: String
        var text: String
        var line: Int
        var column: Int
        var description: String { name }
    }

    static let cases: [Case] = [
        // A value on line 3 of a 70-line file whose next quote is on line 5.
        Case(name: "value", text: "items:\n  - name: Apples\n    price: \"3.49\n    quantity: 2\n" + items(33), line: 3, column: 12),
        Case(
            name: "value-single", text: "items:\n  - name: Apples\n    price: '3.49\n    quantity: 2\n" + items(33, quote: "'"),
            line: 3, column: 12),
        Case(name: "name", text: "items:\n  - name: \"Apples\n    price: 3.49\n" + items(20), line: 2, column: 11),
        Case(
            name: "apostrophe", text: "items:\n  - name: 'Tis the season\n    price: 3\n  - name: Milk\n    notes: don't forget\n",
            line: 2, column: 11),
        Case(name: "key", text: "items:\n  - name: Apples\n    \"price: 3\n" + items(20), line: 3, column: 5),
        Case(name: "key-single", text: "items:\n  - name: Apples\n    'price: 3\n" + items(20, quote: "'"), line: 3, column: 5),
        Case(name: "flow-sequence", text: "categories: [\"Produce, Dairy]\nitems:\n" + items(20), line: 1, column: 14),
        Case(
            name: "flow-sequence-single", text: "categories: ['Produce, Dairy]\nitems:\n" + items(20, quote: "'"), line: 1,
            column: 14),
        Case(name: "flow-mapping", text: "items:\n  - {name: \"x, price: 1}\n" + items(20), line: 2, column: 12),
        Case(name: "flow-mapping-single", text: "items:\n  - {name: 'x, price: 1}\n" + items(20, quote: "'"), line: 2, column: 12),
        // No later quote: the text runs to the end of the file.
        Case(name: "end", text: "items:\n  - name: Apples\n    price: \"3.49\n  - name: Milk\n", line: 3, column: 12),
        Case(name: "end-single", text: "items:\n  - name: Apples\n    price: '3.49\n  - name: Milk\n", line: 3, column: 12),
        Case(name: "last-line", text: "items:\n  - name: Apples\n    notes: \"abc", line: 3, column: 12),
        Case(name: "last-line-single", text: "items:\n  - name: Apples\n    notes: 'abc", line: 3, column: 12),
        // Line breaks of either kind, and columns counted in characters.
        Case(
            name: "crlf", text: "items:\r\n  - name: Apples\r\n    price: \"3.49\r\n    quantity: 2\r\n  - name: \"Milk\"\r\n",
            line: 3, column: 12),
        Case(
            name: "crlf-single", text: "items:\r\n  - name: Apples\r\n    price: '3.49\r\n  - name: 'Milk'\r\n", line: 3,
            column: 12),
        Case(name: "characters", text: "items:\n  - {name: Crème 🍎, notes: \"x}\n" + items(5), line: 2, column: 28),
        Case(name: "characters-single", text: "items:\n  - {name: Crème 🍎, notes: 'x}\n" + items(5, quote: "'"), line: 2, column: 28),
    ]

    @Test("check reports the quote where it opens, exit 1", arguments: cases)
    func check(_ testCase: Case) throws {
        try withTemporaryDirectory { folder in
            let file = "\(testCase.name).yaml"
            try Files.write(testCase.text, to: folder.appendingPathComponent(file))
            let result = try ShopProcess.run(["check", file], in: folder)
            #expect(result.status == 1, "\(result)")
            let lines = result.out.split(separator: "\n").map(String.init)
            let first = try #require(lines.first)
            #expect(first.hasPrefix("\(file):\(testCase.line):\(testCase.column): error: "), "\(result.out)")
            #expect(first.hasSuffix(" [syntax]"), "\(result.out)")
            #expect(first.contains("add the closing"), "\(result.out)")
            // The line shown is the quote's.
            let textLines = testCase.text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n")
            #expect(lines.count > 2 && lines[1].hasSuffix("| " + textLines[testCase.line - 1]), "\(result.out)")
            #expect(lines.count > 2 && lines[2].hasSuffix("^"), "\(result.out)")
            // The JSON output has the same place.
            let json = try ShopProcess.run(["check", "--format", "json", file], in: folder)
            let findings = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])
            #expect(findings.count == 1)
            #expect(findings.first?["line"] as? Int == testCase.line)
            #expect(findings.first?["column"] as? Int == testCase.column)
            #expect(findings.first?["rule"] as? String == "syntax")
        }
    }

    @Test("fmt refuses the file with the same place, and leaves it as it was", arguments: cases)
    func format(_ testCase: Case) throws {
        try withTemporaryDirectory { folder in
            let file = "\(testCase.name).yaml"
            let url = folder.appendingPathComponent(file)
            try Files.write(testCase.text, to: url)
            let result = try ShopProcess.run(["fmt", file], in: folder)
            #expect(result.status == 1, "\(result)")
            #expect(result.err.hasPrefix("\(file):\(testCase.line):\(testCase.column): error: "), "\(result.err)")
            #expect(try Files.text(url) == testCase.text)
        }
    }

    @Test("a quote inside a plain value is text: no error")
    func quoteInPlainValue() throws {
        try withTemporaryDirectory { folder in
            let text = "items:\n  - name: 6\" sub\n    notes: a \"b and c'd\n  - name: Rock 'n' roll\n    notes: \"x\"\n"
            try Files.write(text, to: folder.appendingPathComponent("list.yaml"))
            let result = try ShopProcess.run(["check", "list.yaml"], in: folder)
            #expect(result.status == 0, "\(result)")
            #expect(result.out == "no problems in 1 file\n")
        }
    }

    @Test("a quoted text over two lines that reads is kept; an error after it is reported where it is")
    func multiLineQuotedText() throws {
        try withTemporaryDirectory { folder in
            let valid = "items:\n  - name: Tea\n    notes: \"a long\n      note\"\n  - name: \"Milk\"\n"
            try Files.write(valid, to: folder.appendingPathComponent("valid.yaml"))
            let clean = try ShopProcess.run(["check", "valid.yaml"], in: folder)
            #expect(clean.status == 0, "\(clean)")
            let broken = "items:\n  - name: Tea\n    notes: \"a long\n      note\"\n  - name: Milk\n   price: 3\n"
            try Files.write(broken, to: folder.appendingPathComponent("broken.yaml"))
            let result = try ShopProcess.run(["check", "broken.yaml"], in: folder)
            #expect(result.status == 1, "\(result)")
            #expect(result.out.hasPrefix("broken.yaml:6:4: error: this line does not line up"), "\(result.out)")
        }
    }
}
