import YAML

/// What an import changes, worked out in full before anything is planned in the editor, so that a
/// refused import leaves the editor as it was.
struct ImportPlanner {
    let editor: ListEditor
    var list: ShoppingList { editor.list }
    /// The positions of the items with each name.
    private var positions: [NameKey: [Int]] = [:]
    /// Every id in the list, and the position of its first item.
    private var ids: [String: Int] = [:]
    /// The item after the last item of each category, by name key (nil: the end).
    private var insertionPoints: [NameKey: NodeID?] = [:]

    private enum Change {
        case set(ItemKey, Fragment)
        case unset(String)
    }

    private var changes: [(item: Item, changes: [Change])] = []
    private var additions: [(entry: ImportEntry, before: NodeID?)] = []
    /// The categories of `categories`, by name key, as they are spelled there.
    private var listedCategories: [NameKey: String] = [:]
    /// The categories new items name that `categories` does not, in the order they came.
    private var unlistedCategories: [String] = []
    private var unlistedKeys: Set<NameKey> = []
    private var unchanged = 0

    init(editor: ListEditor) {
        self.editor = editor
        for category in editor.list.categories ?? [] where listedCategories[NameKey(category)] == nil {
            listedCategories[NameKey(category)] = category
        }
        let items = editor.list.items
        for position in items.indices {
            let item = items[position]
            if let name = item.name { positions[NameKey(name), default: []].append(position) }
            if let id = item.id, ids[id] == nil { ids[id] = position }
            if let category = item.category {
                insertionPoints[NameKey(category)] = position + 1 < items.count ? items[position + 1].node : nil
            }
        }
    }

    mutating func plan(_ entries: [ImportEntry], problems: inout [ImportProblem]) {
        // The first entry of each name, and the later ones of names given more than once: most
        // names are given once, and a large import keeps no array per name.
        var firsts: [NameKey: Int] = [:]
        var order: [(key: NameKey, first: Int)] = []
        var repeats: [Int: [Int]] = [:]
        for (index, entry) in entries.enumerated() {
            let key = NameKey(entry.name)
            if let first = firsts[key] {
                repeats[first, default: []].append(index)
            } else {
                firsts[key] = index
                order.append((key, index))
            }
        }
        firsts = [:]
        var newIDs: [String: Int] = [:]
        for (key, first) in order {
            let entry: ImportEntry
            switch ImportMerge.merge([entries[first]] + (repeats[first] ?? []).map { entries[$0] }) {
            case .failure(let refusal):
                problems += refusal.problems
                continue
            case .success(let merged): entry = merged
            }
            let before = problems.count
            check(entry, problems: &problems)
            let matches = positions[key] ?? []
            var target: Item?
            if matches.count > 1 {
                let lines = matches.compactMap { list.document.node(list.items[$0].node).location.map { String($0.line) } }
                problems.append(
                    ImportProblem(
                        line: entry.line,
                        message:
                            "\"\(entry.name)\" names \(matches.count) items of the list (lines \(lines.joined(separator: ", "))); rename one of them first"
                    ))
            } else if let position = matches.first {
                target = list.items[position]
                do throws(EditRefusal) {
                    try editor.refuseRepeatedKeys(list.items[position])
                } catch {
                    problems.append(ImportProblem(line: entry.line, message: error.message))
                }
            }
            if let id = entry.id, target == nil || entry.changesKnownItems {
                let owner = ids[id].map { list.items[$0] }
                if let owner {
                    if owner.node != target?.node {
                        let line = list.document.node(owner.node).location.map { " (line \($0.line))" } ?? ""
                        problems.append(
                            ImportProblem(
                                line: entry.line, message: "the id \"\(id)\" is the id of \"\(owner.name ?? "")\"\(line)"))
                    }
                } else if let first = newIDs[id] {
                    problems.append(ImportProblem(line: entry.line, message: "the id \"\(id)\" is given on line \(first) too"))
                } else {
                    newIDs[id] = entry.line
                }
            }
            if let target, entry.changesKnownItems, let unit = entry.unit, unit != target.unit, entry.quantity == nil,
                let quantity = target.quantity
            {
                // `flour @ 1.99/kg` for 500 g of flour would make it 500 kg.
                let had = ValueKind.quantity.canonicalText(quantity, decimals: 3) + (target.unit.map { " " + $0 } ?? "")
                problems.append(
                    ImportProblem(
                        line: entry.line,
                        message: "\"\(target.name ?? entry.name)\" is \(had); give its quantity in \(unit) too"))
            }
            guard problems.count == before else { continue }
            if let target {
                planChanges(to: target, from: entry)
            } else {
                planAddition(entry)
            }
        }
    }

