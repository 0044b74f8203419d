import ShopCore

/// The store whose aisle order `list` and `export` follow: `--store NAME`, else `$SHOP_STORE`.
///
/// A household sets `SHOP_STORE` once for all its lists, so a list without `stores` ignores it
/// (its sections keep the order of `categories`), while `--store` on such a list is a mistake. A
/// name that a list with `stores` does not have is a usage error either way: shopping in a store
/// with another store's order would send the shopper up and down the aisles.
enum StoreChoice {
    /// The environment variable that names the store when `--store` is not given.
    static let variable = "SHOP_STORE"

    /// What was asked for: a store, none, or a name that is not a store of the list (with the
    /// message that says so).
    enum Outcome {
        case store(StoreOrders.Store?)
        case unknown(String)
    }

    /// The store `context` asks for in `list` (read from `path`, shown as `displayPath`).
    static func choose(in list: ShoppingList, context: CommandContext, displayPath: String) -> Outcome {
        let stores = list.stores?.stores ?? []
        let name: String
        let source: String
        if let given = context.arguments.value("store") {
            name = given
            source = ""
        } else if let named = context.environment[variable], !NameKey(named).isEmpty {
            // A household's setting: lists without stores follow their categories.
            guard !stores.isEmpty else { return .store(nil) }
            name = named
            source = " (from \(variable))"
        } else {
            return .store(nil)
        }
        if let store = list.stores?.store(named: name) { return .store(store) }
        var message = "no store '\(name)'\(source) in \(displayPath); "
        if stores.isEmpty {
            message += "it has no stores (add a 'stores:' mapping from each store to its categories in aisle order)"
        } else {
            message += "its stores are: " + stores.map(\.name).joined(separator: ", ")
        }
        return .unknown(message)
    }
}
