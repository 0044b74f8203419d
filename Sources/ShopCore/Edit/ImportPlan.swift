import YAML

/// The changes an import makes, by the positions of the items they change (``ImportPlanner``
/// works them out): made on the editor of a whole list, or on the editor of each part of a list
/// read in parts (``ImportChanges``), with the same result.
struct ImportPlan {
    /// One change of a known item.
    enum Change {
        case set(ItemKey, Fragment)
        case unset(String)
    }

    /// A new item: the entry it is made of, and where it goes.
    struct Addition {
        /// The entry: an index into ``entries``, or for a name given more than once, `-1 - i` for
        /// the merged entry `i` of ``mergedEntries``.
        var entry: Int
        /// The position of the item it goes before; nil at the end.
        var before: Int?
    }

    /// The decimals of the list's prices, which new items' prices are written with.
    let priceDecimals: Int
    /// The list's code of its currency, which a list of new items made apart has too.
    let currencyCode: String?
    /// The categories of `categories`, by name key, as they are spelled there: a new item's
    /// category is spelled so.
    let listedCategories: [NameKey: String]
    /// The entries read, which most new items are made of (the import's own array, not a copy).
    let entries: [ImportEntry]
    /// The entries of names given more than once, each the merge of its lines.
    var mergedEntries: [ImportEntry] = []
    /// The changes of each known item that changes, by its position, in the order planned.
    var changes: [(position: Int, changes: [Change])] = []
    /// The new items, in the order planned.
    var additions: [Addition] = []
    /// The categories new items name that `categories` does not, in the order they came.
    var unlistedCategories: [String] = []
    /// How many known items the import names that are already as it says.
    var unchanged = 0
    /// What the import says before what it did (the columns it did not read).
    var warnings: [EditNote] = []

    init(entries: [ImportEntry], facts: ItemFacts) {
        self.entries = entries
        priceDecimals = facts.priceDecimals
        currencyCode = facts.currencyCode
        listedCategories = facts.listedCategories
    }

    /// The plan with its changes and additions in list order, each part's a run of them;
    /// additions before one item keep the order they were planned in.
    var sortedByPosition: ImportPlan {
        var sorted = self
        sorted.changes.sort { $0.position < $1.position }
        // By place, then by the order planned: the sort need not be stable.
        let order = additions.indices.sorted { lhs, rhs in
            let left = additions[lhs].before ?? Int.max
            let right = additions[rhs].before ?? Int.max
            return left != right ? left < right : lhs < rhs
        }
        sorted.additions = order.map { additions[$0] }
        return sorted
    }

    /// What the import says: its warnings, then what it did.
    var notes: [EditNote] {
        var notes = warnings
        for category in unlistedCategories {
            notes.append(EditNote(.warning, "category \"\(category)\" is not in \"categories\""))
        }
        if changes.isEmpty && additions.isEmpty {
            notes.append(EditNote(.unchanged, "nothing to import: the list already has every item as given"))
        } else {
            notes.append(
                EditNote(.changed, "imported: \(additions.count) added, \(changes.count) changed, \(unchanged) unchanged"))
        }
        return notes
    }

    /// The entry a new item is made of.
    func entry(of addition: Addition) -> ImportEntry {
        addition.entry >= 0 ? entries[addition.entry] : mergedEntries[-1 - addition.entry]
    }

    /// Plans the changes `changes` holds (a range of a plan sorted by position) in `editor`, whose
    /// list's first item is at `firstPosition` among all the list's items.
    func apply(_ changes: Range<Int>, to editor: inout ListEditor, firstPosition: Int) {
        let items = editor.list.items
        for (position, planned) in self.changes[changes] {
            let item = items[position - firstPosition]
            for change in planned {
                switch change {
                case .set(let key, let value): editor.plan(item, set: key, to: value)
                case .unset(let key): editor.plan(item, unset: key)
                }
            }
        }
    }

    /// Plans the additions `additions` holds (a range of a plan sorted by position) in `editor`,
    /// whose list's first item is at `firstPosition` among all the list's items.
    func apply(additions: Range<Int>, to editor: inout ListEditor, firstPosition: Int) {
        guard let sequence = editor.list.itemsNode else { return }
        let items = editor.list.items
        for addition in self.additions[additions] {
            let subtree = subtree(for: entry(of: addition))
            if let before = addition.before {
                editor.itemChanges.insertItem(subtree, into: sequence, before: items[before - firstPosition].node)
            } else {
                editor.itemChanges.insertItem(subtree, into: sequence)
            }
        }
    }

    /// A list with no items and the list's currency, which new items made apart go into: their
    /// prices are read with the list's decimals.
    func emptyList() -> ShoppingList? {
        // A code the list has is a known one, all letters.
        let settings = currencyCode.map { "currency: \($0)\n" } ?? ""
        guard case .success(let empty) = ShoppingList.read(Array((settings + "items: []\n").utf8)),
            empty.priceDecimals == priceDecimals
        else { return nil }
        return empty
    }

