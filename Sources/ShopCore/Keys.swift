/// The top-level keys of a shop file, in the order the formatter writes them.
public enum ListKey: String, CaseIterable, Sendable {
    case title, currency, categories, items
}

/// The keys of an item, in the order the formatter writes them.
public enum ItemKey: String, CaseIterable, Sendable {
    case name, id, price, quantity, unit, category, buy, done, notes

    /// Whether the key holds text (as opposed to a number or a bool).
    public var isText: Bool {
        switch self {
        case .name, .id, .unit, .category, .notes: true
        case .price, .quantity, .buy, .done: false
        }
    }
}

/// Whether a key is a user extension (`x-...`), kept as written and never reported.
func isExtensionKey(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
    key.count >= 2 && key[0] == UInt8(ascii: "x") && key[1] == UInt8(ascii: "-")
}

extension ItemKey {
    /// The item key spelled exactly by `bytes`, if any.
    static func matching(_ bytes: UnsafeBufferPointer<UInt8>) -> ItemKey? {
        switch bytes.count {
        case 2: return bytesEqual(bytes, "id") ? .id : nil
        case 3: return bytesEqual(bytes, "buy") ? .buy : nil
        case 4:
            if bytesEqual(bytes, "name") { return .name }
            if bytesEqual(bytes, "unit") { return .unit }
            if bytesEqual(bytes, "done") { return .done }
            return nil
        case 5:
            if bytesEqual(bytes, "price") { return .price }
            if bytesEqual(bytes, "notes") { return .notes }
            return nil
        case 8:
            if bytesEqual(bytes, "quantity") { return .quantity }
            if bytesEqual(bytes, "category") { return .category }
            return nil
        default:
            return nil
        }
    }
}

extension ListKey {
    /// The top-level key spelled exactly by `bytes`, if any.
    static func matching(_ bytes: UnsafeBufferPointer<UInt8>) -> ListKey? {
        for key in ListKey.allCases where bytesEqual(bytes, text: key.rawValue) {
            return key
        }
        return nil
    }
}

@inline(__always)
func bytesEqual(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
    guard bytes.count == text.utf8CodeUnitCount else { return false }
    let expected = text.utf8Start
    for index in 0..<bytes.count where bytes[index] != expected[index] {
        return false
    }
    return true
}

func bytesEqual(_ bytes: UnsafeBufferPointer<UInt8>, text: String) -> Bool {
    var text = text
    return text.withUTF8 { expected in
        expected.count == bytes.count && zip(expected, bytes).allSatisfy { $0 == $1 }
    }
}

/// Suggests what a mistyped word was meant to be: the same letters in another case, a common
/// synonym of a known key, or at most a third of the letters off.
public enum SpellingSuggestion {
    static let synonyms: [String: String] = [
        "qty": "quantity", "amount": "quantity", "count": "quantity", "cost": "price", "note": "notes",
        "comment": "notes", "description": "notes", "cat": "category", "section": "category", "aisle": "category",
        "bought": "done", "checked": "done", "uuid": "id", "item": "items", "list": "items", "categories": "category",
    ]

    /// The candidate closest to `key`, when it is close enough to be what was meant.
    public static func closest(to key: String, among candidates: [String]) -> String? {
        let lower = key.lowercased()
        if let synonym = synonyms[lower], candidates.contains(synonym) { return synonym }
        let letters = Array(lower.unicodeScalars)
        var best: (String, Int)?
        for candidate in candidates {
            let target = Array(candidate.lowercased().unicodeScalars)
            // The distance is at least the difference in length: a candidate that far off cannot be
            // suggested, and measuring a very long word against it would only cost time.
            guard abs(letters.count - target.count) <= max(1, candidate.count / 3) else { continue }
            let distance = editDistance(letters, target)
            if best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best else { return nil }
        let allowed = max(1, candidate.count / 3)
        return distance <= allowed ? candidate : nil
    }

    /// Edit distance counting a swap of two neighbouring letters as one edit.
    static func editDistance<T: Equatable>(_ lhs: [T], _ rhs: [T]) -> Int {
        if lhs.isEmpty { return rhs.count }
        if rhs.isEmpty { return lhs.count }
        var previousPrevious = [Int](repeating: 0, count: rhs.count + 1)
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for i in 1...lhs.count {
            current[0] = i
            for j in 1...rhs.count {
                let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && lhs[i - 1] == rhs[j - 2] && lhs[i - 2] == rhs[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            previousPrevious = previous
            previous = current
        }
        return previous[rhs.count]
    }
}
