/// How items are grouped into sections the way a shopper walks the store (see
/// ``CategorySections``), item by item: the group of each item's category, and at the end the
/// order and headings of the groups that have items. It takes items one at a time, so that a list
/// read in parts is grouped as it is read.
///
/// Groups `0..<listed.count` are the categories of `categories`, matched like names; the
/// categories that list does not name get the next numbers, in the order they are first met.
struct CategoryGrouping {
    /// The categories of `categories`, as written.
    let listed: [String]
    /// A listed category's key, with its group.
    private var listedIndex: [NameKey: Int] = [:]
    /// Most items spell their category exactly like the ones before them: the group of each
    /// spelling met, so that the normalized key is computed once per spelling.
    private var groupOfSpelling: [String: Int] = [:]
    /// The categories `categories` does not name, each as first spelled, and its group by key.
    private(set) var unlistedKeys: [NameKey] = []
    private(set) var unlistedHeadings: [String] = []
    private var unlistedGroup: [NameKey: Int] = [:]

    /// Groups by the categories `listed` (the list's `categories`).
    init(listed: [String]) {
        self.listed = listed
        for (index, name) in listed.enumerated() where listedIndex[NameKey(name)] == nil {
            listedIndex[NameKey(name)] = index
        }
    }

    /// How many groups there are so far.
    var count: Int { listed.count + unlistedKeys.count }

    /// The group of an item whose category is `category`; nil without one (no category, or one
    /// that is only white space).
    mutating func group(of category: UnsafeBufferPointer<UInt8>?) -> Int? {
        guard let category else { return nil }
        let spelling = String(decoding: category, as: UTF8.self)
        if let known = groupOfSpelling[spelling] { return known < 0 ? nil : known }
        let group = groupNumber(spelling)
        groupOfSpelling[spelling] = group ?? -1
        return group
    }

    private mutating func groupNumber(_ spelling: String) -> Int? {
        let key = NameKey(spelling)
        if key.isEmpty { return nil }
        if let index = listedIndex[key] { return index }
        if let index = unlistedGroup[key] { return index }
        let group = count
        unlistedGroup[key] = group
        unlistedKeys.append(key)
        unlistedHeadings.append(spelling)
        return group
    }

    /// The key of the category of group `group`, matched like names.
    func key(of group: Int) -> NameKey {
        group < listed.count ? NameKey(listed[group]) : unlistedKeys[group - listed.count]
    }

    /// One section: its group (nil for the items without a category) and its heading.
    struct SectionOrder {
        var group: Int?
        var heading: String?
    }

    /// The sections of the groups that `hasItems`, in aisle order: the listed categories in the
    /// order of `categories`, then the others alphabetically, then the items without a category
    /// when `uncategorized`; only the group of `wanted` when given (matched like names). Headings
    /// are as ``CategorySections/Section/heading`` says.
    func sections(hasItems: (Int) -> Bool, uncategorized: Bool, wanted: NameKey? = nil) -> [SectionOrder] {
        var sections: [SectionOrder] = []
        var usedKeys: Set<NameKey> = []
        func add(_ group: Int, heading: String, key: NameKey) {
            guard hasItems(group), wanted == nil || wanted == key else { return }
            usedKeys.insert(key)
            sections.append(SectionOrder(group: group, heading: heading.trimmingWhiteSpace()))
        }
        for (index, name) in listed.enumerated() where listedIndex[NameKey(name)] == index {
            add(index, heading: name, key: NameKey(name))
        }
        let alphabetical = unlistedKeys.indices.sorted {
            unlistedKeys[$0].bytes.lexicographicallyPrecedes(unlistedKeys[$1].bytes)
        }
        for index in alphabetical {
            add(listed.count + index, heading: unlistedHeadings[index], key: unlistedKeys[index])
        }
        if uncategorized && wanted == nil {
            let heading: String?
            if sections.isEmpty {
                heading = nil
            } else {
                heading = CategorySections.uncategorizedHeading(after: usedKeys)
            }
            sections.append(SectionOrder(group: nil, heading: heading))
        }
        return sections
    }
}
