import JSON
import Testing

/// A table of documents the reader must refuse, each with the kind of error, its position and its
/// message.
@Suite struct ReaderErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var input: [UInt8]
        var kind: JSONError.Kind
        var offset: Int
        var line: Int
        var column: Int
        var message: String

        init(_ input: String, _ kind: JSONError.Kind, offset: Int, line: Int = 1, column: Int, _ message: String) {
            self.init(bytes: Array(input.utf8), kind, offset: offset, line: line, column: column, message)
        }

        init(bytes: [UInt8], _ kind: JSONError.Kind, offset: Int, line: Int = 1, column: Int, _ message: String) {
            input = bytes
            self.kind = kind
            self.offset = offset
            self.line = line
            self.column = column
            self.message = message
        }

        var testDescription: String { String(decoding: input, as: UTF8.self).debugDescription }
    }

    static let cases: [Case] = [
        // Structure.
        Case("", .unexpectedEnd, offset: 0, column: 1, "expected a value, found the end of the text"),
        Case("   \n ", .unexpectedEnd, offset: 5, line: 2, column: 2, "expected a value, found the end of the text"),
        Case("[1, 2", .unexpectedEnd, offset: 5, column: 6, "expected ',' or ']' after an array element, found the end of the text"),
        Case("[1 2]", .unexpectedCharacter, offset: 3, column: 4, "expected ',' or ']' after an array element, found '2'"),
        Case("{\"a\" 1}", .unexpectedCharacter, offset: 5, column: 6, "expected ':' after an object key, found '1'"),
        Case("{\"a\":1 \"b\":2}", .unexpectedCharacter, offset: 7, column: 8, "expected ',' or '}' after an object member, found '\"'"),
        Case("{\"a\"", .unexpectedEnd, offset: 4, column: 5, "expected ':' after an object key, found the end of the text"),
        Case("{\"a\":", .unexpectedEnd, offset: 5, column: 6, "expected a value, found the end of the text"),
        Case("{1:2}", .unexpectedCharacter, offset: 1, column: 2, "expected a string key, found '1'"),
        Case("{a:2}", .unexpectedCharacter, offset: 1, column: 2, "expected a string key, found 'a'"),
        Case("[1,]", .unexpectedCharacter, offset: 2, column: 3, "a trailing comma is not allowed before ']'"),
        Case("{\"a\":1 ,\n}", .unexpectedCharacter, offset: 7, column: 8, "a trailing comma is not allowed before '}'"),
        Case("[,1]", .unexpectedCharacter, offset: 1, column: 2, "expected a value, found ','"),
        Case("[1]]", .trailingContent, offset: 3, column: 4, "unexpected text after the JSON value"),
        Case("1 2", .trailingContent, offset: 2, column: 3, "unexpected text after the JSON value"),
        Case("{}x", .trailingContent, offset: 2, column: 3, "unexpected text after the JSON value"),
        Case("]", .unexpectedCharacter, offset: 0, column: 1, "expected a value, found ']'"),
        Case("[}", .unexpectedCharacter, offset: 1, column: 2, "expected a value, found '}'"),
        Case("{\"a\":1]", .unexpectedCharacter, offset: 6, column: 7, "expected ',' or '}' after an object member, found ']'"),
        // What other dialects allow.
        Case("[1] // done", .trailingContent, offset: 4, column: 5, "unexpected text after the JSON value"),
        Case("[/* no */ 1]", .unexpectedCharacter, offset: 1, column: 2, "comments are not allowed in JSON"),
        Case("{\"a\": 1, // x\n\"b\": 2}", .unexpectedCharacter, offset: 9, column: 10, "comments are not allowed in JSON"),
        Case("['a']", .unexpectedCharacter, offset: 1, column: 2, "strings must be in double quotes, not single quotes"),
        Case("NaN", .invalidNumber, offset: 0, column: 1, "NaN is not a JSON number"),
        Case("[Infinity]", .invalidNumber, offset: 1, column: 2, "Infinity is not a JSON number"),
        Case("-Infinity", .invalidNumber, offset: 0, column: 1, "-Infinity is not a JSON number"),
        Case("undefined", .unexpectedCharacter, offset: 0, column: 1,
             "'undefined' is not a JSON value; expected a string, a number, an object, an array, true, false or null"),
        Case("True", .unexpectedCharacter, offset: 0, column: 1,
             "'True' is not a JSON value; expected a string, a number, an object, an array, true, false or null"),
        Case("nul", .unexpectedCharacter, offset: 0, column: 1,
             "'nul' is not a JSON value; expected a string, a number, an object, an array, true, false or null"),
        Case("[truex]", .unexpectedCharacter, offset: 1, column: 2,
             "'truex' is not a JSON value; expected a string, a number, an object, an array, true, false or null"),
        // Numbers.
        Case("01", .invalidNumber, offset: 0, column: 1, "a number may not have leading zeros"),
        Case("[-012]", .invalidNumber, offset: 1, column: 2, "a number may not have leading zeros"),
        Case("+1", .invalidNumber, offset: 0, column: 1, "a number may not begin with '+'"),
        Case(".5", .invalidNumber, offset: 0, column: 1, "a number must have a digit before the decimal point"),
        Case("1.", .invalidNumber, offset: 2, column: 3, "expected a digit after the decimal point"),
        Case("1.e5", .invalidNumber, offset: 2, column: 3, "expected a digit after the decimal point"),
        Case("1e", .invalidNumber, offset: 2, column: 3, "expected a digit in the exponent"),
        Case("1e+", .invalidNumber, offset: 3, column: 4, "expected a digit in the exponent"),
        Case("-", .invalidNumber, offset: 1, column: 2, "expected a digit after '-'"),
        Case("- 1", .invalidNumber, offset: 1, column: 2, "expected a digit after '-'"),
        Case("0x10", .trailingContent, offset: 1, column: 2, "unexpected text after the JSON value"),
        Case("1.5.2", .trailingContent, offset: 3, column: 4, "unexpected text after the JSON value"),
        // Strings.
        Case("\"abc", .invalidString, offset: 0, column: 1, "the string is never closed with '\"'"),
        Case("[\"a\\\"]", .invalidString, offset: 1, column: 2, "the string is never closed with '\"'"),
        Case("\"a\nb\"", .invalidString, offset: 2, column: 3, "a control character (U+000A) must be escaped in a string"),
        Case("\"\t\"", .invalidString, offset: 1, column: 2, "a control character (U+0009) must be escaped in a string"),
        Case("\"\u{0}\"", .invalidString, offset: 1, column: 2, "a control character (U+0000) must be escaped in a string"),
        Case("\"\\x41\"", .invalidString, offset: 1, column: 2,
             "\\ followed by 'x' is not an escape; JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u"),
        Case("\"\\'\"", .invalidString, offset: 1, column: 2,
             "\\ followed by ''' is not an escape; JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u"),
        Case("\"\\u12\"", .invalidString, offset: 1, column: 2, "expected four hexadecimal digits after \\u"),
        Case("\"\\u12G4\"", .invalidString, offset: 1, column: 2, "expected four hexadecimal digits after \\u"),
        Case("\"\\U0041\"", .invalidString, offset: 1, column: 2,
             "\\ followed by 'U' is not an escape; JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u"),
        Case("\"ab\\uD800\"", .invalidString, offset: 3, column: 4,
             "\\uD800 is a lone surrogate: it must be followed by a \\u escape of a low surrogate (DC00 to DFFF)"),
        Case("\"\\uD83D\\u0041\"", .invalidString, offset: 1, column: 2,
             "\\uD83D is a lone surrogate: it must be followed by a \\u escape of a low surrogate (DC00 to DFFF)"),
        Case("\"\\uD83D\\uD83D\"", .invalidString, offset: 1, column: 2,
             "\\uD83D is a lone surrogate: it must be followed by a \\u escape of a low surrogate (DC00 to DFFF)"),
        Case("\"\\uDE00\"", .invalidString, offset: 1, column: 2,
             "\\uDE00 is a lone surrogate: a low surrogate must follow a high one (D800 to DBFF)"),
        Case("\"\\uD83D\\u12\"", .invalidString, offset: 7, column: 8, "expected four hexadecimal digits after \\u"),
        // UTF-8.
        Case(bytes: [0x22, 0xFF, 0x22], .invalidUTF8, offset: 1, column: 2, "the string is not valid UTF-8"),
        Case(bytes: [0x22, 0xC3, 0x22], .invalidUTF8, offset: 1, column: 2, "the string is not valid UTF-8"),
        // Overlong "/", an encoded surrogate, a scalar above U+10FFFF, a stray continuation byte.
        Case(bytes: [0x22, 0xC0, 0xAF, 0x22], .invalidUTF8, offset: 1, column: 2, "the string is not valid UTF-8"),
        Case(bytes: [0x22, 0x61, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, offset: 2, column: 3, "the string is not valid UTF-8"),
        Case(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, offset: 1, column: 2, "the string is not valid UTF-8"),
        Case(bytes: [0x22, 0x80, 0x22], .invalidUTF8, offset: 1, column: 2, "the string is not valid UTF-8"),
        Case(bytes: [0x22, 0xE0, 0x80, 0x80, 0x22], .invalidUTF8, offset: 1, column: 2, "the string is not valid UTF-8"),
        Case(bytes: [0x22, 0xF0, 0x9F, 0x98, 0x22], .invalidUTF8, offset: 1, column: 2, "the string is not valid UTF-8"),
        Case(bytes: [0x5B, 0xFF, 0x5D], .invalidUTF8, offset: 1, column: 2, "the text is not valid UTF-8"),
        Case(bytes: [0xEF, 0xBB, 0xBF, 0x31], .unexpectedCharacter, offset: 0, column: 1,
             "a byte order mark is not allowed before JSON text"),
        Case("[\u{A0}1]", .unexpectedCharacter, offset: 1, column: 2, "expected a value, found U+00A0"),
        Case("[1\u{3000}]", .unexpectedCharacter, offset: 2, column: 3, "expected ',' or ']' after an array element, found U+3000"),
        Case("\u{C}1", .unexpectedCharacter, offset: 0, column: 1, "expected a value, found U+000C"),
        // Duplicate keys, compared by their scalars after escapes are read.
        Case("{\"a\":1,\"a\":2}", .duplicateKey, offset: 7, column: 8, "the key \"a\" appears twice in one object"),
        Case("{\"a\":1,\"\\u0061\":2}", .duplicateKey, offset: 7, column: 8, "the key \"a\" appears twice in one object"),
        Case("[{\"x\":{}},{\"é\":1,\"b\":[],\"é\":2}]", .duplicateKey, offset: 25, column: 25,
             "the key \"é\" appears twice in one object"),
        Case(
            "{" + (0..<20).map { "\"k\($0)\":\($0)," }.joined() + "\"k7\":0}", .duplicateKey, offset: 161, column: 162,
            "the key \"k7\" appears twice in one object"),
        // Positions: lines end at LF, CRLF and CR; columns count scalars.
        Case("[\n1,\n2,\nx]", .unexpectedCharacter, offset: 8, line: 4, column: 1,
             "'x' is not a JSON value; expected a string, a number, an object, an array, true, false or null"),
        Case("[\r\n1,\r\n  x]", .unexpectedCharacter, offset: 9, line: 3, column: 3,
             "'x' is not a JSON value; expected a string, a number, an object, an array, true, false or null"),
        Case("[\r1,\r\r x]", .unexpectedCharacter, offset: 7, line: 4, column: 2,
             "'x' is not a JSON value; expected a string, a number, an object, an array, true, false or null"),
        Case("[\"日本😀\", x]", .unexpectedCharacter, offset: 15, column: 9,
             "'x' is not a JSON value; expected a string, a number, an object, an array, true, false or null"),
    ]

    @Test(arguments: cases)
    func refused(_ example: Case) {
        do {
            let value = try JSONReader.read(example.input)
            Issue.record("read as \(JSONWriter.string(value))")
        } catch {
            #expect(error.kind == example.kind)
            #expect(error.message == example.message)
            #expect(error.offset == example.offset)
            #expect(error.line == example.line)
            #expect(error.column == example.column)
            #expect(error.description == "\(example.line):\(example.column): \(example.message)")
        }
    }
}
