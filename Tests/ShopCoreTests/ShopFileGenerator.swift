import TestSupport

/// Writes random shop files for property tests: items with valid and invalid values, names that YAML
/// would misread, keys in random order, unknown and `x-` keys with nested values, comments and blank
/// lines in many places, block and flow styles, and different indentations. The same seed always
/// gives the same files. Every file is well-formed YAML; what it means is left to the tests, which
/// compare shop's reading of a file with its reading of the canonical form.
struct ShopFileGenerator {
    private var random: SeededGenerator
    /// Whether the file written last has a known key twice in one mapping (YAML readers disagree on
    /// which one counts).
    private(set) var lastFileHasDuplicateKeys = false
    /// The comments written into the file made last, in no particular order, without trailing
    /// white space.
    private(set) var lastFileComments: [String] = []

    /// Whether items get a `size` now and then, written well or badly.
    private let sizes: Bool
    private let stores: Bool

    /// A generator of the files `seed` gives; `sizes` adds sizes to the items, `stores` a
    /// `stores` mapping to some files.
    init(seed: UInt64, sizes: Bool = false, stores: Bool = false) {
        random = SeededGenerator(seed: seed)
        self.sizes = sizes
        self.stores = stores
    }

    // MARK: Trees

    private indirect enum Value {
        /// A scalar written on one line, already in its YAML form.
        case scalar(String)
        /// A block scalar: its header (`|`, `|-`, `|+`, `>`, `>-`) and its lines, unindented.
        case block(header: String, lines: [String])
        case sequence([Entry], flow: Bool)
        case mapping([Entry], flow: Bool)
    }

    private struct Entry {
        /// The key's YAML form, for mapping entries.
        var key: String?
        var value: Value
        var leadingComments: [String] = []
        var trailingComment: String?
        var blankLinesBefore = 0
        /// Comments after the last entry of a block collection value.
        var endComments: [String] = []
        /// Whether those comments are indented less than the collection's entries.
        var endCommentsShallow = false
    }

    private struct Layout {
        /// Indentation of a mapping nested in a mapping.
        var mappingStep: Int
        /// Indentation of a sequence under a mapping key (0 or more).
        var sequenceOffset: Int
        /// Columns from a `-` to its entry's content.
        var dashGap: Int
    }

    // MARK: Files

