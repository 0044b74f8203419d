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

        /// A store named `name` whose aisles hold `categories` in that order.
        public init(name: String, categories: [String]) {
            self.name = name
            var seen: Set<NameKey> = []
            self.categories = categories.filter { !NameKey($0).isEmpty && seen.insert(NameKey($0)).inserted }
        }
    }

    /// The stores, in file order.
    public let stores: [Store]

    /// The stores given, the first of any two whose names have one key.
    public init(_ stores: [Store]) {
        var seen: Set<NameKey> = []
        self.stores = stores.filter { !NameKey($0.name).isEmpty && seen.insert(NameKey($0.name)).inserted }
    }

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
        for (key, value) in nodes.entries(of: mapping) {
            // A store written with nothing after it (`Corner shop:`), a `structure` error, is read
            // as a store without an order yet: `list` still shows the list in the store.
            let empty = nodes.isScalar(value) && nodes.isNull(value)
            guard nodes.isScalar(key), !nodes.isNull(key), nodes.isSequence(value) || empty else { continue }
            let name = String(decoding: nodes.value(key), as: UTF8.self)
            var categories: [String] = []
            for entry in empty ? [] : Array(nodes.items(of: value)) where nodes.isScalar(entry) && !nodes.isNull(entry) {
                categories.append(String(decoding: nodes.value(entry), as: UTF8.self))
            }
            read.append(Store(name: name, categories: categories))
        }
        self.init(read)
    }
}
