import ShopCore

/// The values offered for a key's value, by its ``CompletionSource``, from the list in the
/// document (when it could be read).
struct CompletionValues {
    /// One value to offer.
    struct Value: Equatable {
        /// The value.
        var text: String
        /// A note beside it.
        var detail: String?
        /// What kind of value it is.
        var kind: CompletionItemKind

        /// Whether the value is text, to be quoted where YAML would read it as something else
        /// (`true` and `EUR` are written as they are).
        var isText: Bool { kind == .value }
    }

    /// The list the values come from; nil when the document could not be read.
    let list: ShoppingList?

    /// The values for `source`, in the order to show them, without the one being typed
    /// (`typed`) when only the item being written uses it: a word half typed is no category yet.
    func values(for source: CompletionSource, typing typed: String?) -> [Value] {
        if source == .catalogNames { return catalogValues(typing: typed) }
        let all = values(for: source)
        guard let list, let typed = typed?.trimmingWhiteSpace(), !typed.isEmpty,
            source == .categories || source == .unitsInFile || source == .sizesInFile
        else { return all }
        let uses = list.items.count(where: { item in
            let value =
                switch source {
                case .categories: item.category
                case .sizesInFile: item.size
                default: item.unit
                }
            return value?.trimmingWhiteSpace() == typed
        })
        let listed = source == .categories && (list.categories ?? []).contains(typed)
        guard uses <= 1 && !listed else { return all }
        return all.filter { $0.text != typed }
    }

    /// The values for `source`, in the order to show them.
    func values(for source: CompletionSource) -> [Value] {
        switch source {
        case .none:
            return []
        case .flags:
            return [Value(text: "true", kind: .keyword), Value(text: "false", kind: .keyword)]
        case .currencyCodes:
            return Currency.minorUnits.keys.sorted().map { code in
                let decimals = Currency.minorUnits[code] ?? Currency.defaultDecimals
                return Value(text: code, detail: decimals == 1 ? "1 decimal" : "\(decimals) decimals", kind: .enumMember)
            }
        case .categories:
            return list.map(Self.categories).map { $0.map { Value(text: $0, detail: "category", kind: .value) } } ?? []
        case .unitsInFile:
            return list.map(Self.units).map { $0.map { Value(text: $0, detail: "unit", kind: .value) } } ?? []
        case .sizesInFile:
            return list.map(Self.sizes).map { $0.map { Value(text: $0, detail: "size", kind: .value) } } ?? []
        case .catalogNames:
            return catalogValues(typing: nil)
        }
    }

    /// The categories of `list`: those `categories` names, in aisle order, then those items use
    /// that it does not name, in order of first use; each once, as names compare.
    static func categories(of list: ShoppingList) -> [String] {
        var seen: Set<NameKey> = []
        var result: [String] = []
        func add(_ spelling: String) {
            let trimmed = spelling.trimmingWhiteSpace()
            guard !trimmed.isEmpty, seen.insert(NameKey(trimmed)).inserted else { return }
            result.append(trimmed)
        }
        for category in list.categories ?? [] { add(category) }
        // Most items spell their category as others do: each spelling is compared once.
        var spellings: Set<String> = []
        for item in list.items {
            if let category = item.category, spellings.insert(category).inserted { add(category) }
        }
        return result
    }

    /// The catalog's item names, each with the catalog item's price and unit beside it.
    private func catalogValues(typing typed: String?) -> [Value] {
        guard let list, let catalog = list.catalog else { return [] }
        let decimals = catalog.priceDecimals
        var details: [NameKey: String] = [:]
        for item in catalog.items {
            guard let name = item.name?.trimmingWhiteSpace(), !name.isEmpty, details[NameKey(name)] == nil else { continue }
            let price = item.price.map { $0.formatted(decimals: decimals) + (catalog.currency.map { " " + $0.code } ?? "") }
            let per = item.unit.map { " per " + $0 } ?? ""
            details[NameKey(name)] = "catalog item" + (price.map { ", " + $0 + per } ?? "")
        }
        return Self.catalogNames(of: list, typing: typed).map { name in
            Value(text: name, detail: details[NameKey(name)] ?? "catalog item", kind: .value)
        }
    }

    /// The names of the items of the catalog `list` was resolved against, in the catalog's order,
    /// each once, as names compare; without those the list has already, which would be the same
    /// item twice (the name being typed, `typed`, counts only when another item has it too). None
    /// when the list names no catalog or it could not be read.
    static func catalogNames(of list: ShoppingList, typing typed: String? = nil) -> [String] {
        guard let catalog = list.catalog else { return [] }
        var seen: Set<NameKey> = []
        var typedKey = typed.map { NameKey($0.trimmingWhiteSpace()) }
        for item in list.items {
            guard let name = item.name?.trimmingWhiteSpace(), !name.isEmpty else { continue }
            let key = NameKey(name)
            // One item with the typed name is the one being typed.
            if key == typedKey {
                typedKey = nil
                continue
            }
            seen.insert(key)
        }
        var result: [String] = []
        for item in catalog.items {
            guard let name = item.name?.trimmingWhiteSpace(), !name.isEmpty, seen.insert(NameKey(name)).inserted else { continue }
            result.append(name)
        }
        return result
    }

    /// The units the items of `list` use, as written, the most used first (ties in order of
    /// first use).
    static func units(of list: ShoppingList) -> [String] {
        mostUsed(list) { $0.unit }
    }

    /// The sizes the items of `list` have that are written as a list writes sizes, the most used
    /// first (ties in order of first use): a size `bad-size` reports is not offered.
    static func sizes(of list: ShoppingList) -> [String] {
        mostUsed(list) { item in item.size.flatMap { PackSize($0) == nil ? nil : $0 } }
    }

    /// The values `value` gives of the items of `list`, as written, the most used first (ties in
    /// order of first use).
    private static func mostUsed(_ list: ShoppingList, _ value: (Item) -> String?) -> [String] {
        var counts: [String: (count: Int, first: Int)] = [:]
        for (position, item) in list.items.enumerated() {
            guard let text = value(item)?.trimmingWhiteSpace(), !text.isEmpty else { continue }
            counts[text, default: (0, position)].count += 1
        }
        return counts.sorted { ($0.value.count, -$0.value.first) > ($1.value.count, -$1.value.first) }.map(\.key)
    }
}
