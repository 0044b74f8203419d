import YAML

/// What an import asks of the list it changes before it changes it: which items have the names and
/// ids its entries give, and where their categories end. The list is looked at for these only, so
/// that nothing is built of the items not asked about.
struct ItemQuestions {
    /// The fingerprints (``NameKey/fingerprint(ofName:)``) of the names of the entries. The items
    /// of a name are found by its fingerprint: an item whose name has the fingerprint of another
    /// that is asked about is found too, which tells the truth about it, and the 8 bytes of a
    /// fingerprint are all an import of a long input keeps of each name.
    var names: Set<UInt64> = []
    /// The ids asked about.
    var ids: Set<String> = []
    /// The categories asked about, as names are compared.
    var categories: Set<NameKey> = []

    /// The names, ids and categories of `entries`.
    init(_ entries: [ImportEntry]) {
        names.reserveCapacity(entries.count)
        for entry in entries {
            names.insert(Self.fingerprint(entry.name))
            if let id = entry.fields[.id] { ids.insert(id) }
            if let category = entry.fields[.category] { categories.insert(NameKey(category)) }
        }
    }

    /// The fingerprint of a name's key.
    static func fingerprint(_ name: String) -> UInt64 {
        var name = name
        return name.withUTF8 { NameKey.fingerprint(ofName: $0).fingerprint }
    }
}

/// An item of the list with a name asked about, as an edit needs it: its values, where it is,
/// and whether it may be changed.
struct NamedItem {
    /// The item's position among all the list's items.
    var position: Int
    /// The byte offset its mapping starts at: its line is worked out only for a message, so
    /// that gathering the targets of a long list never builds the table of its lines.
    var offset: Int?
    /// The item's values: its own, else its catalog item's; `buy` and `done` always.
    var fields: ItemFields
    var effectiveQuantity: DecimalNumber
    /// Why the item may not be changed: a key written twice.
    var repeatedKeys: EditRefusal?

    init(_ item: Item, in list: ShoppingList, position: Int) {
        self.position = position
        offset = list.document.node(item.node).startOffset
        fields = ItemFields()
        for key in ItemKey.allCases where key.kind.isText { fields[key] = item.text(key) }
        fields[decimal: .price] = item.price
        fields[decimal: .quantity] = item.quantity
        fields[flag: .buy] = item.buy
        fields[flag: .done] = item.done
        effectiveQuantity = item.effectiveQuantity
        repeatedKeys = ListEditor.repeatedKeys(of: item, in: list.document)
    }
}

/// What an import needs to know of a list to plan its changes (``ImportPlanner``): the list's
/// settings, the items with the names asked about, the first item of each id asked about, and
/// where each category asked about ends.
struct ItemFacts {
    /// The currency's code, when the list has one.
    let currencyCode: String?
    /// The decimals of the list's prices.
    let priceDecimals: Int
    /// Whether the list has `categories`.
    let hasCategories: Bool
    /// The categories of `categories`, by name key, as they are spelled there (the first of each).
    var listedCategories: [NameKey: String] = [:]
    /// The items with each name asked about, in list order.
    var named: [NameKey: [NamedItem]] = [:]
    /// The first item with each id asked about.
    var idOwners: [String: NamedItem] = [:]
    /// The position of the last item of each category asked about.
    var lastOfCategory: [NameKey: Int] = [:]
    /// How many items the list has.
    let count: Int
    /// The list's text, which the lines of items are worked out from.
    private let source: SourceText

    /// The facts of `list` that `questions` ask about: most items are not asked about, and are
    /// passed over by their name's fingerprint without building anything.
    init(list: ShoppingList, questions: ItemQuestions) {
        currencyCode = list.currency?.code
        priceDecimals = list.priceDecimals
        hasCategories = list.categories != nil
        for category in list.categories ?? [] where listedCategories[NameKey(category)] == nil {
            listedCategories[NameKey(category)] = category
        }
        source = list.document.source
        let records = list.records
        count = records.count
        // A list has few categories, written the same way again and again.
        var askedCategories: [String: NameKey] = [:]
        var otherCategories: Set<String> = []
        for (position, item) in list.items.enumerated() {
            if questions.names.contains(records[position].nameFingerprint), let name = item.name {
                named[NameKey(name), default: []].append(NamedItem(item, in: list, position: position))
            }
            if !questions.ids.isEmpty, let id = item.id, questions.ids.contains(id), idOwners[id] == nil {
                idOwners[id] = NamedItem(item, in: list, position: position)
            }
            if !questions.categories.isEmpty, let written = item.category, !otherCategories.contains(written) {
                if let asked = askedCategories[written] {
                    lastOfCategory[asked] = position
                } else if questions.categories.contains(NameKey(written)) {
                    askedCategories[written] = NameKey(written)
                    lastOfCategory[NameKey(written)] = position
                } else {
                    otherCategories.insert(written)
                }
            }
        }
    }

    /// The line `target` starts on.
    func line(of target: NamedItem) -> Int? {
        guard let offset = target.offset else { return nil }
        return source.location(at: offset).line
    }

    /// The position of the item a new item of `category` goes before: the one after the last
    /// item of the category; nil for the end of the list.
    func insertionPoint(for category: NameKey) -> Int? {
        guard let last = lastOfCategory[category], last + 1 < count else { return nil }
        return last + 1
    }
}
