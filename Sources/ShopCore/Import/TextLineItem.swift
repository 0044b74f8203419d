/// What one line of pasted text asks for: `2 kg apples`, `- [x] Milk x2 @ 1.19`.
public struct TextLineItem: Hashable, Sendable {
    /// Whether the line had a checkbox, and whether it was ticked.
    public enum Checkbox: Hashable, Sendable {
        /// No checkbox: a plain line or bullet.
        case none
        /// `[ ]`, `☐`.
        case unticked
        /// `[x]`, `[X]`, `☑`, `✅`, `✓`.
        case ticked
    }

    /// The name, without white space at its ends and with each run of white space inside it
    /// collapsed to one space.
    public var name: String
    /// How many, when the line says: exact, with at most 3 decimals (see ``quantityRoundedFrom``).
    public var quantity: DecimalNumber?
    /// The unit as a list writes it (``KnownUnits``).
    public var unit: String?
    /// What one unit holds (`500 g` of `coffee 500 g 7.99`), in the list's form.
    public var size: String?
    /// The price after `@` (or marked with a currency symbol), exactly as written: `1.90` keeps
    /// its two decimals.
    public var price: DecimalNumber?
    /// The currency symbol or ISO code written with the price (`€`, `USD`), when there is one.
    public var priceCurrency: String?
    /// The line's checkbox.
    public var checkbox: Checkbox = .none
    /// Whether the quantity counts packs of ``size`` rather than units: a known item's unit goes
    /// (`Potatoes 2.5 kg 3.49` is one bag, not 1 kg).
    public var countsPacks = false
    /// The fraction as written (`1/3`, `⅓`) when the quantity is that fraction rounded half to
    /// even to 3 decimals, because its exact value has more.
    public var quantityRoundedFrom: String?

    /// Whether the checkbox was ticked.
    public var isTicked: Bool { checkbox == .ticked }
}

/// What reading one line of text gives.
public enum TextLineReading: Hashable, Sendable {
    /// A blank line, a `#` comment, a heading such as `Dairy:`, or a bullet or checkbox with
    /// nothing after it.
    case skipped
    /// An item.
    case item(TextLineItem)
    /// Several items on one line: `bread, rolls, butter`.
    case items([TextLineItem])
    /// A line that cannot be read, and why.
    case failure(ImportLineFailure)
}
