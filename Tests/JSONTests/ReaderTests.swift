import JSON
import Testing

/// Documents the reader accepts, and the values it reads from them.
@Suite struct ReaderTests {
    static let valid: [(String, JSONValue)] = [
        ("null", nil),
        ("true", true),
        (" false ", false),
        ("0", .number(JSONNumber("0")!)),
        ("-0", .number(JSONNumber("-0")!)),
        ("1.5e-10", .number(JSONNumber("1.5e-10")!)),
        ("1E+2", .number(JSONNumber("1E+2")!)),
        ("-12.50", .number(JSONNumber("-12.50")!)),
        ("123456789012345678901234567890.000000000000000000001", .number(JSONNumber("123456789012345678901234567890.000000000000000000001")!)),
        ("1e400", .number(JSONNumber("1e400")!)),
        ("1e007", .number(JSONNumber("1e007")!)),
        ("\"\"", ""),
        ("\"plain\"", "plain"),
        ("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"", "\"\\/\u{8}\u{C}\n\r\t"),
        ("\"\\u00e9\\u00E9\"", "éé"),
        ("\"\\u0000\"", "\u{0}"),
        ("\"\\uD83D\\uDE00 \\udbff\\udfff\"", "😀 \u{10FFFF}"),
        ("\"raw é 日本 😀 \u{2028} \u{7F}\"", "raw é 日本 😀 \u{2028} \u{7F}"),
        ("\"a\\u0301\"", "a\u{301}"),
        ("[]", []),
        (" [ ] ", []),
        ("{}", [:]),
        ("\t{\r\n}\n", [:]),
        ("[1,[2,[3]],{}]", [1, [2, [3]], [:]]),
        ("{\"b\":1,\"a\":[true,null],\"c\":{\"d\":\"e\"}}", ["b": 1, "a": [true, nil], "c": ["d": "e"]]),
        // Canonically equivalent keys are two keys: precomposed é, and e with a combining accent.
        ("{\"\u{E9}\":1,\"e\u{301}\":2}", .object(JSONObject([JSONMember("\u{E9}", 1), JSONMember("e\u{301}", 2)]))),
        ("[\"\u{E9}\"]", ["\u{E9}"]),
    ]

    @Test func validDocuments() throws {
        for (text, expected) in Self.valid {
            let value = try JSONReader.read(text)
            #expect(value == expected, "\(text.debugDescription)")
        }
    }

    @Test("lone surrogates: refused by default, read as U+FFFD when asked, each on its own")
    func loneSurrogates() throws {
        let replacing = JSONReader.Limits(replacesLoneSurrogates: true)
        let cases: [(String, String)] = [
            (#""te\uD83D""#, "te\u{FFFD}"),
            (#""\uDE00a""#, "\u{FFFD}a"),
            // A high surrogate before an escape that is not a low one: that escape is read as itself.
            (#""\uD83D\u0041""#, "\u{FFFD}A"),
            (#""\uD83D\uD83D\uDE00""#, "\u{FFFD}😀"),
        ]
        for (text, expected) in cases {
            #expect(try JSONReader.read(text, limits: replacing) == .string(expected), "\(text)")
            #expect(throws: JSONError.self, "\(text)") { try JSONReader.read(text) }  // refused by default
        }
        // A pair is one character either way.
        #expect(try JSONReader.read(#""\uD83D\uDE00""#, limits: replacing) == "😀")
    }

    @Test func stringsCompareByScalars() throws {
        #expect(JSONValue.string("\u{E9}") != JSONValue.string("e\u{301}"))
        #expect(Set<JSONValue>(["\u{E9}", "e\u{301}"]).count == 2)
        let object = try #require(try JSONReader.read("{\"\u{E9}\":1,\"e\u{301}\":2}").objectValue)
        #expect(object.count == 2)
        #expect(object["\u{E9}"] == 1)
        #expect(object["e\u{301}"] == 2)
    }

    @Test func duplicateKeysInLargeObjectsAreFound() {
        // One key that comes again far down, in an object indexed rather than searched.
        let members = (0..<1000).map { "\"key \($0)\":\($0)" } + ["\"key 999\":0"]
        #expect(throws: JSONError.self) { try JSONReader.read("{" + members.joined(separator: ",") + "}") }
        let distinct = (0..<1000).map { "\"key \($0)\":\($0)" }
        #expect((try? JSONReader.read("{" + distinct.joined(separator: ",") + "}"))?["key 500"] == 500)
    }

    @Test func sameKeyInDifferentObjectsIsFine() throws {
        let value = try JSONReader.read("[{\"a\":1},{\"a\":2,\"b\":{\"a\":3}}]")
        #expect(value[1]?["b"]?["a"] == 3)
    }

    @Test func inputFormsAgree() throws {
        let text = "{\"a\":[1,\"é\"]}"
        let fromString = try JSONReader.read(text)
        let fromBytes = try JSONReader.read(Array(text.utf8))
        #expect(fromString == fromBytes)
    }
}
