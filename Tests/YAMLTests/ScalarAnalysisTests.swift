import Testing

@testable import YAML

/// The quoting rule: plain only where every YAML 1.1 and 1.2 reader reads back the same string.
@Suite struct ScalarAnalysisTests {
    /// Every case spelling of a word: `yes`, `Yes`, `yEs`, ...
    static func allCases(_ word: String) -> [String] {
        var results = [""]
        for character in word {
            let lower = String(character).lowercased()
            let upper = String(character).uppercased()
            results = results.flatMap { lower == upper ? [$0 + lower] : [$0 + lower, $0 + upper] }
        }
        return results
    }

    static let boolWords = ["yes", "no", "on", "off", "y", "n", "true", "false"]

    @Test(arguments: boolWords)
    func boolsInAnyCaseAreNotStrings(word: String) {
        for spelling in Self.allCases(word) {
            #expect(ScalarAnalysis.resolvesToNonString(spelling), "\(spelling)")
            #expect(!ScalarAnalysis.isPlainSafe(spelling), "\(spelling)")
        }
    }

    @Test func nullsAreNotStrings() {
        for text in Self.allCases("null") + ["~", ""] {
            #expect(ScalarAnalysis.resolvesToNonString(text), "\(text)")
            #expect(!ScalarAnalysis.isPlainSafe(text), "\(text)")
        }
    }

    static let numbers = [
        // YAML 1.1 and 1.2 integers in every base, with separators and signs
        "0", "7", "017", "0o17", "0O17", "0x1F", "0X1f", "0xff", "0b101", "0B101", "1_000", "+1", "-1", "+0x1F", "-0b1",
        "-017", "00", "0_1", "190:20:30",
        // floats
        "1.5", "1e3", "1E3", "1e+3", "1E-3", "-1.5e-3", ".5", "-.5", "+.5", "1.", "-1.", "1_000.5", "._5", "1.5_0",
        ".inf", ".Inf", ".INF", "-.inf", "-.Inf", "+.inf", ".nan", ".NaN", ".NAN",
        // YAML 1.1 base 60
        "12:30", "1:20:30.5", "-1:30", "1:2", "12:30:00",
    ]

    @Test(arguments: numbers)
    func numbersAreNotStrings(text: String) {
        #expect(ScalarAnalysis.resolvesToNonString(text))
        #expect(!ScalarAnalysis.isPlainSafe(text))
    }

    static let dates = [
        "2024-01-31", "2024-1-3", "2001-12-14t21:59:43.10-05:00", "2001-12-14T21:59:43Z", "2001-12-14 21:59:43.10 -5",
        "2002-12-14",
    ]

    @Test(arguments: dates)
    func datesAndTimestampsAreNotStrings(text: String) {
        #expect(ScalarAnalysis.resolvesToNonString(text))
        #expect(!ScalarAnalysis.isPlainSafe(text))
    }

    @Test(arguments: ["<<", "="])
    func mergeAndValueKeysAreNotStrings(text: String) {
        #expect(ScalarAnalysis.resolvesToNonString(text))
        #expect(!ScalarAnalysis.isPlainSafe(text))
    }

    static let indicators = [
        "-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`",
    ]

    @Test(arguments: indicators)
    func leadingIndicatorsNeedQuotes(indicator: String) {
        for text in [indicator, indicator + "a", indicator + " a", indicator + indicator] {
            #expect(!ScalarAnalysis.isPlainSafe(text), "\(text)")
            // Not a question of type: the text is a string, it just cannot be written plain.
            if text.count > 1 && indicator != "-" && indicator != ":" {
                #expect(!ScalarAnalysis.resolvesToNonString(text), "\(text)")
            }
        }
        // After the first character the same characters are harmless in block context.
        #expect(ScalarAnalysis.isPlainSafe("a" + indicator + "b"), "a\(indicator)b")
    }

    @Test(arguments: ["---", "...", "--- a", "... a", "---a", "...a", "----", "....."])
    func documentMarkersNeedQuotes(text: String) {
        #expect(!ScalarAnalysis.isPlainSafe(text))
    }

    @Test(arguments: ["<<<<<<<", "<<<<<<< a", "<<<<<<<<<<<<< x y", "=======", "======= a", "========== b"])
    func conflictMarkersNeedQuotes(text: String) {
        #expect(!ScalarAnalysis.isPlainSafe(text))
        #expect(!ScalarAnalysis.resolvesToNonString(text))
    }

    @Test(arguments: ["<<<<<< a", "<<<<<<<a", "====== a", "=======a", "a <<<<<<< b", "<= 7"])
    func textsLikeButUnlikeConflictMarkersStayPlain(text: String) {
        #expect(ScalarAnalysis.isPlainSafe(text))
    }

