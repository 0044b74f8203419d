/// An exact decimal number: an integer count of units of 10^-scale. Prices, quantities and totals
/// are always these, never binary floating point, so 0.10 added 100,000 times is exactly 10000.00.
public struct DecimalNumber: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The value times 10^scale.
    public let units: Int128
    /// How many digits follow the decimal point.
    public let scale: Int

    /// The largest scale kept: more digits than this are not meaningful for shopping.
    static let maximumScale = 18

    /// Creates `units` × 10^-`scale`.
    public init(units: Int128, scale: Int) {
        precondition(scale >= 0 && scale <= 36, "decimal scale out of range")
        self.units = units
        self.scale = scale
    }

    /// A whole number.
    public init(_ integer: Int) {
        self.init(units: Int128(integer), scale: 0)
    }

    /// Zero.
    public static let zero = DecimalNumber(0)

    /// Reads a decimal written with digits and at most one `.`: `12`, `12.5`, `.5`, `12.`. Signs,
    /// exponents, separators and anything else make it nil; so does a number too long to be exact.
    public init?(_ text: String) {
        var text = text
        guard let value = text.withUTF8({ DecimalNumber.parse($0) }) else { return nil }
        self = value
    }

    /// Reads a decimal from UTF-8 bytes; see ``init(_:)-(String)``.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> DecimalNumber? {
        // Eighteen digits fit a UInt64; prices and quantities almost always do, so the wide
        // arithmetic is used only past them.
        var small: UInt64 = 0
        var units: Int128 = 0
        var wide = false
        var scale = 0
        var digits = 0
        var sawDot = false
        for byte in bytes {
            if byte >= 0x30 && byte <= 0x39 {
                if digits >= 36 { return nil }
                if small != 0 || units != 0 || byte != 0x30 { digits += 1 }
                if !wide && digits > 18 {
                    wide = true
                    units = Int128(small)
                }
                if wide {
                    units = units * 10 + Int128(byte - 0x30)
                } else {
                    small = small * 10 + UInt64(byte - 0x30)
                }
                if sawDot { scale += 1 }
            } else if byte == UInt8(ascii: ".") && !sawDot {
                sawDot = true
            } else {
                return nil
            }
        }
        guard bytes.count > (sawDot ? 1 : 0) else { return nil }
        if !wide { units = Int128(small) }
        if scale > maximumScale {
            // Trailing zeros beyond the kept precision carry no value. They are dropped before a
            // value is made, as zeros after the point are not limited like digits are (`0.000…`).
            while scale > 0 && units % 10 == 0 {
                units /= 10
                scale -= 1
            }
            return scale > maximumScale ? nil : DecimalNumber(units: units, scale: scale)
        }
        return DecimalNumber(units: units, scale: scale)
    }

    /// What reading a decimal learns besides its value: how many decimals carry value and how many
    /// digits the integer part has (leading zeros not counted), found while reading so that the
    /// rules on decimals and size need no wide arithmetic.
    struct Reading {
        var value: DecimalNumber
        var significantDecimals: Int
        var integerDigits: Int
    }

    /// Reads a decimal like ``parse(_:)`` and measures it.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Reading? {
        guard let value = parse(bytes) else { return nil }
        var integerDigits = 0
        var sawDot = false
        var fractionDigits = 0
        var trailingZeros = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                sawDot = true
            } else if sawDot {
                fractionDigits += 1
                trailingZeros = byte == 0x30 ? trailingZeros + 1 : 0
            } else if integerDigits > 0 || byte != 0x30 {
                integerDigits += 1
            }
        }
        return Reading(value: value, significantDecimals: fractionDigits - trailingZeros, integerDigits: integerDigits)
    }

    /// The same value without trailing zeros after the point: `2.50` becomes `2.5`, `3.0` becomes `3`.
    public var normalized: DecimalNumber {
        var scale = self.scale
        // Quantities and prices fit 64 bits, where division by ten is a multiplication instead of
        // a call: every item of an export or a total is normalized.
        if var small = Int64(exactly: units) {
            while scale > 0 && small % 10 == 0 {
                small /= 10
                scale -= 1
            }
            return DecimalNumber(units: Int128(small), scale: scale)
        }
        var units = self.units
        while scale > 0 && units % 10 == 0 {
            units /= 10
            scale -= 1
        }
        return DecimalNumber(units: units, scale: scale)
    }

    /// The number of digits after the point that carry value (trailing zeros do not count).
    public var significantDecimals: Int { normalized.scale }

    /// Whether the value is zero.
    public var isZero: Bool { units == 0 }

    /// The value with exactly `scale` decimals, rounded half to even when digits are dropped.
    public func rounded(toScale target: Int) -> DecimalNumber {
        if target >= scale {
            return DecimalNumber(units: units * Self.power(target - scale), scale: target)
        }
        // Line totals of ordinary prices fit 64 bits, where division is many times faster.
        if scale - target <= 18, let small = Int64(exactly: units) {
            let divisor = Int64(truncatingIfNeeded: Self.power(scale - target))
            return DecimalNumber(units: Int128(Self.quotientHalfEven(small, divisor)), scale: target)
        }
        return DecimalNumber(units: Self.quotientHalfEven(units, Self.power(scale - target)), scale: target)
    }

    /// `value / divisor` rounded half to even.
    private static func quotientHalfEven<T: SignedInteger>(_ value: T, _ divisor: T) -> T {
        var quotient = value / divisor
        let twice = (value % divisor).magnitude * 2
        if twice > divisor.magnitude || (twice == divisor.magnitude && quotient % 2 != 0) {
            quotient += value < 0 ? -1 : 1
        }
        return quotient
    }

    /// The exact product.
    public static func * (lhs: DecimalNumber, rhs: DecimalNumber) -> DecimalNumber {
        // A price times a quantity fits 64 bits, where the product is one instruction instead of
        // a call that checks 128 bits for overflow.
        if let left = Int64(exactly: lhs.units), let right = Int64(exactly: rhs.units) {
            let (product, overflow) = left.multipliedReportingOverflow(by: right)
            if !overflow { return DecimalNumber(units: Int128(product), scale: lhs.scale + rhs.scale) }
        }
        return DecimalNumber(units: lhs.units * rhs.units, scale: lhs.scale + rhs.scale)
    }

    /// The exact sum.
    public static func + (lhs: DecimalNumber, rhs: DecimalNumber) -> DecimalNumber {
        let scale = max(lhs.scale, rhs.scale)
        return DecimalNumber(
            units: lhs.units * power(scale - lhs.scale) + rhs.units * power(scale - rhs.scale), scale: scale)
    }

    public static func < (lhs: DecimalNumber, rhs: DecimalNumber) -> Bool {
        let scale = max(lhs.scale, rhs.scale)
        return lhs.units * power(scale - lhs.scale) < rhs.units * power(scale - rhs.scale)
    }

    public static func == (lhs: DecimalNumber, rhs: DecimalNumber) -> Bool {
        let scale = max(lhs.scale, rhs.scale)
        return lhs.units * power(scale - lhs.scale) == rhs.units * power(scale - rhs.scale)
    }

    public func hash(into hasher: inout Hasher) {
        let value = normalized
        hasher.combine(value.units)
        hasher.combine(value.scale)
    }

    /// Written with exactly `decimals` digits after the point (none and no point for 0), rounding
    /// half to even when the value has more.
    public func formatted(decimals: Int) -> String {
        let value = rounded(toScale: decimals)
        let negative = value.units < 0
        var digits = String(value.units.magnitude)
        if decimals > 0 {
            if digits.count <= decimals {
                digits = String(repeating: "0", count: decimals - digits.count + 1) + digits
            }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
        }
        return negative ? "-" + digits : digits
    }

    /// The shortest exact form: `2`, `0.5`, `1.25`.
    public var description: String {
        let value = normalized
        return value.formatted(decimals: value.scale)
    }

    static func power(_ exponent: Int) -> Int128 {
        exponent < powersOfTen.count ? powersOfTen[exponent] : powersOfTen[powersOfTen.count - 1] * power(exponent - powersOfTen.count + 1)
    }

    /// 10^0 through 10^38, the largest that fits an Int128.
    private static let powersOfTen: [Int128] = {
        var powers: [Int128] = [1]
        for _ in 1...38 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()
}
