import YAML

/// The changes an import makes, by the positions of the items they change (``ImportPlanner``
/// works them out), to be made on the editor of the list.
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
    /// How many lines of a checklist were skipped as not task items.
    var skippedLines = 0

    init(entries: [ImportEntry], facts: ItemFacts) {
        self.entries = entries
        priceDecimals = facts.priceDecimals
        listedCategories = facts.listedCategories
    }

    /// What the import says: its warnings, then what it did.
    var notes: [EditNote] {
        var notes = warnings
        for category in unlistedCategories {
            notes.append(EditNote(.warning, "category \"\(category)\" is not in \"categories\""))
        }
        if skippedLines > 0 {
            // Said with a preview too: a line the person meant as an item would be missed.
            let lines = skippedLines == 1 ? "1 line" : "\(skippedLines) lines"
            notes.append(
                EditNote(.info, "skipped \(lines) that \(skippedLines == 1 ? "is not a task item" : "are not task items") (\"- [ ] NAME\")"))
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

    /// Plans every change and addition in `editor`, the editor of the list the plan was made for.
    func apply(to editor: inout ListEditor) {
        let items = editor.list.items
        var changedInCatalog = Set<Int>()
        for (position, planned) in changes {
            for change in planned {
                switch change {
                case .set(let key, let value):
                    // A value the item takes from its catalog changes there, as `edit` changes it.
                    let item = items[position]
                    if key.comesFromCatalog, key != .id, item.owner(of: key) != .list, let catalogItem = item.catalogItem,
                        (try? editor.withCatalogEditor({ (catalog: inout ListEditor) throws(EditRefusal) -> Bool in
                            catalog.plan(catalogItem, set: key, to: value)
                            if changedInCatalog.insert(position).inserted {
                                catalog.note(.changed, "changed \"\(catalogItem.name ?? item.name ?? "")\"")
                            }
                            return true
                        })) != nil
                    {
                        continue
                    }
                    editor.plan(item, set: key, to: value)
                case .unset(let key): editor.plan(items[position], unset: key)
                }
            }
        }
        guard let sequence = editor.list.itemsNode else { return }
        for addition in additions {
            let before = addition.before.map { items[$0].node }
            editor.itemChanges.insertItem(subtree(for: entry(of: addition)), into: sequence, before: before)
        }
    }

    /// A new item's mapping: its keys in canonical order, its values in canonical form.
    private func subtree(for entry: ImportEntry) -> Subtree {
        var entries = [FragmentEntry("name", .text(entry.name.trimmingWhiteSpace()))]
        if let id = entry.fields[.id] { entries.append(FragmentEntry("id", .text(id.trimmingWhiteSpace()))) }
        if let price = entry.fields[decimal: .price] {
            entries.append(FragmentEntry("price", .plain(ValueKind.price.canonicalText(price, decimals: priceDecimals))))
        }
        // A quantity of 1 is what an item without one has.
        if let quantity = entry.fields[decimal: .quantity], quantity != DecimalNumber(1) {
            entries.append(FragmentEntry("quantity", .plain(ValueKind.quantity.canonicalText(quantity, decimals: 3))))
        }
        if let unit = entry.fields[.unit] { entries.append(FragmentEntry("unit", .text(unit.trimmingWhiteSpace()))) }
        if let size = entry.fields[.size] { entries.append(FragmentEntry("size", .text(size.trimmingWhiteSpace()))) }
        if let typed = entry.fields[.category] {
            // Spelled as `categories` spells it.
            let category = listedCategories[NameKey(typed)] ?? typed.trimmingWhiteSpace()
            entries.append(FragmentEntry("category", .text(category)))
        }
        if entry.fields[flag: .buy] ?? true { entries.append(FragmentEntry("buy", .plain("true"))) }
        if entry.fields[flag: .done] == true { entries.append(FragmentEntry("done", .plain("true"))) }
        if let notes = entry.fields[.notes] { entries.append(FragmentEntry("notes", .text(notes))) }
        return Subtree(.mapping(entries))
    }
}
