import Foundation
import Testing
import TestSupport

@testable import YAML

/// Every refusal is a typed ``YAMLError`` with the kind and the exact position of the problem.
@Suite struct ErrorTests {
    /// Expects `input` to fail with `kind` at `line`:`column`, and returns the error.
    @discardableResult
    func expectError(
        _ input: [UInt8], _ kind: YAMLError.Kind, line: Int, column: Int, limits: ParseLimits = ParseLimits(),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> YAMLError? {
        guard let error = parseError(input, limits: limits) else {
            Issue.record("parsed without error", sourceLocation: sourceLocation)
            return nil
        }
        #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
        #expect(error.location.line == line, "\(error)", sourceLocation: sourceLocation)
        #expect(error.location.column == column, "\(error)", sourceLocation: sourceLocation)
        #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
        // The offset and the line/column agree.
        let source = SourceText(bytes: input)
        #expect(source.location(at: error.location.offset) == error.location, sourceLocation: sourceLocation)
        #expect(error.description.hasPrefix("\(line):\(column): "), sourceLocation: sourceLocation)
        return error
    }

    @discardableResult
    func expectError(
        _ input: String, _ kind: YAMLError.Kind, line: Int, column: Int, limits: ParseLimits = ParseLimits(),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> YAMLError? {
        expectError(Array(input.utf8), kind, line: line, column: column, limits: limits, sourceLocation: sourceLocation)
    }

    // MARK: Syntax

    @Test func tabIndentation() {
        let error = expectError("items:\n\t- tab\n", .syntax, line: 2, column: 1)
        #expect(error?.message.contains("tabs cannot indent YAML") == true)
        expectError("a:\n  b: 1\n\tc: 2\n", .syntax, line: 3, column: 1)
        // A tab after an indicator is separation, not indentation.
        #expect(parseError("a:\t1\n") == nil)
    }

    @Test func unclosedQuotes() {
        // Reported where the quote opens (libyaml notices only at the end of the file), in plain words.
        let error = expectError("key: \"unclosed\nother: 1\n", .syntax, line: 1, column: 6)
        #expect(error?.message.hasPrefix("a quoted text is never closed; add the closing quote") == true)
        #expect(error?.message.contains("line 1, column 6") == true)
        expectError("key: 'unclosed\n", .syntax, line: 1, column: 6)
        // The position counts characters, not bytes.
        let unicode = expectError("- 日本: \"unclosed", .syntax, line: 1, column: 7)
        #expect(unicode?.message.contains("line 1, column 7") == true)
    }

    /// A shopping list of `count` items, each a name and a price on lines of their own, the names
    /// in double quotes: text after which a quote left open runs on to the next `"`, lines later.
    static func list(items count: Int, from first: Int = 1) -> String {
        (first..<(first + count)).map { "  - name: \"Item \($0)\"\n    price: 1.\($0 % 10)0\n" }.joined()
    }

    @Test func quotesNotClosedOnTheirLineAreReportedWhereTheyOpen() {
        // A value: libyaml reads the quoted text on to the next `"`, 35 lines later, and stops
        // there; the quote on line 3 is what to report.
        let value = "items:\n  - name: Apples\n    price: \"3.49\n    quantity: 2\n" + Self.list(items: 33)
        #expect(SourceText(value).lineCount == 70)
        let error = expectError(value, .syntax, line: 3, column: 12)
        #expect(
            error?.message.hasPrefix(
                "the \" opened here is not closed on its line, so the quoted text runs on to the \" at line 5, column 11; add the closing \": did not find expected key at line 5, column 12"
            ) == true, "\(error?.message ?? "")")
        // A name, a single-quoted value (an apostrophe that starts a plain value), a key.
        expectError("items:\n  - name: \"Apples\n    price: 3.49\n" + Self.list(items: 30), .syntax, line: 2, column: 11)
        let apostrophe = expectError(
            "items:\n  - name: 'Tis the season\n    price: 3\n  - name: Milk\n    notes: don't forget\n", .syntax, line: 2,
            column: 11)
        #expect(apostrophe?.message.contains("the ' opened here is not closed on its line") == true)
        #expect(apostrophe?.message.contains("if the ' is an apostrophe, put the whole text in double quotes") == true)
        let key = expectError("items:\n  - name: Apples\n    \"price: 3\n" + Self.list(items: 30), .syntax, line: 3, column: 5)
        #expect(key?.message.hasPrefix("the \" opened here is not closed on its line") == true, "\(key?.message ?? "")")
        expectError("items:\n  - name: Apples\n    'price: 3\n  - name: Tea\n    notes: 'green'\n", .syntax, line: 3, column: 5)
        // Flow collections.
        expectError("categories: [\"Produce, Dairy]\nitems:\n" + Self.list(items: 30), .syntax, line: 1, column: 14)
        expectError("categories: ['Produce, Dairy]\nitems:\n  - name: Milk\n    category: 'Dairy'\n", .syntax, line: 1, column: 14)
        expectError("items:\n  - {name: \"x, price: 1}\n" + Self.list(items: 30), .syntax, line: 2, column: 12)
        expectError("items:\n  - {name: 'x, price: 1}\n  - name: Tea\n    notes: 'green'\n", .syntax, line: 2, column: 12)
        // A `"` that opens a value of its own and is closed properly starts the next run: the text
        // of the first runs to the `""` on line 5, whose second quote is never closed.
        expectError("items:\n  - name: Apples\n    price: \"3.49\n  - name: Milk\n    notes: \"\"\n  - name: Tea\n", .syntax, line: 3, column: 12)
        // Inside the run-on text, an escape that is no escape, or a tab that indents the line after.
        expectError("items:\n  - name: \"Apples\n  - name: Tea\n    notes: C:\\data\n", .syntax, line: 2, column: 11)
        expectError("items:\n  - name: \"Apples\n  - name: Tea\n    notes: \"x\n\t- y\"\n", .syntax, line: 2, column: 11)
    }

    @Test func quotesNotClosedOnTheirLineInCRLFAndNonASCIIText() {
        let crlf = "items:\r\n  - name: Äpfel\r\n    price: \"3.49\r\n    quantity: 2\r\n  - name: Milk\r\n    notes: \"x\"\r\n"
        let error = expectError(crlf, .syntax, line: 3, column: 12)
        #expect(error?.message.contains("runs on to the \" at line 6, column 12") == true, "\(error?.message ?? "")")
        // Columns count characters: `Crème` and `🍎` are one each, before the quote.
        expectError("items:\n  - {name: Crème 🍎, notes: \"x}\n  - name: Milk\n    notes: \"y\"\n", .syntax, line: 2, column: 28)
        expectError("items:\r\n  - {name: Crème 🍎, notes: 'x}\r\n  - name: Milk\r\n    notes: 'y'\r\n", .syntax, line: 2, column: 28)
    }

    @Test func quotesNeverClosedAreReportedWhereTheyOpen() {
        // No later quote: the text runs to the end of the file, with or without a final line break.
        let error = expectError("items:\n  - name: Apples\n    price: \"3.49\n  - name: Milk\n", .syntax, line: 3, column: 12)
        #expect(error?.message.hasPrefix("a quoted text is never closed; add the closing quote:") == true)
        expectError("items:\n  - name: Apples\n    notes: \"abc", .syntax, line: 3, column: 12)
        expectError("items:\n  - name: Apples\n    notes: 'abc\n", .syntax, line: 3, column: 12)
        let apostrophe = expectError("items:\n  - name: 'Tis the season\n    price: 3\n", .syntax, line: 2, column: 11)
        #expect(apostrophe?.message.contains("if the ' is an apostrophe") == true)
        expectError("items:\r\n  - name: Äpfel\r\n    notes: \"«x» abc\r\n  - name: x\r\n", .syntax, line: 3, column: 12)
    }

    @Test func quotesThatAreNotToBlameAreLeftAlone() {
        // A quote inside a plain value is text.
        #expect(parseError("items:\n  - name: 6\" sub\n    notes: a \"b and c'd\n  - name: \"x\"\n") == nil)
        // A quoted text over two lines that reads is what its author wrote.
        #expect(parseError("items:\n  - name: Tea\n    notes: \"a long\n      note\"\n  - name: \"x\"\n") == nil)
        // An error after such a text, or elsewhere, is reported where libyaml finds it.
        let after = expectError("items:\n  - name: Milk\n    notes: \"a long\n      text\" extra\n", .syntax, line: 4, column: 13)
        #expect(after?.message.hasPrefix("this line does not line up with the keys around it") == true)
        expectError("title: \"a long\n  title\"\nitems:\n  - name: Milk\n   price: 3\n", .syntax, line: 5, column: 4)
        // Quotes in a block scalar are text too.
        expectError("items:\n  - name: Tea\n    notes: |\n      he said \"hi\n  - name: Milk\n   price: 3\n", .syntax, line: 6, column: 4)
        // A `---` line inside a quoted text is reported as such.
        let marker = expectError("title: \"a\n---\n\"\n", .syntax, line: 2, column: 1)
        #expect(marker?.message.hasPrefix("a line starting with '---'") == true)
    }

    @Test func badIndentation() {
        expectError("a:\n  b: 1\n c: 2\n", .syntax, line: 3, column: 2)
        expectError("a: 1\n b: 2\n", .syntax, line: 2, column: 3)
        expectError("key: value: other\n", .syntax, line: 1, column: 11)
    }

    @Test func unclosedFlowCollections() {
        expectError("[a, b\n", .syntax, line: 2, column: 1)
        expectError("{a: 1", .syntax, line: 1, column: 6)
        expectError("[a, , b]\n", .syntax, line: 1, column: 5)
        expectError("]\n", .syntax, line: 1, column: 1)
    }

    // MARK: Encoding

    @Test func invalidUTF8() {
        // A lone continuation byte, a truncated sequence, an overlong form and a surrogate.
        expectError([UInt8]("a: b\nc: ".utf8) + [0x80] + [0x0A], .encoding, line: 2, column: 4)
        expectError([UInt8]("name: café ".utf8) + [0xC3], .encoding, line: 1, column: 12)
        expectError([UInt8]("é: ".utf8) + [0xC0, 0xAF, 0x0A], .encoding, line: 1, column: 4)
        expectError([UInt8]("x: ".utf8) + [0xED, 0xA0, 0x80, 0x0A], .encoding, line: 1, column: 4)
        let error = expectError([0xFF, 0x0A], .encoding, line: 1, column: 1)
        #expect(error?.message.contains("UTF-8") == true)
    }

    @Test func controlCharacters() {
        let nul = expectError([UInt8]("a: b".utf8) + [0x00] + [UInt8]("c\n".utf8), .encoding, line: 1, column: 5)
        #expect(nul?.message.contains("U+0000") == true)
        let bell = expectError("a: b\nc: d\u{7}\n", .encoding, line: 2, column: 5)
        #expect(bell?.message.contains("U+0007") == true)
        expectError("日本: \u{1B}\n", .encoding, line: 1, column: 5)
        expectError("a: \u{7F}\n", .encoding, line: 1, column: 4)
        expectError("a: \u{9B}\n", .encoding, line: 1, column: 4)
        expectError("a: \u{FFFE}\n", .encoding, line: 1, column: 4)
        // In a comment too: the whole text must be printable.
        expectError("# \u{1}\na: 1\n", .encoding, line: 1, column: 3)
    }

    @Test func utf16AndUTF32() {
        let text = "a: 1\n"
        let littleEndian = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        expectError([0xFF, 0xFE] + littleEndian, .encoding, line: 1, column: 1)
        expectError([0xFE, 0xFF] + bigEndian, .encoding, line: 1, column: 1)
        expectError(littleEndian, .encoding, line: 1, column: 1)
        expectError(bigEndian, .encoding, line: 1, column: 1)
        let utf32 = text.unicodeScalars.flatMap { [UInt8($0.value & 0xFF), 0, 0, 0] }
        let error = expectError(utf32, .encoding, line: 1, column: 1)
        #expect(error?.message.contains("UTF-8") == true)
    }

    // MARK: Refused features

    @Test func anchorsAliasesAndTags() {
        expectError("a: &anchor 1\n", .anchor, line: 1, column: 4)
        expectError("a: 1\nb: &x [1]\n", .anchor, line: 2, column: 4)
        expectError("- &x\n  k: v\n", .anchor, line: 1, column: 3)
        expectError("a: 1\nb: *alias\n", .alias, line: 2, column: 4)
        expectError("[*a]\n", .alias, line: 1, column: 2)
        expectError("a: !!str 1\n", .tag, line: 1, column: 4)
        expectError("日本: !custom 1\n", .tag, line: 1, column: 5)
        expectError("--- !!map\na: 1\n", .tag, line: 1, column: 5)
        expectError("- !!seq [a]\n", .tag, line: 1, column: 3)
        expectError("? !k a\n: v\n", .tag, line: 1, column: 3)
    }

    @Test func directives() {
        expectError("%YAML 1.2\n---\na: 1\n", .directive, line: 1, column: 1)
        expectError("# comment\n%TAG ! tag:example.com,2000:\n---\na: 1\n", .directive, line: 2, column: 1)
    }

    @Test func multipleDocuments() {
        expectError("a: 1\n---\nb: 2\n", .multipleDocuments, line: 2, column: 1)
        expectError("a: 1\n...\n---\nb: 2\n", .multipleDocuments, line: 3, column: 1)
        expectError("---\na: 1\n--- # second\n", .multipleDocuments, line: 3, column: 1)
        // A document end marker alone, or followed by comments only, is one document.
        #expect(parseError("a: 1\n...\n# after\n") == nil)
        #expect(parseError("--- a\n") == nil)
    }

    // MARK: Nesting

    /// Expects reading `input` to fail with `.nestingTooDeep` at `line`:`column`: the reader stops
    /// at the level past the limit, whatever follows it (the position says it read no further).
    func expectTooDeep(
        _ input: String, line: Int, column: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        expectError(Array(input.utf8), .nestingTooDeep, line: line, column: column, sourceLocation: sourceLocation)
    }

    @Test func deepFlowSequences() {
        expectTooDeep(String(repeating: "[", count: 20_000), line: 1, column: 257)
        expectTooDeep(String(repeating: "[a, ", count: 20_000), line: 1, column: 4 * 256 + 1)
        let error = parseError(String(repeating: "[", count: 300))
        #expect(error?.message.contains("256") == true)
    }

    @Test func deepFlowMappings() {
        expectTooDeep(String(repeating: "{a: ", count: 20_000), line: 1, column: 4 * 256 + 1)
        expectTooDeep(String(repeating: "{", count: 20_000), line: 1, column: 257)
    }

    @Test func deepBlockNesting() {
        var mappings = ""
        for level in 0..<2_000 { mappings += String(repeating: " ", count: level) + "a:\n" }
        expectTooDeep(mappings, line: 257, column: 257)
        expectTooDeep(String(repeating: "- ", count: 20_000) + "x\n", line: 1, column: 2 * 256 + 1)
        // Sequences and mappings in turn: `-` then `  k:` then `    -` ...
        var mixed = ""
        for level in 0..<2_000 {
            mixed += String(repeating: " ", count: 2 * level) + (level.isMultiple(of: 2) ? "-\n" : "k:\n")
        }
        expectTooDeep(mixed, line: 257, column: 2 * 256 + 1)
    }

    @Test func depthLimitIsExact() throws {
        let exactly256 = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        let document = try Document(parsing: exactly256)
        #expect(document.nodeCount == 256)
        expectError("[" + exactly256 + "]", .nestingTooDeep, line: 1, column: 257)
        // A custom limit.
        expectError("a:\n  b:\n    c: [1]\n", .nestingTooDeep, line: 3, column: 8, limits: ParseLimits(maximumDepth: 3))
        #expect(parseError("a:\n  b:\n    c: 1\n", limits: ParseLimits(maximumDepth: 3)) == nil)
    }

    // MARK: No crash on hostile input

    @Test func randomBytesFailOrParseAndPrintFaithfully() {
        var generator = SeededGenerator(seed: 0xBAD)
        let alphabet = Array("-?:,[]{}#&*!|>'\"%@` \n\t\r\\aé日🍎0.".unicodeScalars)
        var parsed = 0
        do {
            for _ in 0..<2_000 {
                var text = ""
                for _ in 0..<Int.random(in: 0..<40, using: &generator) {
                    text.unicodeScalars.append(alphabet.randomElement(using: &generator)!)
                }
                guard let document = try? Document(parsing: text) else { continue }
                // Whatever parses prints to text with the same data and comments, and prints again the same.
                parsed += 1
                let printed = document.formatted()
                guard let reread = try? Document(parsing: printed) else {
                    Issue.record("the output of \(text.debugDescription) does not parse")
                    continue
                }
                #expect(DataValue(reread) == DataValue(document), "\(text.debugDescription)")
                #expect(reread.allComments.map(\.text) == document.allComments.map(\.text), "\(text.debugDescription)")
                #expect(reread.formatted() == printed, "\(text.debugDescription)")
            }
        }
        #expect(parsed > 200)
    }

    @Test func longScalarsAndLinesAreRead() {
        // Long scalars and long lines.
        // How the time grows with the size is measured, not asserted here: Benchmarks/scaling.py.
        let long = String(repeating: "x", count: 1_000_000)
        #expect(parseError("key: \(long)\n") == nil)
        #expect(parseError("\"\(long)\n") != nil)
    }
}
