/// A value for some of an item's keys, each as written or typed: what an edit gives, what a line
/// of an import asks, what an item of a list holds. A key without a value is nil.
///
/// The values are texts, one slot per ``ItemKey`` by its rank, so that a key added to the schema
/// has its place here without anything naming it. Numbers and flags are read and written through
/// ``subscript(decimal:)`` and ``subscript(flag:)``: a decimal is kept with all its digits
/// (`1.50` stays `1.50`), so money stays exact.
public struct ItemFields: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// The values, by rank.
    private var values: [String?]

    /// No values.
    public init() {
        values = Array(repeating: nil, count: ItemKey.allCases.count)
    }

    /// The values given, as written: `[.name: "Pears", .price: "2", .buy: "true"]`.
    public init(dictionaryLiteral elements: (ItemKey, String?)...) {
        self.init()
        for (key, value) in elements { values[key.rank] = value }
    }

    /// The value of `key` as written (a price or quantity as typed, `true`/`false` for a flag).
    @inline(__always)
    public subscript(key: ItemKey) -> String? {
        get { values[key.rank] }
        set { values[key.rank] = newValue }
    }

    /// The value of `key` as a decimal: nil when there is none or it is not a plain decimal
    /// (`12`, `12.5`, `-3`). A decimal set here reads back with its scale.
    public subscript(decimal key: ItemKey) -> DecimalNumber? {
        get {
            guard let text = values[key.rank] else { return nil }
            guard let magnitude = text.first == "-" ? String(text.dropFirst()) : nil else { return DecimalNumber(text) }
            return DecimalNumber(magnitude).map { DecimalNumber(units: -$0.units, scale: $0.scale) }
        }
        set { values[key.rank] = newValue.map { $0.formatted(decimals: $0.scale) } }
    }

    /// The value of `key` as a flag: nil when there is none or it is not `true` or `false`.
    public subscript(flag key: ItemKey) -> Bool? {
        get {
            switch values[key.rank] {
            case "true": true
            case "false": false
            default: nil
            }
        }
        set { values[key.rank] = newValue.map { $0 ? "true" : "false" } }
    }

    /// The keys that have a value, in rank order.
    public var keys: [ItemKey] {
        ItemKey.allCases.filter { values[$0.rank] != nil }
    }
}
