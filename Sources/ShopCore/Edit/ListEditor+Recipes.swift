import YAML

/// `shop buy --from FILE`: every item of one or more recipes goes on the list, in the units and
/// sizes the list buys it in.
extension ListEditor {
    /// An item the list can buy, as a recipe's line is measured against it: which item it is, and
    /// the unit and size in force for it.
    struct StockedItem {
        /// The list's item; nil for an item only the list's catalog has, which the list gains as
        /// `- name: NAME`.
        var item: Item?
        /// The catalog's item, for an item only the catalog has.
        var catalogItem: Item?
        /// Its name as written.
        var name: String
        /// The unit in force; nil for none (a count).
        var unit: String?
        /// The size in force, when it has one that reads.
        var size: PackSize?
    }

    /// The item that `name` means, with its unit and size in force; nil when there is none to
    /// buy, so that the recipe's item is added. This is the one place that says which item a
    /// recipe's name lands on and what it is measured in. Refused when two items have the name or
    /// the item has a key twice.
    func stockedItem(named name: String) throws(EditRefusal) -> StockedItem? {
        let key = NameKey(name)
        let matches = items(matching: key)
        if matches.count > 1 { throw sharedName(name, by: matches) }
        if let item = matches.first { try refuseRepeatedKeys(item) }
        // An item only the catalog has is measured in the catalog's unit and size.
        guard let found = matches.first ?? list.catalog.flatMap({ Self.items(of: $0, matching: key).first }) else {
            return nil
        }
        // A unit written as a size (`unit: 250 g`, as lists did before `size`) says what one unit
        // holds just as well.
        let size = found.size.flatMap { PackSize($0) } ?? found.unit.flatMap { PackSize($0) }
        let listed = !matches.isEmpty
        return StockedItem(
            item: listed ? found : nil, catalogItem: listed ? nil : found, name: found.name ?? name, unit: found.unit,
            size: size)
    }

    /// What the recipes need of one item, added up over every recipe before it is rounded.
    private struct Need {
        /// The item the need lands on, or the recipe (by its place among the recipes) and line
        /// that become a new item.
        var stocked: StockedItem?
        var newItem: (recipe: Int, line: Recipe.Line)?
        /// The item's name, unit and size: the list's, else those of the recipe line.
        var name: String
        var unit: String?
        var size: PackSize?
        /// The amount in the item's own unit.
        var inUnits = DecimalNumber.zero
        /// The amount in the smallest unit of the size's kind (g, ml, pieces), to be rounded up
        /// to whole sizes; nil when no line was measured in the size.
        var inSize: DecimalNumber?
    }

    /// Puts every item of `recipes` on the list, `times` over (more than 0).
    ///
    /// - An item the list has, on the list and not done, gets its quantity raised; one off the
    ///   list or done goes on it (`buy: true`, no `done`) with the quantity the recipes need.
    /// - The amount is converted into the item's unit, which is never rewritten (g and kg, ml,
    ///   cl, dl and l convert; pcs and no unit count alike); when the item has a `size` whose unit
    ///   the amount converts into, the quantity is the number of whole sizes that hold it. A
    ///   recipe line with a size of its own is measured by what it holds when its unit does not
    ///   convert (`2` of `size: 500 g` is 1000 g).
    /// - Amounts of one item from every recipe add up, times `times`, before rounding; a quantity
    ///   that is not whole sizes is rounded up to 3 decimals (never less than the recipes need).
    /// - An item the list does not have is added with the recipe's keys and comments, on the
    ///   list, with the quantity the recipes need (in the unit of the first recipe that has it).
    ///
    /// Units that do not convert are refused naming the item and the recipe; nothing is planned.
    public mutating func buy(from recipes: [Recipe], times: DecimalNumber) throws(EditRefusal) {
        var needs: [Need] = []
        var byName: [NameKey: Int] = [:]
        for (index, recipe) in recipes.enumerated() {
            for line in recipe.lines {
                let key = NameKey(line.name)
                let amount = line.amount * times
                let lineSize = line.item.size.flatMap { PackSize($0) }
                if let found = byName[key] {
                    try Self.measure(amount, unit: line.unit, size: lineSize, into: &needs[found], from: recipe.fileName)
                    continue
                }
                var need: Need
                if let stocked = try stockedItem(named: line.name) {
                    need = Need(stocked: stocked, name: stocked.name, unit: stocked.unit, size: stocked.size)
                    try Self.measure(amount, unit: line.unit, size: lineSize, into: &need, from: recipe.fileName)
                } else {
                    // The recipe's own line is in the new item's unit and size.
                    need = Need(newItem: (index, line), name: line.name, unit: line.unit, size: lineSize)
                    need.inUnits = amount
                }
                byName[key] = needs.count
                needs.append(need)
            }
        }
        var planned: [(need: Need, quantity: DecimalNumber)] = []
        for need in needs {
            let quantity = Self.quantity(of: need)
            // Checked before anything is planned: a refusal plans nothing.
            let raised = need.stocked?.item.map { $0.buy && !$0.done ? $0.effectiveQuantity + quantity : quantity }
            guard (raised ?? quantity) < ValueReading.limit else {
                throw EditRefusal(
                    "\"\(need.name)\" would need a quantity of \(raised ?? quantity), more than a quantity may be (under 1000000000)")
            }
            planned.append((need, quantity))
        }
        let (copies, warnings) = try newItemCopies(planned, from: recipes)
        for (index, (need, quantity)) in planned.enumerated() {
            if let stocked = need.stocked {
                put(quantity, on: stocked)
            } else if let copy = copies[index] {
                add(copy)
                note(.changed, "\(need.name): added to the list, \(Self.phrase(quantity, need.unit, need.size))")
            }
        }
        for warning in warnings { note(.warning, warning) }
        if planned.isEmpty { note(.unchanged, "the recipes name no items; nothing to buy") }
    }

