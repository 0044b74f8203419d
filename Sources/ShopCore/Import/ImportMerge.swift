/// Lines of one import that name one item, made one: quantities added up (when they are in one
/// unit), and every other value the same wherever it is given.
enum ImportMerge {
    /// The entries merged into one, on the first one's line; the problems, on the line of the
    /// entry that disagrees with an earlier one.
    static func merge(_ entries: [ImportEntry]) -> Result<ImportEntry, ImportRefusal> {
        var merged = entries[0]
        var problems: [ImportProblem] = []
        // The line that gave each value first.
        var quantityLine = merged.line
        var unitLine = merged.line
        var lines: [ItemKey: Int] = [:]
        for entry in entries.dropFirst() {
            func disagree(_ what: String, _ first: Int, _ earlier: String, _ later: String) {
                problems.append(
                    ImportProblem(
                        line: entry.line,
                        message:
                            "\"\(entry.name)\" has \(what) \(later) here but \(earlier) on line \(first); give one"))
            }
            merged.countsPacks = merged.countsPacks || entry.countsPacks
            if !sameSize(merged.fields[.size], entry.fields[.size]) {
                if let size = entry.fields[.size], merged.fields[.size] == nil {
                    merged.fields[.size] = size
                    lines[.size] = entry.line
                } else if entry.fields[.size] != nil {
                    // `coffee 500 g` and `coffee 1 kg` are two things to buy, not one sum.
                    disagree(
                        "the size", lines[.size] ?? merged.line, describe(merged.fields[.size]), describe(entry.fields[.size]))
                    continue
                }
            }
            if let quantity = entry.fields[decimal: .quantity] {
                if let sum = merged.fields[decimal: .quantity] {
                    if !sameText(merged.fields[.unit], entry.fields[.unit]) {
                        problems.append(
                            ImportProblem(
                                line: entry.line,
                                message:
                                    "\"\(entry.name)\" is counted in \(unitName(entry.fields[.unit])) here but in "
                                    + "\(unitName(merged.fields[.unit])) on line \(quantityLine); quantities of one item add up only in one unit"
                            ))
                        continue
                    }
                    merged.fields[decimal: .quantity] = sum + quantity
                } else {
                    if merged.fields[.unit] != nil && !sameText(merged.fields[.unit], entry.fields[.unit]) {
                        disagree("the unit", unitLine, describe(merged.fields[.unit]), describe(entry.fields[.unit]))
                        continue
                    }
                    merged.fields[decimal: .quantity] = quantity
                    quantityLine = entry.line
                }
            }
            if let unit = entry.fields[.unit] {
                if let known = merged.fields[.unit] {
                    if !sameText(known, unit) { disagree("the unit", unitLine, describe(known), describe(unit)) }
                } else {
                    merged.fields[.unit] = unit
                    unitLine = entry.line
                }
            }
            if let price = entry.fields[decimal: .price] {
                if let known = merged.fields[decimal: .price] {
                    if known != price { disagree("the price", lines[.price] ?? merged.line, "\(known)", "\(price)") }
                } else {
                    merged.fields[decimal: .price] = price
                    merged.priceCurrency = entry.priceCurrency
                    lines[.price] = entry.line
                }
            }
            for key in [ItemKey.category, .notes, .id] {
                guard let value = entry.fields[key] else { continue }
                if let known = merged.fields[key] {
                    let same = key == .category ? NameKey(known) == NameKey(value) : known == value
                    if !same { disagree("the \(key.rawValue)", lines[key] ?? merged.line, describe(known), describe(value)) }
                } else {
                    merged.fields[key] = value
                    lines[key] = entry.line
                }
            }
            for key in [ItemKey.buy, .done] {
                guard let value = entry.fields[flag: key] else { continue }
                if let known = merged.fields[flag: key] {
                    if known != value { disagree(key.rawValue, lines[key] ?? merged.line, "\(known)", "\(value)") }
                } else {
                    merged.fields[flag: key] = value
                    lines[key] = entry.line
                }
            }
        }
        if let quantity = merged.fields[decimal: .quantity], quantity >= ValueReading.limit {
            problems.append(
                ImportProblem(
                    line: entries[entries.count - 1].line,
                    message: "the quantities of \"\(merged.name)\" add up to \(quantity); quantities are under 1,000,000,000"))
        }
        return problems.isEmpty ? .success(merged) : .failure(ImportRefusal(problems))
    }

    /// Two sizes are one when they say the same (`500g` and `500 g`), or are written alike; no size
    /// equals only no size.
    static func sameSize(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): return true
        case (let lhs?, let rhs?):
            if lhs.trimmingWhiteSpace() == rhs.trimmingWhiteSpace() { return true }
            guard let left = PackSize.reading(lhs), let right = PackSize.reading(rhs) else { return false }
            return left == right
        default: return false
        }
    }

    /// Units and categories are compared the way names are; no unit equals only no unit.
    static func sameText(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case (let lhs?, let rhs?): NameKey(lhs) == NameKey(rhs)
        default: false
        }
    }

    private static func unitName(_ unit: String?) -> String {
        unit.map { "\"\($0)\"" } ?? "no unit"
    }

    private static func describe(_ text: String?) -> String {
        text.map { "\"\($0)\"" } ?? "none"
    }
}