    /// A new random file.
    mutating func file() -> String {
        lastFileHasDuplicateKeys = false
        lastFileComments = []
        let layout = Layout(
            mappingStep: chance(0.8) ? 2 : 4, sequenceOffset: pick([0, 2, 2, 2, 4]), dashGap: chance(0.85) ? 2 : 4)
        let currency = pick(["EUR", "eur", "Eur", "JPY", "jpy", "KWD", "CLF", "USD", "EURO", "XAU", "€", "", "~"])
        let decimals = Self.decimals[currency.uppercased()] ?? 2
        var categories: [String] = []
        for _ in 0..<int(0...5) { categories.append(pick(Self.categoryNames)) }

        let allFlow = chance(0.05)
        var entries: [Entry] = []
        if chance(0.7) { entries.append(Entry(key: "title", value: textValue(pick(Self.texts + Self.names), flow: allFlow))) }
        if chance(0.7) {
            entries.append(
                Entry(key: "currency", value: currency.isEmpty ? .scalar("") : scalar(currency, allowBlock: false, flow: allFlow)))
        }
        if chance(0.6) {
            let flow = allFlow || chance(0.3)
            entries.append(
                Entry(
                    key: "categories",
                    value: .sequence(categories.map { Entry(value: textValue($0, flow: flow)) }, flow: flow)))
        }
        if stores && chance(0.3) {
            // Store names that are one name compared like names (`Market`, `market`) now and then;
            // never one spelling twice, which would be a repeated key.
            let names = Array(Self.storeNames.shuffled(using: &random).prefix(int(1...3)))
            let flow = allFlow || chance(0.3)
            let mapping = names.map { name in
                let aisles = (0..<int(0...3)).map { _ in
                    Entry(value: textValue(!categories.isEmpty && chance(0.7) ? pick(categories) : pick(Self.categoryNames), flow: flow))
                }
                return Entry(key: name, value: .sequence(aisles, flow: flow))
            }
            entries.append(Entry(key: "stores", value: .mapping(mapping, flow: flow)))
        }
        if chance(0.95) {
            let flow = allFlow || chance(0.08)
            var items: [Entry] = []
            for _ in 0..<int(0...12) {
                items.append(Entry(value: item(decimals: decimals, categories: categories, flow: flow)))
            }
            entries.append(Entry(key: "items", value: .sequence(items, flow: flow)))
        }
        for _ in 0..<int(0...2) {
            entries.append(Entry(key: pick(Self.extensionKeys), value: extensionValue(depth: 0, flow: allFlow)))
        }
        if chance(0.15) {
            entries.append(Entry(key: pick(Self.unknownTopLevelKeys), value: extensionValue(depth: 0, flow: allFlow)))
        }
        entries.shuffle(using: &random)
        entries = withoutRepeatedKeys(entries)

        if allFlow {
            return flowText(.mapping(entries, flow: true)) + "\n"
        }
        decorate(&entries, topLevel: true)
        collectComments(entries)
        var lines: [String] = []
        if chance(0.3) {
            for _ in 0..<int(1...3) {
                lines.append(comment())
                lastFileComments.append(lines.last!)
            }
            if chance(0.5) { lines.append("") }
        }
        if chance(0.05) { lines.append("---") }
        if entries.isEmpty {
            lines.append("{}")
        } else {
            renderMapping(entries, indent: 0, firstLinePrefix: nil, layout: layout, into: &lines)
        }
        if chance(0.2) {
            if chance(0.5) { lines.append("") }
            lines.append(comment())
            lastFileComments.append(lines.last!)
        }
        lastFileComments = lastFileComments.map { String($0.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) }
        var text = lines.joined(separator: "\n") + "\n"
        if chance(0.03) { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
        if chance(0.03) { text = "\u{FEFF}" + text }
        return text
    }

    private mutating func item(decimals: Int, categories: [String], flow sequenceIsFlow: Bool) -> Value {
        let flow = sequenceIsFlow || chance(0.1)
        if chance(0.03) { return chance(0.5) ? scalar(pick(Self.names), allowBlock: false, flow: flow) : .sequence([], flow: true) }
        var entries: [Entry] = []
        if chance(0.93) { entries.append(Entry(key: "name", value: textValue(pick(Self.names), flow: flow))) }
        if chance(0.2) { entries.append(Entry(key: "id", value: textValue(pick(Self.ids), flow: flow))) }
        if chance(0.6) { entries.append(Entry(key: "price", value: number(price(decimals: decimals), flow: flow))) }
        if chance(0.4) { entries.append(Entry(key: "quantity", value: number(quantity(), flow: flow))) }
        if chance(0.3) { entries.append(Entry(key: "unit", value: textValue(pick(Self.units), flow: flow))) }
        if sizes && chance(0.15) { entries.append(Entry(key: "size", value: textValue(pick(Self.sizes), flow: flow))) }
        if chance(0.4) {
            let category = !categories.isEmpty && chance(0.7) ? pick(categories) : pick(Self.categoryNames)
            entries.append(Entry(key: "category", value: textValue(chance(0.1) ? category.uppercased() : category, flow: flow)))
        }
        if chance(0.4) { entries.append(Entry(key: "buy", value: scalar(pick(Self.bools), allowBlock: false, flow: flow))) }
        if chance(0.25) { entries.append(Entry(key: "done", value: scalar(pick(Self.bools), allowBlock: false, flow: flow))) }
        if chance(0.25) { entries.append(Entry(key: "notes", value: textValue(pick(Self.notes + Self.texts), flow: flow))) }
        for _ in 0..<(chance(0.3) ? int(1...2) : 0) {
            entries.append(Entry(key: pick(Self.extensionKeys), value: extensionValue(depth: 0, flow: flow)))
        }
        if chance(0.1) {
            entries.append(Entry(key: pick(Self.unknownItemKeys), value: extensionValue(depth: 0, flow: flow)))
        }
        if chance(0.03), let repeated = entries.randomElement(using: &random) {
            entries.append(Entry(key: repeated.key, value: textValue(pick(Self.names), flow: flow)))
            lastFileHasDuplicateKeys = true
        }
        entries.shuffle(using: &random)
        if !flow && chance(0.5) {
            // Authors usually start with the name.
            if let name = entries.firstIndex(where: { $0.key == "name" }) { entries.swapAt(0, name) }
        }
        if !flow && chance(0.02), let name = entries.firstIndex(where: { $0.key == "name" }) {
            // A quoted key is still the same key.
            entries[name].key = "\"name\""
        }
        return .mapping(entries, flow: flow)
    }

    /// Keeps the first of repeated unknown or extension keys, so that only deliberate repeats remain.
    private func withoutRepeatedKeys(_ entries: [Entry]) -> [Entry] {
        var seen: Set<String> = []
        return entries.filter { entry in
            guard let key = entry.key else { return true }
            return seen.insert(key).inserted
        }
    }

    // MARK: Values

    private mutating func price(decimals: Int) -> String {
        if chance(0.2) { return pick(Self.badNumbers + ["1.999", "0.0001", "1000000000", "-0.50"]) }
        let whole = pick([0, 1, 3, 12, 99, 1234, 999_999_999])
        let places = int(0...decimals)
        var text = String(whole)
        if places > 0 || chance(0.1) {
            text += "."
            for _ in 0..<places { text += String(int(0...9)) }
            if chance(0.2) { text += "0" }
        }
        if chance(0.05) { text = "0" + text }
        if chance(0.05), text.hasPrefix("0.") { text.removeFirst() }
        return text
    }

    private mutating func quantity() -> String {
        if chance(0.2) { return pick(Self.badNumbers + ["0", "0.0", "0.0005", "1000000000"]) }
        return pick(["1", "2", "2.0", "0.5", "0.50", ".25", "12.", "1.125", "3.000", "10", "007", "999999999.999"])
    }

    /// A price or quantity, usually plain, sometimes quoted.
    private mutating func number(_ text: String, flow: Bool) -> Value {
        if text.isEmpty { return .scalar(flow ? "\"\"" : "") }
        switch int(0...9) {
        case 0: return .scalar(doubleQuoted(text))
        case 1: return .scalar(singleQuoted(text))
        default: return scalar(text, allowBlock: false, flow: flow)
        }
    }

    private mutating func textValue(_ text: String, flow: Bool = false) -> Value {
        scalar(text, allowBlock: !flow, flow: flow)
    }

    /// A scalar with `text` as its value, in a random style that YAML reads back as exactly `text`
    /// (for plain text, as YAML resolves it).
    private mutating func scalar(_ text: String, allowBlock: Bool, flow: Bool = false) -> Value {
        var styles: [String] = ["double"]
        if Self.isPlainWritable(text, flow: flow) { styles += ["plain", "plain", "plain", "plain"] }
        if Self.isSingleQuotable(text) { styles += ["single"] }
        if allowBlock && literal(text) != nil { styles += ["literal", "literal"] }
        if allowBlock, folded(text) != nil { styles += ["folded"] }
        switch pick(styles) {
        case "plain": return .scalar(text)
        case "single": return .scalar(singleQuoted(text))
        case "literal":
            let (header, lines) = literal(text)!
            return .block(header: header, lines: lines)
        case "folded":
            let (header, lines) = folded(text)!
            return .block(header: header, lines: lines)
        default: return .scalar(doubleQuoted(text))
        }
    }

    /// A value under an unknown or `x-` key: scalars of every kind, nested collections.
    private mutating func extensionValue(depth: Int, flow: Bool) -> Value {
        let roll = int(0...9)
        if depth < 3 && roll >= 7 {
            let innerFlow = flow || chance(0.3)
            var entries: [Entry] = []
            let isMapping = chance(0.5)
            var keys: Set<String> = []
            for _ in 0..<int(0...3) {
                let key = pick(["a", "b", "c", "size", "tags", "x", "note", "1", "yes", "~"])
                guard keys.insert(key).inserted || !isMapping else { continue }
                entries.append(Entry(key: isMapping ? key : nil, value: extensionValue(depth: depth + 1, flow: innerFlow)))
            }
            return isMapping ? .mapping(entries, flow: innerFlow) : .sequence(entries, flow: innerFlow)
        }
        let text = pick(Self.extensionScalars)
        if text.isEmpty { return .scalar(flow ? "~" : "") }
        if Self.isPlainWritable(text, flow: flow) && chance(0.6) { return .scalar(text) }
        return scalar(text, allowBlock: !flow, flow: flow)
    }

    // MARK: Comments and blank lines

    private mutating func comment() -> String {
        "#" + (chance(0.9) ? " " : "") + pick(Self.commentTexts)
    }

    /// Adds comments and blank lines to block collections, recursively.
    private mutating func decorate(_ entries: inout [Entry], topLevel: Bool, depth: Int = 0) {
        for index in entries.indices {
            if chance(topLevel ? 0.3 : (depth == 1 ? 0.25 : 0.05)) { entries[index].blankLinesBefore = int(1...3) }
            if chance(0.15) {
                for _ in 0..<int(1...2) { entries[index].leadingComments.append(comment()) }
            }
            if chance(0.15) { entries[index].trailingComment = comment() }
            if isBlockCollection(entries[index].value) && chance(0.1) {
                entries[index].endComments = [comment()]
                entries[index].endCommentsShallow = chance(0.5)
            }
            switch entries[index].value {
            case .mapping(var children, let flow) where !flow:
                decorate(&children, topLevel: false, depth: depth + 1)
                if entries[index].key == nil, !children.isEmpty {
                    // The first entry of a mapping in a sequence shares the line of the `-`.
                    children[0].leadingComments = []
                    children[0].blankLinesBefore = 0
                }
                entries[index].value = .mapping(children, flow: false)
            case .sequence(var children, let flow) where !flow:
                decorate(&children, topLevel: false, depth: depth + 1)
                entries[index].value = .sequence(children, flow: false)
            default:
                break
            }
        }
    }

    /// Notes every comment that the renderer will write for `entries`.
    private mutating func collectComments(_ entries: [Entry]) {
        for entry in entries {
            lastFileComments += entry.leadingComments
            if let trailing = entry.trailingComment { lastFileComments.append(trailing) }
            lastFileComments += entry.endComments
            switch entry.value {
            case .mapping(let children, false), .sequence(let children, false): collectComments(children)
            default: break
            }
        }
    }

    private func isBlockCollection(_ value: Value) -> Bool {
        switch value {
        case .mapping(let entries, let flow), .sequence(let entries, let flow): !flow && !entries.isEmpty
        default: false
        }
    }

    // MARK: Rendering

    private func flowText(_ value: Value) -> String {
        switch value {
        case .scalar(let text): return text.isEmpty ? "~" : text
        case .block: return "~"
        case .sequence(let entries, _): return "[" + entries.map { flowText($0.value) }.joined(separator: ", ") + "]"
        case .mapping(let entries, _):
            return "{" + entries.map { "\($0.key ?? "~"): \(flowText($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    private func renderMapping(_ entries: [Entry], indent: Int, firstLinePrefix: String?, layout: Layout, into lines: inout [String]) {
        let pad = String(repeating: " ", count: indent)
        for (position, entry) in entries.enumerated() {
            let isFirst = position == 0
            if !(isFirst && firstLinePrefix != nil) {
                lines.append(contentsOf: Array(repeating: "", count: entry.blankLinesBefore))
                lines.append(contentsOf: entry.leadingComments.map { pad + $0 })
            }
            let start = (isFirst ? firstLinePrefix : nil) ?? pad
            let key = entry.key ?? "~"
            let trailing = entry.trailingComment.map { " " + $0 } ?? ""
            switch entry.value {
            case .scalar(let text):
                lines.append(start + key + ":" + (text.isEmpty ? "" : " " + text) + trailing)
            case .block(let header, let blockLines):
                lines.append(start + key + ": " + header + trailing)
                let inner = String(repeating: " ", count: indent + layout.mappingStep)
                lines.append(contentsOf: blockLines.map { $0.isEmpty ? "" : inner + $0 })
            case .mapping(let children, let flow):
                if flow || children.isEmpty {
                    lines.append(start + key + ": " + flowText(entry.value) + trailing)
                } else {
                    lines.append(start + key + ":" + trailing)
                    renderMapping(children, indent: indent + layout.mappingStep, firstLinePrefix: nil, layout: layout, into: &lines)
                    let endPad = entry.endCommentsShallow ? pad : String(repeating: " ", count: indent + layout.mappingStep)
                    lines.append(contentsOf: entry.endComments.map { endPad + $0 })
                }
            case .sequence(let children, let flow):
                if flow || children.isEmpty {
                    lines.append(start + key + ": " + flowText(entry.value) + trailing)
                } else {
                    lines.append(start + key + ":" + trailing)
                    renderSequence(children, indent: indent + layout.sequenceOffset, layout: layout, into: &lines)
                    let endPad = entry.endCommentsShallow ? pad : String(repeating: " ", count: indent + layout.sequenceOffset)
                    lines.append(contentsOf: entry.endComments.map { endPad + $0 })
                }
            }
        }
    }

    private func renderSequence(_ entries: [Entry], indent: Int, layout: Layout, into lines: inout [String]) {
        let pad = String(repeating: " ", count: indent)
        let dash = pad + "-" + String(repeating: " ", count: layout.dashGap - 1)
        let contentIndent = indent + layout.dashGap
        for entry in entries {
            lines.append(contentsOf: Array(repeating: "", count: entry.blankLinesBefore))
            lines.append(contentsOf: entry.leadingComments.map { pad + $0 })
            let trailing = entry.trailingComment.map { " " + $0 } ?? ""
            switch entry.value {
            case .scalar(let text):
                lines.append(text.isEmpty ? pad + "-" + trailing : dash + text + trailing)
            case .block(let header, let blockLines):
                lines.append(dash + header + trailing)
                let inner = String(repeating: " ", count: contentIndent)
                lines.append(contentsOf: blockLines.map { $0.isEmpty ? "" : inner + $0 })
            case .mapping(let children, let flow):
                if flow || children.isEmpty {
                    lines.append(dash + flowText(entry.value) + trailing)
                } else {
                    if !trailing.isEmpty { lines.append(pad + "-" + trailing) }
                    renderMapping(
                        children, indent: contentIndent, firstLinePrefix: trailing.isEmpty ? dash : nil, layout: layout,
                        into: &lines)
                    let endPad = entry.endCommentsShallow ? pad : String(repeating: " ", count: contentIndent)
                    lines.append(contentsOf: entry.endComments.map { endPad + $0 })
                }
            case .sequence(let children, let flow):
                if flow || children.isEmpty {
                    lines.append(dash + flowText(entry.value) + trailing)
                } else {
                    lines.append(pad + "-" + trailing)
                    renderSequence(children, indent: contentIndent, layout: layout, into: &lines)
                    let endPad = entry.endCommentsShallow ? pad : String(repeating: " ", count: contentIndent)
                    lines.append(contentsOf: entry.endComments.map { endPad + $0 })
                }
            }
        }
    }

    // MARK: Scalar forms

    /// Whether `text` can be written without quotes and still be read as the same characters (YAML
    /// may still resolve it to a number or bool: that is the point of some of the names).
    static func isPlainWritable(_ text: String, flow: Bool) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x85 || $0.value == 0xFEFF || $0 == "\u{2028}" || $0 == "\u{2029}" || ($0.value >= 0x80 && $0.value < 0xA0) }) {
            return false
        }
        if first == " " || last == " " || last == ":" { return false }
        if text.contains(": ") || text.contains(" #") { return false }
        if "#,[]{}&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
        if "-?:".unicodeScalars.contains(first) {
            let scalars = Array(text.unicodeScalars)
            if scalars.count == 1 || scalars[1] == " " { return false }
            if flow { return false }
        }
        if flow && text.unicodeScalars.contains(where: { ",[]{}:#".unicodeScalars.contains($0) }) { return false }
        if text == "---" || text == "..." || text.hasPrefix("--- ") || text.hasPrefix("... ") { return false }
        return true
    }

