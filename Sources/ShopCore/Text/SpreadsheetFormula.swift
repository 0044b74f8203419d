/// Text that a spreadsheet could run as a formula, which the CSV outputs (the export, the price
/// history) guard with a leading `'`.
enum SpreadsheetFormula {
    /// Whether a text field gets a leading `'`: when it starts with what a spreadsheet could run
    /// as a formula, after any `'`s (which a reader would otherwise take for the guard).
    static func needsGuard(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = text.first(where: { $0 != UInt8(ascii: "'") }) else { return false }
        return startsFormula(first)
    }

    /// Whether a cell starting with `byte` could be run as a formula by a spreadsheet. A switch,
    /// not a lookup in a string: the CSV export asks it for every text field.
    static func startsFormula(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D: true
        default: false
        }
    }
}
