import YAML

/// Finding the items a command names, and the checks every value typed on the command line passes.
extension ListEditor {
    /// The item whose name matches `name` the way duplicate detection compares names.
    public func item(named name: String) throws(EditRefusal) -> Item {
        try item(named: name, addHint: nil)
    }

    /// The item named `name`; when none matches and no name is close, `addHint` (the command that
    /// adds it) ends the refusal.
    func item(named name: String, addHint: String?) throws(EditRefusal) -> Item {
        let key = NameKey(name)
        if key.isEmpty { throw EditRefusal("an item name is needed, not an empty one") }
        let matches = items(matching: key)
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 { throw sharedName(name, by: matches) }
        var message = "no item named \"\(name)\""
        var names = list.items.compactMap(\.name)
        if let catalog = list.catalog {
            // A catalog item the list names is suggested once.
            let listed = Set(names.map(NameKey.init))
            names += catalog.items.compactMap(\.name).filter { !listed.contains(NameKey($0)) }
        }
        let suggestions = SpellingSuggestion.closestNames(to: name, among: names)
        if !suggestions.isEmpty {
            message += " (did you mean " + suggestions.map { "\"\($0)\"" }.joined(separator: " or ") + "?)"
        } else if list.catalogProblem != nil {
            // The item may well be in the catalog: that is what to fix, not a new item to add.
            message += "; the catalog the list names cannot be read (see 'shop check')"
        } else if let addHint {
            message += "; add it with: " + addHint
        }
        throw EditRefusal(message)
    }

    /// The refusal of `name`, which the items `matches` (more than one) all have.
    func sharedName(_ name: String, by matches: [Item]) -> EditRefusal {
        let lines = matches.compactMap { list.document.node($0.node).location.map { String($0.line) } }
        return EditRefusal(
            "\"\(name)\" names \(matches.count) items (lines \(lines.joined(separator: ", "))); rename one of them first")
    }

    /// What a name on the command line names in a list that may name a catalog.
    enum Target {
        /// An item of the list file (perhaps a catalog item too: see ``Item/catalogItem``).
        case listed(Item)
        /// An item of the catalog that the list file does not name.
        case catalogOnly(Item)
    }

    /// The item named `name`: the list's, else its catalog's. A catalog item that an item of the
    /// list is by its `id` (under another name) is that item of the list.
    func target(named name: String, addHint: String?) throws(EditRefusal) -> Target {
        let key = NameKey(name)
        if !key.isEmpty, items(matching: key).isEmpty, let catalog = list.catalog,
            let found = Self.items(of: catalog, matching: key).first
        {
            if let matches = list.link?.matches, let position = matches.firstIndex(of: Int32(found.position)) {
                return .listed(list.items[position])
            }
            return .catalogOnly(found)
        }
        return .listed(try item(named: name, addHint: addHint))
    }

    /// What `command` works on, as ``itemToChange(named:by:addHint:)`` finds it, the catalog's
    /// items included. Nil when the command already handled it.
    mutating func targetToChange(named name: String, by command: String, addHint: String? = nil) throws(EditRefusal)
        -> Target?
    {
        switch try target(named: name, addHint: addHint) {
        case .listed(let item):
            return try itemToChange(item, by: command).map(Target.listed)
        case .catalogOnly(let item):
            if command != "rm", let refusal = Self.repeatedKeys(of: item, in: item.list.document) {
                throw EditRefusal(catalogName + ": " + refusal.message)
            }
            return handled[command + " catalog", default: []].insert(item.node.index).inserted ? .catalogOnly(item) : nil
        }
    }

    /// The item `command` works on: named `name`, without a key written twice (which other
    /// readers would take the other copy of). Nil when the command already handled it, or the
    /// item was removed.
    mutating func itemToChange(named name: String, by command: String, addHint: String? = nil) throws(EditRefusal)
        -> Item?
    {
        try itemToChange(try self.item(named: name, addHint: addHint), by: command)
    }

    /// `item` if `command` is to work on it, as ``itemToChange(named:by:addHint:)`` says.
    mutating func itemToChange(_ item: Item, by command: String) throws(EditRefusal) -> Item? {
        if command != "rm" { try refuseRepeatedKeys(item) }
        guard !removedItems.contains(item.node.index) else { return nil }
        return handled[command, default: []].insert(item.node.index).inserted ? item : nil
    }

