/// How much of an item a line asks for, read from the words before or after its name:
///
/// | written | quantity | unit |
/// | --- | --- | --- |
/// | `3`, `½`, `1 1/2` | the number | none |
/// | `3 x`, `3x`, `x3`, `× 3` | the number | none |
/// | `500 g`, `500g`, `2 kg` | the number | the unit |
/// | `x2 kg` | the number | the unit |
/// | `2 x 500 g`, `2x500g` | the first number | none; the size `500 g` |
/// | `500 g x 2`, `0.5l x6` | the last number | none; the size `500 g`, `0.5 l` |
///
/// A pack of a unit that is no size's (`2 x 3 bunch`) keeps it as the unit (`3 bunch`).
struct QuantityPhrase: Sendable {
    /// How many.
    var quantity: WrittenNumber
    /// The unit as a list writes it (`kg`), or a pack of a unit that is no size's (`3 bunch`).
    var unit: String?
    /// What one of the quantity holds, for `2 x 500 g` (``PackSize``).
    var size: PackSize? = nil
    /// Whether the phrase is a number with a unit (`500 g`), which can also give the pack size of
    /// a count written elsewhere (`2 x Butter 250 g`).
    var isAmount = false
    /// Whether the phrase names a unit that is a word (`rolls`, `bottles`) rather than a symbol.
    var endsWithUnitWord = false
    /// Whether the phrase is a number alone (`3`), without `x` or a unit.
    var isBareNumber = false

    /// The size an amount gives, when its unit is one a size takes: `500 g`.
    var amountSize: PackSize? {
        guard isAmount, let unit else { return nil }
        return PackSize(amount: quantity.value, unit: unit)
    }

    /// Reads `words` as one quantity: nil when they are not one, a failure when they are one that
    /// cannot be used (a range, a number that could mean two things).
    static func read(_ words: ArraySlice<QuantityWord>) -> Result<QuantityPhrase, ImportLineFailure>? {
        var pieces: [QuantityWord.Piece] = []
        for word in words { pieces.append(contentsOf: word.pieces) }
        var numbers: [WrittenNumber] = []
        // The shape, one character a piece: n number, x times, u unit.
        var shape = ""
        var units: [KnownUnits.Unit] = []
        for piece in pieces {
            switch piece {
            case .number(.success(let number)):
                if let last = numbers.last, shape.hasSuffix("n"), last.isWhole, number.isPureFraction {
                    numbers[numbers.count - 1] = last.adding(fraction: number)
                } else {
                    numbers.append(number)
                    shape += "n"
                }
            case .number(.failure(let failure)):
                return matches(shape + "n") ? .failure(failure) : nil
            case .times: shape += "x"
            case .unit(let unit):
                units.append(unit)
                shape += "u"
            case .range(let text):
                return .failure(ImportLineFailure("\"\(text)\" is a range; write one quantity"))
            case .other: return nil
            }
        }
        guard matches(shape) else { return nil }
        let unit = units.first
        switch shape {
        case "n", "nx", "xn":
            return .success(QuantityPhrase(quantity: numbers[0], unit: nil, isBareNumber: shape == "n"))
        case "nu", "xnu":
            return .success(
                QuantityPhrase(
                    quantity: numbers[0], unit: unit?.written, isAmount: shape == "nu", endsWithUnitWord: !(unit?.isSymbol ?? true)))
        case "nxnu":
            return .success(
                pack(
                    count: numbers[0], amount: numbers[1], unit: unit?.written ?? "",
                    endsWithUnitWord: !(unit?.isSymbol ?? true)))
        default:  // "nuxn"
            return .success(pack(count: numbers[1], amount: numbers[0], unit: unit?.written ?? "", endsWithUnitWord: false))
        }
    }

    /// `count` packs of `amount` `unit`: a size when the unit is a size's, else the unit `3 bunch`.
    private static func pack(count: WrittenNumber, amount: WrittenNumber, unit: String, endsWithUnitWord: Bool) -> QuantityPhrase {
        var phrase = QuantityPhrase(quantity: count, unit: nil, endsWithUnitWord: endsWithUnitWord)
        if let size = PackSize(amount: amount.value, unit: unit) {
            phrase.size = size
        } else {
            phrase.unit = amount.value.description + " " + unit
        }
        return phrase
    }

    private static func matches(_ shape: String) -> Bool {
        ["n", "nx", "xn", "nu", "xnu", "nxnu", "nuxn"].contains(shape)
    }
}
