/// A JSON number, kept exactly as it was written (`3.49`, `-0`, `1E+400`), so that reading and
/// writing it again never rounds it.
///
/// Two numbers are equal when their text is equal: `1` and `1.0` are different numbers here. Use
/// ``intValue`` to compare integers by value.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// The number as written, in the grammar of RFC 8259: `-? int frac? exp?`.
    public let text: String

    /// The number written as `text`; nil when `text` is not a JSON number (`+1`, `01`, `.5`,
    /// `1.`, `NaN`, surrounding spaces).
    public init?(_ text: String) {
        var utf8 = text
        // Read as the reader reads a number, and all of it.
        let isNumber = utf8.withUTF8 { bytes in
            guard let first = bytes.first, first == UInt8(ascii: "-") || JSONNumberGrammar.isDigit(first) else { return false }
            var parser = JSONParser(bytes: bytes, limits: JSONReader.Limits())
            return (try? parser.parseNumber()) != nil && parser.index == bytes.count
        }
        guard isNumber else { return nil }
        self.text = text
    }

    /// The number `value`, written in decimal.
    public init(_ value: Int) {
        text = String(value)
    }

    /// A number whose text is already known to follow the grammar.
    init(validatedText: String) {
        text = validatedText
    }

    /// The number's text.
    public var description: String { text }

    /// The number as an `Int` when it is an integer that `Int` holds exactly, whatever its form:
    /// `42`, `-7`, `4.2e1`, `100E-2` and `-0` all give integers; `0.5`, `1e19` (too large) do not.
    public var intValue: Int? {
        JSONNumberGrammar.exactInteger(text.utf8)
    }
}

/// The digits of RFC 8259's number grammar, and the value of a number read by it.
enum JSONNumberGrammar {
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The exact integer value of a valid number, nil when it has a fraction or is out of range.
    /// Linear in the text, whatever the exponent.
    static func exactInteger(_ bytes: some Collection<UInt8>) -> Int? {
        var negative = false
        var digits: [UInt8] = []
        var fractionDigits = 0
        var exponent = 0
        var exponentNegative = false
        var part = 0  // 0: integer part, 1: fraction, 2: exponent
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "-") where part == 0: negative = true
            case UInt8(ascii: "-"): exponentNegative = true
            case UInt8(ascii: "+"): break
            case UInt8(ascii: "."): part = 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"): part = 2
            default:
                let digit = byte &- 0x30
                if part == 2 {
                    // Saturates: an exponent this large decides the answer by itself.
                    exponent = min(exponent * 10 + Int(digit), 1_000_000)
                } else {
                    if part == 1 { fractionDigits += 1 }
                    if digit != 0 || !digits.isEmpty { digits.append(digit) }
                }
            }
        }
        // The value is digits × 10^scale.
        var scale = (exponentNegative ? -exponent : exponent) - fractionDigits
        while let last = digits.last, last == 0 {
            digits.removeLast()
            scale += 1
        }
        if digits.isEmpty { return 0 }
        guard scale >= 0, digits.count + scale <= 19 else { return nil }
        var magnitude: UInt64 = 0
        for digit in digits + [UInt8](repeating: 0, count: scale) {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
        }
        if negative {
            guard magnitude <= UInt64(Int.max) + 1 else { return nil }
            return magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)
        }
        guard magnitude <= UInt64(Int.max) else { return nil }
        return Int(magnitude)
    }
}
