/// A number as people write it in a pasted line: a decimal with `.` or a decimal comma (`1,5`), a
/// fraction (`1/2`, `½`) or a whole number with a fraction (`1½`, `1 1/2`).
///
/// Decimals are read by ``DecimalNumber``, after a decimal comma becomes a point. A fraction whose
/// value has more than 3 decimals (`1/3`, `1/16`) is rounded half to even to 3 decimals, the most a
/// quantity has, and says so in ``rounded``.
struct WrittenNumber: Hashable, Sendable {
    /// The value, exact or rounded to 3 decimals.
    var value: DecimalNumber
    /// The number as written.
    var text: String
    /// Whether it is a whole number written without a point, a comma or a fraction.
    var isWhole: Bool
    /// Whether it is a fraction without a whole part (`1/2`, `½`), which may follow a whole number.
    var isPureFraction: Bool
    /// Whether the value is a fraction rounded to 3 decimals.
    var rounded = false

    /// The most decimals a rounded fraction keeps: those of a quantity.
    static let fractionDecimals = 3

    /// Reads a decimal written with digits and one `.`, or (when `decimalComma`) one `,` instead.
    /// A comma followed by exactly three digits could be a thousands separator and is refused,
    /// unless the whole part is 0 (`0,250`).
    static func decimal(_ text: String, decimalComma: Bool = true) -> Result<DecimalNumber, ImportLineFailure> {
        var plain = text
        if text.contains(",") {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard decimalComma, parts.count == 2, !text.contains(".") else {
                return .failure(ImportLineFailure("\"\(text)\" has thousands separators; write the number without them"))
            }
            if parts[1].count == 3 && !(parts[0].isEmpty || parts[0].allSatisfy { $0 == "0" }) {
                let whole = String(parts[0]) + String(parts[1])
                let decimal = String(parts[0]) + "." + String(parts[1])
                return .failure(ImportLineFailure("\"\(text)\" could mean \(whole) or \(decimal); write one of those"))
            }
            plain = text.replacingComma()
        }
        guard let value = DecimalNumber(plain) else {
            return .failure(ImportLineFailure("\"\(text)\" is not a number"))
        }
        return .success(value)
    }

    /// `whole` + `numerator`/`denominator`, rounded to 3 decimals when it has more. The parts have
    /// at most 9 digits each, so the arithmetic cannot overflow.
    static func fraction(
        whole: Int128, numerator: Int128, denominator: Int128, text: String
    ) -> Result<WrittenNumber, ImportLineFailure> {
        guard denominator > 0 else {
            return .failure(ImportLineFailure("\"\(text)\" divides by zero"))
        }
        let dividend = (whole * denominator + numerator) * 1_000
        var units = dividend / denominator
        let remainder = dividend % denominator
        let twice = remainder * 2
        if twice > denominator || (twice == denominator && units % 2 != 0) { units += 1 }
        return .success(
            WrittenNumber(
                value: DecimalNumber(units: units, scale: fractionDecimals).normalized, text: text, isWhole: false,
                isPureFraction: whole == 0, rounded: remainder != 0))
    }

    /// A whole number followed by a fraction (`1 1/2`): their sum, rounded as the fraction was.
    func adding(fraction: WrittenNumber) -> WrittenNumber {
        WrittenNumber(
            value: (value + fraction.value).normalized, text: text + " " + fraction.text, isWhole: false,
            isPureFraction: false, rounded: fraction.rounded)
    }
}
