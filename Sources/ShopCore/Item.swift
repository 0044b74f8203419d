import YAML

/// One item of the catalog: its numbers and flags read by shop's rules, its texts read from the
/// document when asked for, and links to where each value was written. A value that breaks its
/// rule reads as absent here; `check` reports it.
public struct Item: Sendable {
    let document: Document
    /// The item's mapping in the document.
    public let node: NodeID
    /// The position of the item among the file's well-formed items.
    public let position: Int
    /// What was read from the mapping.
    let fields: ItemFields

    init(document: Document, node: NodeID, position: Int, fields: ItemFields) {
        self.document = document
        self.node = node
        self.position = position
        self.fields = fields
    }

    /// The price of one unit.
    public var price: DecimalNumber? { fields.price }
    /// How many units, when written; ``effectiveQuantity`` supplies the default of 1.
    public var quantity: DecimalNumber? { fields.quantity }
    /// Whether the item is on the current shopping list.
    public var buy: Bool { fields.buy }
    /// Whether the item is already in the basket.
    public var done: Bool { fields.done }

    /// The name as written; nil when absent or not text. May be empty.
    public var name: String? { text(.name, keepBlank: true) }
    /// The optional stable identifier.
    public var id: String? { text(.id) }
    /// The unit: kg, l, pcs, ...
    public var unit: String? { text(.unit) }
    /// The aisle or section of the store.
    public var category: String? { text(.category) }
    /// Free text, possibly several lines.
    public var notes: String? { text(.notes) }

    /// How many units to buy: the written quantity, or 1.
    public var effectiveQuantity: DecimalNumber { quantity ?? DecimalNumber(1) }

    /// The price times the quantity, exact (not yet rounded to the currency); nil without a price.
    public var lineTotal: DecimalNumber? { price.map { $0 * effectiveQuantity } }

    /// The node of a known key, when the item has it.
    public func keyNode(_ key: ItemKey) -> NodeID? {
        let index = fields.nodes[key.position * 2]
        return index < 0 ? nil : NodeID(index: Int(index))
    }

    /// The value node of a known key, when the item has it.
    public func valueNode(_ key: ItemKey) -> NodeID? {
        let index = fields.nodes[key.position * 2 + 1]
        return index < 0 ? nil : NodeID(index: Int(index))
    }

    /// The text of a key's value: nil when absent, null, not a scalar, or (unless `keepBlank`) only
    /// white space.
    private func text(_ key: ItemKey, keepBlank: Bool = false) -> String? {
        guard let id = valueNode(key) else { return nil }
        let node = document.node(id)
        guard node.isScalar, !node.isNull, let value = node.value else { return nil }
        if !keepBlank && value.allSatisfy({ $0 == " " || $0 == "\t" }) { return nil }
        return value
    }
}

/// What decoding an item mapping yields, without a reference to the document: cheap to make for
/// each of 100,000 items while checking.
struct ItemFields: Sendable {
    /// Key and value node of each known key, as pairs of indexes (-1 when absent).
    var nodes = InlineArray<18, Int32>(repeating: -1)
    var price: DecimalNumber?
    var quantity: DecimalNumber?
    var buy = false
    var done = false

    func keyNode(_ key: ItemKey) -> Int? {
        let index = nodes[key.position * 2]
        return index < 0 ? nil : Int(index)
    }

    func valueNode(_ key: ItemKey) -> Int? {
        let index = nodes[key.position * 2 + 1]
        return index < 0 ? nil : Int(index)
    }
}

extension ItemKey {
    /// The key's place in the canonical order.
    var position: Int {
        switch self {
        case .name: 0
        case .id: 1
        case .price: 2
        case .quantity: 3
        case .unit: 4
        case .category: 5
        case .buy: 6
        case .done: 7
        case .notes: 8
        }
    }
}
