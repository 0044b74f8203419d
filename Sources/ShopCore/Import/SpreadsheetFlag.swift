/// A `buy` or `done` cell of a spreadsheet: what a list file takes (`true`, `no`, `ON`, ...),
/// `1` and `0`, `x` for a tick, and a spreadsheet's own words for true and false as it saves
/// them in English, German, French, Spanish, Italian, Dutch and Portuguese (`WAHR`/`FALSCH`,
/// `VRAI`/`FAUX`, `VERDADERO`/`FALSO`, `VERO`/`FALSO`, `WAAR`/`ONWAAR`, `VERDADEIRO`/`FALSO`),
/// with the yes and no of those languages (`ja`, `oui`, `sí`, `sim`, `nee`, `não`, ...), in any
/// case.
///
/// An empty cell is no value (a known item keeps its own), except in a column whose other cells
/// tick with `x`: there an empty cell is an unticked box, false.
enum SpreadsheetFlag {
    /// The words read as true, in lower case.
    static let trueWords: Set<String> = [
        "true", "yes", "on", "1", "x", "✓", "✔", "wahr", "ja", "vrai", "oui", "verdadero", "sí", "si", "vero", "waar",
        "verdadeiro", "sim",
    ]
    /// The words read as false, in lower case.
    static let falseWords: Set<String> = [
        "false", "no", "off", "0", "falsch", "nein", "faux", "non", "falso", "onwaar", "nee", "não", "nao",
    ]

    /// The flag a cell says; nil for an empty cell and for a word that is neither (which the
    /// reader reports).
    static func read(_ cell: Substring) -> Bool? {
        let word = cell.strippedOfWhiteSpace.lowercased()
        if trueWords.contains(word) { return true }
        if falseWords.contains(word) { return false }
        return nil
    }

    /// Whether a cell is a tick written as `x`.
    static func isTick(_ cell: Substring) -> Bool {
        let word = cell.strippedOfWhiteSpace
        return word == "x" || word == "X"
    }
}
