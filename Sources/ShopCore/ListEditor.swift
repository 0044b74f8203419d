import YAML

/// Why an edit was refused, in words for the person who asked for it.
public struct EditRefusal: Error, Hashable, Sendable {
    /// The explanation, with what to do instead.
    public var message: String
    /// Findings that explain the refusal (for a file that is broken), if any.
    public var diagnostics: [Diagnostic]

    /// Creates a refusal.
    public init(_ message: String, diagnostics: [Diagnostic] = []) {
        self.message = message
        self.diagnostics = diagnostics
    }
}

/// The values to give an item's fields; nil leaves a field as it is.
public struct ItemValues: Sendable {
    /// The name (a new name, for `edit`).
    public var name: String?
    /// The price, as typed: checked like a price in the file.
    public var price: String?
    /// The quantity, as typed: checked like a quantity in the file.
    public var quantity: String?
    /// The unit.
    public var unit: String?
    /// The category.
    public var category: String?
    /// The notes.
    public var notes: String?
    /// Whether the item is on the shopping list.
    public var buy: Bool?
    /// The stable identifier.
    public var id: String?

    /// No values.
    public init(
        name: String? = nil, price: String? = nil, quantity: String? = nil, unit: String? = nil,
        category: String? = nil, notes: String? = nil, buy: Bool? = nil, id: String? = nil
    ) {
        self.name = name
        self.price = price
        self.quantity = quantity
        self.unit = unit
        self.category = category
        self.notes = notes
        self.buy = buy
        self.id = id
    }
}

/// Changes a list the way a careful person editing the file would: exactly what was asked, in
/// canonical form, with every comment and every other key kept, and nothing that breaks a rule.
///
/// Every change goes through the document, so a value written by an edit reads back exactly as one
/// written by hand; the list is decoded again after each change.
public struct ListEditor: Sendable {
    /// The document with the changes so far.
    public private(set) var document: Document
    /// The list as it is now.
    public private(set) var list: ShoppingList
    /// Notes for the person: what was done, and warnings such as a category not in `categories`.
    public private(set) var notes: [String] = []
    /// Whether anything changed.
    public private(set) var changed = false

    /// Starts editing a document. A document with syntax or structure errors cannot be edited.
    public init(document: Document) throws(EditRefusal) {
        try self.init(list: ShoppingList(document: document))
    }

    /// Starts editing a list already decoded from its document, without decoding it again. A list
    /// with syntax or structure errors cannot be edited.
    public init(list: ShoppingList) throws(EditRefusal) {
        document = list.document
        self.list = list
        if list.hasStructureErrors {
            throw EditRefusal(
                "the file has errors that must be fixed by hand first (see 'shop check')",
                diagnostics: list.diagnostics.filter { $0.severity == .error })
        }
    }

    // MARK: Finding items

