import YAML

/// The changes the editing commands make. Each plans its change and says what it did; a change that
/// is already there is said so and planned not at all, so that a command that changes nothing
/// writes nothing.
extension ListEditor {
    /// Adds an item: after the last item of its category (so that the file stays grouped, and two
    /// people adding items of different categories do not touch the same lines), else at the end.
    /// Refused when the name is taken or a value breaks its rule.
    public mutating func add(_ values: ItemValues) throws(EditRefusal) {
        // White space around a name typed on the command line is never meant.
        guard let name = values.fields[.name]?.trimmingWhiteSpace(), !NameKey(name).isEmpty else {
            throw EditRefusal("an item needs a name that is not empty")
        }
        try refuseDuplicate(name)
        try refuseCatalogItem(name)
        guard let items = list.itemsNode else {
            throw EditRefusal("the file has no \"items\" list")
        }
        var entries = [FragmentEntry("name", .text(name))]
        if let id = values.fields[.id] { entries.append(FragmentEntry("id", .text(id))) }
        if let price = values.fields[.price] { entries.append(FragmentEntry("price", try priceFragment(price))) }
        if let quantity = values.fields[.quantity] {
            entries.append(FragmentEntry("quantity", try quantityFragment(quantity, item: nil)))
        }
        if let unit = values.fields[.unit] { entries.append(FragmentEntry("unit", try textFragment(unit, key: "unit", adding: true))) }
        if let size = values.fields[.size] { entries.append(FragmentEntry("size", try sizeFragment(size, adding: true))) }
        var before: NodeID?
        if let typed = values.fields[.category] {
            _ = try textFragment(typed, key: "category", adding: true)
            let category = try listedCategory(typed, new: values.newCategory)
            entries.append(FragmentEntry("category", .text(category)))
            before = itemAfterLast(ofCategory: category)
        }
        if values.fields[flag: .buy] == true { entries.append(FragmentEntry("buy", .plain("true"))) }
        if let notes = values.fields[.notes] { entries.append(FragmentEntry("notes", try textFragment(notes, key: "notes", adding: true))) }
        itemChanges.insertItem(Subtree(.mapping(entries)), into: items, before: before)
        note(.changed, "added \"\(name)\"")
    }

    /// The item right after the last item of `category` (compared like names); nil when that item
    /// is the last one or no item has the category: the new one then goes at the end.
    func itemAfterLast(ofCategory category: String) -> NodeID? {
        let key = NameKey(category)
        let items = list.items
        guard let last = items.lastIndex(where: { item in item.category.map { NameKey($0) == key } ?? false }),
            last + 1 < items.count
        else { return nil }
        return items[last + 1].node
    }

    /// Puts `item`, a catalog item the list does not name, on the list: `- name: NAME` (as the
    /// catalog spells it) with `buy: true`, `quantity` and `done` when given; placed as `add`
    /// places items, by the category the catalog gives it. Its other values stay the catalog's.
    private mutating func addFromCatalog(_ item: Item, quantity: Fragment?, done: Bool) throws(EditRefusal) {
        guard let items = list.itemsNode else {
            throw EditRefusal("the file has no \"items\" list")
        }
        var entries = [FragmentEntry("name", .text(item.name ?? ""))]
        if let quantity { entries.append(FragmentEntry("quantity", quantity)) }
        entries.append(FragmentEntry("buy", .plain("true")))
        if done { entries.append(FragmentEntry("done", .plain("true"))) }
        let before = item.category.flatMap { itemAfterLast(ofCategory: $0) }
        itemChanges.insertItem(Subtree(.mapping(entries)), into: items, before: before)
    }

