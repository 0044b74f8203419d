/// What one line (or row, or JSON item) of an import asks of the item it names, whatever the
/// format: the values it gives, and whether the item goes on the list or in the basket.
///
/// A value left nil is not given: a known item keeps its own, a new item goes without. Readers
/// make entries (``ImportEntries``); ``ListEditor/importEntries(_:)`` applies them.
///
/// An import of a long input holds an entry for each of its lines: the fields are laid out to
/// take 152 bytes (numbers kept in 16 bytes each, the small fields together) where the plain
/// layout took 208.
public struct ImportEntry: Hashable, Sendable {
    // Stored fields in this order: Swift lays them out as declared.
    /// ``line``: an input of at most 8 MiB has fewer lines than 32 bits count.
    private var storedLine: Int32

    /// The 1-based line the entry starts on, for messages.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    /// Whether the item is on the shopping list; nil puts it there.
    public var buy: Bool?
    /// Whether the item is in the basket; nil leaves a known item as it is (but an item taken
    /// off the list leaves the basket too) and a new one not done.
    public var done: Bool?
    /// Whether the values change an item the list has: true for spreadsheets, JSON and text
    /// lines; false for a checklist, whose ticks are all that comes back for a known item.
    public var changesKnownItems: Bool
    /// Whether the quantity counts packs of ``size`` (`Potatoes 2.5 kg 3.49`): a known item's
    /// unit goes, so that it does not say 1 kg.
    public var countsPacks = false
    private var storedQuantity: CompactDecimal?
    private var storedPrice: CompactDecimal?
    /// How many.
    public var quantity: DecimalNumber? {
        get { storedQuantity?.value }
        set { storedQuantity = newValue.map(CompactDecimal.init) }
    }
    /// The price of one unit, exactly as written; its decimals are checked against the list's
    /// currency when the entry is applied.
    public var price: DecimalNumber? {
        get { storedPrice?.value }
        set { storedPrice = newValue.map(CompactDecimal.init) }
    }
    /// The name, matched against the list's names the way names are compared.
    public var name: String
    /// The unit.
    public var unit: String?
    /// What one unit holds (`500 g`): as a line of text reads it, in the list's form; as a
    /// spreadsheet or JSON gives it, as given.
    public var size: String?
    /// The currency symbol or code written with the price (`€`, `USD`), checked against the list's.
    public var priceCurrency: String?
    /// The category.
    public var category: String?
    /// The notes.
    public var notes: String?
    /// The id.
    public var id: String?

    /// Creates an entry.
    public init(
        line: Int, name: String, quantity: DecimalNumber? = nil, unit: String? = nil, size: String? = nil,
        price: DecimalNumber? = nil, priceCurrency: String? = nil, category: String? = nil, notes: String? = nil, id: String? = nil,
        buy: Bool? = nil, done: Bool? = nil, changesKnownItems: Bool = true
    ) {
        storedLine = Int32(clamping: line)
        self.name = name
        storedQuantity = quantity.map(CompactDecimal.init)
        self.unit = unit
        self.size = size
        storedPrice = price.map(CompactDecimal.init)
        self.priceCurrency = priceCurrency
        self.category = category
        self.notes = notes
        self.id = id
        self.buy = buy
        self.done = done
        self.changesKnownItems = changesKnownItems
    }
}

/// A decimal number in 16 bytes: its units and scale themselves when the units fit in 64 bits
/// (every price and quantity a list takes), else a reference to the number. Compared by value,
/// as ``DecimalNumber`` is (`1.5` equals `1.50`).
private enum CompactDecimal: Hashable, Sendable {
    case inline(units: Int64, scale: UInt8)
    indirect case boxed(DecimalNumber)

    init(_ number: DecimalNumber) {
        if let units = Int64(exactly: number.units), let scale = UInt8(exactly: number.scale) {
            self = .inline(units: units, scale: scale)
        } else {
            self = .boxed(number)
        }
    }

    var value: DecimalNumber {
        switch self {
        case .inline(let units, let scale): DecimalNumber(units: Int128(units), scale: Int(scale))
        case .boxed(let number): number
        }
    }

    static func == (lhs: CompactDecimal, rhs: CompactDecimal) -> Bool { lhs.value == rhs.value }

    func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }
}
