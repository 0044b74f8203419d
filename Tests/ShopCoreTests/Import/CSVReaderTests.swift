import Foundation
import ShopCore
import Testing
import TestSupport

/// The RFC 4180 layer: fields, quotes, line ends, line numbers and broken input; and Python's csv
/// module as the judge of many generated texts.
@Suite struct CSVReaderTests {
    static func rows(_ text: String, _ delimiter: CSVDelimiter = .comma) throws -> [CSVRow] {
        try CSVReader.rows(try ImportText(Array(text.utf8)), delimiter: delimiter)
    }

    static func problem(_ text: String, _ delimiter: CSVDelimiter = .comma) -> ImportProblem? {
        do {
            _ = try rows(text, delimiter)
            return nil
        } catch let problem as ImportProblem {
            return problem
        } catch {
            return nil
        }
    }

    @Test func fieldsQuotesDelimitersAndLineBreaks() throws {
        let rows = try Self.rows("a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n,,\r\n")
        #expect(rows.map(\.fields) == [["a", "b", "c"], ["x, y", "say \"hi\"", "two\nlines"], ["", "", ""]])
        #expect(rows.map(\.line) == [1, 2, 4])
    }

    @Test func lineEndsAreCRLFOrLFOrCRAndTheLastIsOptional() throws {
        for text in ["a,b\r\nc,d\r\n", "a,b\nc,d\n", "a,b\rc,d\r", "a,b\nc,d", "a,b\r\nc,d"] {
            let rows = try Self.rows(text)
            #expect(rows.map(\.fields) == [["a", "b"], ["c", "d"]], "\(text.debugDescription)")
            #expect(rows.map(\.line) == [1, 2])
        }
    }

    @Test func lineBreaksInsideQuotesAreKeptAsWritten() throws {
        let rows = try Self.rows("\"a\r\nb\",\"c\rd\",\"e\nf\"\nnext\n")
        #expect(rows[0].fields == ["a\r\nb", "c\rd", "e\nf"])
        // Three line breaks inside the first record, then its line end: the next starts on line 5.
        #expect(rows[1].line == 5)
    }

    @Test func blankLinesAreSkippedAndCountForLineNumbers() throws {
        let rows = try Self.rows("a\n\n\r\nb\n\n")
        #expect(rows.map(\.fields) == [["a"], ["b"]])
        #expect(rows.map(\.line) == [1, 4])
    }

    @Test func aByteOrderMarkIsDropped() throws {
        let rows = try CSVReader.rows(try ImportText([0xEF, 0xBB, 0xBF] + Array("name\nx\n".utf8)), delimiter: .comma)
        #expect(rows.map(\.fields) == [["name"], ["x"]])
    }

    @Test func semicolonsSeparateWhenAsked() throws {
        #expect(try Self.rows("a;\"b;c\";d,e\n", .semicolon).map(\.fields) == [["a", "b;c", "d,e"]])
    }

    @Test func aQuoteInsideAnUnquotedFieldIsACharacter() throws {
        #expect(try Self.rows("5\" screen,a\"b\"\n").map(\.fields) == [["5\" screen", "a\"b\""]])
    }

    @Test func spacesAreKept() throws {
        #expect(try Self.rows(" a , \"b\"\n").map(\.fields) == [[" a ", " \"b\""]])
    }

    @Test func anUnterminatedQuoteNamesTheLineItStartsOn() throws {
        let problem = try #require(Self.problem("name\nok\n\"never\nclosed,\nat all\n"))
        #expect(problem.line == 3)
        #expect(problem.message.contains("no closing quote"))
    }

    @Test func textAfterAClosingQuoteIsAnError() throws {
        let problem = try #require(Self.problem("name\n\"a\nb\"c,d\n"))
        #expect(problem.line == 3)
        #expect(problem.message.contains("text follows the closing quote"))
    }

    @Test(arguments: [
        ("name,quantity\nx,1\n", CSVDelimiter.comma), ("name;quantity\nx;1\n", .semicolon), ("name\nx\n", .comma),
        ("Name;Qty;Price\n", .semicolon), ("\"a;b\",name\n", .comma), ("name;\"a,b,c\"\n", .semicolon),
        // More commas, but only `;` gives a name column.
        ("name;notes,with,commas\n", .semicolon), ("", .comma),
    ])
    func theDelimiterComesFromTheHeader(text: String, delimiter: CSVDelimiter) throws {
        #expect(CSVReader.delimiter(of: try ImportText(Array(text.utf8))) == delimiter)
    }

    // MARK: Python's csv module as the judge

    /// Random texts of quoted and unquoted fields made of delimiters, quotes, line breaks, spaces
    /// and other characters, with either delimiter and every line end: Python's csv.reader reads
    /// the same records.
    @Test(.requires(.python)) func pythonReadsTheSameRecords() throws {
        var random = SeededGenerator(seed: 4180)
        let alphabet = Array("ab ,;\"\r\n\t'=é日🍮".unicodeScalars)
        var texts: [(text: String, delimiter: CSVDelimiter)] = []
        for _ in 0..<300 {
            let delimiter: CSVDelimiter = random.next() % 2 == 0 ? .comma : .semicolon
            let separator = String(UnicodeScalar(delimiter.rawValue))
            let lineEnd = ["\r\n", "\n", "\r"][Int(random.next() % 3)]
            var records: [String] = []
            for _ in 0..<(1 + Int(random.next() % 5)) {
                var fields: [String] = []
                for _ in 0..<(1 + Int(random.next() % 4)) {
                    var field = String.UnicodeScalarView()
                    for _ in 0..<Int(random.next() % 6) {
                        field.append(alphabet[Int(random.next() % UInt64(alphabet.count))])
                    }
                    let text = String(field)
                    let needsQuotes = text.contains { "\",;\r\n".contains($0) } || text.isEmpty && random.next() % 3 == 0
                    fields.append(needsQuotes ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text)
                }
                records.append(fields.joined(separator: separator))
            }
            let text = records.joined(separator: lineEnd) + (random.next() % 2 == 0 ? lineEnd : "")
            texts.append((text, delimiter))
        }
        let script = #"""
            import csv, io, json, sys
            out = []
            for case in json.load(sys.stdin):
                rows = csv.reader(io.StringIO(case["text"], newline=""), delimiter=case["delimiter"], strict=True)
                out.append([row for row in rows if row])
            json.dump(out, sys.stdout)
            """#
        let input = try JSONSerialization.data(
            withJSONObject: texts.map { ["text": $0.text, "delimiter": String(UnicodeScalar($0.delimiter.rawValue))] })
        let result = try runPython(script, input: [UInt8](input))
        try #require(result.status == 0, "python3 failed: \(result.stderr)")
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [[[String]]])
        try #require(expected.count == texts.count)
        for (index, (text, delimiter)) in texts.enumerated() {
            let ours = try Self.rows(text, delimiter).map(\.fields)
            #expect(ours == expected[index], "\(text.debugDescription)")
        }
    }
}