    @Test(arguments: ["a: b", "key: value", "a #b", "a # b", "a:", "key:", "a :", "a\t#b"])
    func commentsAndMappingIndicatorsInsideNeedQuotes(text: String) {
        #expect(!ScalarAnalysis.isPlainSafe(text))
        #expect(!ScalarAnalysis.resolvesToNonString(text))
    }

    @Test(arguments: [" a", "a ", " ", "  a  ", "\ta", "a\t", "a\tb"])
    func surroundingWhiteSpaceAndTabsNeedQuotes(text: String) {
        #expect(!ScalarAnalysis.isPlainSafe(text))
    }

    static let needEscapes: [String] = {
        var texts = (0x00...0x1F).filter { $0 != 0x0A }.map { "a\(Character(Unicode.Scalar($0)!))b" }
        texts += [
            "a\u{7F}b", "a\u{80}b", "a\u{85}b", "a\u{9F}b", "a\u{2028}b", "a\u{2029}b", "a\u{FEFF}b", "\u{FEFF}a",
            "a\u{FFFE}",
            "a\u{FFFF}",
        ]
        return texts
    }()

    @Test(arguments: needEscapes)
    func controlsAndSeparatorsNeedDoubleQuotes(text: String) throws {
        #expect(!ScalarAnalysis.isPlainSafe(text))
        // Written as an escape: the printed line holds none of these characters, and reads back.
        let printed = String(decoding: try Document(parsing: "- \"\(escaped(text))\"\n").formatted(), as: UTF8.self)
        #expect(printed.hasPrefix("- \""), "\(printed.debugDescription)")
        for scalar in printed.unicodeScalars.dropLast() {
            #expect(scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value))
            #expect(![0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF].contains(scalar.value))
        }
        let reread = try Document(parsing: printed)
        #expect(reread.root?.items.first?.value == text)
    }

    @Test func escapesAreTheShortOnes() throws {
        let cases: [(String, String)] = [
            ("\u{0}", #"\0"#), ("\u{7}", #"\a"#), ("\u{8}", #"\b"#), ("\t", #"\t"#), ("\u{B}", #"\v"#),
            ("\u{C}", #"\f"#),
            ("\r", #"\r"#), ("\u{1B}", #"\e"#), ("\u{1}", #"\x01"#), ("\u{7F}", #"\x7F"#), ("\u{85}", #"\N"#),
            ("\u{2028}", #"\L"#), ("\u{2029}", #"\P"#), ("\u{FEFF}", #"\uFEFF"#), ("\u{9F}", #"\x9F"#), ("\"", #"\""#),
            ("\\", #"\\"#),
        ]
        for (value, escape) in cases {
            let text = "x" + value + " "
            let printed = try format("- \"\(escaped(text))\"\n")
            #expect(printed == "- \"x\(escape) \"\n", "\(value.debugDescription)")
        }
    }

    static let plainWords = [
        "Apples", "3 eggs", "C#", "key:value", "7-Up", "Crème fraîche", "日本酒", "🍎 apple", "a#b", "it's", "say \"hi\"",
        "back\\slash", "a-", "x?", "50%", "a, b", "e.g. this", "1.2.3", "2024-1", "yes please", "nullable", "Infinity",
        "no.", "0x", "0o", "0b", "0xZZ", "1e", "1_000 g", "12:30 pm", "v1.0", "+", "1.2.", "a~", "a\u{A0}b",
        "https://example.com/x#frag", "e\u{301}", "ß", "Ω", "🇫🇷",
    ]

    @Test(arguments: plainWords)
    func ordinaryTextStaysPlain(text: String) throws {
        #expect(ScalarAnalysis.isPlainSafe(text))
        #expect(!ScalarAnalysis.resolvesToNonString(text))
        // The printer writes it plain, in both quote styles on input.
        #expect(try format("k: '\(text.replacingOccurrences(of: "'", with: "''"))'\n") == "k: \(text)\n")
        #expect(try format("- \"\(escaped(text))\"\n") == "- \(text)\n")
    }

    @Test func edgeCasesOfTheNumberForms() {
        // `+` and `-` alone are strings, but `-` starts a sequence entry.
        #expect(ScalarAnalysis.isPlainSafe("+"))
        #expect(!ScalarAnalysis.isPlainSafe("-"))
        #expect(!ScalarAnalysis.resolvesToNonString("+"))
        // A final `: ` cannot be written plain even though it is no number.
        #expect(!ScalarAnalysis.isPlainSafe("a: "))
        // Digits with a trailing word are strings.
        for text in ["1a", "0x1G", "1e3x", "1.5.", "12:60", "12:3a", "2024-01", "2024-01-", "2024x01-01"] {
            #expect(!ScalarAnalysis.resolvesToNonString(text), "\(text)")
        }
    }

    /// `text` as the inside of a double-quoted YAML scalar.
    func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || [0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF].contains(scalar.value)
                {
                    result +=
                        "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
