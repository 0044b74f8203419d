/// Which items an export or a listing includes.
public enum ItemScope: Sendable, Hashable {
    /// The current shopping list: the items with `buy: true`.
    case shoppingList
    /// Every item of the catalog.
    case all
}

/// What a listing keeps of the items in scope: those whose name contains a text (compared like
/// names), those not yet done.
public struct ItemFilter: Sendable, Hashable {
    /// Keep the items whose name contains this, compared like names; nil keeps every name.
    public var nameContains: NameKey?
    /// Keep only the items not checked off.
    public var notDone: Bool

    /// A filter; by default it keeps every item.
    public init(nameContains: String? = nil, notDone: Bool = false) {
        self.nameContains = nameContains.map(NameKey.init)
        self.notDone = notDone
    }

    /// Whether the filter keeps everything.
    public var keepsEverything: Bool { nameContains == nil && !notDone }
}
