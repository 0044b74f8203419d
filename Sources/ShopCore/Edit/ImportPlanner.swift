import YAML

/// What an import changes, worked out in full from what it needs to know of the list
/// (``ItemFacts``) before anything is planned in an editor, so that a refused import leaves
/// the list as it was.
struct ImportPlanner {
    let facts: ItemFacts
    /// The plan made so far.
    private(set) var made: ImportPlan
    /// The categories new items name that `categories` does not, by name key.
    private var unlistedKeys: Set<NameKey> = []

    init(entries: [ImportEntry], facts: ItemFacts) {
        self.facts = facts
        made = ImportPlan(entries: entries, facts: facts)
    }

    /// Plans the entries the plan was made with, adding the problems found to `problems`.
    mutating func plan(problems: inout [ImportProblem]) {
        let entries = made.entries
        let (repeats, later) = Self.repeatedNames(entries)
        var newIDs: [String: Int] = [:]
        for first in entries.indices where !later[first] {
            let key = NameKey(entries[first].name)
            let entry: ImportEntry
            let repeated = repeats[first]
            // A name given once is merged too: its quantity is checked as a sum is.
            switch ImportMerge.merge([entries[first]] + (repeated ?? []).map { entries[$0] }) {
            case .failure(let refusal):
                problems += refusal.problems
                continue
            case .success(let merged): entry = merged
            }
            let before = problems.count
            check(entry, problems: &problems)
            let matches = facts.named[key] ?? []
            var target: NamedItem?
            if matches.count > 1 {
                let lines = matches.compactMap { facts.line(of: $0).map(String.init) }
                problems.append(
                    ImportProblem(
                        line: entry.line,
                        message:
                            "\"\(entry.name)\" names \(matches.count) items of the list (lines \(lines.joined(separator: ", "))); rename one of them first"
                    ))
            } else if let match = matches.first {
                target = match
                if let refusal = match.repeatedKeys {
                    problems.append(ImportProblem(line: entry.line, message: refusal.message))
                }
            }
            if let id = entry.fields[.id], target == nil || entry.changesKnownItems {
                if let owner = facts.idOwners[id] {
                    if owner.position != target?.position {
                        let line = facts.line(of: owner).map { " (line \($0))" } ?? ""
                        problems.append(
                            ImportProblem(
                                line: entry.line, message: "the id \"\(id)\" is the id of \"\(owner.fields[.name] ?? "")\"\(line)"))
                    }
                } else if let first = newIDs[id] {
                    problems.append(ImportProblem(line: entry.line, message: "the id \"\(id)\" is given on line \(first) too"))
                } else {
                    newIDs[id] = entry.line
                }
            }
            if let target, entry.changesKnownItems, let unit = entry.fields[.unit], unit != target.fields[.unit],
                entry.fields[.quantity] == nil, let quantity = target.fields[decimal: .quantity]
            {
                // `flour @ 1.99/kg` for 500 g of flour would make it 500 kg.
                let had = ValueKind.quantity.canonicalText(quantity, decimals: 3) + (target.fields[.unit].map { " " + $0 } ?? "")
                problems.append(
                    ImportProblem(
                        line: entry.line,
                        message: "\"\(target.fields[.name] ?? entry.name)\" is \(had); give its quantity in \(unit) too"))
            }
            guard problems.count == before else { continue }
            if let target {
                planChanges(to: target, from: entry)
            } else if repeated != nil {
                made.mergedEntries.append(entry)
                planAddition(entry, index: -made.mergedEntries.count)
            } else {
                planAddition(entry, index: first)
            }
        }
    }

    /// For each name given more than once, the index of its first entry and those of the later
    /// ones; and which entries are such later ones. Most names are given once: the entries are
    /// grouped by the fingerprints of their names (``NameKey/fingerprint(ofName:)``), keys
    /// compared only when fingerprints meet, so that a large import keeps 8 bytes a name while
    /// it groups them and no array for a name given once.
    /// `fingerprint` is the fingerprint of a name (a test gives one that makes names meet).
    static func repeatedNames(
        _ entries: [ImportEntry], fingerprint: (String) -> UInt64 = ItemQuestions.fingerprint
    ) -> (repeats: [Int: [Int]], later: [Bool]) {
        var repeats: [Int: [Int]] = [:]
        var later = [Bool](repeating: false, count: entries.count)
        var firsts: [UInt64: Int] = [:]
        firsts.reserveCapacity(entries.count)
        // The first entries of names whose fingerprint an earlier, other name has.
        var others: [NameKey: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let print = fingerprint(entry.name)
            guard let first = firsts[print] else {
                firsts[print] = index
                continue
            }
            let key = NameKey(entry.name)
            if NameKey(entries[first].name) == key {
                repeats[first, default: []].append(index)
                later[index] = true
            } else if let other = others[key] {
                repeats[other, default: []].append(index)
                later[index] = true
            } else {
                others[key] = index
            }
        }
        return (repeats, later)
    }

