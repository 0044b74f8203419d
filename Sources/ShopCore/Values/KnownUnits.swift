/// The units a text line may name, each with the spellings it is written in.
///
/// Spellings are matched in any case, with or without a final `.` (`Pcs.`, `KG`). Every spelling of
/// a unit maps to one written form: plurals to the singular (`packs` → `pack`, `loaves` → `loaf`),
/// words and other abbreviations of a measure to its symbol (`grams`, `gr` → `g`; `litres`, `ltr`
/// → `l`; `pieces`, `pc` → `pcs`; `packet`, `pkg` → `pack`). Units are English words and
/// international symbols; a unit word in another language is part of the name (`2 Dosen Tomaten`
/// is 2 of `Dosen Tomaten`).
public enum KnownUnits {
    /// One unit: the form it is written in, and every spelling that means it.
    public struct Unit: Sendable {
        /// How the unit is written in a list: `kg`, `pcs`, `bottle`.
        public let written: String
        /// Every accepted spelling, in lower case, the written form included.
        public let spellings: [String]
        /// Whether it is a symbol of a measure (`g`, `ml`, `lb`) rather than a word for a container
        /// or a count (`bottle`, `bunch`), which can also be the name of what is bought (`2 rolls`).
        public let isSymbol: Bool
    }

    /// Every unit.
    public static let all: [Unit] = [
        symbol("g", "gr", "gram", "grams", "gramme", "grammes"),
        symbol("kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"),
        symbol("mg", "milligram", "milligrams"),
        symbol("l", "lt", "ltr", "ltrs", "liter", "liters", "litre", "litres"),
        symbol("ml", "milliliter", "milliliters", "millilitre", "millilitres"),
        symbol("cl", "centiliter", "centiliters", "centilitre", "centilitres"),
        symbol("dl", "deciliter", "deciliters", "decilitre", "decilitres"),
        symbol("oz", "ounce", "ounces"),
        symbol("lb", "lbs", "pound", "pounds"),
        symbol("pcs", "pc", "pce", "pces", "piece", "pieces"),
        word("pack", "packs", "pk", "pkt", "pkts", "pkg", "pkgs", "packet", "packets", "package", "packages"),
        word("bag", "bags"),
        word("bar", "bars"),
        word("bottle", "bottles", "btl"),
        word("box", "boxes"),
        word("bunch", "bunches"),
        word("can", "cans"),
        word("carton", "cartons"),
        word("clove", "cloves"),
        word("cup", "cups"),
        word("dozen", "doz"),
        word("head", "heads"),
        word("jar", "jars"),
        word("loaf", "loaves"),
        word("pinch", "pinches"),
        word("pot", "pots"),
        word("roll", "rolls"),
        word("slice", "slices"),
        word("stick", "sticks"),
        word("tbsp", "tbsps", "tbs", "tablespoon", "tablespoons"),
        word("tin", "tins"),
        word("tray", "trays"),
        word("tsp", "tsps", "teaspoon", "teaspoons"),
        word("tub", "tubs"),
    ]

    /// The unit a word spells, when it spells one: `KG`, `kgs` and `Kilos` are all `kg`.
    public static func unit(spelled word: some StringProtocol) -> Unit? {
        var key = word.lowercased()
        if key.count > 1 && key.hasSuffix(".") { key.removeLast() }
        return bySpelling[key].map { all[$0] }
    }

    /// The length of the longest spelling, in scalars.
    static let longestSpelling = all.flatMap(\.spellings).map(\.unicodeScalars.count).max() ?? 0

    private static let bySpelling = Dictionary(
        all.enumerated().flatMap { index, unit in unit.spellings.map { ($0, index) } }, uniquingKeysWith: { $1 })

    private static func symbol(_ written: String, _ others: String...) -> Unit {
        Unit(written: written, spellings: [written] + others, isSymbol: true)
    }

    private static func word(_ written: String, _ others: String...) -> Unit {
        Unit(written: written, spellings: [written] + others, isSymbol: false)
    }
}
