/// A file whose items `shop buy --from` puts on the list: any shop list (a recipe, a party plan).
///
/// Every item of the file counts, whatever its own `buy` and `done` say: a recipe names what it
/// needs, and a recipe kept as a list may well have been ticked off the last time it was cooked.
/// Each item brings its quantity (1 when it has none) in its unit (none counts as pieces).
public struct Recipe: Sendable {
    /// One item of the recipe.
    public struct Line: Sendable {
        /// The item as the recipe has it.
        public var item: Item
        /// The name, as written.
        public var name: String
        /// How much: the quantity, or 1.
        public var amount: DecimalNumber
        /// The unit as written; nil when it has none.
        public var unit: String?
    }

    /// The name the file is shown by in messages.
    public var fileName: String
    /// The file, read.
    public var list: ShoppingList
    /// Its items that have a name, in file order.
    public var lines: [Line]

    /// The recipe `list`, shown as `fileName`. A file with errors is refused before it gets here:
    /// an item without a name, or with a quantity that does not read, would otherwise be left out
    /// or bought once without a word.
    public init(list: ShoppingList, fileName: String) {
        self.fileName = fileName
        self.list = list
        lines = list.items.compactMap { item in
            guard let name = item.name, !NameKey(name).isEmpty else { return nil }
            return Line(item: item, name: name, amount: item.effectiveQuantity, unit: item.unit)
        }
    }
}
