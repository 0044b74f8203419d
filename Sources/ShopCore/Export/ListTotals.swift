/// The money total of the items of an export or a listing, in exact decimal arithmetic.
///
/// Each line total (price times quantity) is rounded half to even to the currency's decimals first,
/// and the total is the sum of those rounded line totals, so that the printed lines add up to the
/// printed total. Items without a price add nothing and are counted instead.
public struct ListTotals: Sendable, Hashable {
    /// How many decimals money has: the currency's.
    public let decimals: Int
    /// The sum so far, in units of 10^-decimals.
    private var units: Int128 = 0
    /// How many items were added.
    public private(set) var itemCount = 0
    /// How many of them have no price.
    public private(set) var unpricedCount = 0

    /// An empty total for money with `decimals` decimals.
    public init(decimals: Int) {
        self.decimals = decimals
    }

    /// The sum of the rounded line totals, with exactly ``decimals`` decimals.
    public var total: DecimalNumber { DecimalNumber(units: units, scale: decimals) }

    /// Adds an item's line total (or counts it as unpriced).
    public mutating func add(_ item: Item) {
        add(price: item.price, quantity: item.effectiveQuantity)
    }

    /// Adds the line total of `quantity` units at `price` (or counts an unpriced line).
    public mutating func add(price: DecimalNumber?, quantity: DecimalNumber) {
        itemCount += 1
        guard let price else {
            unpricedCount += 1
            return
        }
        units += Self.lineTotal(price: price, quantity: quantity, decimals: decimals).units
    }

    /// Price times quantity, rounded half to even to `decimals` decimals.
    public static func lineTotal(price: DecimalNumber, quantity: DecimalNumber, decimals: Int) -> DecimalNumber {
        (price * quantity).rounded(toScale: decimals)
    }

    /// The total as shown to people: `48.30 EUR`, or `48.30` for a list without a currency.
    public func formattedTotal(currency: Currency?) -> String {
        let amount = total.formatted(decimals: decimals)
        return currency.map { "\(amount) \($0.code)" } ?? amount
    }

    /// `1 item without a price`, `3 items without a price`; nil when every item has one.
    public var unpricedNote: String? {
        switch unpricedCount {
        case 0: nil
        case 1: "1 item without a price"
        default: "\(unpricedCount) items without a price"
        }
    }

    /// The closing line of a listing: `Total: 48.30 EUR (1 item without a price)`.
    public func summary(currency: Currency?) -> String {
        let line = "Total: " + formattedTotal(currency: currency)
        return unpricedNote.map { line + " (\($0))" } ?? line
    }
}