    static func isSingleQuotable(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x85 || $0.value == 0xFEFF || $0 == "\u{2028}" || $0 == "\u{2029}" || ($0.value >= 0x80 && $0.value < 0xA0) }
            && !text.hasPrefix(" ") && !text.hasSuffix(" ")
    }

    private func singleQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    private func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (scalar.value >= 0x80 && scalar.value < 0xA0)
                    || scalar.value == 0xFEFF || scalar == "\u{2028}" || scalar == "\u{2029}"
                {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A literal block scalar that reads as `text`, when one exists.
    private func literal(_ text: String) -> (String, [String])? {
        guard text.contains("\n"), let first = text.unicodeScalars.first, first != " ", first != "\n", first != "\t"
        else { return nil }
        if text.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || $0.value == 0x85 || $0.value == 0xFEFF || $0 == "\u{2028}" || $0 == "\u{2029}" || ($0.value >= 0x80 && $0.value < 0xA0) }) {
            return nil
        }
        var body = Substring(text)
        var newlines = 0
        while body.hasSuffix("\n") {
            body.removeLast()
            newlines += 1
        }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.contains(where: { $0.hasSuffix(" ") || ($0.allSatisfy { $0 == " " } && !$0.isEmpty) }) { return nil }
        switch newlines {
        case 0: return ("|-", lines)
        case 1: return ("|", lines)
        default: return ("|+", lines + Array(repeating: "", count: newlines - 1))
        }
    }

    /// A folded block scalar for one line of words, broken at some of its spaces.
    private func folded(_ text: String) -> (String, [String])? {
        guard !text.contains("\n"), text.contains(" "), !text.hasPrefix(" "), !text.hasSuffix(" "), !text.contains("  "),
            !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x85 || $0.value == 0xFEFF || $0 == "\u{2028}" || $0 == "\u{2029}" || ($0.value >= 0x80 && $0.value < 0xA0) })
        else { return nil }
        let words = text.split(separator: " ")
        var lines: [String] = []
        var current = ""
        for (index, word) in words.enumerated() {
            current += (current.isEmpty ? "" : " ") + word
            if index % 2 == 1 {
                lines.append(current)
                current = ""
            }
        }
        if !current.isEmpty { lines.append(current) }
        return (">-", lines)
    }

    // MARK: Randomness

    private mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &random) < probability
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &random)
    }

    private mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int.random(in: 0..<choices.count, using: &random)]
    }

    // MARK: Material

    static let decimals = ["JPY": 0, "KWD": 3, "CLF": 4]

    static let names = [
        "Apples", "Oat milk", "Sourdough bread", "Crème fraîche", "Gruyère", "Cre\u{300}me", "ﬁsh", "ＭＩＬＫ", "Straße",
        "STRASSE", "寿司", "牛乳 1 l", "Ünïcödé", "🍎 apples", "apples", "APPLES", "  apples ", "yes", "No", "ON", "off",
        "y", "n", "true", "False", "null", "Null", "~", "007", "1.10", "0x1F", "0o17", "1e3", ".5", "12.", "1_000",
        "+1", "-1", ".inf", "-.Inf", ".NaN", "2024-01-31", "2024-01-31 10:00:00", "12:30", "1:20:30", "<<", "=",
        "a: b", "a #b", "#hash", "- dash", "-dash", "? q", "?q", ":colon", "trailing:", "@at", "`tick", "%pct",
        "!bang", "&amp", "*star", "|pipe", ">gt", "'quote", "\"dq", "[br]", "{br}", "a, b", " lead", "trail ",
        "tab\there", "line\nbreak", "NBSP\u{A0}x", "\u{3000}ideo", "back\\slash", "ctrl\u{7}", "", "  ",
        "zero\u{200B}width", "bom\u{FEFF}inside", "nel\u{85}x", "ls\u{2028}x", "e\u{301}", "é", "---", "...", "x: ",
        "it's", "say \"hi\"", "Milk # 2", "50%", "100 g", "a\\nb", "\u{1F}", "café au lait", "ǅ", "ﬀ", "Å",
    ]

    static let texts = [
        "Weekly groceries", "Einkauf", "买菜", "yes", "2024-05-01", "3.50", "", "Groceries: week 1", "# not a comment",
        "x", "Liste de courses – été", "multi\nline\ntitle",
    ]

    static let notes = [
        "Barista edition.\nNot the sweetened one.\n", "No final newline\nhere", "Keep\ntrailing\n\n", "One line",
        "  indented first\nline\n", "trailing space \nline", "tabs\tinside\n", "blank\n\nline inside\n", "\n\nleading",
        "ends with spaces  ", "x\r\ny", "über\nstraße\n", "a: b\n- c\n# d\n",
    ]

    static let ids = ["6f1c9a2e", "123", "a-1", "0x10", "true", "b7e3-44", "~", "1e5", "id with space"]

    /// Sizes as written: the list's forms, and others that are a `bad-size` warning.
    static let storeNames = ["Market", "market", "Corner shop", "Deli", "CORNER  shop"]
    static let sizes = ["500 g", "1.5 l", "6 x 330 ml", "12 pcs", "500g", "1,5 l", "6x330ml", "a big one", "2 lb"]
    static let units = ["kg", "l", "pcs", "500 g", "pack", "1", "yes", "%", "€"]

    static let categoryNames = ["Produce", "Bakery", "Dairy", "Meat & fish", "Pantry", "yes", "2024", "Frozen", "Drinks", "乳製品"]

    static let bools = [
        "true", "false", "yes", "no", "on", "off", "True", "FALSE", "Yes", "NO", "On", "OFF", "maybe", "1", "0", "y",
        "n", "",
    ]

    static let badNumbers = [
        "3,49", "$3", "3 €", "abc", ".nan", ".inf", "1e3", "-1", "+2", "1_000", "1,000.00", "0x1F", "", "two", "1.2.3",
        "- 1", "1.5.0", "0." + String(repeating: "0", count: 40), "0." + String(repeating: "0", count: 40) + "1",
        String(repeating: "9", count: 40), "1." + String(repeating: "0", count: 40),
    ]

    static let extensionScalars = [
        "5", "3.50", "yes", "~", "", "null", "2024-05-01", "text", "0x1F", "-1", ".inf", "0o17", "Hello world",
        "a: b", "line\nbreak", "12:30", "1_000", "NO", "007", "x-y", "é", "#", "",
    ]

    static let extensionKeys = ["x-barcode", "x-tags", "x-store", "x-nested", "x-1", "x-", "x-yes"]

    static let unknownItemKeys = ["prize", "colour", "qty", "Name", "notes2", "tags"]

    static let unknownTopLevelKeys = ["owner", "store", "titel", "version"]

    static let commentTexts = [
        "note", "fruit first", "got it at the market", "#", "key: value", "- item", "über 10 €", "寿司", "a # b",
        "", "TODO", "\"quoted\"", "'single'", "trailing tab\tinside",
    ]
}