    /// Adds `amount` of `unit` (a recipe line, from the recipe `file`; `size` is the line's own)
    /// to what `need` has, converted into the item's size or unit; refused when it converts into
    /// neither.
    private static func measure(
        _ amount: DecimalNumber, unit: String?, size lineSize: PackSize?, into need: inout Need, from file: String
    ) throws(EditRefusal) {
        let from = AmountUnit(unit)
        // What the line holds when it has a size: the amount in its size's unit.
        let held = lineSize.map { (AmountUnit($0.unit), amount * $0.contentInSmallestUnit) }
        if let size = need.size {
            let sizeUnit = AmountUnit(size.unit)
            if from.converts(to: sizeUnit) {
                need.inSize = (need.inSize ?? .zero) + from.inSmallestUnit(amount)
                return
            }
            if let (heldUnit, smallest) = held, heldUnit.converts(to: sizeUnit) {
                need.inSize = (need.inSize ?? .zero) + smallest
                return
            }
        }
        let own = AmountUnit(need.unit)
        if from.converts(to: own) {
            need.inUnits = need.inUnits + own.fromSmallestUnit(from.inSmallestUnit(amount))
            return
        }
        if let (heldUnit, smallest) = held, heldUnit.converts(to: own) {
            need.inUnits = need.inUnits + own.fromSmallestUnit(smallest)
            return
        }
        let given = amount.description + (unit.map { " " + $0 } ?? "") + (lineSize.map { " (\($0))" } ?? "")
        var into = need.unit.map { "the unit \"\($0)\"" } ?? "a count (no unit)"
        if let size = need.size { into += " or its size \"\(size)\"" }
        throw EditRefusal(
            "\"\(need.name)\": \(file) needs \(given), which does not convert into \(into); "
                + "nothing was bought (write the recipe in a unit that converts, or give the item a size)")
    }

    /// The quantity to buy for `need`: whole sizes when any amount was measured in the size,
    /// else the amount rounded up to 3 decimals.
    private static func quantity(of need: Need) -> DecimalNumber {
        if let inSize = need.inSize, let size = need.size {
            let content = size.contentInSmallestUnit
            return (need.inUnits * content + inSize).wholeCount(of: content)
        }
        return need.inUnits.roundedUp(toScale: 3)
    }

    /// Plans `quantity` more of the list's item `stocked`: raised when it is on the list and not
    /// done, else put on the list with that quantity.
    private mutating func put(_ quantity: DecimalNumber, on stocked: StockedItem) {
        guard let item = stocked.item else {
            // Only the catalog has it: the list gains `- name: NAME`, on the list; the catalog is
            // never written.
            var entries = [FragmentEntry("name", .text(stocked.name))]
            if quantity != DecimalNumber(1) {
                entries.append(FragmentEntry("quantity", .plain(ValueKind.quantity.canonicalText(quantity, decimals: 3))))
            }
            entries.append(FragmentEntry("buy", .plain("true")))
            add((Subtree(.mapping(entries)), stocked.catalogItem?.category))
            note(.changed, "\(stocked.name): on the list, \(Self.phrase(quantity, stocked.unit, stocked.size))")
            return
        }
        guard !removedItems.contains(item.node.index) else { return }
        if item.buy && !item.done {
            let before = item.effectiveQuantity
            let after = before + quantity
            plan(item, set: .quantity, to: .plain(ValueKind.quantity.canonicalText(after, decimals: 3)))
            note(.changed, "\(stocked.name): quantity \(before) -> \(Self.phrase(after, stocked.unit, stocked.size))")
            return
        }
        if item.quantity.map({ $0 == quantity }) != true && !(item.quantity == nil && quantity == DecimalNumber(1)) {
            plan(item, set: .quantity, to: .plain(ValueKind.quantity.canonicalText(quantity, decimals: 3)))
        }
        if !item.buy { plan(item, set: .buy, to: .plain("true")) }
        if item.keyNode(.done) != nil { plan(item, unset: "done") }
        note(.changed, "\(stocked.name): on the list, \(Self.phrase(quantity, stocked.unit, stocked.size))")
    }

