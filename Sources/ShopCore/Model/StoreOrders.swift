import YAML

/// The `stores` of a list: for each store, its categories in the order a shopper meets them
/// walking its aisles. Store names and categories are compared like names (``NameKey``).
///
/// Only what can be read is kept: a store whose name is not text, or whose value is not a list,
/// is left out, as are entries that are not names; the first of two stores (or of two entries in
/// one store) with the same key counts. `check` reports the rest.
public struct StoreOrders: Sendable, Equatable {
    /// One store: its name as written and its categories in its aisle order, each once.
    public struct Store: Sendable, Equatable {
        /// The name, as the file writes it.
        public let name: String
        /// The categories, as written, in the store's aisle order, each once (compared like names).
        public let categories: [String]
    }

    /// The stores, in file order.
    public let stores: [Store]

    /// The stores' names, in file order.
    public var names: [String] { stores.map(\.name) }

    /// The store named `name`, compared like names; nil when there is none.
    public func store(named name: String) -> Store? {
        let wanted = NameKey(name)
        return stores.first { NameKey($0.name) == wanted }
    }

    /// The readable stores of the mapping `mapping`.
    init(_ mapping: Int, nodes: RawNodes) {
        var read: [Store] = []
        var seenStores: Set<NameKey> = []
        for (key, value) in nodes.entries(of: mapping) {
            // A store written with nothing after it (`Corner shop:`), a `structure` error, is read
            // as a store without an order yet: `list` still shows the list in the store.
            let empty = nodes.isScalar(value) && nodes.isNull(value)
            guard nodes.isScalar(key), !nodes.isNull(key), nodes.isSequence(value) || empty else { continue }
            let name = String(decoding: nodes.value(key), as: UTF8.self)
            guard !NameKey(name).isEmpty, seenStores.insert(NameKey(name)).inserted else { continue }
            var categories: [String] = []
            var seen: Set<NameKey> = []
            for entry in empty ? [] : Array(nodes.items(of: value)) where nodes.isScalar(entry) && !nodes.isNull(entry) {
                let category = String(decoding: nodes.value(entry), as: UTF8.self)
                if !NameKey(category).isEmpty && seen.insert(NameKey(category)).inserted { categories.append(category) }
            }
            read.append(Store(name: name, categories: categories))
        }
        stores = read
    }
}
