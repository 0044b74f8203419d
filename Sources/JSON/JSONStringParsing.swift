extension JSONParser {
    /// Reads a string, at its opening quote. Strings without escapes are taken from the input as
    /// they are, once checked.
    mutating func parseString() throws(JSONError) -> String {
        let quote = index
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            try skipCharacter(byte)
        }
        guard index < bytes.count else {
            throw error(.invalidString, "the string is never closed with '\"'", at: quote)
        }
        var decoded = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                try parseEscape(into: &decoded)
            } else {
                let characterStart = index
                try skipCharacter(byte)
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[characterStart..<index]))
            }
        }
        throw error(.invalidString, "the string is never closed with '\"'", at: quote)
    }

    /// Steps over one character of a string that is not a quote or a backslash, refusing control
    /// characters and bytes that are not UTF-8.
    private mutating func skipCharacter(_ byte: UInt8) throws(JSONError) {
        if byte < 0x20 {
            throw error(
                .invalidString, "a control character (\(Self.describe(Unicode.Scalar(byte)))) must be escaped in a string",
                at: index)
        }
        if byte < 0x80 {
            index += 1
            return
        }
        guard let (_, length) = UTF8Validation.scalar(at: index, in: bytes) else {
            throw error(.invalidUTF8, "the string is not valid UTF-8", at: index)
        }
        index += length
    }

    /// Reads one escape, at its backslash, and appends the UTF-8 of what it stands for.
    private mutating func parseEscape(into decoded: inout [UInt8]) throws(JSONError) {
        let backslash = index
        index += 1
        guard index < bytes.count else {
            throw error(.invalidString, "the string is never closed with '\"'", at: backslash)
        }
        let replacement: UInt8
        switch bytes[index] {
        case UInt8(ascii: "\""): replacement = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): replacement = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): replacement = UInt8(ascii: "/")
        case UInt8(ascii: "b"): replacement = 0x08
        case UInt8(ascii: "f"): replacement = 0x0C
        case UInt8(ascii: "n"): replacement = 0x0A
        case UInt8(ascii: "r"): replacement = 0x0D
        case UInt8(ascii: "t"): replacement = 0x09
        case UInt8(ascii: "u"):
            index += 1
            let scalar = try parseUnicodeEscape(backslash: backslash)
            decoded.append(contentsOf: String(scalar).utf8)
            return
        default:
            let shown = UTF8Validation.scalar(at: index, in: bytes).map { Self.describe($0.scalar) } ?? "a byte that is not UTF-8"
            throw error(
                .invalidString, "\\ followed by \(shown) is not an escape; JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u",
                at: backslash)
        }
        index += 1
        decoded.append(replacement)
    }

    /// Reads the four hexadecimal digits after `\u`, and a second escape for a surrogate pair.
    private mutating func parseUnicodeEscape(backslash: Int) throws(JSONError) -> Unicode.Scalar {
        let unit = try parseHexDigits(backslash: backslash)
        switch unit {
        case 0xD800...0xDBFF:
            let second = index
            // Made only when thrown: an error counts the lines before it.
            func lone() -> JSONError {
                error(
                    .invalidString,
                    "\\u\(Self.hex(UInt32(unit))) is a lone surrogate: it must be followed by a \\u escape of a low surrogate (DC00 to DFFF)",
                    at: backslash)
            }
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                if limits.replacesLoneSurrogates { return "\u{FFFD}" }
                throw lone()
            }
            index += 2
            let low = try parseHexDigits(backslash: second)
            guard (0xDC00...0xDFFF).contains(low) else {
                guard limits.replacesLoneSurrogates else { throw lone() }
                // The escape after it is read on its own.
                index = second
                return "\u{FFFD}"
            }
            let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        case 0xDC00...0xDFFF:
            if limits.replacesLoneSurrogates { return "\u{FFFD}" }
            throw error(
                .invalidString, "\\u\(Self.hex(UInt32(unit))) is a lone surrogate: a low surrogate must follow a high one (D800 to DBFF)",
                at: backslash)
        default:
            return Unicode.Scalar(unit) ?? "\u{FFFD}"
        }
    }

    private mutating func parseHexDigits(backslash: Int) throws(JSONError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = HexDigit.value(bytes[index]) else {
                throw error(.invalidString, "expected four hexadecimal digits after \\u", at: backslash)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }
}

/// Checking UTF-8 one scalar at a time, as RFC 3629 defines it: no overlong forms, no surrogates,
/// nothing above U+10FFFF. The JSON reader and the check of an import's text both read it so.
public enum UTF8Validation {
    /// The scalar that begins at `index` and how many bytes it takes; nil when the bytes there are
    /// not UTF-8.
    public static func scalar(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (scalar: Unicode.Scalar, length: Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        var value: UInt32
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
            if lead == 0xE0 { secondRange = 0xA0...0xBF }
            if lead == 0xED { secondRange = 0x80...0x9F }
        case 0xF0...0xF4:
            length = 4
            value = UInt32(lead & 0x07)
            if lead == 0xF0 { secondRange = 0x90...0xBF }
            if lead == 0xF4 { secondRange = 0x80...0x8F }
        default:
            return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard (offset == 1 ? secondRange : 0x80...0xBF).contains(byte) else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
