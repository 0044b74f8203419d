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

    /// The decimals of the list's prices, which new items' prices are written with.
    let priceDecimals: Int
    /// The changes of each known item that changes, by its position, in the order planned.
    var changes: [(position: Int, changes: [Change])] = []
    /// The new items, each before the item at `before` (nil: at the end), in the order planned.
    var additions: [(entry: ImportEntry, before: Int?)] = []
    /// The categories new items name that `categories` does not, in the order they came.
    var unlistedCategories: [String] = []
    /// How many known items the import names that are already as it says.
    var unchanged = 0
    /// What the import says before what it did (the columns it did not read).
    var warnings: [EditNote] = []

    init(priceDecimals: Int) {
        self.priceDecimals = priceDecimals
    }

    /// The plan with its changes and additions in list order, each part's a run of them;
    /// additions before one item keep the order they were planned in.
    var sortedByPosition: ImportPlan {
        var sorted = self
        sorted.changes.sort { $0.position < $1.position }
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

    /// Plans the changes `changes` and the additions `additions` hold (ranges of a plan sorted by
    /// position) in `editor`, whose list's first item is at `firstPosition` among all the list's
    /// items.
    func apply(_ changes: Range<Int>, _ additions: Range<Int>, to editor: inout ListEditor, firstPosition: Int) {
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
        guard let sequence = editor.list.itemsNode else { return }
        for (entry, before) in self.additions[additions] {
            let subtree = subtree(for: entry)
            if let before {
                editor.itemChanges.insertItem(subtree, into: sequence, before: items[before - firstPosition].node)
            } else {
                editor.itemChanges.insertItem(subtree, into: sequence)
            }
        }
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
        if let category = entry.category { entries.append(FragmentEntry("category", .text(category))) }
        if entry.buy ?? true { entries.append(FragmentEntry("buy", .plain("true"))) }
        if entry.done == true { entries.append(FragmentEntry("done", .plain("true"))) }
        if let notes = entry.notes { entries.append(FragmentEntry("notes", .text(notes))) }
        return Subtree(.mapping(entries))
    }
}

/// An import made part by part: each part's editor makes the plan's changes of the items it
/// holds, and adds the new items that go before them (the last part, those at the end).
struct ImportChanges: PartwiseEdit {
    /// The plan, sorted by position.
    let plan: ImportPlan
    /// The first change and addition that no earlier part made.
    private var nextChange = 0
    private var nextAddition = 0

    init(_ plan: ImportPlan) {
        self.plan = plan.sortedByPosition
    }

    mutating func change(_ editor: inout ListEditor, place: PartPlace) throws(EditRefusal) -> Bool {
        apply(to: &editor, place: place)
        return true
    }

    /// Plans the changes and additions that fall in the part `editor` edits, at `place`; none is
    /// refused, since the plan was checked whole.
    mutating func apply(to editor: inout ListEditor, place: PartPlace) {
        let end = place.firstPosition + editor.list.records.count
        var changes = nextChange
        while changes < plan.changes.count && plan.changes[changes].position < end { changes += 1 }
        var additions = nextAddition
        while additions < plan.additions.count,
            plan.additions[additions].before.map({ $0 < end }) ?? place.isLast
        {
            additions += 1
        }
        plan.apply(nextChange..<changes, nextAddition..<additions, to: &editor, firstPosition: place.firstPosition)
        nextChange = changes
        nextAddition = additions
    }

    func notes() -> [EditNote]? {
        // Every change found its part.
        nextChange == plan.changes.count && nextAddition == plan.additions.count ? plan.notes : nil
    }
}