    /// The items no list item is, by their place in `planned`: each with the keys and comments
    /// its recipe (the first that names it) gives it, on the list (`buy: true`, no `done`) with
    /// the quantity the recipes need. Each is changed in its recipe's own document, so that it
    /// keeps its comments and key order, then copied out of it.
    private func newItemCopies(
        _ planned: [(need: Need, quantity: DecimalNumber)], from recipes: [Recipe]
    ) throws(EditRefusal) -> (copies: [Int: (subtree: Subtree, category: String?)], warnings: [String]) {
        var warnings: [String] = []
        var byRecipe: [Int: [Int]] = [:]
        for (index, (need, _)) in planned.enumerated() {
            if let recipe = need.newItem?.recipe { byRecipe[recipe, default: []].append(index) }
        }
        guard !byRecipe.isEmpty else { return ([:], []) }
        var takenIDs = Set(list.items.compactMap(\.id))
        var copies: [Int: (subtree: Subtree, category: String?)] = [:]
        for recipeIndex in byRecipe.keys.sorted() {
            guard let indices = byRecipe[recipeIndex] else { continue }
            let recipe = recipes[recipeIndex]
            var recipeEditor = try ListEditor(list: recipes[recipeIndex].list)
            for index in indices {
                guard let line = planned[index].need.newItem?.line else { continue }
                let quantity = planned[index].quantity
                // A recipe item without a quantity is one: it stays without one when one is bought.
                if line.item.quantity != nil || quantity != DecimalNumber(1) {
                    recipeEditor.plan(line.item, set: .quantity, to: .plain(ValueKind.quantity.canonicalText(quantity, decimals: 3)))
                }
                recipeEditor.plan(line.item, set: .buy, to: .plain("true"))
                if line.item.keyNode(.done) != nil { recipeEditor.plan(line.item, unset: "done") }
                // Spelled as the list's `categories` spell it, as `add` spells it, so that the
                // item is grouped with the others.
                if let category = line.item.category, categorySpelling(category) != category {
                    recipeEditor.plan(line.item, set: .category, to: .text(categorySpelling(category)))
                }
                for (key, why) in dropped(from: line, of: recipe, takenIDs: takenIDs) {
                    recipeEditor.plan(line.item, unset: key)
                    warnings.append("\(line.name) was added without its \(key) (\(why)); \(recipe.fileName) keeps it")
                }
                if let id = line.item.id { takenIDs.insert(id) }
            }
            let edited = recipeEditor.editedList
            for index in indices {
                guard let line = planned[index].need.newItem?.line,
                    let copied = Self.item(in: edited, matching: NameKey(line.name))
                else { continue }
                var subtree = edited.document.subtree(at: copied.node)
                subtree.hasBlankLineBefore = false
                copies[index] = (subtree, copied.category)
            }
        }
        return (copies, warnings)
    }

    /// The keys of a recipe's item that cannot come along into this list, and why: a price in
    /// another currency than the list's, or with more decimals than the list's currency has (the
    /// list's totals would be wrong, or it would have an error), and an id that an item of the
    /// list already has (ids are unique).
    private func dropped(from line: Recipe.Line, of recipe: Recipe, takenIDs: Set<String>) -> [(key: String, why: String)] {
        var dropped: [(key: String, why: String)] = []
        if let node = line.item.valueNode(.price), let text = recipe.list.document.node(node).value {
            if let theirs = recipe.list.currency?.code, let ours = list.currency?.code, theirs != ours {
                dropped.append(("price", "its price is in \(theirs), the list's in \(ours)"))
            } else if case .failure = ValueReading.price(text, decimals: list.priceDecimals, currencyCode: list.currency?.code) {
                dropped.append(("price", "price \(text) has more decimals than the list's prices may have"))
            }
        }
        if let id = line.item.id, takenIDs.contains(id) {
            dropped.append(("id", "another item of the list has the id \(id)"))
        }
        return dropped
    }

    /// Inserts a new item after the last item of its category, else at the end, as `add` puts it.
    private mutating func add(_ copy: (subtree: Subtree, category: String?)) {
        guard let items = list.itemsNode else { return }
        let before = copy.category.flatMap { itemAfterLast(ofCategory: $0) }
        itemChanges.insertItem(copy.subtree, into: items, before: before)
    }

    /// The first item of `edited` (a recipe's list once changed) whose name has `key`.
    private static func item(in edited: ShoppingList, matching key: NameKey) -> Item? {
        edited.items.first { item in item.name.map { NameKey($0) == key } ?? false }
    }

    /// `2 kg`, `3 (500 g)`, `1 pack (6 x 330 ml)`, and `2 x 250 g` for a unit written as a size:
    /// a quantity as a person reads it.
    static func phrase(_ quantity: DecimalNumber, _ unit: String?, _ size: PackSize?) -> String {
        if let unit, PackSize(unit) != nil { return quantity.description + " x " + unit }
        return quantity.description + (unit.map { " " + $0 } ?? "") + (size.map { " (\($0))" } ?? "")
    }
}
