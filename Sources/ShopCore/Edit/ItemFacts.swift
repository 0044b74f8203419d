import YAML

/// What an edit asks of the list it changes before it changes it: which items have some names
/// and ids, and where some categories end (an import, of the names, ids and categories its entries
/// give; `add`, of its new item's name and category). The list is looked at for these only, so
/// that a long list is read in parts without keeping anything of the items not asked about.
struct ItemQuestions {
    /// The fingerprints (``NameKey/fingerprint(ofName:)``) of the names asked about: for an
    /// import the entries', and for a checklist every name a line could be read as (which reading
    /// counts depends on which names the list has). The items of a name are found by its
    /// fingerprint: an item whose name has the fingerprint of another that is asked about is found
    /// too, which tells the truth about it, and the 8 bytes of a fingerprint are all an import of
    /// a long input keeps of each name.
    var names: Set<UInt64> = []
    /// The ids asked about.
    var ids: Set<String> = []
    /// The categories asked about, as names are compared.
    var categories: Set<NameKey> = []

    /// Questions about these names and categories.
    init(names: Set<NameKey>, categories: Set<NameKey>) {
        self.names = Set(names.map { NameKey.fingerprint(of: $0.bytes) })
        self.categories = categories
    }

    /// The names, ids and categories of `entries`, and the names of the fingerprints
    /// `askedNames`.
    init(_ entries: [ImportEntry], askedNames: Set<UInt64> = []) {
        names = askedNames
        names.reserveCapacity(entries.count)
        for entry in entries {
            names.insert(Self.fingerprint(entry.name))
            if let id = entry.id { ids.insert(id) }
            if let category = entry.category { categories.insert(NameKey(category)) }
        }
    }

    /// The fingerprint of a name's key.
    static func fingerprint(_ name: String) -> UInt64 {
        var name = name
        return name.withUTF8 { NameKey.fingerprint(ofName: $0).fingerprint }
    }

    /// Whether every name, id and category of `entries` is among these.
    func cover(_ entries: [ImportEntry]) -> Bool {
        entries.allSatisfy { entry in
            names.contains(Self.fingerprint(entry.name)) && (entry.id.map(ids.contains) ?? true)
                && (entry.category.map { categories.contains(NameKey($0)) } ?? true)
        }
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
    var name: String?
    var quantity: DecimalNumber?
    var effectiveQuantity: DecimalNumber
    var unit: String?
    var price: DecimalNumber?
    var category: String?
    var notes: String?
    var id: String?
    var buy: Bool
    var done: Bool
    /// Why the item may not be changed: a key written twice.
    var repeatedKeys: EditRefusal?

    init(_ item: Item, in list: ShoppingList, position: Int) {
        self.position = position
        offset = list.document.node(item.node).startOffset
        name = item.name
        quantity = item.quantity
        effectiveQuantity = item.effectiveQuantity
        unit = item.unit
        price = item.price
        category = item.category
        notes = item.notes
        id = item.id
        buy = item.buy
        done = item.done
        repeatedKeys = ListEditor.repeatedKeys(of: item, in: list.document)
    }
}

/// What an edit needs to know of a list to plan its changes (``ImportPlanner``,
/// ``NewItemPlaceFinder``), gathered from the whole list or from its parts one after another
/// (``look(at:)``): the list's settings, the items with the names asked about, the first item of
/// each id asked about, and where each category asked about ends.
struct ItemFacts {
    /// What is asked: most items are not asked about, and are passed over by their name's
    /// fingerprint without building anything.
    let questions: ItemQuestions
    /// The currency's code, when the list has one.
    var currencyCode: String?
    /// The decimals of the list's prices.
    var priceDecimals = Currency.defaultDecimals
    /// Whether the list has `categories`.
    var hasCategories = false
    /// The categories of `categories`, by name key, as they are spelled there (the first of each).
    var listedCategories: [NameKey: String] = [:]
    /// The items with each name asked about, in list order.
    var named: [NameKey: [NamedItem]] = [:]
    /// The first item with each id asked about.
    var idOwners: [String: NamedItem] = [:]
    /// The position of the last item of each category asked about.
    var lastOfCategory: [NameKey: Int] = [:]
    /// How many items the parts looked at hold.
    var count = 0
    /// Whether the list (or a part) has structure errors: an import is then refused for those.
    var broken = false
    /// Whether an item has neither a name nor an id: a diff tells such items apart only by
    /// their places in the whole list.
    var hasUnidentifiedItems = false
    /// The list's text, which the lines of items are worked out from.
    private var source: SourceText?

    init(questions: ItemQuestions) {
        self.questions = questions
    }

    /// The facts of a whole list.
    init(list: ShoppingList, questions: ItemQuestions) {
        self.init(questions: questions)
        look(at: list)
    }

    /// Gathers the facts of one part (or of a whole list). The settings are taken from the part
    /// that holds the whole top level: the last of a list read in parts, or the whole list.
    mutating func look(at part: ShoppingList) {
        if !part.check([.structure]).isEmpty { broken = true }
        source = part.document.source
        if part.scope.holdsTopLevel {
            currencyCode = part.currency?.code
            priceDecimals = part.priceDecimals
            hasCategories = part.categories != nil
            for category in part.categories ?? [] where listedCategories[NameKey(category)] == nil {
                listedCategories[NameKey(category)] = category
            }
        }
        let first = part.scope.firstPosition
        let records = part.records
        // A list has few categories, written the same way again and again.
        var askedCategories: [String: NameKey] = [:]
        var otherCategories: Set<String> = []
        let items = part.items
        for (offset, item) in items.enumerated() {
            let position = first + offset
            // A name that is not text has no fingerprint.
            if records[offset].nameFingerprint == 0 && item.name == nil && item.id == nil { hasUnidentifiedItems = true }
            if questions.names.contains(records[offset].nameFingerprint), let name = item.name {
                named[NameKey(name), default: []].append(NamedItem(item, in: part, position: position))
            }
            if !questions.ids.isEmpty, let id = item.id, questions.ids.contains(id), idOwners[id] == nil {
                idOwners[id] = NamedItem(item, in: part, position: position)
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
        count = first + records.count
    }

    /// The line `target` starts on.
    func line(of target: NamedItem) -> Int? {
        guard let offset = target.offset, let source else { return nil }
        return source.location(at: offset).line
    }

    /// The names asked about that items have.
    var knownNames: Set<NameKey> { Set(named.keys) }

    /// The position of the item a new item of `category` goes before: the one after the last
    /// item of the category; nil for the end of the list.
    func insertionPoint(for category: NameKey) -> Int? {
        guard let last = lastOfCategory[category], last + 1 < count else { return nil }
        return last + 1
    }
}