    /// The values an entry gives that the list cannot take.
    private func check(_ entry: ImportEntry, problems: inout [ImportProblem]) {
        guard let price = entry.fields[decimal: .price] else { return }
        let decimals = facts.priceDecimals
        // Asked first: `1.500` in yen is ambiguous before it has too many decimals.
        if let kind = ValueReading.ambiguousPoint(price, decimals: decimals) {
            let problem = ValueProblem(key: "price", text: price.formatted(decimals: price.scale), kind: kind)
            problems.append(ImportProblem(line: entry.line, message: problem.message))
        } else if price.significantDecimals > decimals {
            let problem = ValueProblem(
                key: "price", text: price.description,
                kind: .tooManyDecimals(places: price.significantDecimals, allowed: decimals, currencyCode: facts.currencyCode))
            problems.append(ImportProblem(line: entry.line, message: problem.message))
        }
        if let marker = entry.priceCurrency, let code = facts.currencyCode, !CurrencyMarker.marker(marker, standsFor: code) {
            problems.append(
                ImportProblem(line: entry.line, message: "the price is in \(marker) but the list's currency is \(code)"))
        }
    }

    private mutating func planChanges(to item: NamedItem, from entry: ImportEntry) {
        var planned: [ImportPlan.Change] = []
        if entry.changesKnownItems {
            if let quantity = entry.fields[decimal: .quantity], quantity != item.effectiveQuantity {
                planned.append(.set(.quantity, .plain(ValueKind.quantity.canonicalText(quantity, decimals: 3))))
            }
            if let unit = entry.fields[.unit], unit != item.fields[.unit] {
                planned.append(.set(.unit, .text(unit.trimmingWhiteSpace())))
            }
            if entry.countsPacks, entry.fields[.unit] == nil, item.fields[.unit] != nil { planned.append(.unset("unit")) }
            if let size = entry.fields[.size], !ImportMerge.sameSize(size, item.fields[.size]) {
                planned.append(.set(.size, .text(size.trimmingWhiteSpace())))
            }
            if let price = entry.fields[decimal: .price], price != item.fields[decimal: .price] {
                planned.append(.set(.price, .plain(ValueKind.price.canonicalText(price, decimals: facts.priceDecimals))))
            }
            if let category = entry.fields[.category], NameKey(category) != item.fields[.category].map(NameKey.init) {
                planned.append(.set(.category, .text(facts.listedCategories[NameKey(category)] ?? category.trimmingWhiteSpace())))
            }
            if let notes = entry.fields[.notes], notes != item.fields[.notes] { planned.append(.set(.notes, .text(notes))) }
            if let id = entry.fields[.id], id != item.fields[.id] { planned.append(.set(.id, .text(id.trimmingWhiteSpace()))) }
        } else if let quantity = entry.fields[decimal: .quantity], quantity != item.effectiveQuantity, !Self.hasPackUnit(item) {
            // A checklist's line whose quantity is not the list's (`Apples — 8 pcs`, `8 Apples`)
            // sets it; its ticks are all else that comes back.
            planned.append(.set(.quantity, .plain(ValueKind.quantity.canonicalText(quantity, decimals: 3))))
        }
        let buy = entry.fields[flag: .buy] ?? true
        let done = entry.fields[flag: .done] ?? (buy ? item.fields[flag: .done] == true : false)
        let onList = item.fields[flag: .buy] == true
        let inBasket = item.fields[flag: .done] == true
        if buy && !onList { planned.append(.set(.buy, .plain("true"))) }
        if !buy && onList { planned.append(.unset("buy")) }
        if done && !inBasket { planned.append(.set(.done, .plain("true"))) }
        if !done && inBasket { planned.append(.unset("done")) }
        if planned.isEmpty {
            made.unchanged += 1
        } else {
            made.changes.append((item.position, planned))
        }
    }

    /// Whether an item's unit starts with a number (`500 g`, `6`): a pack written as the unit, which
    /// the export writes alone for one of it (`Tea — 6`), so that a checklist's number there is the
    /// unit, not a quantity.
    static func hasPackUnit(_ item: NamedItem) -> Bool {
        item.fields[.unit]?.trimmingWhiteSpace().unicodeScalars.first?.properties.numericType != nil
    }

    /// Notes a new item, made of `entry` (``ImportPlan/Addition/entry`` says where the plan
    /// finds it); its mapping is made when the plan is applied, so that a refused import never
    /// builds it.
    private mutating func planAddition(_ entry: ImportEntry, index: Int) {
        var before: Int?
        if let typed = entry.fields[.category] {
            let key = NameKey(typed)
            before = facts.insertionPoint(for: key)
            if facts.hasCategories, facts.listedCategories[key] == nil, unlistedKeys.insert(key).inserted {
                made.unlistedCategories.append(typed.trimmingWhiteSpace())
            }
        }
        made.additions.append(ImportPlan.Addition(entry: index, before: before))
    }
}
