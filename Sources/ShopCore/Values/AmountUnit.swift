/// The unit of an amount, as far as amounts in it can be turned into amounts in another: g and kg
/// are weights, ml, cl, dl and l volumes, pcs and no unit at all are counts; every other unit
/// (`pack`, `bunch`, `tin`) is a kind of its own that matches only itself.
///
/// Units are read in any case and in the spellings ``KnownUnits`` knows (`kilos` is kg, `pieces`
/// is pcs), so that two lists that spell one unit differently still agree. Conversions are exact:
/// the factors between units are powers of ten.
public struct AmountUnit: Hashable, Sendable {
    /// What amounts in the unit measure: only amounts of one kind convert into each other.
    public enum Kind: Hashable, Sendable {
        /// g and kg.
        case weight
        /// ml, cl, dl and l.
        case volume
        /// pcs, or no unit at all.
        case count
        /// A unit that converts into no other: its spelling, in its written form.
        case other(String)
    }

    /// What amounts in the unit measure.
    public var kind: Kind
    /// How many tens of the smallest unit of the kind (g, ml, one piece) one of this unit is:
    /// kg is 3, cl is 1.
    var exponent: Int

    /// The unit written `text` (nil or empty: no unit, a count).
    public init(_ text: String?) {
        let trimmed = text?.trimmingWhiteSpace() ?? ""
        guard !trimmed.isEmpty else {
            self.init(kind: .count, exponent: 0)
            return
        }
        let written = KnownUnits.unit(spelled: Substring(trimmed))?.written ?? trimmed.lowercased()
        switch written {
        case "g": self.init(kind: .weight, exponent: 0)
        case "kg": self.init(kind: .weight, exponent: 3)
        case "ml": self.init(kind: .volume, exponent: 0)
        case "cl": self.init(kind: .volume, exponent: 1)
        case "dl": self.init(kind: .volume, exponent: 2)
        case "l": self.init(kind: .volume, exponent: 3)
        case "pcs": self.init(kind: .count, exponent: 0)
        default: self.init(kind: .other(written), exponent: 0)
        }
    }

    private init(kind: Kind, exponent: Int) {
        self.kind = kind
        self.exponent = exponent
    }

    /// Whether amounts in this unit convert into amounts in `other`.
    public func converts(to other: AmountUnit) -> Bool { kind == other.kind }

    /// `amount` of this unit in the smallest unit of its kind (g, ml, pieces), exactly.
    public func inSmallestUnit(_ amount: DecimalNumber) -> DecimalNumber {
        amount.shifted(by: exponent)
    }

    /// `amount`, given in the smallest unit of this unit's kind, in this unit, exactly.
    public func fromSmallestUnit(_ amount: DecimalNumber) -> DecimalNumber {
        amount.shifted(by: -exponent)
    }
}

extension PackSize {
    /// What one unit of an item with this size holds, in the smallest unit of its kind (g, ml,
    /// pieces): `6 x 330 ml` is 1980.
    public var contentInSmallestUnit: DecimalNumber {
        AmountUnit(unit).inSmallestUnit(amount * DecimalNumber(count ?? 1))
    }
}

extension DecimalNumber {
    /// The value times 10^`places` (a negative `places` divides), exactly.
    public func shifted(by places: Int) -> DecimalNumber {
        if places >= 0 { return DecimalNumber(units: units * Self.power(places), scale: scale) }
        return DecimalNumber(units: units, scale: scale - places).normalized
    }

    /// The smallest value with at most `target` decimals that is not less than this one: 0.0005
    /// to 3 decimals is 0.001. What a recipe needs is never rounded down.
    public func roundedUp(toScale target: Int) -> DecimalNumber {
        guard scale > target else { return self }
        let divisor = Self.power(scale - target)
        var quotient = units / divisor
        if units % divisor > 0 { quotient += 1 }
        return DecimalNumber(units: quotient, scale: target)
    }

    /// The smallest whole number of `size`s that holds this amount (both of one unit): 1200 in
    /// 500s is 3. `size` is more than 0.
    public func wholeCount(of size: DecimalNumber) -> DecimalNumber {
        let scale = max(self.scale, size.scale)
        let numerator = units * Self.power(scale - self.scale)
        let denominator = size.units * Self.power(scale - size.scale)
        var quotient = numerator / denominator
        if numerator % denominator > 0 { quotient += 1 }
        return DecimalNumber(units: quotient, scale: 0)
    }
}
