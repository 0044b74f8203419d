/// The items of a list grouped the way a shopper walks the store: one section per category, in the
/// order of `categories`, then the categories that list does not name in alphabetical order, then
/// the items without a category. For one store of `stores`, the categories that store lists come
/// first, in its order; the others follow as above.
///
/// Categories are matched like names (case, Unicode compatibility forms and white space do not
/// count), so `produce` files under `Produce`. A category with no item in scope gets no section.
/// When no item has a category there is a single section without a heading; otherwise the
/// uncategorized items get a section headed ``otherHeading``.
public struct CategorySections: Sendable {
    /// One section: a heading and the items under it, in file order.
    public struct Section: Sendable {
        /// The heading: the category as spelled in `categories` (or, for a category that list does
        /// not name, as the first item spells it) without white space at its ends, since that does
        /// not count; ``otherHeading`` for the uncategorized items; nil when the items are not
        /// grouped at all.
        public let heading: String?
        /// Whether the section holds the items without a category.
        public let isUncategorized: Bool
        /// The section's items, decoded when accessed.
        public let items: SectionItems
    }

    /// The items of a section, decoded from the document when accessed.
    public struct SectionItems: RandomAccessCollection, Sendable {
        let list: ItemList
        let positions: [Int32]

        /// The first position: 0.
        public var startIndex: Int { 0 }
        /// One past the last position: the number of items.
        public var endIndex: Int { positions.count }
        /// The item at `position`, decoded from the document.
        public subscript(position: Int) -> Item { list[Int(positions[position])] }
    }

    /// The heading of the uncategorized items when other sections exist; a file that has a
    /// category of that name gets ``fallbackOtherHeadings`` instead.
    public static let otherHeading = "Other"
    static let fallbackOtherHeadings = ["Uncategorized", "Without a category"]

    /// The heading the uncategorized items get after sections headed `headings` (matched like
    /// names): ``otherHeading``, else the first of ``fallbackOtherHeadings`` that none of them
    /// has taken, else the last of those.
    public static func uncategorizedHeading<Headings: Sequence<NameKey>>(after headings: Headings) -> String {
        let taken = Set(headings)
        let candidates = [otherHeading] + fallbackOtherHeadings
        return candidates.first { !taken.contains(NameKey($0)) } ?? candidates[candidates.count - 1]
    }

    /// The sections, in aisle order; empty when no item is in scope.
    public let sections: [Section]

    /// How many items the sections hold.
    public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// Groups the items of `list` that are in `scope` and that `filter` keeps; with `category`,
    /// only the items of that category (matched like names); with `store`, in that store's aisle
    /// order.
    public init(
        list: ShoppingList, scope: ItemScope, category: String? = nil, filter: ItemFilter = ItemFilter(),
        store: StoreOrders.Store? = nil
    ) {
        let items = list.items
        let listed = list.categories ?? []
        var listedIndex: [NameKey: Int] = [:]
        for (index, name) in listed.enumerated() where listedIndex[NameKey(name)] == nil {
            listedIndex[NameKey(name)] = index
        }
        let wanted = category.map(NameKey.init)

        // Group numbers: 0..<listed.count for listed categories, then one per unlisted category in
        // order of first use. Most items spell their category exactly like the ones before them,
        // so the normalized key is computed once per spelling.
        var groupOfSpelling: [String: Int] = [:]
        var unlistedKeys: [NameKey] = []
        var unlistedHeadings: [String] = []
        var unlistedGroup: [NameKey: Int] = [:]
        var positions: [[Int32]] = Array(repeating: [], count: listed.count)
        var uncategorized: [Int32] = []

        func groupNumber(_ spelling: String) -> Int {
            let key = NameKey(spelling)
            if key.isEmpty { return -1 }
            if let index = listedIndex[key] { return index }
            if let index = unlistedGroup[key] { return index }
            let group = positions.count
            unlistedGroup[key] = group
            unlistedKeys.append(key)
            unlistedHeadings.append(spelling)
            positions.append([])
            return group
        }

        // Only the category and the flags are needed here, read straight from the nodes.
        list.withItemViews { views in
            for position in list.records.indices {
                let entry = views.view(position)
                guard scope == .all || entry.buy else { continue }
                if !filter.keepsEverything {
                    if filter.notDone && entry.done { continue }
                    if let text = filter.nameContains {
                        guard let name = entry.text(.name), NameKey(utf8: name).contains(text) else { continue }
                    }
                }
                var group = -1
                if let bytes = entry.text(.category) {
                    let spelling = String(decoding: bytes, as: UTF8.self)
                    if let known = groupOfSpelling[spelling] {
                        group = known
                    } else {
                        group = groupNumber(spelling)
                        groupOfSpelling[spelling] = group
                    }
                }
                if group < 0 {
                    // No category, or one that is only white space.
                    if wanted == nil { uncategorized.append(Int32(position)) }
                    continue
                }
                positions[group].append(Int32(position))
            }
        }

        var sections: [Section] = []
        var sectionKeys: [NameKey] = []
        var usedKeys: Set<NameKey> = []
        func addGroup(_ group: Int, heading: String, key: NameKey) {
            guard !positions[group].isEmpty, wanted == nil || wanted == key else { return }
            usedKeys.insert(key)
            sectionKeys.append(key)
            sections.append(
                Section(
                    heading: heading.trimmingWhiteSpace(), isUncategorized: false,
                    items: SectionItems(list: items, positions: positions[group])))
        }
        for (index, name) in listed.enumerated() where listedIndex[NameKey(name)] == index {
            addGroup(index, heading: name, key: NameKey(name))
        }
        let alphabetical = unlistedKeys.indices.sorted {
            unlistedKeys[$0].bytes.lexicographicallyPrecedes(unlistedKeys[$1].bytes)
        }
        for index in alphabetical {
            addGroup(listed.count + index, heading: unlistedHeadings[index], key: unlistedKeys[index])
        }
        if let store {
            sections = Self.inAisleOrder(sections, keys: sectionKeys, of: store)
        }
        if !uncategorized.isEmpty {
            let heading = sections.isEmpty ? nil : Self.uncategorizedHeading(after: usedKeys)
            sections.append(Section(heading: heading, isUncategorized: true, items: SectionItems(list: items, positions: uncategorized)))
        }
        self.sections = sections
    }

    /// `sections` (whose categories have `keys`) with those `store` lists first, in its order; the
    /// others keep their order after them.
    private static func inAisleOrder(_ sections: [Section], keys: [NameKey], of store: StoreOrders.Store) -> [Section] {
        var index: [NameKey: Int] = [:]
        for (position, key) in keys.enumerated() { index[key] = position }
        var taken = Array(repeating: false, count: sections.count)
        var ordered: [Section] = []
        ordered.reserveCapacity(sections.count)
        for category in store.categories {
            guard let position = index[NameKey(category)], !taken[position] else { continue }
            taken[position] = true
            ordered.append(sections[position])
        }
        for position in sections.indices where !taken[position] { ordered.append(sections[position]) }
        return ordered
    }
}