    /// Changes the fields of the item named `name`; `unset` removes keys. Each value goes to the
    /// file that owns it: `quantity`, a new name and the keys a catalog does not supply to the list;
    /// `price`, `unit`, `size`, `category` and `notes` (and `--unset id`) to the list when it sets
    /// them, else to the catalog item the list's item is. An item only the catalog has is edited in
    /// the catalog, but for its quantity, which is the list's own.
    public mutating func edit(_ name: String, values: ItemValues, unset: [String]) throws(EditRefusal) {
        guard let target = try targetToChange(named: name, by: "edit", addHint: suggestedCommand("add", name: name))
        else { return }
        let item: Item
        switch target {
        case .catalogOnly(let found):
            let label = found.name ?? name
            if let quantity = values.fields[.quantity] {
                throw EditRefusal(
                    "\"\(label)\" is only in the catalog (\(catalogName)), and a quantity is the list's own; "
                        + "put it on the list with '\(suggestedCommand("buy", "--quantity " + Self.quotedForShell(quantity), name: label))'")
            }
            try withCatalogEditor { editor throws(EditRefusal) in
                try editor.edit(item: found, name: label, values: values, unset: unset)
            }
            return
        case .listed(let found):
            item = found
        }
        guard let catalogItem = item.catalogItem else {
            try edit(item: item, name: name, values: values, unset: unset)
            return
        }
        // The values the catalog owns: those the list's item does not set itself.
        var own = values
        var shared = ItemValues(newCategory: values.newCategory)
        for key in ItemKey.allCases where key.comesFromCatalog && item.owner(of: key) != .list {
            shared.fields[key] = values.fields[key]
            own.fields[key] = nil
        }
        let mapping = list.document.node(item.node)
        let catalogMapping = catalogItem.list.document.node(catalogItem.node)
        var ownUnset: [String] = []
        var sharedUnset: [String] = []
        for key in unset {
            let inherited =
                (ItemKey(rawValue: key)?.comesFromCatalog ?? false) && !mapping.entries.contains { $0.key.hasValue(key) }
                && catalogMapping.entries.contains { $0.key.hasValue(key) }
            if inherited { sharedUnset.append(key) } else { ownUnset.append(key) }
        }
        let label = item.name ?? name
        let ownPart = !own.fields.keys.isEmpty || !ownUnset.isEmpty
        let sharedPart = !shared.fields.keys.isEmpty || !sharedUnset.isEmpty
        if ownPart {
            if own.fields[.category] == nil { own.newCategory = false }
            try edit(item: item, name: label, values: own, unset: ownUnset)
        }
        if sharedPart {
            try withCatalogEditor { editor throws(EditRefusal) in
                try editor.edit(item: catalogItem, name: catalogItem.name ?? label, values: shared, unset: sharedUnset)
            }
        }
        if let newName = values.fields[.name]?.trimmingWhiteSpace(), item.owner(of: .id) != .list, let catalog = list.catalog,
            Self.items(of: catalog, matching: NameKey(newName)).isEmpty
        {
            note(
                .warning,
                "\"\(newName)\" is not in the catalog (\(catalogName)), which keeps \"\(catalogItem.name ?? label)\": "
                    + "the list's item no longer takes its values from there")
        }
    }

