import YAML

/// One item of a list, as decoded: its numbers and flags, its texts read from the document when
/// asked for, and where each value was written. A value that breaks its rule reads as absent here;
/// `check` reports it.
public struct Item: Sendable {
    let list: ShoppingList
    let record: ItemRecord
    /// The position of the item among the file's items that are mappings.
    public let position: Int

    init(list: ShoppingList, record: ItemRecord, position: Int) {
        self.list = list
        self.record = record
        self.position = position
    }

    /// The item's mapping in the document.
    public var node: NodeID { NodeID(index: Int(record.node)) }

    /// The price of one unit.
    public var price: DecimalNumber? { record.price(decimals: list.priceDecimals) }
    /// How many units, when written; ``effectiveQuantity`` supplies the default of 1.
    public var quantity: DecimalNumber? { record.quantity }
    /// Whether the item is on the current shopping list.
    public var buy: Bool { record.buy }
    /// Whether the item is already in the basket.
    public var done: Bool { record.done }

    /// The name as written; nil when absent or not text. May be empty.
    public var name: String? { text(.name) }
    /// The optional stable identifier.
    public var id: String? { text(.id) }
    /// The unit: kg, l, pcs, ...
    public var unit: String? { text(.unit) }
    /// What one unit holds (`500 g`, `6 x 330 ml`), as written.
    public var size: String? { text(.size) }
    /// The aisle or section of the store.
    public var category: String? { text(.category) }
    /// Free text, possibly several lines.
    public var notes: String? { text(.notes) }

    /// How many units to buy: the written quantity, or 1.
    public var effectiveQuantity: DecimalNumber { record.effectiveQuantity }

    /// The price times the quantity, exact (not yet rounded to the currency); nil without a price.
    public var lineTotal: DecimalNumber? { price.map { $0 * effectiveQuantity } }

    /// The value node of a known key, when the item has it.
    public func valueNode(_ key: ItemKey) -> NodeID? {
        list.document.withRawNodes { nodes in record.valueNode(key, nodes: nodes).map(NodeID.init(index:)) }
    }

    /// The key node of a known key, when the item has it (known keys are scalars, just before their
    /// values).
    public func keyNode(_ key: ItemKey) -> NodeID? {
        valueNode(key).map { NodeID(index: $0.index - 1) }
    }

    /// The text of a key's value by the rules of ``ItemView/text(_:)``.
    private func text(_ key: ItemKey) -> String? {
        list.document.withRawNodes { nodes in
            ItemView(nodes: nodes, record: record, decimals: list.priceDecimals).text(key).map {
                String(decoding: $0, as: UTF8.self)
            }
        }
    }
}

/// One item during a walk over a list, with its texts lent as bytes of the document: what the
/// exports and the rules read, without allocating anything per item. Valid only inside the walk.
struct ItemView {
    let nodes: RawNodes
    let record: ItemRecord
    let decimals: Int

    /// The item's mapping node.
    var node: Int { Int(record.node) }
    /// The price of one unit.
    var price: DecimalNumber? { record.price(decimals: decimals) }
    /// The written quantity.
    var quantity: DecimalNumber? { record.quantity }
    /// How many units: the written quantity, or 1.
    var effectiveQuantity: DecimalNumber { record.effectiveQuantity }
    var buy: Bool { record.buy }
    var done: Bool { record.done }

    /// The value node of a known key.
    @inline(__always) func valueNode(_ key: ItemKey) -> Int? { record.valueNode(key, nodes: nodes) }

    /// The text of a key's value as UTF-8: nil when absent, null or not a scalar, and (except for
    /// the name, which may be blank) when only spaces and tabs.
    @inline(__always)
    func text(_ key: ItemKey) -> UnsafeBufferPointer<UInt8>? {
        guard let bytes = value(key) else { return nil }
        if key != .name && bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
        return bytes
    }

    /// The value of a key when it is a scalar that is not null.
    @inline(__always)
    func value(_ key: ItemKey) -> UnsafeBufferPointer<UInt8>? {
        guard let node = valueNode(key) else { return nil }
        return nodes.nonNullValue(node)
    }
}
