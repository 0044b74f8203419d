/// One word of a text line (white space separates words), cut into the pieces a quantity is
/// written with: numbers, the `x` of `3 x` and `x3`, and units. `500g` is a number and a unit,
/// `2x500g` a number, an `x`, a number and a unit; `7Up`, `B12` and `3.5%` have other pieces and
/// so belong to the name.
struct QuantityWord: Sendable {
    enum Piece: Sendable {
        /// A number, or why what looks like one cannot be read (`1,000`).
        case number(Result<WrittenNumber, ImportLineFailure>)
        /// `x`, `X` or `×`.
        case times
        /// A unit, and how it was spelled.
        case unit(KnownUnits.Unit)
        /// Two numbers with a dash between them (`2-3`, `200–250g`): a range, which is not one
        /// quantity.
        case range(String)
        /// Anything else: the word is part of the name.
        case other
    }

    /// The word as written.
    let text: Substring
    /// Its pieces.
    let pieces: [Piece]

    /// Whether every piece can be part of a quantity.
    var isQuantityPart: Bool {
        pieces.allSatisfy { if case .other = $0 { false } else { true } }
    }

    init(_ text: Substring) {
        self.text = text
        pieces = Self.lex(Array(text.unicodeScalars))
    }

    private static func lex(_ scalars: [Unicode.Scalar]) -> [Piece] {
        var pieces: [Piece] = []
        var sawDash = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if isDigit(scalar) || (scalar == "." && index + 1 < scalars.count && isDigit(scalars[index + 1])) {
                pieces.append(.number(number(scalars, at: &index)))
            } else if let fraction = Fraction.characters[Character(scalar)] {
                index += 1
                pieces.append(
                    .number(
                        WrittenNumber.fraction(
                            whole: 0, numerator: Int128(fraction.numerator), denominator: Int128(fraction.denominator),
                            text: String(scalar))))
            } else if scalar == "×" {
                index += 1
                pieces.append(.times)
            } else if scalar == "-" || scalar == "–" {
                index += 1
                sawDash = true
            } else if scalar.isLetter {
                var end = index
                while end < scalars.count && scalars[end].isLetter { end += 1 }
                // `pcs.`: an abbreviation's point ends the word.
                if end + 1 == scalars.count && scalars[end] == "." { end += 1 }
                // No spelling of a unit is longer than this: longer words need no look-up.
                guard end - index <= KnownUnits.longestSpelling + 1 else { return [.other] }
                var letters = String.UnicodeScalarView()
                letters.append(contentsOf: scalars[index..<end])
                let word = String(letters)
                index = end
                if word == "x" || word == "X" {
                    pieces.append(.times)
                } else if let unit = KnownUnits.unit(spelled: word) {
                    pieces.append(.unit(unit))
                } else {
                    return [.other]
                }
            } else {
                return [.other]
            }
        }
        guard sawDash else { return pieces }
        // A dash belongs to a quantity only as a range: `2-3`, `2-3 kg`, `200-250g`.
        let isRange: Bool
        switch pieces.count {
        case 2: if case .number = pieces[0], case .number = pieces[1] { isRange = true } else { isRange = false }
        case 3:
            if case .number = pieces[0], case .number = pieces[1], case .unit = pieces[2] { isRange = true } else {
                isRange = false
            }
        default: isRange = false
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return isRange ? [.range(String(text))] : [.other]
    }

    /// Reads the number starting at `index`: digits with one `.` or `,` and more digits, a
    /// fraction `1/2` (or `1⁄2`), or digits followed by a vulgar fraction (`1½`).
    private static func number(_ scalars: [Unicode.Scalar], at index: inout Int) -> Result<WrittenNumber, ImportLineFailure> {
        let start = index
        func digits() -> Int {
            let from = index
            while index < scalars.count && isDigit(scalars[index]) { index += 1 }
            return index - from
        }
        func text(_ from: Int) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[from..<index])
            return String(view)
        }
        func integer(_ from: Int, _ to: Int) -> Int128 {
            var digits = String.UnicodeScalarView()
            digits.append(contentsOf: scalars[from..<to])
            // At most 9 digits without a point: DecimalNumber reads them as whole units.
            return DecimalNumber(String(digits))?.units ?? 0
        }
        let wholeDigits = digits()
        let wholeEnd = index
        if index + 1 < scalars.count && (scalars[index] == "." || scalars[index] == ",") && isDigit(scalars[index + 1]) {
            // Further groups (`1,000,000`) are read too, so that the number is refused as a whole.
            while index + 1 < scalars.count && (scalars[index] == "." || scalars[index] == ",")
                && isDigit(scalars[index + 1])
            {
                index += 1
                _ = digits()
            }
            let written = text(start)
            return WrittenNumber.decimal(written).map {
                WrittenNumber(value: $0, text: written, isWhole: false, isPureFraction: false)
            }
        }
        if wholeDigits > 0 && index + 1 < scalars.count && (scalars[index] == "/" || scalars[index] == "⁄")
            && isDigit(scalars[index + 1])
        {
            index += 1
            let denominatorStart = index
            let denominatorDigits = digits()
            let written = text(start)
            guard wholeDigits <= 9 && denominatorDigits <= 9 else {
                return .failure(ImportLineFailure("\"\(written)\" is too large a fraction"))
            }
            return WrittenNumber.fraction(
                whole: 0, numerator: integer(start, wholeEnd), denominator: integer(denominatorStart, index),
                text: written)
        }
        if wholeDigits > 0 && index < scalars.count, let fraction = Fraction.characters[Character(scalars[index])] {
            index += 1
            let written = text(start)
            guard wholeDigits <= 9 else { return .failure(ImportLineFailure("\"\(written)\" is too large")) }
            return WrittenNumber.fraction(
                whole: integer(start, wholeEnd), numerator: Int128(fraction.numerator),
                denominator: Int128(fraction.denominator), text: written)
        }
        let written = text(start)
        // A point that ends the number (`12.`) is read by DecimalNumber like the rest.
        if index < scalars.count && scalars[index] == "." && index + 1 == scalars.count {
            index += 1
            let withPoint = text(start)
            return WrittenNumber.decimal(withPoint).map {
                WrittenNumber(value: $0, text: withPoint, isWhole: false, isPureFraction: false)
            }
        }
        return WrittenNumber.decimal(written).map { WrittenNumber(value: $0, text: written, isWhole: true, isPureFraction: false) }
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }
}
