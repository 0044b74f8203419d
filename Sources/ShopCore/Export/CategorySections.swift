/// The items of a list grouped the way a shopper walks the store: one section per category, in the
/// order of `categories`, then the categories that list does not name in alphabetical order, then
/// the items without a category.
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
    /// only the items of that category (matched like names).
    public init(list: ShoppingList, scope: ItemScope, category: String? = nil, filter: ItemFilter = ItemFilter()) {
        var sectioning = CategorySectioning(scope: scope, category: category, filter: filter)
        var positions: [[Int32]] = []
        var uncategorized: [Int32] = []
        sectioning.forEachShown(in: list) { position, group in
            guard let group else { return uncategorized.append(Int32(position)) }
            while positions.count <= group { positions.append([]) }
            positions[group].append(Int32(position))
        }
        let items = list.items
        sections = sectioning.sections(
            hasItems: { $0 < positions.count && !positions[$0].isEmpty }, uncategorized: !uncategorized.isEmpty
        ).map { section in
            Section(
                heading: section.heading, isUncategorized: section.group == nil,
                items: SectionItems(list: items, positions: section.group.map { positions[$0] } ?? uncategorized))
        }
    }
}
