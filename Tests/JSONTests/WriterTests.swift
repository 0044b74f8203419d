import JSON
import Testing
import TestSupport

/// Compact and laid-out writing, the one string escaper, and reading back what was written.
@Suite struct WriterTests {
    /// How strings were escaped before ``JSONStringEscaper`` took the job over, scalar by scalar:
    /// the escaper must write exactly this.
    static func escapedScalarByScalar(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    @Test func escapes() {
        #expect(JSONStringEscaper.quoted("") == "\"\"")
        #expect(JSONStringEscaper.quoted("a\"b\\c/d") == "\"a\\\"b\\\\c/d\"")
        #expect(JSONStringEscaper.quoted("\n\r\t\u{8}\u{C}") == "\"\\n\\r\\t\\b\\f\"")
        #expect(JSONStringEscaper.quoted("\u{0}\u{1}\u{1F}\u{7F}") == "\"\\u0000\\u0001\\u001f\\u007f\"")
        #expect(JSONStringEscaper.quoted("\u{2027}\u{2028}\u{2029}\u{202A}") == "\"\u{2027}\\u2028\\u2029\u{202A}\"")
        #expect(JSONStringEscaper.quoted("é 日本 😀") == "\"é 日本 😀\"")
    }

    @Test func escaperWritesWhatTheScalarEscaperWrote() {
        var random = SeededGenerator(seed: 2028)
        for _ in 0..<2_000 {
            let text = ValueGenerator.string(using: &random)
            #expect(JSONStringEscaper.quoted(text) == Self.escapedScalarByScalar(text), "\(text.debugDescription)")
            var pieces: [UInt8] = []
            var copy = text
            copy.withUTF8 { utf8 in JSONStringEscaper.escape(utf8) { pieces.append(contentsOf: $0) } }
            #expect("\"" + String(decoding: pieces, as: UTF8.self) + "\"" == Self.escapedScalarByScalar(text))
        }
    }

    @Test func compactText() {
        let value: JSONValue = [
            "a": [1, nil, true, false, "x"], "b": [:], "c": [], "d": ["e": .number(JSONNumber("-1.50E+3")!)],
        ]
        #expect(JSONWriter.string(value) == "{\"a\":[1,null,true,false,\"x\"],\"b\":{},\"c\":[],\"d\":{\"e\":-1.50E+3}}")
        #expect(JSONWriter.string(["k\"": "\u{2028}"]) == "{\"k\\\"\":\"\\u2028\"}")
    }

    @Test func laidOutContainersHoldOneEntryALineAndCompactValues() {
        var writer = JSONWriter(indent: 2)
        writer.open(.object)
        writer.key("a")
        writer.value(["b": [1, ["c": []]], "d": [:]], indentedLevels: 2)
        writer.key("e")
        writer.open(.array)
        writer.value(["f": [true]])
        writer.value(["g": nil], indentedLevels: 1, level: 1)
        writer.close()
        writer.key("h")
        writer.open(.array)
        writer.close()
        writer.close()
        let expected = """
            {
              "a": {
                "b": [
                  1,
                  {"c":[]}
                ],
                "d": {}
              },
              "e": [
                {"f":[true]},
                {
                "g": null
              }
              ],
              "h": []
            }
            """
        #expect(String(decoding: writer.take(), as: UTF8.self) == expected)
        #expect(writer.take().isEmpty)
    }

    @Test func aLongArrayIsTakenAsItIsWritten() {
        var writer = JSONWriter()
        writer.open(.array)
        var pieces: [String] = []
        for element: JSONValue in [1, "two", [3]] {
            writer.value(element)
            pieces.append(String(decoding: writer.take(), as: UTF8.self))
        }
        writer.close()
        pieces.append(String(decoding: writer.take(), as: UTF8.self))
        #expect(pieces == ["[1", ",\"two\"", ",[3]", "]"])
    }

    @Test func deepValuesAreWrittenWithoutRecursion() {
        var value: JSONValue = []
        for _ in 0..<400 { value = [value] }
        let text = JSONWriter.string(value)
        #expect(text == String(repeating: "[", count: 401) + String(repeating: "]", count: 401))
    }

    @Test func compactTextReadsBackAsItself() throws {
        for text in ["[]", "{\"a\":{\"b\":[1,2.5e-3,\"\\u0000\\\\\"]}}", "\"é\\n\"", "-0", "[true,false,null]"] {
            #expect(JSONWriter.string(try JSONReader.read(text)) == text)
        }
    }

    @Test func generatedValuesReadBackEqual() throws {
        var random = SeededGenerator(seed: 8259)
        for _ in 0..<2_000 {
            let value = ValueGenerator.value(using: &random)
            let bytes = JSONWriter.bytes(value)
            let read = try JSONReader.read(bytes)
            #expect(read == value, "\(String(decoding: bytes, as: UTF8.self))")
            #expect(JSONWriter.bytes(read) == bytes)
        }
    }
}
