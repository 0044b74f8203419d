import YAML

/// Reads one item mapping into an ``Item``, reporting what breaks the rules when asked to.
struct ItemDecoder {
    typealias Report = (Rule, Int, String) -> Void

    let document: Document
    let nodes: RawNodes
    let decimals: Int
    let currencyCode: String?

    mutating func decode(_ mapping: Int, position: Int, report: Report?) -> Item {
        Item(document: document, node: NodeID(index: mapping), position: position, fields: scan(mapping, report: report))
    }

    /// Reads an item mapping's known keys and values, reporting what breaks the rules.
    func scan(_ mapping: Int, report: Report?) -> ItemFields {
        var item = ItemFields()
        var seenKnown: UInt16 = 0
        // Unknown and extension keys by their text, so that a mapping with very many of them is
        // still checked in linear time.
        var otherKeys: [[UInt8]: Int] = [:]
        // The digits after a comma that ended a price or quantity early: reported with it.
        var splitKey = -1
        let mappingEnd = nodes.subtreeEnd(mapping)
        for (key, value) in nodes.entries(of: mapping) {
            if key == splitKey { continue }
            guard nodes.isScalar(key) else {
                report?(.structure, key, "an item's keys must be text, not a \(kindName(key))")
                continue
            }
            let keyBytes = nodes.value(key)
            guard let known = ItemKey.matching(keyBytes) else {
                if let report {
                    let text = Array(keyBytes)
                    if let first = otherKeys[text] {
                        report(.duplicateKey, key, duplicateKeyMessage(keyBytes, first: first))
                    } else {
                        if !isExtensionKey(keyBytes) {
                            report(.unknownKey, key, unknownKeyMessage(keyBytes))
                        }
                        otherKeys[text] = key
                    }
                }
                continue
            }
            let bit: UInt16 = 1 << UInt16(known.position)
            if seenKnown & bit != 0 {
                report?(.duplicateKey, key, duplicateKeyMessage(keyBytes, first: Int(item.nodes[known.position * 2])))
                continue
            }
            seenKnown |= bit
            item.nodes[known.position * 2] = Int32(key)
            item.nodes[known.position * 2 + 1] = Int32(value)
            if known == .price || known == .quantity,
                let split = SplitDecimal.after(value: value, mappingEnd: mappingEnd, nodes: nodes)
            {
                splitKey = split.fractionKey
                let rule: Rule = known == .price ? .badPrice : .badQuantity
                report?(rule, value, split.message(key: known.rawValue, flow: nodes.isFlow(mapping)))
                continue
            }
            read(known, value: value, into: &item, report: report)
        }
        return item
    }

    private func read(_ key: ItemKey, value: Int, into item: inout ItemFields, report: Report?) {
        guard nodes.isScalar(value) else {
            let expected: String
            switch key {
            case .price, .quantity: expected = "a number"
            case .buy, .done: expected = "true or false"
            default: expected = "text"
            }
            report?(.structure, value, "\"\(key.rawValue)\" must be \(expected), not a \(kindName(value))")
            return
        }
        if nodes.isNull(value) { return }
        let bytes = nodes.value(value)
        switch key {
        case .name, .id, .unit, .category, .notes:
            // Texts are read from the document when asked for.
            break
        case .price:
            switch ValueReading.price(bytes, decimals: decimals, currencyCode: currencyCode) {
            case .success(let price): item.price = price
            case .failure(let problem): report?(.badPrice, value, problem.message)
            }
        case .quantity:
            switch ValueReading.quantity(bytes) {
            case .success(let quantity): item.quantity = quantity
            case .failure(let problem): report?(.badQuantity, value, problem.message)
            }
        case .buy, .done:
            if let flag = ValueReading.bool(bytes) {
                if key == .buy { item.buy = flag } else { item.done = flag }
            } else {
                let text = String(decoding: bytes, as: UTF8.self)
                report?(.structure, value, "\"\(key.rawValue)\" must be true or false, not \"\(text)\"")
            }
        }
    }

    func kindName(_ node: Int) -> String {
        nodes.isMapping(node) ? "mapping" : (nodes.isSequence(node) ? "list" : "scalar")
    }

    func duplicateKeyMessage(_ key: UnsafeBufferPointer<UInt8>, first: Int) -> String {
        let text = String(decoding: key, as: UTF8.self)
        return "duplicate key \"\(text)\"\(lineNote(first, "first at")); keep only one"
    }

    func unknownKeyMessage(_ key: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: key, as: UTF8.self)
        if let suggestion = SpellingSuggestion.closest(to: text, among: ItemKey.allCases.map(\.rawValue)) {
            return "unknown key \"\(text)\" (did you mean \"\(suggestion)\"?)"
        }
        return "unknown key \"\(text)\"; extension keys start with \"x-\""
    }

    /// ` (first at line N)` for a node with a position; filled in by the list decoder, which knows
    /// lines. Here the offset is encoded and resolved later.
    func lineNote(_ node: Int, _ words: String) -> String {
        guard let offset = nodes.startOffset(node) else { return "" }
        return " (\(words) \(LineReference.placeholder(offset)))"
    }
}

/// Line numbers in messages are resolved only for the messages that are reported, so that a clean
/// file never builds its line table.
enum LineReference {
    static let marker: Character = "\u{1}"

    static func placeholder(_ offset: Int) -> String {
        "line \(marker)\(offset)\(marker)"
    }

    /// Replaces every placeholder with the line number of its offset.
    static func resolve(_ message: String, in source: SourceText) -> String {
        guard message.contains(marker) else { return message }
        var result = ""
        var parts = message.split(separator: marker, omittingEmptySubsequences: false).makeIterator()
        var inside = false
        while let part = parts.next() {
            if inside, let offset = Int(part) {
                result += String(source.line(containing: offset))
            } else {
                result += part
            }
            inside.toggle()
        }
        return result
    }
}

@inline(__always)
func memoryEqual(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for index in 0..<lhs.count where lhs[index] != rhs[index] {
        return false
    }
    return true
}