    /// Refuses to edit an item with a key written twice: YAML readers disagree on which copy
    /// counts, so no edit can be sure to change the one that is read.
    func refuseRepeatedKeys(_ item: Item) throws(EditRefusal) {
        if let refusal = Self.repeatedKeys(of: item, in: list.document) { throw refusal }
    }

    /// The refusal of ``refuseRepeatedKeys(_:)`` for `item` of `document`; nil when no key of
    /// the item is written twice.
    static func repeatedKeys(of item: Item, in document: Document) -> EditRefusal? {
        // The decoder marked a known key written twice, and items with other keys (one of which
        // may be written twice); the rest have each key once, and need no second look.
        guard !item.record.marks.isDisjoint(with: [.repeatedKey, .otherKeys]) else { return nil }
        var seen: [String: Node] = [:]
        for entry in document.node(item.node).entries {
            guard let key = entry.key.value else { continue }
            if let first = seen[key] {
                let lines = [first, entry.key].compactMap { $0.location.map { String($0.line) } }
                return EditRefusal(
                    "\"\(item.name ?? key)\" has the key \"\(key)\" twice (lines \(lines.joined(separator: " and "))); "
                        + "keep one of them by hand first (see 'shop check')")
            }
            seen[key] = entry.key
        }
        return nil
    }

    /// The items whose names have `key`, in file order. Names are compared by fingerprint first,
    /// straight from the document, so that finding one item in a long list builds no other item.
    func items(matching key: NameKey) -> [Item] {
        Self.items(of: list, matching: key)
    }

    /// The items of `list` whose names have `key`, in file order.
    static func items(of list: ShoppingList, matching key: NameKey) -> [Item] {
        let target = NameKey.fingerprint(of: key.bytes)
        // The fingerprints were computed when the list was decoded.
        var candidates: [Int] = []
        for (position, record) in list.records.enumerated() where record.nameFingerprint == target {
            candidates.append(position)
        }
        let items = list.items
        return candidates.map { items[$0] }.filter { item in item.name.map { NameKey($0) == key } ?? false }
    }

    /// Refuses a name that another item has already.
    func refuseDuplicate(_ name: String) throws(EditRefusal) {
        if let existing = items(matching: NameKey(name)).first {
            throw Self.takenName(existing, as: name, in: list)
        }
    }

    /// Refuses to add an item the list's catalog has: the list names it to use it, which `buy`
    /// does; its values are changed with `edit`.
    func refuseCatalogItem(_ name: String) throws(EditRefusal) {
        guard let catalog = list.catalog, let existing = Self.items(of: catalog, matching: NameKey(name)).first else {
            return
        }
        let line = catalog.document.node(existing.node).location.map { " line \($0.line)" } ?? ""
        let named = existing.name ?? name
        throw EditRefusal(
            "\"\(named)\" is in the catalog (\(catalogName)\(line)); put it on the list with '\(suggestedCommand("buy", name: named))', "
                + "or change its values with '\(suggestedCommand("edit", name: named))'")
    }

    /// The refusal of `name`, which `existing`, an item of `list`, has already.
    static func takenName(_ existing: Item, as name: String, in list: ShoppingList) -> EditRefusal {
        let line = list.document.node(existing.node).location?.line
        return EditRefusal("an item named \"\(existing.name ?? name)\" already exists\(line.map { " (line \($0))" } ?? "")")
    }

    // MARK: Values typed on the command line

    func priceFragment(_ text: String) throws(EditRefusal) -> Fragment {
        switch ValueReading.typedPrice(text, decimals: list.priceDecimals, currencyCode: list.currency?.code) {
        case .success(let price): return .plain(ValueKind.price.canonicalText(price, decimals: list.priceDecimals))
        case .failure(let problem): throw EditRefusal(problem.message)
        }
    }

    func quantityFragment(_ text: String, item: String?) throws(EditRefusal) -> Fragment {
        switch ValueReading.quantity(text) {
        case .success(let quantity): return .plain(ValueKind.quantity.canonicalText(quantity, decimals: 3))
        case .failure(let problem):
            if problem.kind == .zero {
                // On the command line, the way off the list is a command, not a key.
                let advice = item.map { "; to take it off the list, use '\(suggestedCommand("unbuy", name: $0))'" } ?? ""
                throw EditRefusal("quantity \"\(text)\" must be more than 0" + advice)
            }
            throw EditRefusal(problem.message)
        }
    }