    /// The new items of `additions` in `empty` (``emptyList()``), as
    /// ``apply(additions:to:firstPosition:)`` makes them in the list.
    func newItems(_ additions: Range<Int>, in empty: ShoppingList) -> NewItems? {
        guard let sequence = empty.itemsNode else { return nil }
        var edit = DocumentEdit()
        for addition in self.additions[additions] {
            edit.insertItem(subtree(for: entry(of: addition)), into: sequence)
        }
        return NewItems(list: empty.applying(edit), empty: empty)
    }

    /// A new item's mapping: its keys in canonical order, its values in canonical form.
    private func subtree(for entry: ImportEntry) -> Subtree {
        var entries = [FragmentEntry("name", .text(entry.name.trimmingWhiteSpace()))]
        if let id = entry.id { entries.append(FragmentEntry("id", .text(id.trimmingWhiteSpace()))) }
        if let price = entry.price {
            entries.append(FragmentEntry("price", .plain(ValueKind.price.canonicalText(price, decimals: priceDecimals))))
        }
        // A quantity of 1 is what an item without one has.
        if let quantity = entry.quantity, quantity != DecimalNumber(1) {
            entries.append(FragmentEntry("quantity", .plain(ValueKind.quantity.canonicalText(quantity, decimals: 3))))
        }
        if let unit = entry.unit { entries.append(FragmentEntry("unit", .text(unit.trimmingWhiteSpace()))) }
        if let typed = entry.category {
            // Spelled as `categories` spells it.
            let category = listedCategories[NameKey(typed)] ?? typed.trimmingWhiteSpace()
            entries.append(FragmentEntry("category", .text(category)))
        }
        if entry.buy ?? true { entries.append(FragmentEntry("buy", .plain("true"))) }
        if entry.done == true { entries.append(FragmentEntry("done", .plain("true"))) }
        if let notes = entry.notes { entries.append(FragmentEntry("notes", .text(notes))) }
        return Subtree(.mapping(entries))
    }
}

/// An import made part by part: each part's editor makes the plan's changes of the items it
/// holds, and the new items that go before them (the last part, those at the end too) are made
/// apart, a batch at a time, and printed among them.
struct ImportChanges: PartwiseEdit {
    /// The plan, sorted by position.
    let plan: ImportPlan
    /// The list new items are made in, apart from the parts.
    private let empty: ShoppingList?
    /// The first change and addition that no earlier part made.
    private var nextChange = 0
    private var nextAddition = 0

    init(_ plan: ImportPlan) {
        self.plan = plan.sortedByPosition
        empty = plan.emptyList()
    }

    mutating func change(_ editor: inout ListEditor, place: PartPlace) throws(EditRefusal) -> Bool {
        let end = place.firstPosition + editor.list.records.count
        let changes = self.changes(before: end)
        plan.apply(changes, to: &editor, firstPosition: place.firstPosition)
        nextChange = changes.upperBound
        return true
    }

    mutating func insertions(place: PartPlace, count: Int) -> [PartInsertion] {
        let additions = additions(before: place.firstPosition + count, isLast: place.isLast)
        nextAddition = additions.upperBound
        var insertions: [PartInsertion] = []
        for index in additions {
            let before = plan.additions[index].before.map { $0 - place.firstPosition }
            if let last = insertions.last, last.before == before {
                insertions[insertions.count - 1].items = last.items.lowerBound..<(index + 1)
            } else {
                insertions.append(PartInsertion(before: before, items: index..<(index + 1)))
            }
        }
        return insertions
    }

    func newItems(_ items: Range<Int>) -> NewItems? {
        empty.flatMap { plan.newItems(items, in: $0) }
    }

    func add(_ insertions: [PartInsertion], to editor: inout ListEditor, place: PartPlace) {
        for insertion in insertions {
            plan.apply(additions: insertion.items, to: &editor, firstPosition: place.firstPosition)
        }
    }

    /// Plans every change and addition in the editor of a whole list.
    mutating func apply(toWhole editor: inout ListEditor) {
        let end = editor.list.records.count
        let changes = changes(before: end)
        let additions = additions(before: end, isLast: true)
        plan.apply(changes, to: &editor, firstPosition: 0)
        plan.apply(additions: additions, to: &editor, firstPosition: 0)
        nextChange = changes.upperBound
        nextAddition = additions.upperBound
    }

    /// The changes from the next on of the items before position `end`.
    private func changes(before end: Int) -> Range<Int> {
        var changes = nextChange
        while changes < plan.changes.count && plan.changes[changes].position < end { changes += 1 }
        return nextChange..<changes
    }

    /// The additions from the next on that go before position `end`, or at the end of the list
    /// when `isLast`.
    private func additions(before end: Int, isLast: Bool) -> Range<Int> {
        var additions = nextAddition
        while additions < plan.additions.count, plan.additions[additions].before.map({ $0 < end }) ?? isLast {
            additions += 1
        }
        return nextAddition..<additions
    }

    func notes() -> [EditNote]? {
        // Every change found its part.
        nextChange == plan.changes.count && nextAddition == plan.additions.count ? plan.notes : nil
    }
}
