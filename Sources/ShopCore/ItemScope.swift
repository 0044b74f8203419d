/// Which items an export or a listing includes.
public enum ItemScope: Sendable, Hashable {
    /// The current shopping list: the items with `buy: true`.
    case shoppingList
    /// Every item of the catalog.
    case all

    /// Whether the scope includes an item.
    public func includes(_ item: Item) -> Bool {
        self == .all || item.buy
    }
}