    /// Changes the fields of `item`, an item of this editor's list, named `name` in messages.
    mutating func edit(item: Item, name: String, values: ItemValues, unset: [String]) throws(EditRefusal) {
        try refuseRepeatedKeys(item)
        let label = item.name ?? name
        let before = plans[item.node.index].map { $0.sets.count + $0.unsets.count } ?? 0
        if let newName = values.fields[.name]?.trimmingWhiteSpace() {
            guard !NameKey(newName).isEmpty else { throw EditRefusal("the new name is empty") }
            if NameKey(newName) != NameKey(label) { try refuseDuplicate(newName) }
            setText(.name, newName, on: item)
        }
        if let price = values.fields[.price] {
            let fragment = try priceFragment(price)
            if item.price.map({ DecimalNumber(fragmentText(fragment)) == $0 }) != true { plan(item, set: .price, to: fragment) }
        }
        if let quantity = values.fields[.quantity] {
            let fragment = try quantityFragment(quantity, item: label)
            if item.quantity.map({ DecimalNumber(fragmentText(fragment)) == $0 }) != true {
                plan(item, set: .quantity, to: fragment)
            }
        }
        if let unit = values.fields[.unit] { setText(.unit, fragmentText(try textFragment(unit, key: "unit")), on: item) }
        if let size = values.fields[.size] { setText(.size, fragmentText(try sizeFragment(size)), on: item) }
        if let typed = values.fields[.category] {
            _ = try textFragment(typed, key: "category")
            setText(.category, try listedCategory(typed, new: values.newCategory), on: item)
        }
        if let notes = values.fields[.notes] { setText(.notes, fragmentText(try textFragment(notes, key: "notes")), on: item) }
        let mapping = list.document.node(item.node)
        for key in unset {
            if key == "name" { throw EditRefusal("an item keeps its name; use --name to rename it") }
            if mapping.entries.contains(where: { $0.key.hasValue(key) }) {
                plan(item, unset: key)
            } else if ItemKey(rawValue: key) == nil && !key.hasPrefix("x-") {
                // A key no item has and this one does not either is a slip, not a change already made.
                var message = "\"\(label)\" has no key \"\(key)\" to unset"
                if let meant = SpellingSuggestion.closest(to: key, among: ItemKey.allCases.map(\.rawValue)) {
                    message += " (did you mean \"\(meant)\"?)"
                }
                throw EditRefusal(message)
            }
        }
        let after = plans[item.node.index].map { $0.sets.count + $0.unsets.count } ?? 0
        if after > before {
            note(.changed, "changed \"\(values.fields[.name]?.trimmingWhiteSpace() ?? label)\"")
        } else {
            note(.unchanged, "\"\(label)\" already had these values")
        }
    }

    /// Removes the item named `name`, with its comments; from the list file only. An item only the
    /// list's catalog has is refused: other lists may name it, and a catalog is changed by
    /// removing the item from it by name.
    public mutating func remove(_ name: String) throws(EditRefusal) {
        guard let target = try targetToChange(named: name, by: "rm") else { return }
        let item: Item
        switch target {
        case .catalogOnly(let found):
            let label = found.name ?? name
            throw EditRefusal(
                "\"\(label)\" is not in this list but in its catalog (\(catalogName)), which other lists may name; "
                    + "to remove it from the catalog, run 'shop -f \(Self.quotedForShell(catalogName)) rm \(Self.quotedForShell(label))'")
        case .listed(let found):
            item = found
        }
        removedItems.insert(item.node.index)
        if plans.removeValue(forKey: item.node.index) != nil { planOrder.removeAll { $0 == item.node.index } }
        itemChanges.removeItem(item.node)
        note(.changed, "removed \"\(item.name ?? name)\"")
    }

    /// Puts the item named `name` on the shopping list, optionally with a quantity.
    public mutating func buy(_ name: String, quantity: String? = nil) throws(EditRefusal) {
        let hint = suggestedCommand("add", "--buy", name: name)
        guard let target = try targetToChange(named: name, by: "buy", addHint: hint) else { return }
        let item: Item
        switch target {
        case .catalogOnly(let found):
            let label = found.name ?? name
            let fragment: Fragment?
            if let quantity { fragment = try quantityFragment(quantity, item: label) } else { fragment = nil }
            try addFromCatalog(found, quantity: fragment, done: false)
            note(.changed, "\"\(label)\" is on the list" + (fragment.map { ", quantity \(fragmentText($0))" } ?? ""))
            return
        case .listed(let found):
            item = found
        }
        let label = item.name ?? name
        var newQuantity: String?
        if let quantity {
            let fragment = try quantityFragment(quantity, item: label)
            if item.quantity.map({ DecimalNumber(fragmentText(fragment)) == $0 }) != true {
                plan(item, set: .quantity, to: fragment)
                newQuantity = fragmentText(fragment)
            }
        }
        if item.buy {
            if let newQuantity {
                note(.changed, "\"\(label)\" is on the list, quantity now \(newQuantity)")
            } else {
                note(.unchanged, "\"\(label)\" is already on the list")
            }
            return
        }
        plan(item, set: .buy, to: .plain("true"))
        note(.changed, "\"\(label)\" is on the list")
    }

