/// One task item of a Markdown checklist: `- [x] Apples — 6 pcs — 20.94`.
///
/// What follows the checkbox can often be read more than one way, because the export writes names
/// unchanged: `Tea — 2 kg` is the item `Tea` with its quantity, or an item named `Tea — 2 kg`;
/// `2 kg apples` is an exported item of that name, or a line typed by hand asking for 2 kg of
/// apples. ``readings`` holds every way, the longest name first, and ``reading(matching:)`` picks
/// the one that names a known item, so that a checklist exported from a list always finds its
/// items.
public struct MarkdownImportItem: Hashable, Sendable {
    /// One way of reading the item's text.
    public struct Reading: Hashable, Sendable {
        /// The name, exactly as the export wrote it, escapes undone.
        public var name: String
        /// The quantity, when the text gives one.
        public var quantity: DecimalNumber?
        /// The unit, when the text gives one.
        public var unit: String?
        /// What one unit holds, when the text gives it (`Coffee beans (500 g)`).
        public var size: String?
        /// The line total (price times quantity) the export wrote last, when there is one.
        public var lineTotal: DecimalNumber?
        /// The price of one unit, from `@ 1.99` in a line typed by hand.
        public var price: DecimalNumber?
        /// The currency symbol or code written with ``price`` (`¥`, `EUR`), checked against the
        /// list's.
        public var priceCurrency: String?
    }

    /// The 1-based line the item is on.
    public var line: Int
    /// Whether the checkbox is ticked (`[x]` or `[X]`).
    public var ticked: Bool
    /// Whether the line has a checkbox at all; a plain list item (`- Milk`) is read as unticked.
    public var hasCheckbox: Bool
    /// The text after the checkbox as it renders: escapes undone, quantity and total included.
    public var text: String
    /// The category: the `##` heading above the item, none under the heading of the uncategorized
    /// items (see ``MarkdownImportReader``) or before any heading.
    public var category: String?
    /// The notes: the block quote (or indented lines) below the item, one line a line, paragraphs
    /// apart by an empty line.
    public var notes: String?
    /// Every reading of the text, the longest name first; never empty.
    public var readings: [Reading]
    /// The reading for an item that is not known: the export's quantity and total when the line
    /// has them, else the quantity, unit and price a line of text would give.
    public var reading: Reading

    /// The reading whose name is one of `knownNames` (the first, so the longest), else ``reading``.
    public func reading(matching knownNames: Set<NameKey>) -> Reading {
        Self.knownReading(readings) { knownNames.contains($0) } ?? reading
    }

    /// The first of `readings` whose name `isKnown` says the list has; else the first whose name
    /// is a known name followed by a remark (`Oat milk (Oatly)`), with that name; nil when none is.
    static func knownReading(_ readings: [Reading], isKnown: (NameKey) -> Bool) -> Reading? {
        if let known = readings.first(where: { isKnown(NameKey($0.name)) }) { return known }
        for var reading in readings {
            guard let name = NameRemark.knownName(in: reading.name, isKnown: isKnown) else { continue }
            reading.name = name
            return reading
        }
        return nil
    }

    /// The name of ``reading``.
    public var name: String { reading.name }
}
