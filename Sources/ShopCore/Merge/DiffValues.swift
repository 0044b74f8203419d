import JSON
import YAML

/// How the diff shows values: prices with the currency's decimals, quantities in shortest form,
/// flags as `true`/`false`, texts as written (quoted when a line would be unclear), collections in
/// flow style; a key an item does not have shows its default (`1`, `false`) or `none`.
enum DiffValues {
    /// The value of the node `node`, the value of a key with `meaning`, in a list whose prices
    /// have `decimals` decimals.
    static func value(_ node: Int, _ nodes: RawNodes, meaning: ValueMeaning, decimals: Int) -> ListDiff.Value {
        guard nodes.isScalar(node) else {
            return ListDiff.Value(text: flowText(node, nodes), json: json(node, nodes))
        }
        if nodes.isNull(node) { return absent(meaning) }
        let bytes = nodes.value(node)
        var canonical: String?
        if case .item(let key) = meaning {
            switch key.kind.read(bytes, decimals: decimals) {
            case .decimal(let number): canonical = key.kind.canonicalText(number, decimals: decimals)
            case .flag(let flag): canonical = ValueKind.canonicalText(flag)
            case .text, .invalid: break
            }
        } else if meaning == .currency, let currency = Currency(code: String(decoding: bytes, as: UTF8.self)) {
            canonical = currency.code
        }
        let text = canonical ?? String(decoding: bytes, as: UTF8.self)
        if meaning == .data, ScalarAnalysis.resolvesToNonString(bytes) {
            // Text that would read as something else unquoted (`"5"` beside the number 5) shows its quotes.
            guard nodes.isPlain(node) else { return ListDiff.Value(text: JSONStringEscaper.quoted(text), json: .string(text)) }
            // And the number or flag itself is one in JSON too, where it can be written as one.
            if let number = JSONNumber(text) { return ListDiff.Value(text: text, json: .number(number)) }
            // The booleans of YAML 1.2, which every reader reads as such (`yes` only some).
            switch text {
            case "true", "True", "TRUE": return ListDiff.Value(text: text, json: .bool(true))
            case "false", "False", "FALSE": return ListDiff.Value(text: text, json: .bool(false))
            default: break
            }
        }
        return ListDiff.Value(text: canonical ?? quotedIfUnclear(text), json: .string(text))
    }

    /// What a key an item does not have shows: its default, else `none`.
    static func absent(_ meaning: ValueMeaning) -> ListDiff.Value {
        if case .item(let key) = meaning, let value = key.definition.defaultValue {
            return ListDiff.Value(text: value, json: .null)
        }
        return ListDiff.Value(text: "none", json: .null)
    }

    /// The value, or what shows for its absence.
    static func value(_ node: Int?, _ nodes: RawNodes, meaning: ValueMeaning, decimals: Int) -> ListDiff.Value {
        node.map { value($0, nodes, meaning: meaning, decimals: decimals) } ?? absent(meaning)
    }

    /// A text in double quotes with JSON's escapes when it is empty, has line breaks or other
    /// control characters, white space at either end, a quote at the start, or the separators of
    /// a diff line (`, `, ` -> `) or the word `none`; else as it is.
    static func quotedIfUnclear(_ text: String) -> String {
        isUnclear(text) ? JSONStringEscaper.quoted(text) : text
    }

    /// Whether a text needs its quotes in a diff line (see ``quotedIfUnclear(_:)``), judged on
    /// Unicode scalars: white space at an end is the first or last scalar's, and a separator counts
    /// even where a combining mark follows its space.
    ///
    /// It looks at the UTF-8 bytes: the control characters, the quote and the separators are
    /// ASCII, and no byte of a longer scalar is below 0x80, so one scan finds them. A diff or a
    /// dry run shows every value of every item it adds: comparing characters was 17% of the
    /// instructions of a dry-run import of 10,000 lines, and this scan is less than a tenth of that.
    static func isUnclear(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return true }
        if first == UInt8(ascii: "\"") || utf8.elementsEqual("none".utf8) { return true }
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        var beforeThat: UInt8 = 0
        for byte in utf8 {
            if byte < 0x20 || byte == 0x7F { return true }
            if byte == UInt8(ascii: " ") {
                // `, ` and ` -> `.
                if previous == UInt8(ascii: ",") { return true }
                if previous == UInt8(ascii: ">") && beforePrevious == UInt8(ascii: "-") && beforeThat == UInt8(ascii: " ") {
                    return true
                }
            }
            beforeThat = beforePrevious
            beforePrevious = previous
            previous = byte
        }
        let space = UInt8(ascii: " ")
        let startsWithSpace = first < 0x80 ? first == space : text.unicodeScalars.first?.properties.isWhitespace == true
        let endsWithSpace = last < 0x80 ? last == space : text.unicodeScalars.last?.properties.isWhitespace == true
        return startsWithSpace || endsWithSpace
    }

    /// A collection in flow style, its scalars as text (quoted when unclear).
    static func flowText(_ node: Int, _ nodes: RawNodes) -> String {
        if nodes.isScalar(node) {
            return nodes.isNull(node) ? "null" : quotedIfUnclear(String(decoding: nodes.value(node), as: UTF8.self))
        }
        if nodes.isSequence(node) {
            return "[" + nodes.items(of: node).map { flowText($0, nodes) }.joined(separator: ", ") + "]"
        }
        return "{" + nodes.entries(of: node).map { flowText($0.key, nodes) + ": " + flowText($0.value, nodes) }
            .joined(separator: ", ") + "}"
    }

    /// YAML data as JSON: scalars as strings, null as null, sequences as arrays, mappings as
    /// objects (keys that are not scalars written in flow style).
    static func json(_ node: Int, _ nodes: RawNodes) -> JSONValue {
        if nodes.isScalar(node) {
            return nodes.isNull(node) ? .null : .string(String(decoding: nodes.value(node), as: UTF8.self))
        }
        if nodes.isSequence(node) {
            return .array(nodes.items(of: node).map { json($0, nodes) })
        }
        return .object(
            JSONObject(
                nodes.entries(of: node).map { entry in
                    let key =
                        nodes.isScalar(entry.key)
                        ? String(decoding: nodes.value(entry.key), as: UTF8.self) : flowText(entry.key, nodes)
                    return JSONMember(key, json(entry.value, nodes))
                }))
    }
}