    /// The item whose name matches `name` the way duplicate detection compares names.
    public func item(named name: String) throws(EditRefusal) -> Item {
        let key = NameKey(name)
        if key.isEmpty { throw EditRefusal("an item name is needed, not an empty one") }
        let matches = items(matching: key)
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            let lines = matches.compactMap { document.node($0.node).location.map { String($0.line) } }
            throw EditRefusal(
                "\"\(name)\" names \(matches.count) items (lines \(lines.joined(separator: ", "))); rename one of them first")
        }
        var message = "no item named \"\(name)\""
        let names = list.items.compactMap(\.name)
        let suggestions = closestNames(to: name, among: names)
        if !suggestions.isEmpty {
            message += " (did you mean " + suggestions.map { "\"\($0)\"" }.joined(separator: " or ") + "?)"
        }
        throw EditRefusal(message)
    }

    /// The items whose names have `key`, in file order. Names are compared by fingerprint first,
    /// straight from the document, so that finding one item in a long list builds no other item.
    private func items(matching key: NameKey) -> [Item] {
        let target = NameKey.fingerprint(of: key.bytes)
        let candidates = document.withRawNodes { nodes -> [Int] in
            var positions: [Int] = []
            for (position, mapping) in list.itemNodes.enumerated() {
                guard let name = Self.nameNode(of: Int(mapping), nodes: nodes) else { continue }
                if NameKey.fingerprint(ofName: nodes.value(name)).fingerprint == target { positions.append(position) }
            }
            return positions
        }
        let items = list.items
        return candidates.map { items[$0] }.filter { item in item.name.map { NameKey($0) == key } ?? false }
    }

    /// The value node of an item's `name` key, when it is a scalar with a value.
    private static func nameNode(of mapping: Int, nodes: RawNodes) -> Int? {
        for (key, value) in nodes.entries(of: mapping)
        where nodes.isScalar(key) && ItemKey.matching(nodes.value(key)) == .name {
            return nodes.isScalar(value) && !nodes.isNull(value) ? value : nil
        }
        return nil
    }

    private func closestNames(to name: String, among names: [String]) -> [String] {
        let target = Self.unaccentedKey(name)
        let scored = names.map { candidate -> (String, Int) in
            let distance = SpellingSuggestion.editDistance(target, Self.unaccentedKey(candidate))
            return (candidate, distance)
        }
        let allowed = max(2, target.count / 3)
        let close = scored.filter { $0.1 <= allowed }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        if !close.isEmpty { return close.prefix(3).map(\.0) }
        // A word of the name is enough to suggest an item: "milk" finds "Oat milk".
        let words = target.split(separator: " ")
        return names.filter { candidate in
            let candidateWords = Self.unaccentedKey(candidate).split(separator: " ")
            return words.contains { candidateWords.contains($0) }
        }.prefix(3).map { $0 }
    }

    /// A name's key without its accents (combining marks after decomposition), so that a name
    /// typed without them, such as "creme fraiche", still finds "Crème fraîche".
    private static func unaccentedKey(_ name: String) -> [Unicode.Scalar] {
        NameKey(name).description.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }
    }

    // MARK: Changes

    /// Appends an item. Refused when the name is taken or a value breaks its rule.
    public mutating func add(_ values: ItemValues) throws(EditRefusal) {
        // White space around a name typed on the command line is never meant.
        guard let name = values.name?.trimmingWhiteSpace(), !NameKey(name).isEmpty else {
            throw EditRefusal("an item needs a name that is not empty")
        }
        try refuseDuplicate(name)
        guard let items = list.itemsNode else {
            throw EditRefusal("the file has no \"items\" list")
        }
        var entries = [FragmentEntry("name", .text(name))]
        if let id = values.id { entries.append(FragmentEntry("id", .text(id))) }
        if let price = values.price { entries.append(FragmentEntry("price", try priceFragment(price))) }
        if let quantity = values.quantity { entries.append(FragmentEntry("quantity", try quantityFragment(quantity))) }
        if let unit = values.unit { entries.append(FragmentEntry("unit", try textFragment(unit, key: "unit"))) }
        if let category = values.category {
            entries.append(FragmentEntry("category", try textFragment(category, key: "category")))
            noteUnlistedCategory(category)
        }
        if values.buy == true { entries.append(FragmentEntry("buy", .plain("true"))) }
        if let notes = values.notes { entries.append(FragmentEntry("notes", try textFragment(notes, key: "notes"))) }
        let count = document.node(items).count
        apply(document.insertingItem(.mapping(entries), into: items, at: count))
        notes.append("added \"\(name)\"")
    }

    /// Changes the fields of the item named `name`; `unset` removes keys.
    public mutating func edit(_ name: String, values: ItemValues, unset: [String]) throws(EditRefusal) {
        let item = try self.item(named: name)
        let label = item.name ?? name
        if let newName = values.name?.trimmingWhiteSpace() {
            guard !NameKey(newName).isEmpty else { throw EditRefusal("the new name is empty") }
            if NameKey(newName) != NameKey(label) { try refuseDuplicate(newName) }
            try set(.name, to: .text(newName), on: item.position)
        }
        if let price = values.price { try set(.price, to: try priceFragment(price), on: item.position) }
        if let quantity = values.quantity { try set(.quantity, to: try quantityFragment(quantity), on: item.position) }
        if let unit = values.unit { try set(.unit, to: try textFragment(unit, key: "unit"), on: item.position) }
        if let category = values.category {
            try set(.category, to: try textFragment(category, key: "category"), on: item.position)
            noteUnlistedCategory(category)
        }
        if let notes = values.notes { try set(.notes, to: try textFragment(notes, key: "notes"), on: item.position) }
        for key in unset {
            if key == "name" { throw EditRefusal("an item keeps its name; use --name to rename it") }
            removeKey(key, from: item.position)
        }
        notes.append(changed ? "changed \"\(values.name ?? label)\"" : "\"\(label)\" already had these values")
    }

    /// Removes the item named `name`, with its comments.
    public mutating func remove(_ name: String) throws(EditRefusal) {
        let item = try self.item(named: name)
        apply(document.removingItem(item.node))
        notes.append("removed \"\(item.name ?? name)\"")
    }

    /// Puts the item named `name` on the shopping list, optionally with a quantity.
    public mutating func buy(_ name: String, quantity: String? = nil) throws(EditRefusal) {
        let item = try self.item(named: name)
        if let quantity { try set(.quantity, to: try quantityFragment(quantity), on: item.position) }
        try set(.buy, to: .plain("true"), on: item.position)
        notes.append("\"\(item.name ?? name)\" is on the list")
    }

    /// Takes the item named `name` off the shopping list (removes `buy` and `done`).
    public mutating func unbuy(_ name: String) throws(EditRefusal) {
        let item = try self.item(named: name)
        removeKey("done", from: item.position)
        removeKey("buy", from: item.position)
        notes.append("took \"\(item.name ?? name)\" off the list")
    }

    /// Checks the item named `name` off; an item not on the list is put on it: it is in the basket.
    public mutating func markDone(_ name: String) throws(EditRefusal) {
        let item = try self.item(named: name)
        try set(.buy, to: .plain("true"), on: item.position)
        try set(.done, to: .plain("true"), on: item.position)
        notes.append("checked off \"\(item.name ?? name)\"")
    }

    /// Unchecks the item named `name` (removes `done`).
    public mutating func markUndone(_ name: String) throws(EditRefusal) {
        let item = try self.item(named: name)
        removeKey("done", from: item.position)
        notes.append("unchecked \"\(item.name ?? name)\"")
    }

    /// After a trip: takes the done items off the list; with `all`, empties the list.
    public mutating func clear(all: Bool) {
        var cleared = 0
        var keys: [NodeID] = []
        for item in list.items {
            // An item with `buy: false` is not on the list: its line (and comment) stays.
            guard item.done || (all && item.buy) else { continue }
            let entries = document.node(item.node).entries
            keys += entries.filter { $0.key.hasValue("done") || $0.key.hasValue("buy") }.map(\.key.id)
            cleared += 1
        }
        if !keys.isEmpty {
            // Removed from the last to the first, so that every node still to be removed keeps its
            // place, and the list is decoded once, not once per item: a long list clears quickly.
            var edited = document
            for key in keys.sorted(by: >) { edited = edited.removingEntry(key: key) }
            apply(edited)
        }
        notes.append(cleared == 1 ? "took 1 item off the list" : "took \(cleared) items off the list")
    }

    // MARK: Fields

    /// Sets a known key of the item at `position`: the value is replaced in place (its comments
    /// stay), or a new entry goes where the canonical key order puts it.
    private mutating func set(_ key: ItemKey, to value: Fragment, on position: Int) throws(EditRefusal) {
        let item = list.items[position]
        if let valueNode = item.valueNode(key) {
            let node = document.node(valueNode)
            if case .scalar(let text, let style) = value, node.isScalar, node.value == text,
                style != .plain || node.scalarStyle == .plain
            {
                return
            }
            apply(document.replacing(valueNode, with: value))
            return
        }
        let mapping = document.node(item.node)
        let entries = mapping.entries
        var insertAt = entries.count
        for (index, entry) in entries.enumerated() {
            guard let other = entry.key.value.flatMap({ ItemKey(rawValue: $0) }) else { continue }
            if other.position > key.position {
                insertAt = index
                break
            }
        }
        apply(document.insertingEntry(key: .plain(key.rawValue), value: value, into: item.node, at: insertAt))
    }

    /// Removes every entry with the key `key` from the item at `position`.
    private mutating func removeKey(_ key: String, from position: Int) {
        while true {
            let item = list.items[position]
            let mapping = document.node(item.node)
            guard let entry = mapping.entries.first(where: { $0.key.hasValue(key) }) else { return }
            apply(document.removingEntry(key: entry.key.id))
        }
    }

    private mutating func apply(_ edited: Document) {
        document = edited
        list = ShoppingList(document: edited)
        changed = true
    }

    // MARK: Values

    private func refuseDuplicate(_ name: String) throws(EditRefusal) {
        if let existing = items(matching: NameKey(name)).first {
            let line = document.node(existing.node).location.map { " (line \($0.line))" } ?? ""
            throw EditRefusal("an item named \"\(existing.name ?? name)\" already exists\(line)")
        }
    }

    private func priceFragment(_ text: String) throws(EditRefusal) -> Fragment {
        switch ValueReading.price(text, decimals: list.priceDecimals, currencyCode: list.currency?.code) {
        case .success(let price): return .plain(price.formatted(decimals: list.priceDecimals))
        case .failure(let problem): throw EditRefusal(problem.message)
        }
    }

    private func quantityFragment(_ text: String) throws(EditRefusal) -> Fragment {
        switch ValueReading.quantity(text) {
        case .success(let quantity): return .plain(quantity.description)
        case .failure(let problem): throw EditRefusal(problem.message)
        }
    }

    private func textFragment(_ text: String, key: String) throws(EditRefusal) -> Fragment {
        guard !text.trimmingWhiteSpace().isEmpty else {
            throw EditRefusal("\(key) is empty; use --unset \(key) to remove it")
        }
        // Notes keep their lines as given; a unit or category never means its outer spaces.
        return .text(key == "notes" ? text : text.trimmingWhiteSpace())
    }

    private mutating func noteUnlistedCategory(_ category: String) {
        guard let categories = list.categories else { return }
        let key = NameKey(category)
        if !categories.contains(where: { NameKey($0) == key }) {
            notes.append("warning: category \"\(category)\" is not in \"categories\"")
        }
    }
}
