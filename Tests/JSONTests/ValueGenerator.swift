import JSON
import TestSupport

/// Random JSON values for property tests: strings drawn from the characters that need care
/// (quotes, backslashes, control characters, U+2028, combining marks, CJK, emoji and other
/// characters outside the BMP), numbers in every form the grammar allows, nesting up to a few levels.
enum ValueGenerator {
    static let scalars: [Unicode.Scalar] = [
        "a", "Z", "0", " ", "\"", "\\", "/", "\u{0}", "\u{1}", "\u{8}", "\t", "\n", "\u{B}", "\u{C}", "\r", "\u{1F}",
        "\u{7F}", "\u{80}", "\u{A0}", "é", "\u{301}", "ß", "Ä", "日", "本", "\u{2028}", "\u{2029}", "\u{FEFF}",
        "\u{FFFF}", "😀", "👍", "\u{1F3FD}", "\u{10FFFF}", "𝄞",
    ]

    static func string(using random: inout SeededGenerator) -> String {
        var text = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            if Bool.random(using: &random) {
                text.append(scalars.randomElement(using: &random) ?? "a")
            } else {
                text.append(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random)))
            }
        }
        return String(text)
    }

    static func numberText(using random: inout SeededGenerator) -> String {
        func digits(_ count: Int, leadingZero: Bool) -> String {
            String((0..<count).map { index in
                Character(String(index == 0 && !leadingZero ? Int.random(in: 1...9, using: &random) : Int.random(in: 0...9, using: &random)))
            })
        }
        var text = Bool.random(using: &random) ? "-" : ""
        text += Int.random(in: 0..<4, using: &random) == 0 ? "0" : digits(Int.random(in: 1...25, using: &random), leadingZero: false)
        if Bool.random(using: &random) { text += "." + digits(Int.random(in: 1...20, using: &random), leadingZero: true) }
        if Int.random(in: 0..<3, using: &random) == 0 {
            text += ["e", "E"].randomElement(using: &random) ?? "e"
            text += ["", "+", "-"].randomElement(using: &random) ?? ""
            text += digits(Int.random(in: 1...3, using: &random), leadingZero: true)
        }
        return text
    }

    static func value(using random: inout SeededGenerator, depth: Int = 0) -> JSONValue {
        let choice = Int.random(in: 0..<(depth >= 4 ? 5 : 8), using: &random)
        switch choice {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(JSONNumber(numberText(using: &random)) ?? JSONNumber(0))
        case 3, 4: return .string(string(using: &random))
        case 5:
            return .array((0..<Int.random(in: 0...5, using: &random)).map { _ in value(using: &random, depth: depth + 1) })
        default:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                object[string(using: &random)] = value(using: &random, depth: depth + 1)
            }
            return .object(object)
        }
    }
}