    /// The values an entry gives that the list cannot take.
    private func check(_ entry: ImportEntry, problems: inout [ImportProblem]) {
        guard let price = entry.price else { return }
        let decimals = list.priceDecimals
        // Asked first: `1.500` in yen is ambiguous before it has too many decimals.
        if let kind = ValueReading.ambiguousPoint(price, decimals: decimals) {
            let problem = ValueProblem(key: "price", text: price.formatted(decimals: price.scale), kind: kind)
            problems.append(ImportProblem(line: entry.line, message: problem.message))
        } else if price.significantDecimals > decimals {
            let problem = ValueProblem(
                key: "price", text: price.description,
                kind: .tooManyDecimals(places: price.significantDecimals, allowed: decimals, currencyCode: list.currency?.code))
            problems.append(ImportProblem(line: entry.line, message: problem.message))
        }
        if let marker = entry.priceCurrency, let code = list.currency?.code, !CurrencyMarker.marker(marker, standsFor: code) {
            problems.append(
                ImportProblem(line: entry.line, message: "the price is in \(marker) but the list's currency is \(code)"))
        }
    }

    private mutating func planChanges(to item: Item, from entry: ImportEntry) {
        var planned: [Change] = []
        if entry.changesKnownItems {
            if let quantity = entry.quantity, quantity != item.effectiveQuantity {
                planned.append(.set(.quantity, .plain(ValueKind.quantity.canonicalText(quantity, decimals: 3))))
            }
            if let unit = entry.unit, unit != item.unit { planned.append(.set(.unit, .text(unit.trimmingWhiteSpace()))) }
            if let price = entry.price, price != item.price {
                planned.append(.set(.price, .plain(ValueKind.price.canonicalText(price, decimals: list.priceDecimals))))
            }
            if let category = entry.category, NameKey(category) != item.category.map(NameKey.init) {
                planned.append(.set(.category, .text(listedCategories[NameKey(category)] ?? category.trimmingWhiteSpace())))
            }
            if let notes = entry.notes, notes != item.notes { planned.append(.set(.notes, .text(notes))) }
            if let id = entry.id, id != item.id { planned.append(.set(.id, .text(id.trimmingWhiteSpace()))) }
        }
        let buy = entry.buy ?? true
        let done = entry.done ?? (buy ? item.done : false)
        if buy && !item.buy { planned.append(.set(.buy, .plain("true"))) }
        if !buy && item.buy { planned.append(.unset("buy")) }
        if done && !item.done { planned.append(.set(.done, .plain("true"))) }
        if !done && item.done { planned.append(.unset("done")) }
        if planned.isEmpty {
            unchanged += 1
        } else {
            changes.append((item, planned))
        }
    }

    /// Notes a new item; its entries are made when the import is applied, so that a refused
    /// import never builds them.
    private mutating func planAddition(_ entry: ImportEntry) {
        var entry = entry
        var before: NodeID?
        if let typed = entry.category {
            let key = NameKey(typed)
            let category = listedCategories[key] ?? typed.trimmingWhiteSpace()
            entry.category = category
            if let point = insertionPoints[key] { before = point }
            if list.categories != nil, listedCategories[key] == nil, unlistedKeys.insert(key).inserted {
                unlistedCategories.append(category)
            }
        }
        additions.append((entry, before))
    }

    /// A new item's mapping: its keys in canonical order, its values in canonical form.
    private func subtree(for entry: ImportEntry) -> Subtree {
        var entries = [FragmentEntry("name", .text(entry.name.trimmingWhiteSpace()))]
        if let id = entry.id { entries.append(FragmentEntry("id", .text(id.trimmingWhiteSpace()))) }
        if let price = entry.price {
            entries.append(FragmentEntry("price", .plain(ValueKind.price.canonicalText(price, decimals: list.priceDecimals))))
        }
        // A quantity of 1 is what an item without one has.
        if let quantity = entry.quantity, quantity != DecimalNumber(1) {
            entries.append(FragmentEntry("quantity", .plain(ValueKind.quantity.canonicalText(quantity, decimals: 3))))
        }
        if let unit = entry.unit { entries.append(FragmentEntry("unit", .text(unit.trimmingWhiteSpace()))) }
        if let category = entry.category { entries.append(FragmentEntry("category", .text(category))) }
        if entry.buy ?? true { entries.append(FragmentEntry("buy", .plain("true"))) }
        if entry.done == true { entries.append(FragmentEntry("done", .plain("true"))) }
        if let notes = entry.notes { entries.append(FragmentEntry("notes", .text(notes))) }
        return Subtree(.mapping(entries))
    }

    /// Plans every change in the editor, and says what the import did.
    func apply(to editor: inout ListEditor) {
        for (item, planned) in changes {
            for change in planned {
                switch change {
                case .set(let key, let value): editor.plan(item, set: key, to: value)
                case .unset(let key): editor.plan(item, unset: key)
                }
            }
        }
        if let items = list.itemsNode {
            for (entry, before) in additions {
                let subtree = subtree(for: entry)
                if let before {
                    editor.itemChanges.insertItem(subtree, into: items, before: before)
                } else {
                    editor.itemChanges.insertItem(subtree, into: items)
                }
            }
        }
        for category in unlistedCategories {
            editor.note(.warning, "category \"\(category)\" is not in \"categories\"")
        }
        if changes.isEmpty && additions.isEmpty {
            editor.note(.unchanged, "nothing to import: the list already has every item as given")
        } else {
            editor.note(.changed, "imported: \(additions.count) added, \(changes.count) changed, \(unchanged) unchanged")
        }
    }
}
