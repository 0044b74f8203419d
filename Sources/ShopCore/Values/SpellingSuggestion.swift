/// Suggests what a mistyped word was meant to be: the same letters in another case, a common
/// synonym of a known key, or at most a third of the letters off.
public enum SpellingSuggestion {
    static let synonyms: [String: String] = [
        "qty": "quantity", "amount": "quantity", "count": "quantity", "cost": "price", "note": "notes",
        "comment": "notes", "description": "notes", "cat": "category", "section": "category", "aisle": "category",
        "bought": "done", "checked": "done", "uuid": "id", "item": "items", "list": "items", "categories": "category",
    ]

    /// The longest word, in Unicode scalars, whose distance to another is measured: a name typed
    /// longer than this is suggested only what shares a word with it. With this bound, measuring
    /// one candidate costs at most some ten thousand steps, whatever the candidates' lengths.
    static let longestMeasured = 128

    /// Whether a candidate of `candidateBytes` UTF-8 bytes may be as close as a third of its
    /// letters to a word of `wordBytes` bytes, told from the lengths alone: a candidate more than
    /// eight times as long (from 256 bytes on) cannot be, and is passed over before its letters
    /// are looked at (case folding or accents change a letter's length in bytes at most fourfold,
    /// and a closest candidate is at most half again as long as the word).
    static func mayBeClose(candidateBytes: Int, wordBytes: Int) -> Bool {
        candidateBytes <= max(256, 8 * (wordBytes + 1))
    }

    /// The candidate closest to `key`, when it is close enough to be what was meant.
    public static func closest(to key: String, among candidates: [String]) -> String? {
        let lower = key.lowercased()
        if let synonym = synonyms[lower], candidates.contains(synonym) { return synonym }
        let letters = Array(lower.unicodeScalars)
        guard letters.count <= longestMeasured else { return nil }
        var best: (String, Int)?
        for candidate in candidates where mayBeClose(candidateBytes: candidate.utf8.count, wordBytes: key.utf8.count) {
            let target = Array(candidate.lowercased().unicodeScalars)
            // The distance is at least the difference in length: a candidate that far off cannot be
            // suggested, and measuring a very long word against it would only cost time.
            guard abs(letters.count - target.count) <= max(1, candidate.count / 3) else { continue }
            // Both words are short here (at most ``longestMeasured`` letters, and the candidate
            // at most a half longer), so the whole table is small: it is measured with no bound.
            let distance = boundedEditDistance(letters, target, atMost: max(letters.count, target.count)) ?? .max
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
        guard letters.count <= longestMeasured else { return nil }
        var found: String?
        for candidate in candidates where mayBeClose(candidateBytes: candidate.utf8.count, wordBytes: word.utf8.count) {
            let target = Array(candidate.lowercased().unicodeScalars)
            let allowed = max(1, candidate.count / 3)
            guard abs(letters.count - target.count) <= allowed,
                boundedEditDistance(letters, target, atMost: allowed) != nil
            else { continue }
            guard found == nil else { return nil }
            found = candidate
        }
        return found
    }

    /// Up to three item names close to `name`, the closest first: names compared as duplicate
    /// detection compares them, accents ignored (`creme fraiche` finds `Crème fraîche`), at most a
    /// third of the letters off; else the names that share a word with it (`milk` finds
    /// `Oat milk`). A name much longer than `name` (see ``mayBeClose(candidateBytes:wordBytes:)``)
    /// is never suggested, so that the work stays in proportion to what was typed.
    public static func closestNames(to name: String, among names: [String]) -> [String] {
        var work = Work()
        return closestNames(to: name, among: names, work: &work)
    }

    /// What finding suggestions took, counted so that tests can bound it: the letters of the
    /// candidates' keys made, and the cells of edit distance tables computed.
    struct Work {
        var letters = 0
        var cells = 0
    }

    /// ``closestNames(to:among:)``, counting its work in `work`.
    static func closestNames(to name: String, among names: [String], work: inout Work) -> [String] {
        let target = unaccentedKey(name)
        let wordBytes = name.utf8.count
        let candidates = names.filter { mayBeClose(candidateBytes: $0.utf8.count, wordBytes: wordBytes) }
        let allowed = max(2, target.count / 3)
        var close: [(String, Int)] = []
        if target.count <= longestMeasured {
            for candidate in candidates {
                let key = unaccentedKey(candidate)
                work.letters += key.count
                guard abs(key.count - target.count) <= allowed,
                    let distance = boundedEditDistance(target, key, atMost: allowed, cells: &work.cells)
                else { continue }
                close.append((candidate, distance))
            }
        }
        if !close.isEmpty { return close.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0) }
        let words = target.split(separator: " ")
        return candidates.filter { candidate in
            let key = unaccentedKey(candidate)
            work.letters += key.count
            let candidateWords = key.split(separator: " ")
            return words.contains { candidateWords.contains($0) }
        }.prefix(3).map { $0 }
    }

    /// A name's key without its accents (combining marks after decomposition).
    private static func unaccentedKey(_ name: String) -> [Unicode.Scalar] {
        NameKey(name).description.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }
    }

    /// The edit distance (a swap of two neighbouring letters counting as one edit) when it is at
    /// most `limit`, else nil, computed only in the band of `limit` cells either side of the
    /// diagonal and given up as soon as a whole row is over the limit: at most `(2 * limit + 1)`
    /// cells a row.
    static func boundedEditDistance<T: Equatable>(_ lhs: [T], _ rhs: [T], atMost limit: Int) -> Int? {
        var cells = 0
        return boundedEditDistance(lhs, rhs, atMost: limit, cells: &cells)
    }

    /// ``boundedEditDistance(_:_:atMost:)``, adding the number of cells computed to `cells`.
    static func boundedEditDistance<T: Equatable>(_ lhs: [T], _ rhs: [T], atMost limit: Int, cells: inout Int) -> Int? {
        guard abs(lhs.count - rhs.count) <= limit else { return nil }
        if lhs.isEmpty || rhs.isEmpty { return max(lhs.count, rhs.count) }
        let over = limit + 1
        let width = rhs.count + 1
        // Three rows of the table; a cell outside the band holds `over`, which no path beats.
        var previousPrevious = [Int](repeating: over, count: width)
        var previous = (0...rhs.count).map { min($0, over) }
        var current = [Int](repeating: over, count: width)
        for i in 1...lhs.count {
            let low = max(1, i - limit)
            let high = min(rhs.count, i + limit)
            current[low - 1] = low == 1 ? min(i, over) : over
            var rowBest = current[low - 1]
            for j in low...high {
                let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && lhs[i - 1] == rhs[j - 2] && lhs[i - 2] == rhs[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = min(value, over)
                rowBest = min(rowBest, current[j])
            }
            cells += high - low + 1
            if high < rhs.count { current[high + 1] = over }
            if rowBest > limit { return nil }
            swap(&previousPrevious, &previous)
            swap(&previous, &current)
        }
        let distance = previous[rhs.count]
        return distance <= limit ? distance : nil
    }
}