    func textFragment(_ text: String, key: String, adding: Bool = false) throws(EditRefusal) -> Fragment {
        guard !text.trimmingWhiteSpace().isEmpty else {
            // A new item has no key to remove: it is left out.
            if adding { throw EditRefusal("\(key) is empty; leave --\(key) out for an item without one") }
            throw EditRefusal("\(key) is empty; use --unset \(key) to remove it")
        }
        // Notes keep their lines as given; a unit or category never means its outer spaces.
        return .text(key == "notes" ? text : text.trimmingWhiteSpace())
    }

    /// A size typed on the command line, in the list's form (`500g` is `500 g`); refused when it
    /// is not a size.
    func sizeFragment(_ text: String, adding: Bool = false) throws(EditRefusal) -> Fragment {
        _ = try textFragment(text, key: "size", adding: adding)
        guard let size = PackSize.reading(text) else {
            let units = PackSize.units.joined(separator: ", ")
            throw EditRefusal(
                "size \"\(text.trimmingWhiteSpace())\" is not a size; write AMOUNT UNIT or COUNT x AMOUNT UNIT with UNIT one of \(units), as in \"500 g\" or \"6 x 330 ml\"")
        }
        return .text(size.description)
    }

    /// A category as `categories` spells it when it names one of them (compared like names), so
    /// that exports group the item with the others; else as typed.
    func categorySpelling(_ category: String) -> String {
        let key = NameKey(category)
        return list.categories?.first { NameKey($0) == key } ?? category.trimmingWhiteSpace()
    }

    /// The category an item gets for `typed`: as `categories` spells it when it lists it. One it
    /// does not list (when the file has `categories`) is refused when it is close to exactly one
    /// listed category, which is suggested, as `unknown-category` suggests it: a slip would
    /// otherwise start a section of its own. With `new`, it is taken as given and appended to
    /// `categories`; otherwise it is taken with a warning.
    mutating func listedCategory(_ typed: String, new: Bool) throws(EditRefusal) -> String {
        let category = categorySpelling(typed)
        guard let categories = list.categories, !categories.contains(where: { NameKey($0) == NameKey(category) }) else {
            return category
        }
        if new {
            if list.layout.categories < 0, list.catalog != nil {
                // The categories in force are the catalog's: the new one is added there.
                try withCatalogEditor { editor throws(EditRefusal) in editor.appendToCategories(category) }
            } else {
                appendToCategories(category)
            }
            return category
        }
        if let meant = SpellingSuggestion.onlyClose(to: category, among: categories) {
            throw EditRefusal(
                "category \"\(category)\" is not in \"categories\"; did you mean \"\(meant)\"? "
                    + "(--new-category adds \"\(category)\" as a new category)")
        }
        note(.warning, "category \"\(category)\" is not in \"categories\" (--new-category adds it there)")
        return category
    }

    /// Plans appending `category` to `categories`, once however many items name it.
    mutating func appendToCategories(_ category: String) {
        guard list.layout.categories >= 0, !addedCategories.contains(NameKey(category)) else { return }
        addedCategories.insert(NameKey(category))
        itemChanges.insertItem(Subtree(.text(category)), into: NodeID(index: Int(list.layout.categories)))
        note(.changed, "added \"\(category)\" to \"categories\"")
    }

    /// A name as it would be typed in a shell command: in double quotes when it has anything but
    /// letters, digits and a few safe marks.
    public static func quotedForShell(_ name: String) -> String {
        let safe = !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil || "-_.,+/".unicodeScalars.contains(scalar)
        }
        if safe { return name }
        var escaped = ""
        for character in name {
            if "\"\\$`".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return "\"" + escaped + "\""
    }

    /// The command that runs `shop SUBCOMMAND` on this list for `name`, with `options` (already
    /// quoted for the shell) after it; a name that starts with `-`, which would read as an option,
    /// comes last, after `--`.
    func suggestedCommand(_ subcommand: String, _ options: String = "", name: String) -> String {
        let quoted = Self.quotedForShell(name)
        let start = command + " " + subcommand + " "
        if name.hasPrefix("-") { return start + (options.isEmpty ? "" : options + " ") + "-- " + quoted }
        return start + quoted + (options.isEmpty ? "" : " " + options)
    }
}
