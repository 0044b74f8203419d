/// Text that a spreadsheet could run as a formula, which the CSV outputs (the export, the price
/// history) guard with a leading `'`.
enum SpreadsheetFormula {
    /// What a cell that a spreadsheet could run as a formula starts with.
    static let starts = "=+-@\t\r"

    /// Whether a text field gets a leading `'`: when it starts with what a spreadsheet could run
    /// as a formula, after any `'`s (which a reader would otherwise take for the guard).
    static func needsGuard(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = text.first(where: { $0 != UInt8(ascii: "'") }) else { return false }
        return starts.utf8.contains(first)
    }
}
