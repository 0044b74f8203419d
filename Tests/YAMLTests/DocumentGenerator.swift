import Foundation
import Testing
import TestSupport

@testable import YAML

/// A generated YAML source with the data and the comments it was written with.
struct GeneratedDocument {
    var bytes: [UInt8]
    /// The data the source holds.
    var value: DataValue
    /// Every comment written, in source order.
    var comments: [String]

    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Writes random YAML documents from a seed: nested block and flow collections, scalars of every
/// class the quoting rule cares about in every style that can hold them, comments in every position
/// and blank lines. It knows the data and comments it wrote, so that a reader can be checked against
/// it and not only against itself.
struct DocumentGenerator {
    var random: SeededGenerator
    var out = ""
    var comments: [String] = []
    /// After a `|+` block scalar a blank line would become part of its value.
    var afterKeepScalar = false
    /// After a block scalar, an own-line comment must be less indented than its content.
    var blockContentIndent: Int?
    let maximumDepth: Int

    init(seed: UInt64, maximumDepth: Int = 4) {
        random = SeededGenerator(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 1)
        self.maximumDepth = maximumDepth
    }

    // MARK: Randomness

    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &random) < probability
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices.randomElement(using: &random)!
    }

    mutating func number(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &random)
    }

    // MARK: Document

    mutating func document() -> GeneratedDocument {
        if chance(0.3) {
            for _ in 0..<number(1...2) { ownLineComment(indent: 0) }
            if chance(0.3) { out += "\n" }
        }
        let startMarker = chance(0.1)
        if startMarker {
            out += "---"
            if chance(0.5) { endOfLineComment() }
            out += "\n"
        }
        let value: DataValue
        var hasRoot = true
        switch number(0...19) {
        case 0..<11:
            value = blockMapping(indent: 0, depth: 1, inlineFirst: false)
        case 11..<15:
            value = blockSequence(indent: 0, depth: 1, inlineFirst: false)
        case 15..<18:
            value = flowNode(indent: 0, depth: 1, key: false, collection: true)
            if chance(0.5) { endOfLineComment() }
            out += "\n"
        case 18 where chance(0.3):
            // A block scalar as the whole document.
            if !startMarker { out += "---" }
            if let block = blockScalar(indent: 0) {
                value = block
            } else {
                out += " \"\"\n"
                value = .string("")
            }
        case 18:
            let scalar = inlineScalar(indent: 0, flow: false, key: false, multiline: false)
            out += scalar.text
            value = scalar.value
            if chance(0.5) { endOfLineComment() }
            out += "\n"
        default:
            value = .null
            hasRoot = false
        }
        // A document end marker needs a document before it.
        if chance(0.1) && hasRoot { out += "...\n" }
        if chance(0.3) {
            if chance(0.5) && !afterKeepScalar { out += "\n" }
            for _ in 0..<number(1...2) { ownLineComment(indent: number(0...2)) }
        }
        var bytes = Array(out.utf8)
        if chance(0.1) {
            bytes = bytes.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }
        }
        if chance(0.05) {
            bytes = [0xEF, 0xBB, 0xBF] + bytes
        }
        return GeneratedDocument(bytes: bytes, value: value, comments: comments)
    }

    // MARK: Comments and blank lines

    mutating func commentText() -> String {
        let words = [
            "note", "TODO: check", "#hash", "a: b", "- dash", "[flow]", "{x}", "'quoted'", "\"double\"", "café", "日本",
            "🍎🍏", "100%", "key: value # nested", "&anchor *alias !tag", "|", ">", "---", "...", "", "\\", "  spaced",
        ]
        var text = "#"
        for _ in 0..<number(0...3) { text += (chance(0.8) ? " " : "") + pick(words) }
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    mutating func endOfLineComment() {
        let text = commentText()
        out += String(repeating: " ", count: number(1...3)) + text
        comments.append(text)
    }

    mutating func ownLineComment(indent: Int) {
        var indent = indent
        if let limit = blockContentIndent { indent = min(indent, limit - 1) }
        let text = commentText()
        out += String(repeating: " ", count: max(0, indent)) + text + "\n"
        comments.append(text)
        afterKeepScalar = false
    }

    /// Blank lines and own-line comments before an entry of a block collection at `indent`.
    mutating func gap(indent: Int) {
        if chance(0.15) && !afterKeepScalar {
            out += String(repeating: "\n", count: number(1...2))
        }
        if chance(0.15) {
            for _ in 0..<number(1...2) {
                ownLineComment(indent: max(0, indent + pick([0, 0, 0, 2, -2, 4])))
                if chance(0.2) { out += "\n" }
            }
        }
    }

    /// Marks that ordinary content was written at the start of a line.
    mutating func contentWritten() {
        afterKeepScalar = false
        blockContentIndent = nil
    }

    // MARK: Block collections

    mutating func blockMapping(indent: Int, depth: Int, inlineFirst: Bool) -> DataValue {
        var entries: [DataEntry] = []
        for position in 0..<number(1...4) {
            if !(inlineFirst && position == 0) {
                gap(indent: indent)
                out += String(repeating: " ", count: indent)
            }
            contentWritten()
            if chance(0.06) {
                // An explicit key: `? key` then `: value`, each written like a sequence item.
                out += "?"
                let key = blockValue(indent: indent, depth: depth, inSequence: true)
                gap(indent: indent)
                out += String(repeating: " ", count: indent) + ":"
                contentWritten()
                let value = blockValue(indent: indent, depth: depth, inSequence: true)
                entries.append(DataEntry(key: key, value: value))
                continue
            }
            let key = inlineScalar(indent: indent, flow: false, key: true, multiline: false)
            out += key.text + ":"
            let value = blockValue(indent: indent, depth: depth, inSequence: false)
            entries.append(DataEntry(key: key.value, value: value))
        }
        return .mapping(entries)
    }

    mutating func blockSequence(indent: Int, depth: Int, inlineFirst: Bool) -> DataValue {
        var items: [DataValue] = []
        for position in 0..<number(1...4) {
            if !(inlineFirst && position == 0) {
                gap(indent: indent)
                out += String(repeating: " ", count: indent)
            }
            contentWritten()
            out += "-"
            items.append(blockValue(indent: indent, depth: depth, inSequence: true))
        }
        return .sequence(items)
    }

    /// Writes what follows `key:` or `-`, through the end of its last line.
    mutating func blockValue(indent: Int, depth: Int, inSequence: Bool) -> DataValue {
        var choice = number(0...15)
        if depth >= maximumDepth && (8...12).contains(choice) { choice = 0 }
        switch choice {
        case 0...4:
            // A scalar on the same line.
            out += " "
            let scalar = inlineScalar(indent: indent, flow: false, key: false, multiline: true)
            out += scalar.text
            if chance(0.25) { endOfLineComment() }
            out += "\n"
            return scalar.value
        case 5:
            // A scalar on the next line, perhaps after comments.
            if chance(0.5) { endOfLineComment() }
            out += "\n"
            if chance(0.3) { ownLineComment(indent: indent + 2) }
            out += String(repeating: " ", count: indent + 2)
            contentWritten()
            let scalar = inlineScalar(indent: indent, flow: false, key: false, multiline: true)
            out += scalar.text
            if chance(0.25) { endOfLineComment() }
            out += "\n"
            return scalar.value
        case 6:
            // Nothing: null.
            if chance(0.4) { endOfLineComment() }
            out += "\n"
            return .null
        case 7:
            if let block = blockScalar(indent: indent) { return block }
            out += " \"\"\n"
            return .string("")
        case 8, 9:
            if inSequence && chance(0.6) {
                out += " "
                return blockMapping(indent: indent + 2, depth: depth + 1, inlineFirst: true)
            }
            if chance(0.4) { endOfLineComment() }
            out += "\n"
            return blockMapping(indent: indent + 2, depth: depth + 1, inlineFirst: false)
        case 10, 11:
            if inSequence && chance(0.5) {
                out += " "
                return blockSequence(indent: indent + 2, depth: depth + 1, inlineFirst: true)
            }
            if chance(0.4) { endOfLineComment() }
            out += "\n"
            // A list under a key may be indented or not.
            let childIndent = inSequence || chance(0.7) ? indent + 2 : indent
            return blockSequence(indent: childIndent, depth: depth + 1, inlineFirst: false)
        case 12:
            // A flow collection on the next line, perhaps after comments.
            if chance(0.4) { endOfLineComment() }
            out += "\n"
            if chance(0.4) { ownLineComment(indent: indent + 2) }
            out += String(repeating: " ", count: indent + 2)
            contentWritten()
            let value =
                chance(0.5)
                ? flowSequence(indent: indent + 2, depth: depth) : flowMapping(indent: indent + 2, depth: depth)
            if chance(0.3) { endOfLineComment() }
            out += "\n"
            return value
        default:
            out += " "
            let value = flowNode(indent: indent, depth: depth, key: false, collection: depth < maximumDepth)
            if chance(0.3) { endOfLineComment() }
            out += "\n"
            return value
        }
    }

    // MARK: Flow collections

    /// Writes a flow node; continuation lines are indented by `indent + 2`.
    mutating func flowNode(indent: Int, depth: Int, key: Bool, collection: Bool) -> DataValue {
        if collection && !key && chance(0.5) {
            return chance(0.5) ? flowSequence(indent: indent, depth: depth) : flowMapping(indent: indent, depth: depth)
        }
        let scalar = inlineScalar(indent: indent, flow: true, key: key, multiline: false)
        out += scalar.text
        return scalar.value
    }

    mutating func flowSequence(indent: Int, depth: Int) -> DataValue {
        var items: [DataValue] = []
        let count = chance(0.15) ? 0 : number(1...4)
        flowCollection(open: "[", close: "]", count: count, indent: indent) { generator in
            if generator.chance(0.1) {
                // A single-pair mapping: `[key: value]`.
                let key = generator.inlineScalar(indent: indent, flow: true, key: true, multiline: false)
                generator.out += key.text + ": "
                let value = generator.flowNode(
                    indent: indent, depth: depth + 2, key: false, collection: depth + 2 < generator.maximumDepth)
                items.append(.mapping([DataEntry(key: key.value, value: value)]))
            } else {
                items.append(
                    generator.flowNode(
                        indent: indent, depth: depth + 1, key: false, collection: depth + 1 < generator.maximumDepth))
            }
        }
        return .sequence(items)
    }

    mutating func flowMapping(indent: Int, depth: Int) -> DataValue {
        var entries: [DataEntry] = []
        let count = chance(0.15) ? 0 : number(1...4)
        flowCollection(open: "{", close: "}", count: count, indent: indent) { generator in
            let key = generator.inlineScalar(indent: indent, flow: true, key: true, multiline: false)
            generator.out += key.text
            if generator.chance(0.1) {
                entries.append(DataEntry(key: key.value, value: .null))
            } else {
                generator.out += ": "
                let value = generator.flowNode(
                    indent: indent, depth: depth + 1, key: false, collection: depth + 1 < generator.maximumDepth)
                entries.append(DataEntry(key: key.value, value: value))
            }
        }
        return .mapping(entries)
    }

    /// The brackets, separators, line breaks and comments of a flow collection around `entry`.
    mutating func flowCollection(
        open: String, close: String, count: Int, indent: Int, entry: (inout DocumentGenerator) -> Void
    ) {
        let inner = String(repeating: " ", count: indent + 2)
        out += open
        if count == 0 && chance(0.2) {
            // Comments inside empty brackets.
            if chance(0.5) { endOfLineComment() }
            out += "\n"
            if chance(0.5) { ownLineComment(indent: indent + 2) }
            out += inner + close
            return
        }
        var atLineStart = false
        if count > 0 && chance(0.3) {
            if chance(0.5) { endOfLineComment() }
            out += "\n"
            atLineStart = true
        }
        for position in 0..<count {
            if atLineStart {
                if chance(0.15) { out += "\n" }
                if chance(0.2) { ownLineComment(indent: indent + 2) }
                out += inner
                atLineStart = false
            }
            entry(&self)
            let last = position == count - 1
            if !last || chance(0.1) { out += "," }
            if chance(last ? 0.2 : 0.3) {
                if chance(0.5) { endOfLineComment() }
                out += "\n"
                atLineStart = true
            } else if !last {
                out += " "
            }
        }
        if atLineStart {
            if chance(0.2) { ownLineComment(indent: indent + 2) }
            out += inner
        }
        out += close
    }

    // MARK: Scalars

    /// Writes nothing; returns the text of a scalar for the current line (a multi-line plain or
    /// double-quoted scalar continues on lines indented by `indent + 2`) and its data.
    mutating func inlineScalar(indent: Int, flow: Bool, key: Bool, multiline: Bool) -> (text: String, value: DataValue)
    {
        for _ in 0..<20 {
            let text = ScalarPool.string(using: &self)
            if key && (text.unicodeScalars.count > 600 || text.unicodeScalars.contains("\n") && chance(0.5)) {
                continue
            }
            var styles: [ScalarStyle] = [.doubleQuoted]
            if ScalarPool.canBePlain(text, flow: flow) { styles += [.plain, .plain, .plain] }
            if ScalarPool.canBeSingleQuoted(text) { styles += [.singleQuoted] }
            switch pick(styles) {
            case .plain:
                var written = text
                if multiline && chance(0.3) { written = fold(text, indent: indent) }
                return (written, ScalarPool.plainValue(text))
            case .singleQuoted:
                return ("'" + ScalarPool.doublingSingleQuotes(text) + "'", .string(text))
            default:
                return (doubleQuoted(text, indent: indent, fold: multiline && chance(0.3)), .string(text))
            }
        }
        return ("\"\"", .string(""))
    }

    /// Breaks some single spaces of `text` into line breaks followed by indentation; plain and
    /// double-quoted scalars read them back as single spaces.
    mutating func fold(_ text: String, indent: Int) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = ""
        for (index, scalar) in scalars.enumerated() {
            if scalar == " " && index > 0 && index + 1 < scalars.count && scalars[index - 1] != " "
                && scalars[index + 1] != " "
                && (scalars[index + 1].properties.isAlphabetic
                    || ("0"..."9").contains(scalars[index + 1]))
                && chance(0.5)
            {
                result += "\n" + String(repeating: " ", count: indent + 2)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    mutating func doubleQuoted(_ text: String, indent: Int, fold: Bool) -> String {
        var result = "\""
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let value = scalar.value
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += chance(0.5) ? "\t" : "\\t"
            case " ":
                if fold && index > 0 && index + 1 < scalars.count && scalars[index - 1] != " "
                    && scalars[index + 1] != " "
                    && scalars[index - 1] != "\t" && scalars[index + 1] != "\t" && chance(0.5)
                {
                    result += "\n" + String(repeating: " ", count: indent + 2)
                } else {
                    result += " "
                }
            case "/" where chance(0.3): result += "\\/"
            default:
                let short: [UInt32: String] = [
                    0x00: "\\0", 0x07: "\\a", 0x08: "\\b", 0x0B: "\\v", 0x0C: "\\f", 0x0D: "\\r", 0x1B: "\\e",
                    0x85: "\\N", 0xA0: "\\_", 0x2028: "\\L", 0x2029: "\\P",
                ]
                let mustEscape =
                    value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value)
                    || [0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF].contains(value)
                if let escape = short[value], mustEscape || chance(0.3) {
                    result += escape
                } else if mustEscape || (value > 0x7F && chance(0.2)) {
                    result += hexEscape(value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    mutating func hexEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: chance(0.5))
        if value <= 0xFF && chance(0.5) { return "\\x" + String(repeating: "0", count: 2 - hex.count) + hex }
        if value <= 0xFFFF && chance(0.7) { return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex }
        return "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// Writes a literal or folded block scalar after `key:` or `-`, or nothing and nil when the
    /// drawn string cannot be one.
    mutating func blockScalar(indent: Int) -> DataValue? {
        let contentIndent = indent + 2
        for _ in 0..<10 {
            var text = ScalarPool.multilineString(using: &self)
            if chance(0.3) {
                // Words for a folded scalar.
                text =
                    (0..<number(2...4)).map { _ in pick(ScalarPool.plain) }.joined(separator: " ")
                    + (chance(0.7) ? "\n" : "")
            }
            if let folded = ScalarPool.foldedWords(text), chance(0.4) {
                // `>`: words on lines of their own are joined by spaces.
                out += " >" + (text.hasSuffix("\n") ? "" : "-")
                if chance(0.3) { endOfLineComment() }
                out += "\n"
                for word in folded {
                    out += String(repeating: " ", count: contentIndent) + word + "\n"
                }
                blockContentIndent = contentIndent
                return .string(text)
            }
            guard ScalarPool.canBeLiteral(text) else { continue }
            var body = text
            var trailingBreaks = 0
            while body.hasSuffix("\n") {
                body.removeLast()
                trailingBreaks += 1
            }
            let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
            let firstText = lines.first { !$0.isEmpty }
            let indicator = firstText.map { $0.unicodeScalars.first == " " || $0.unicodeScalars.first == "\t" } ?? false
            out += " |" + (indicator ? "2" : "") + (trailingBreaks == 0 ? "-" : trailingBreaks == 1 ? "" : "+")
            if chance(0.3) { endOfLineComment() }
            out += "\n"
            for line in lines {
                out += (line.isEmpty ? "" : String(repeating: " ", count: contentIndent) + line) + "\n"
            }
            out += String(repeating: "\n", count: max(0, trailingBreaks - 1))
            afterKeepScalar = trailingBreaks > 1
            blockContentIndent = contentIndent
            return .string(text)
        }
        return nil
    }
}

/// The strings the generator draws from: every class of text the quoting rule distinguishes.
enum ScalarPool {
    static let typed = [
        "yes", "No", "ON", "off", "y", "N", "Y", "n", "true", "False", "TRUE", "yEs", "oFF", "nO",
        "017", "0o17", "0x1F", "0b101", "1_000", "+1", "-1", "1e3", "1E-3", ".5", "1.", ".inf", "-.Inf", ".NaN",
        "12:30",
        "1:20:30.5", "2024-01-31", "2001-12-14t21:59:43.10-05:00", "0", "3.49", "-0.0", "+.inf", "<<", "=",
    ]
    static let nulls = ["~", "null", "Null", "NULL"]
    static let indicators = [
        "- a", "-a", "? a", "?a", ": a", ":a", ", a", ",a", "[a", "]a", "{a", "}a", "# a", "#a", "&a", "*a", "!a", "|a",
        ">a", "'a", "\"a", "%a", "@a", "`a", "---", "--- a", "...", "... a", "-", "?", ":", "[]", "{}", "- ", "#",
        "<<<<<<<", "<<<<<<< a", "======= b", "=======", ">>>>>>> c",
    ]
    static let inner = ["a: b", "a #b", "a:", "key: value # c", "a :", "x:\ty", "a\t#b", "k: [v]"]
    static let spaces = [" a", "a ", "  ", " ", "a  b", "\ta", "a\t", "a\tb", " a b "]
    static let controls = [
        "\u{0}", "a\u{1}b", "\u{7}", "\u{8}", "\u{B}", "\u{C}", "\u{1B}", "x\u{7F}", "\u{80}", "a\u{85}b", "a\u{9F}",
        "\u{2028}", "a\u{2029}b", "\u{FEFF}", "a\u{FEFF}", "\u{FFFE}", "\r", "a\r\nb", "\u{A0}", "a\u{A0}",
    ]
    static let multiline = [
        "a\nb", "a\nb\n", "a\nb\n\n", "\nleading break", "  indented\nnext\n", "a \nb", "x\n\n\ny", "\n", "\n\n",
        "tab\tinside\nline\n", "a\n  more indented\nb\n", "\tfirst tab\n", "one\ntwo\nthree\n\n\n", "end\n\n",
        "# not a comment\n- not an item\n", "key: value\n", "日本\n🍎\n", "trailing\r\n", "a\nb ", "a\u{85}b\n",
        "a\u{2028}b\n", "  \n", "x\n  \ny\n",
    ]
    static let plain = [
        "Apples", "3 eggs", "C#", "key:value", "7-Up", "Crème fraîche", "日本酒", "🍎 apple", "it's", "say \"hi\"",
        "50%", "a-b", "e.g. this", "1.2.3", "https://example.com/a#b", "x?", "a,b", "a[b]", "a{b}", "Oat milk",
        "e\u{301}",
        "0x", "2024-1", "v1.0", "nullable", "yesterday", "Infinity", "a~", "a&b", "a*b", "a!b", "a|b", "a>b", "a%",
        "a@b",
        "back\\slash", "-x", "--x",
    ]
    static let wordAlphabet = Array("abcxyzéüß日本酒🍎👍🏽Ωα019.-_'\"".unicodeScalars)
    static let anyAlphabet = Array(
        "abcXYZ019 .,:;-?[]{}#&*!|>'\"%@`~=<+\\/\t\u{0}\u{1}\u{7F}\u{85}\u{A0}\u{2028}\u{2029}\u{FEFF}éü日本🍎👍🏽\u{301}\n"
            .unicodeScalars)

    static func string(using generator: inout DocumentGenerator) -> String {
        switch generator.number(0...19) {
        case 0...2: return generator.pick(typed)
        case 3: return generator.pick(nulls)
        case 4, 5: return generator.pick(indicators)
        case 6: return generator.pick(inner)
        case 7: return generator.pick(spaces)
        case 8: return generator.pick(controls)
        case 9: return generator.pick(multiline)
        case 10...13: return generator.pick(plain)
        case 14, 15:
            // Words of safe characters, separated by single spaces.
            var words: [String] = []
            for _ in 0..<generator.number(1...4) {
                var word = ""
                for _ in 0..<generator.number(1...6) { word.unicodeScalars.append(generator.pick(wordAlphabet)) }
                words.append(word)
            }
            return words.joined(separator: " ")
        case 16, 17:
            var text = ""
            for _ in 0..<generator.number(0...8) { text.unicodeScalars.append(generator.pick(anyAlphabet)) }
            return text
        case 18:
            return String(repeating: generator.pick(["word ", "日本 ", "x"]), count: generator.number(40...140))
                .trimmingSuffix(" ")
        default:
            return ""
        }
    }

    static func multilineString(using generator: inout DocumentGenerator) -> String {
        if generator.chance(0.6) { return generator.pick(multiline) }
        var lines: [String] = []
        for _ in 0..<generator.number(1...4) {
            lines.append(generator.chance(0.2) ? "" : generator.pick(plain + ["  deeper", "\tx", "日本 🍎", "# x"]))
        }
        return lines.joined(separator: "\n") + String(repeating: "\n", count: generator.number(0...3))
    }

    /// Printable in a YAML stream (tab aside), and no line break.
    static func isPrintableLine(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x20...0x7E).contains(value)
            || (value >= 0xA0 && ![0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF].contains(value))
    }

    /// A conservative check of which strings the generator may write without quotes.
    static func canBePlain(_ text: String, flow: Bool) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first, let last = scalars.last else { return false }
        guard scalars.allSatisfy(isPrintableLine) else { return false }
        if "?:,[]{}#&*!|>'\"%@` ".unicodeScalars.contains(first) { return false }
        if first == "-" && (scalars.count == 1 || scalars[1] == " ") { return false }
        if last == " " || last == ":" { return false }
        // Compared by scalars: a combining mark or an emoji modifier after `'` or a space would hide
        // it from a comparison of characters.
        let bytes = Array(text.utf8)
        if bytes.starts(with: Array("---".utf8)) || bytes.starts(with: Array("...".utf8)) { return false }
        for index in bytes.indices.dropLast() {
            let pair = (bytes[index], bytes[index + 1])
            if pair == (UInt8(ascii: ":"), 0x20) || pair == (0x20, UInt8(ascii: "#")) { return false }
        }
        if flow && text.unicodeScalars.contains(where: { ",[]{}:#".unicodeScalars.contains($0) }) { return false }
        return true
    }

    static func doublingSingleQuotes(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "'" { result += "''" } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    static func canBeSingleQuoted(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { isPrintableLine($0) || $0 == "\t" }
    }

    /// The data of a plain scalar, by the same rules the readers use.
    static func plainValue(_ text: String) -> DataValue {
        if nulls.contains(text) { return .null }
        return PlainResolver.isNonString(text) ? .typed(text) : .string(text)
    }

    /// Text a literal block scalar written by the generator reads back as: line breaks, printable
    /// characters, no white space at the end of a line or on a line of its own, some text.
    static func canBeLiteral(_ text: String) -> Bool {
        guard text.contains("\n") else { return false }
        var body = text
        while body.hasSuffix("\n") { body.removeLast() }
        guard !body.isEmpty else { return false }
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.unicodeScalars.allSatisfy({ isPrintableLine($0) || $0 == "\t" }) else { return false }
            if let last = line.unicodeScalars.last, last == " " || last == "\t" { return false }
        }
        return true
    }

    /// The words of text a folded block scalar can write one per line: words of printable
    /// characters separated by single spaces, with at most one final line break.
    static func foldedWords(_ text: String) -> [String]? {
        var body = text
        if body.hasSuffix("\n") { body.removeLast() }
        let words = body.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard words.count >= 2, words.allSatisfy({ !$0.isEmpty }) else { return nil }
        guard body.unicodeScalars.allSatisfy(isPrintableLine) else { return nil }
        return words
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        var result = self
        while result.hasSuffix(suffix) { result.removeLast(suffix.count) }
        return result
    }
}
