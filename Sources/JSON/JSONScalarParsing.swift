extension JSONParser {
    /// Reads `true`, `false` or `null`; anything else that stands where a value should is refused
    /// with what it is.
    mutating func parseWord() throws(JSONError) -> JSONValue {
        let start = index
        while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        case "":
            index = start
            throw unexpected("expected a value")
        case "NaN", "Infinity":
            throw error(.invalidNumber, "\(word) is not a JSON number", at: start)
        default:
            throw error(
                .unexpectedCharacter, "'\(word.prefix(20))' is not a JSON value; expected a string, a number, an object, an array, true, false or null",
                at: start)
        }
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
            true
        default: false
        }
    }

    /// Reads a number, at its first character (`-` or a digit).
    mutating func parseNumber() throws(JSONError) -> JSONNumber {
        let start = index
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            guard index < bytes.count, JSONNumberGrammar.isDigit(bytes[index]) else {
                if index < bytes.count, bytes[index] == UInt8(ascii: "I") {
                    throw error(.invalidNumber, "-Infinity is not a JSON number", at: start)
                }
                throw error(.invalidNumber, "expected a digit after '-'", at: index)
            }
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, JSONNumberGrammar.isDigit(bytes[index]) {
                throw error(.invalidNumber, "a number may not have leading zeros", at: start)
            }
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, JSONNumberGrammar.isDigit(bytes[index]) else {
                throw error(.invalidNumber, "expected a digit after the decimal point", at: index)
            }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, JSONNumberGrammar.isDigit(bytes[index]) else {
                throw error(.invalidNumber, "expected a digit in the exponent", at: index)
            }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        return JSONNumber(validatedText: text)
    }

    mutating func skipDigits() {
        while index < bytes.count, JSONNumberGrammar.isDigit(bytes[index]) { index += 1 }
    }
}
