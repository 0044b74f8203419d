/// What one line (or row, or JSON item) of an import asks of the item it names, whatever the
/// format: the values it gives, and whether the item goes on the list or in the basket.
///
/// A value left nil is not given: a known item keeps its own, a new item goes without. Readers
/// make entries (``ImportEntries``); ``ListEditor/importEntries(_:)`` applies them.
public struct ImportEntry: Hashable, Sendable {
    /// The 1-based line the entry starts on, for messages.
    public var line: Int
    /// The values the entry gives. The name, which every entry has, is matched against the list's
    /// names the way names are compared. A quantity and a price are kept exactly as written; a
    /// price's decimals are checked against the list's currency when the entry is applied. A size
    /// (`500 g`) is as a line of text reads it, in the list's form, or as a spreadsheet or JSON
    /// gives it. `buy` nil puts the item on the list; `done` nil leaves a known item as it is (but
    /// an item taken off the list leaves the basket too) and a new one not done.
    public var fields: ItemFields
    /// The currency symbol or code written with the price (`€`, `USD`), checked against the list's.
    public var priceCurrency: String?
    /// Whether the values change an item the list has: true for spreadsheets, JSON and text
    /// lines; false for a checklist, whose ticks are all that comes back for a known item.
    public var changesKnownItems = true
    /// Whether the quantity counts packs of the size (`Potatoes 2.5 kg 3.49`): a known item's
    /// unit goes, so that it does not say 1 kg.
    public var countsPacks = false

    /// The name the entry gives.
    public var name: String { fields[.name] ?? "" }
}
