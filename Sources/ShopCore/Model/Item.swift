import YAML

/// One item of a list, as decoded: its numbers and flags, its texts read from the document when
/// asked for, and where each value was written. A value that breaks its rule reads as absent here;
/// `check` reports it.
public struct Item: Sendable {
    let list: ShoppingList
    let record: ItemRecord
    /// The position of the item among the file's items that are mappings.
    public let position: Int

    /// The item's mapping in the document.
    public var node: NodeID { NodeID(index: Int(record.node)) }

    /// The price of one unit: the item's own, else its catalog item's.
    public var price: DecimalNumber? { view { $0.price } }
    /// How many units, when written; ``effectiveQuantity`` supplies the default of 1.
    public var quantity: DecimalNumber? { record.quantity }
    /// Whether the item is on the current shopping list.
    public var buy: Bool { record.buy }
    /// Whether the item is already in the basket.
    public var done: Bool { record.done }

    /// The name as written; nil when absent or not text. May be empty.
    public var name: String? { text(.name) }
    /// The optional stable identifier: the item's own, else its catalog item's.
    public var id: String? { text(.id) }
    /// The unit: kg, l, pcs, ... (the item's own, else its catalog item's).
    public var unit: String? { text(.unit) }
    /// What one unit holds (`500 g`, `6 x 330 ml`), as written (the item's own, else its catalog
    /// item's).
    public var size: String? { text(.size) }
    /// The aisle or section of the store (the item's own, else its catalog item's).
    public var category: String? { text(.category) }
    /// Free text, possibly several lines (the item's own, else its catalog item's).
    public var notes: String? { text(.notes) }

    /// How many units to buy: the written quantity, or 1.
    public var effectiveQuantity: DecimalNumber { record.effectiveQuantity }

    /// The price times the quantity, exact (not yet rounded to the currency); nil without a price.
    public var lineTotal: DecimalNumber? { price.map { $0 * effectiveQuantity } }

    /// The catalog item this item is, when the list was resolved against a catalog that has it
    /// (by `id`, else by name).
    public var catalogItem: Item? {
        guard let link = list.link, let catalog = link.catalog, position < link.matches.count else { return nil }
        let match = Int(link.matches[position])
        guard match >= 0 else { return nil }
        return Item(list: catalog, record: catalog.records[match], position: match)
    }

    /// Which file a key's value comes from: the list when the item sets it (writes the key with a
    /// value that is not null), else the catalog when the key is one a catalog supplies and the
    /// catalog item sets it; nil when neither has it.
    public func owner(of key: ItemKey) -> ValueOwner? {
        view { view in view.owner(of: key) }
    }

    /// The value node of a known key, when the item itself has it (in the list's document; a
    /// catalog item's nodes are its own ``catalogItem``'s).
    public func valueNode(_ key: ItemKey) -> NodeID? {
        list.document.withRawNodes { nodes in record.valueNode(key, nodes: nodes).map(NodeID.init(index:)) }
    }

    /// The key node of a known key, when the item has it (known keys are scalars, just before their
    /// values).
    public func keyNode(_ key: ItemKey) -> NodeID? {
        valueNode(key).map { NodeID(index: $0.index - 1) }
    }

    /// The text of a key's value: the item's own, else its catalog item's; nil when the item has
    /// none, it is not text, or (but for the name) it is only spaces and tabs.
    public func text(_ key: ItemKey) -> String? {
        view { $0.text(key).map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Calls `body` with this item's view, resolved against the catalog.
    private func view<Result>(_ body: (ItemView) -> Result) -> Result {
        list.withItemViews { views in body(views.view(position)) }
    }
}

/// One item during a walk over a list, with its texts lent as bytes of the document: what the
/// exports and the rules read, without allocating anything per item. Valid only inside the walk.
struct ItemView {
    let nodes: RawNodes
    let record: ItemRecord
    let decimals: Int
    /// The catalog item, when the list names a catalog that has the item: it supplies what the
    /// item does not set of the keys a catalog supplies.
    var catalogItem: CatalogItem? = nil

    /// A catalog item during a walk: its nodes, record and the decimals of its prices.
    struct CatalogItem {
        let nodes: RawNodes
        let record: ItemRecord
        let decimals: Int
    }

    /// The item's mapping node.
    var node: Int { Int(record.node) }
    /// The price of one unit: the item's own, else its catalog item's.
    var price: DecimalNumber? {
        if let catalogItem, !sets(.price) { return catalogItem.record.price(decimals: catalogItem.decimals) }
        return record.price(decimals: decimals)
    }
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
    /// A key a catalog supplies and the item does not set is read from the catalog item.
    @inline(__always)
    func text(_ key: ItemKey) -> UnsafeBufferPointer<UInt8>? {
        if let catalogItem, key.comesFromCatalog, !sets(key) {
            return ItemView(nodes: catalogItem.nodes, record: catalogItem.record, decimals: catalogItem.decimals).text(key)
        }
        guard let bytes = value(key) else { return nil }
        if key != .name && bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
        return bytes
    }

    /// Whether the item itself writes `key` with a value that is not null.
    @inline(__always)
    func sets(_ key: ItemKey) -> Bool {
        guard let node = valueNode(key) else { return false }
        return !(nodes.isScalar(node) && nodes.isNull(node))
    }

    /// Which file `key`'s value comes from (see ``Item/owner(of:)``).
    func owner(of key: ItemKey) -> ValueOwner? {
        if sets(key) { return .list }
        guard key.comesFromCatalog, let catalogItem else { return nil }
        let view = ItemView(nodes: catalogItem.nodes, record: catalogItem.record, decimals: catalogItem.decimals)
        return view.sets(key) ? .catalog : nil
    }

    /// The value of a key when it is a scalar that is not null.
    @inline(__always)
    func value(_ key: ItemKey) -> UnsafeBufferPointer<UInt8>? {
        guard let node = valueNode(key) else { return nil }
        return nodes.nonNullValue(node)
    }
}

/// Which file an item's value comes from, for a list that names a catalog.
public enum ValueOwner: Sendable, Hashable {
    /// The list file sets it.
    case list
    /// The catalog sets it and the list does not.
    case catalog
}

/// The views of a list's items during a walk, resolved against its catalog when it has one.
struct ItemViews {
    let nodes: RawNodes
    let records: [ItemRecord]
    let decimals: Int
    let catalog: Catalog?

    /// The catalog's side of a walk.
    struct Catalog {
        let nodes: RawNodes
        let records: [ItemRecord]
        let decimals: Int
        /// Each list record's catalog record, or -1.
        let matches: [Int32]
    }

    /// The view of the item at `position` in the list's records.
    @inline(__always)
    func view(_ position: Int) -> ItemView {
        let record = records[position]
        guard let catalog, position < catalog.matches.count else {
            return ItemView(nodes: nodes, record: record, decimals: decimals)
        }
        let match = Int(catalog.matches[position])
        guard match >= 0 else { return ItemView(nodes: nodes, record: record, decimals: decimals) }
        return ItemView(
            nodes: nodes, record: record, decimals: decimals,
            catalogItem: ItemView.CatalogItem(nodes: catalog.nodes, record: catalog.records[match], decimals: catalog.decimals))
    }
}
