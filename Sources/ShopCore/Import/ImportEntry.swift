/// What one line (or row, or JSON item) of an import asks of the item it names, whatever the
/// format: the values it gives, and whether the item goes on the list or in the basket.
///
/// A value left nil is not given: a known item keeps its own, a new item goes without. Readers
/// make entries (``ImportEntries``); ``ListEditor/importEntries(_:)`` applies them.
public struct ImportEntry: Hashable, Sendable {
    /// The 1-based line the entry starts on, for messages.
    public var line: Int
    /// The name, matched against the list's names the way names are compared.
    public var name: String
    /// How many.
    public var quantity: DecimalNumber?
    /// The unit.
    public var unit: String?
    /// The price of one unit, exactly as written; its decimals are checked against the list's
    /// currency when the entry is applied.
    public var price: DecimalNumber?
    /// The currency symbol or code written with the price (`€`, `USD`), checked against the list's.
    public var priceCurrency: String?
    /// The category.
    public var category: String?
    /// The notes.
    public var notes: String?
    /// The id.
    public var id: String?
    /// Whether the item is on the shopping list; nil puts it there.
    public var buy: Bool?
    /// Whether the item is in the basket; nil leaves a known item as it is (but an item taken
    /// off the list leaves the basket too) and a new one not done.
    public var done: Bool?
    /// Whether the values change an item the list has: true for spreadsheets, JSON and text
    /// lines; false for a checklist, whose ticks are all that comes back for a known item.
    public var changesKnownItems: Bool

    /// Creates an entry.
    public init(
        line: Int, name: String, quantity: DecimalNumber? = nil, unit: String? = nil, price: DecimalNumber? = nil,
        priceCurrency: String? = nil, category: String? = nil, notes: String? = nil, id: String? = nil,
        buy: Bool? = nil, done: Bool? = nil, changesKnownItems: Bool = true
    ) {
        self.line = line
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.price = price
        self.priceCurrency = priceCurrency
        self.category = category
        self.notes = notes
        self.id = id
        self.buy = buy
        self.done = done
        self.changesKnownItems = changesKnownItems
    }
}
