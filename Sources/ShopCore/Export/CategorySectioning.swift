/// Chooses the items of a list that a listing shows and groups them the way ``CategorySections``
/// does, one list or part of a list at a time: a command that reads a list in parts keeps what it
/// makes of each chosen item (a table row) under its group, and asks for the sections, in aisle
/// order, at the end.
public struct CategorySectioning: Sendable {
    /// The items shown: the shopping list, or every item.
    let scope: ItemScope
    /// What else an item must be to be shown.
    let filter: ItemFilter
    /// The key of the only category shown; nil shows every category.
    let wanted: NameKey?
    /// Made with the first list's `categories` (every part of a list has the same).
    private var grouping: CategoryGrouping?

    /// Chooses the items in `scope` that `filter` keeps; with `category`, only the items of that
    /// category (matched like names).
    public init(scope: ItemScope, category: String? = nil, filter: ItemFilter = ItemFilter()) {
        self.scope = scope
        self.filter = filter
        wanted = category.map(NameKey.init)
    }

    /// Calls `body` with the position in `list` of each item it shows, in file order, and the item's
    /// group: a number that stands for its category across every list handed over; nil for an item
    /// without a category.
    public mutating func forEachShown(in list: ShoppingList, _ body: (_ position: Int, _ group: Int?) -> Void) {
        var grouping = self.grouping ?? CategoryGrouping(listed: list.categories ?? [])
        let (scope, filter, wanted) = (scope, filter, wanted)
        // Only the category and the flags are needed here, read straight from the nodes.
        list.document.withRawNodes { nodes in
            for (position, record) in list.records.enumerated() {
                let entry = ItemView(nodes: nodes, record: record, decimals: list.priceDecimals)
                guard scope == .all || entry.buy else { continue }
                if !filter.keepsEverything {
                    if filter.notDone && entry.done { continue }
                    if let text = filter.nameContains {
                        guard let name = entry.text(.name), NameKey(utf8: name).contains(text) else { continue }
                    }
                }
                let group = grouping.group(of: entry.text(.category))
                if let wanted {
                    guard let group, grouping.key(of: group) == wanted else { continue }
                }
                body(position, group)
            }
        }
        self.grouping = grouping
    }

    /// One section: its group (nil for the items without a category) and its heading (see
    /// ``CategorySections/Section/heading``).
    public struct Section: Sendable, Equatable {
        /// The group of the section's items; nil for the items without a category.
        public var group: Int?
        /// The heading; nil when the items are not grouped at all.
        public var heading: String?
    }

    /// The sections of the groups that `hasItems` in aisle order, with the items without a
    /// category last when `uncategorized`; empty when no item was shown.
    public func sections(hasItems: (Int) -> Bool, uncategorized: Bool) -> [Section] {
        guard let grouping else { return [] }
        return grouping.sections(hasItems: hasItems, uncategorized: uncategorized, wanted: wanted).map { order in
            Section(group: order.group, heading: order.heading)
        }
    }
}