    /// Takes the item named `name` off the shopping list (removes `buy` and `done`).
    public mutating func unbuy(_ name: String) throws(EditRefusal) {
        guard let target = try targetToChange(named: name, by: "unbuy") else { return }
        guard case .listed(let item) = target else {
            if case .catalogOnly(let found) = target { note(.unchanged, "\"\(found.name ?? name)\" is not on the list") }
            return
        }
        let label = item.name ?? name
        guard item.buy || item.done else {
            note(.unchanged, "\"\(label)\" is not on the list")
            return
        }
        if item.keyNode(.done) != nil { plan(item, unset: "done") }
        if item.keyNode(.buy) != nil { plan(item, unset: "buy") }
        note(.changed, "took \"\(label)\" off the list")
    }

    /// Checks the item named `name` off; an item not on the list is put on it: it is in the basket.
    public mutating func markDone(_ name: String) throws(EditRefusal) {
        let hint = suggestedCommand("add", "--buy", name: name)
        guard let target = try targetToChange(named: name, by: "done", addHint: hint) else { return }
        let item: Item
        switch target {
        case .catalogOnly(let found):
            try addFromCatalog(found, quantity: nil, done: true)
            note(.changed, "checked off \"\(found.name ?? name)\"")
            return
        case .listed(let found):
            item = found
        }
        let label = item.name ?? name
        guard !(item.buy && item.done) else {
            note(.unchanged, "\"\(label)\" is already checked off")
            return
        }
        if !item.buy { plan(item, set: .buy, to: .plain("true")) }
        if !item.done { plan(item, set: .done, to: .plain("true")) }
        note(.changed, "checked off \"\(label)\"")
    }

    /// Unchecks the item named `name` (removes `done`).
    public mutating func markUndone(_ name: String) throws(EditRefusal) {
        guard let target = try targetToChange(named: name, by: "undone") else { return }
        guard case .listed(let item) = target else {
            if case .catalogOnly(let found) = target { note(.unchanged, "\"\(found.name ?? name)\" is not checked off") }
            return
        }
        let label = item.name ?? name
        guard item.done else {
            note(.unchanged, "\"\(label)\" is not checked off")
            return
        }
        plan(item, unset: "done")
        note(.changed, "unchecked \"\(label)\"")
    }

    /// After a trip: takes the done items off the list; with `all`, empties the list.
    public mutating func clear(all: Bool) throws(EditRefusal) {
        var cleared = 0
        for item in list.items {
            // An item with `buy: false` is not on the list: its line (and comment) stays.
            guard item.done || (all && item.buy) else { continue }
            try refuseRepeatedKeys(item)
            if item.keyNode(.done) != nil { plan(item, unset: "done") }
            if item.keyNode(.buy) != nil { plan(item, unset: "buy") }
            cleared += 1
        }
        if cleared == 0 {
            note(.unchanged, all ? "the shopping list is already empty" : "no item is checked off; nothing to clear")
        } else {
            note(.changed, cleared == 1 ? "took 1 item off the list" : "took \(cleared) items off the list")
        }
    }

    /// Plans a text value unless the item has exactly it already.
    private mutating func setText(_ key: ItemKey, _ text: String, on item: Item) {
        let current = item.valueNode(key).flatMap { list.document.node($0).value }
        if current != text { plan(item, set: key, to: .text(text)) }
    }

    private func fragmentText(_ fragment: Fragment) -> String {
        if case .scalar(let text, _) = fragment { return text }
        return ""
    }
}
