/// The top-level keys of a shop file, in the order the formatter writes them; every other key
/// follows them in the order written.
public enum ListKey: String, CaseIterable, Sendable {
    case title, currency, catalog, categories, stores, items

    /// One line on what the key is for, for help texts and editors.
    public var meaning: String {
        switch self {
        case .title: "The heading of exports; by default the file name without its extension."
        case .currency: "The ISO 4217 code of prices; it decides how many decimals a price may have (2 when absent)."
        case .catalog: "The path of a catalog, relative to the list: items take their price, unit, size, category, id and notes from it unless they set them."
        case .categories: "The store's aisle order: exports group items by category in this order."
        case .stores: "Each store's categories in its aisle order, by store name: list and export --store order sections that way."
        case .items: "The items of the catalog; those with buy: true are the shopping list."
        }
    }

    /// What completes the key's value in an editor.
    public var completion: CompletionSource {
        self == .currency ? .currencyCodes : .none
    }

    /// The key's place in the canonical order: its place among the cases as declared (see
    /// ``ItemKey/rank``).
    @inline(__always) public var rank: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

    /// The rank of every other key: after them all, in the order written.
    public static let otherRank = allCases.count

    /// The top-level key spelled exactly by `bytes`, if any.
    static func matching(_ bytes: UnsafeBufferPointer<UInt8>) -> ListKey? {
        for key in ListKey.allCases where bytesEqual(bytes, text: key.rawValue) {
            return key
        }
        return nil
    }
}
