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

    /// The one candidate close to `word` as ``closest(to:among:)`` measures closeness (at most a
    /// third of the letters off); nil when none is, or when several are and which was meant is a
    /// guess.
    public static func onlyClose(to word: String, among candidates: [String]) -> String? {
        let letters = Array(word.lowercased().unicodeScalars)
        var found: String?
        for candidate in candidates {
            let target = Array(candidate.lowercased().unicodeScalars)
            let allowed = max(1, candidate.count / 3)
            guard abs(letters.count - target.count) <= allowed, editDistance(letters, target) <= allowed else { continue }
            guard found == nil else { return nil }
            found = candidate
        }
        return found
    }

    /// Up to three item names close to `name`, the closest first: names compared as duplicate
    /// detection compares them, accents ignored (`creme fraiche` finds `Crème fraîche`), at most a
    /// third of the letters off; else the names that share a word with it (`milk` finds
    /// `Oat milk`).
    public static func closestNames(to name: String, among names: [String]) -> [String] {
        let target = unaccentedKey(name)
        let scored = names.map { candidate -> (String, Int) in
            (candidate, editDistance(target, unaccentedKey(candidate)))
        }
        let allowed = max(2, target.count / 3)
        let close = scored.filter { $0.1 <= allowed }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        if !close.isEmpty { return close.prefix(3).map(\.0) }
        let words = target.split(separator: " ")
        return names.filter { candidate in
            let candidateWords = unaccentedKey(candidate).split(separator: " ")
            return words.contains { candidateWords.contains($0) }
        }.prefix(3).map { $0 }
    }

    /// A name's key without its accents (combining marks after decomposition).
    private static func unaccentedKey(_ name: String) -> [Unicode.Scalar] {
        NameKey(name).description.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }
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
