import YAML

/// One version of a list as merge and diff see it: the top-level entries, and each item with what
/// identifies it (its `id`, its name's key) and where its entries are.
struct ListVersion: Sendable {
    /// One item.
    struct Item: Sendable {
        /// The item's mapping node.
        var node: Int
        /// The name as written; nil without one.
        var name: String?
        /// The key of the name; nil without a name. Computed each time: callers that need it
        /// often keep it.
        var nameKey: NameKey? { name.map { NameKey($0) } }
        /// The `id`, when it has one that is not blank.
        var id: String?
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
                var item = Item(node: view.node)
                if let name = view.text(.name) { item.name = String(decoding: name, as: UTF8.self) }
                item.id = view.text(.id).map { String(decoding: $0, as: UTF8.self) }
                items.append(item)
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

    /// The name to show for item `index`: its name, else its id, else its position.
    func displayName(ofItem index: Int) -> String {
        items[index].name ?? items[index].id.map { "id \($0)" } ?? "item \(index + 1)"
    }
}
