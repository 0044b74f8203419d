import JSON
@testable import ShopCore
import Testing
import TestSupport

/// When a diff line quotes a text: the byte scan of ``DiffValues/isUnclear(_:)`` agrees with the
/// rule as it reads, written here on Unicode scalars, on many generated texts.
@Suite("diff values")
struct DiffValuesTests {
    /// The rule, scalar by scalar: empty, the word `none`, a quote first, a control character, a
    /// separator of a diff line (even where a combining mark follows its space), or white space at
    /// either end.
    static func unclearByRule(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first, let last = scalars.last else { return true }
        let controls = scalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        func contains(_ separator: String) -> Bool {
            let wanted = Array(separator.unicodeScalars)
            guard scalars.count >= wanted.count else { return false }
            return (0...(scalars.count - wanted.count)).contains { Array(scalars[$0..<($0 + wanted.count)]) == wanted }
        }
        return text == "none" || first == "\"" || controls || contains(", ") || contains(" -> ")
            || first.properties.isWhitespace || last.properties.isWhitespace
    }

    @Test(
        "these texts are shown as they are, or quoted",
        arguments: [
            ("Oat milk", false), ("", true), ("none", true), ("None", false), ("\"quoted", true), ("a \"b\"", false),
            ("salt, fine", true), ("salt,fine", false), ("a -> b", true), ("a->b", false), ("a ->b", false),
            ("a- > b", false), (" lead", true), ("trail ", true), ("tab\there", true), ("line\nbreak", true),
            ("del\u{7F}", true), ("\u{A0}nbsp", true), ("ideographic\u{3000}", true), ("Crème fraîche", false),
            ("x \u{301}", false), (", \u{301}", true), ("Äpfel 🍎", false), ("line\u{2028}", true), ("next\u{85}", true),
        ])
    func examples(text: String, unclear: Bool) {
        #expect(DiffValues.isUnclear(text) == unclear, "\(text.debugDescription)")
        #expect(DiffValues.quotedIfUnclear(text) == (unclear ? JSONStringEscaper.quoted(text) : text))
    }

    @Test("the byte scan agrees with the rule on 50,000 generated texts")
    func generated() {
        var random = SeededGenerator(seed: 7)
        let pieces: [String] = [
            "a", "Z", "5", " ", ",", ", ", "-", ">", " -> ", "->", "\"", "none", "\t", "\n", "\r\n", "\u{7F}", "\u{0}",
            "é", "e\u{301}", "\u{301}", "\u{A0}", "\u{2028}", "\u{3000}", "\u{85}", "\u{600}", "🍎", "👍🏽", "ß", "中",
        ]
        for _ in 0..<50_000 {
            let count = Int.random(in: 0...6, using: &random)
            let text = (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
            #expect(DiffValues.isUnclear(text) == Self.unclearByRule(text), "\(text.debugDescription)")
        }
    }
}
