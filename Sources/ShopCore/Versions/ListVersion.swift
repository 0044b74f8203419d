import YAML

/// One version of a list as merge and diff see it: the top-level entries, and each item with what
/// identifies it (its `id`, its name's key) and where its entries are.
struct ListVersion: Sendable {
    /// One item: its mapping node and the value nodes of what identifies it. The texts stay in
    /// the document (see ``name(ofItem:)``): a copy of every name as a `String` would cost more
    /// than the item's record.
    struct Item: Sendable {
        private let mapping: Int32
        /// The value node of the name when it is a scalar that is not null; -1 without.
        let nameNode: Int32
        /// The value node of the `id` when it is one that is not blank; -1 without.
        let idNode: Int32

        init(node: Int, nameNode: Int?, idNode: Int?) {
            mapping = Int32(truncatingIfNeeded: node)
            self.nameNode = nameNode.map { Int32(truncatingIfNeeded: $0) } ?? -1
            self.idNode = idNode.map { Int32(truncatingIfNeeded: $0) } ?? -1
        }

        /// The item's mapping node.
        var node: Int { Int(mapping) }
        var hasName: Bool { nameNode >= 0 }
        var hasID: Bool { idNode >= 0 }

        /// The name as written, from `nodes` (its version's); nil without one.
        func nameBytes(_ nodes: RawNodes) -> UnsafeBufferPointer<UInt8>? {
            nameNode < 0 ? nil : nodes.value(Int(nameNode))
        }

        /// The `id` as written, from `nodes` (its version's); nil without one.
        func idBytes(_ nodes: RawNodes) -> UnsafeBufferPointer<UInt8>? {
            idNode < 0 ? nil : nodes.value(Int(idNode))
        }
    }

    /// The names and ids of a version's items, from its nodes, lent for one match.
    struct NodeIdentities: ItemIdentities {
        let version: ListVersion
        let nodes: RawNodes

        var count: Int { version.items.count }
        func nameBytes(_ item: Int) -> UnsafeBufferPointer<UInt8>? { version.items[item].nameBytes(nodes) }
        func idBytes(_ item: Int) -> UnsafeBufferPointer<UInt8>? { version.items[item].idBytes(nodes) }
    }

    /// One entry of a mapping: its key as text (nil for a key that is not a scalar), its key and
    /// value nodes.
    struct Entry: Sendable {
        var key: String?
        var keyNode: Int
        var valueNode: Int
    }

    let list: ShoppingList
    /// The root mapping; nil when the document has none.
    let root: Int?
    /// The entries of the root mapping.
    let topEntries: [Entry]
    /// The sequence of `items`; nil when there is none.
    let itemsNode: Int?
    /// The items that are mappings, in file order.
    let items: [Item]

    var document: Document { list.document }

    init(_ list: ShoppingList) {
        self.list = list
        let document = list.document
        var topEntries: [Entry] = []
        var items: [Item] = []
        var root: Int?
        let decimals = list.priceDecimals
        document.withRawNodes { nodes in
            guard let top = document.root?.id.index, nodes.isMapping(top) else { return }
            root = top
            topEntries = Self.entries(of: top, nodes: nodes)
            items.reserveCapacity(list.records.count)
            for record in list.records {
                let view = ItemView(nodes: nodes, record: record, decimals: decimals)
                let name = view.valueNode(.name).flatMap { view.text(.name) == nil ? nil : $0 }
                let id = view.valueNode(.id).flatMap { view.text(.id) == nil ? nil : $0 }
                items.append(Item(node: view.node, nameNode: name, idNode: id))
            }
        }
        self.root = root
        self.topEntries = topEntries
        itemsNode = list.itemsNode?.index
        self.items = items
    }

    /// The entries of a mapping, in source order.
    static func entries(of mapping: Int, nodes: RawNodes) -> [Entry] {
        var result: [Entry] = []
        for (key, value) in nodes.entries(of: mapping) {
            let text = nodes.isScalar(key) ? String(decoding: nodes.value(key), as: UTF8.self) : nil
            result.append(Entry(key: text, keyNode: key, valueNode: value))
        }
        return result
    }

    /// The entries of item `index`.
    func entries(ofItem index: Int) -> [Entry] {
        document.withRawNodes { Self.entries(of: items[index].node, nodes: $0) }
    }

    /// The top-level entry with the key `key`.
    func topEntry(_ key: String) -> Entry? {
        topEntries.first { $0.key == key }
    }

    /// The name of item `index` as written; nil without one.
    func name(ofItem index: Int) -> String? {
        text(items[index].nameNode)
    }

    /// The `id` of item `index`; nil without one.
    func id(ofItem index: Int) -> String? {
        text(items[index].idNode)
    }

    /// The key of the name of item `index`; nil without a name.
    func nameKey(ofItem index: Int) -> NameKey? {
        let node = items[index].nameNode
        guard node >= 0 else { return nil }
        return document.withRawNodes { NameKey(utf8: $0.value(Int(node))) }
    }

    private func text(_ node: Int32) -> String? {
        guard node >= 0 else { return nil }
        return document.withRawNodes { String(decoding: $0.value(Int(node)), as: UTF8.self) }
    }

    /// The name to show for item `index`: its name, else its id, else its position.
    func displayName(ofItem index: Int) -> String {
        Self.displayName(name: name(ofItem: index), id: id(ofItem: index), index: index)
    }

    /// The name to show for item `index` with `name` and `id`: the name, else the id, else the
    /// item's position (1-based).
    static func displayName(name: String?, id: String?, index: Int) -> String {
        name ?? id.map { "id \($0)" } ?? "item \(index + 1)"
    }

    /// Whether two texts are the same `String`: the same bytes, or (only possible beyond ASCII)
    /// the same characters written with other code points.
    static func sameText(_ left: UnsafeBufferPointer<UInt8>?, _ right: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard let left, let right else { return left == nil && right == nil }
        if left.elementsEqual(right) { return true }
        if left.allSatisfy({ $0 < 0x80 }) && right.allSatisfy({ $0 < 0x80 }) { return false }
        return String(decoding: left, as: UTF8.self) == String(decoding: right, as: UTF8.self)
    }
}
