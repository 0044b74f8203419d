/// Decides how a string can be written so that every YAML reader reads back exactly that string.
///
/// Plain (unquoted) text is allowed only when libyaml, a YAML 1.1 reader (PyYAML) and a YAML 1.2
/// reader (ruamel.yaml) all read the same string: nothing that any of them resolves to null, a bool, a
/// number, a date or a merge key; nothing that starts with an indicator; no `: `, ` #`, final `:`,
/// surrounding white space, line breaks or characters that need escapes. Multi-line text becomes a
/// literal block scalar when its lines allow it; everything else is double-quoted.
public enum ScalarAnalysis {
    /// Whether `text` may be written without quotes and still be read as this string everywhere.
    public static func isPlainSafe(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isPlainSafe($0) }
    }

    /// Whether `text` looks like something other than a string to some YAML reader: null, a bool
    /// (including `yes`/`no`/`on`/`off`/`y`/`n` in any case), a number in any YAML 1.1 or 1.2 form, a
    /// date, `<<` or `=`.
    public static func resolvesToNonString(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { resolvesToNonString($0) }
    }

    /// `text` written as a YAML string that every reader reads back as exactly `text`: plain
    /// where that is safe, else in double quotes with minimal escapes. For text edits of a source.
    public static func quotedIfNeeded(_ text: String) -> String {
        if isPlainSafe(text) { return text }
        var out: [UInt8] = []
        var text = text
        text.withUTF8 { appendDoubleQuoted($0, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    static func isPlainSafe(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        isWritablePlain(bytes, strict: true) && !resolvesToNonString(bytes)
    }

    /// Whether `bytes` can be written as a plain scalar in block context. `strict` refuses every
    /// leading indicator; otherwise `-`, `?` and `:` may start text when a non-space follows, as they
    /// may in text that was written plain in the first place.
    static func isWritablePlain(_ bytes: UnsafeBufferPointer<UInt8>, strict: Bool) -> Bool {
        let count = bytes.count
        guard count > 0 else { return false }
        let first = bytes[0]
        switch first {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
            if strict || count == 1 || bytes[1] == 0x20 { return false }
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
            UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
            UInt8(ascii: "`"), 0x20:
            return false
        default:
            break
        }
        let last = bytes[count - 1]
        if last == 0x20 || last == UInt8(ascii: ":") { return false }
        if count >= 3 {
            let marker = (bytes[0] == UInt8(ascii: "-") && bytes[1] == UInt8(ascii: "-") && bytes[2] == UInt8(ascii: "-"))
                || (bytes[0] == UInt8(ascii: ".") && bytes[1] == UInt8(ascii: ".") && bytes[2] == UInt8(ascii: "."))
            if marker && (strict || count == 3 || bytes[3] == 0x20) { return false }
        }
        if startsLikeConflictMarker(bytes) { return false }
        var index = 0
        while index < count {
            let byte = bytes[index]
            index += 1
            // Letters and most punctuation need no further look.
            if byte >= 0x41 && byte < 0x7F { continue }
            if byte < 0x20 || byte == 0x7F { return false }
            if byte == UInt8(ascii: ":") && index < count && bytes[index] == 0x20 { return false }
            if byte == UInt8(ascii: "#") && index > 1 && bytes[index - 2] == 0x20 { return false }
            if byte >= 0x80 && needsEscape(bytes, at: index - 1) { return false }
        }
        return true
    }

    /// Whether a text, written plain at the start of a line (a key or a document at the top
    /// level), would read as a conflict marker line (``ConflictMarkerLine``) to git's tools and to
    /// anything that looks for them. A scalar cannot start a line plain with the other marker
    /// characters (`|`, `>`) anyway, but the printer asks the one rule for all of them.
    static func startsLikeConflictMarker(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        ConflictMarkerLine.marker(bytes) != nil
    }

    /// Whether the multi-byte character at `index` is one that must be escaped: C1 controls (NEL
    /// included), line and paragraph separators, the byte order mark, U+FFFE and U+FFFF.
    static func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        escapedLength(bytes, at: index) != nil
    }

    /// For a character that must be escaped, its code point and its length in bytes.
    static func escapedLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: UInt32, length: Int)? {
        let byte = bytes[index]
        let count = bytes.count
        if byte == 0xC2 && index + 1 < count && bytes[index + 1] >= 0x80 && bytes[index + 1] <= 0x9F {
            return (UInt32(bytes[index + 1]), 2)
        }
        if byte == 0xE2 && index + 2 < count && bytes[index + 1] == 0x80
            && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
        {
            return (bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029, 3)
        }
        if byte == 0xEF && index + 2 < count {
            if bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF { return (0xFEFF, 3) }
            if bytes[index + 1] == 0xBF && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF) {
                return (bytes[index + 2] == 0xBE ? 0xFFFE : 0xFFFF, 3)
            }
        }
        return nil
    }

    /// ``resolvesToNonString(_:)-(String)`` for UTF-8 bytes.
    public static func resolvesToNonString(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        if count == 0 { return true }
        switch bytes[0] {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return looksNumeric(bytes) || looksLikeDate(bytes)
        case UInt8(ascii: "~"), UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: "n"), UInt8(ascii: "N"),
            UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "y"),
            UInt8(ascii: "Y"), UInt8(ascii: "o"), UInt8(ascii: "O"):
            guard count <= 5 else { return false }
            // The words, lower-cased and packed into an integer, one byte per letter.
            var packed: UInt64 = 0
            for byte in bytes { packed = packed << 8 | UInt64(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
            switch packed {
            case 0x7E, 0x6E_75_6C_6C, 0x74_72_75_65, 0x66_61_6C_73_65, 0x79_65_73, 0x6E_6F, 0x6F_6E, 0x6F_66_66,
                0x79, 0x6E, 0x3C_3C, 0x3D:
                // ~ null true false yes no on off y n << =
                return true
            default:
                return false
            }
        default:
            // Every other first character starts a string for every reader.
            return false
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func looksNumeric(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        if bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-") { index = 1 }
        guard index < count else { return false }
        // Read in place, letters compared lower-cased: a lower-cased copy cost three allocations
        // for every number a list holds.
        let rest = UnsafeBufferPointer(rebasing: bytes[index...])
        if rest.count == 4 && rest[0] == UInt8(ascii: ".") {
            let word = (lowered(rest[1]), lowered(rest[2]), lowered(rest[3]))
            if word == (UInt8(ascii: "i"), UInt8(ascii: "n"), UInt8(ascii: "f"))
                || word == (UInt8(ascii: "n"), UInt8(ascii: "a"), UInt8(ascii: "n"))
            {
                return true
            }
        }
        if rest.count >= 2 && rest[0] == UInt8(ascii: "0") {
            let digits = UnsafeBufferPointer(rebasing: rest[2...])
            // `0x`, `0o` and `0b` without digits are strings to every reader.
            switch digits.isEmpty ? 0 : lowered(rest[1]) {
            case UInt8(ascii: "x"):
                return digits.allSatisfy {
                    isDigit($0) || (lowered($0) >= UInt8(ascii: "a") && lowered($0) <= UInt8(ascii: "f")) || $0 == UInt8(ascii: "_")
                }
            case UInt8(ascii: "o"):
                return digits.allSatisfy { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "7")) || $0 == UInt8(ascii: "_") }
            case UInt8(ascii: "b"):
                return digits.allSatisfy { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: "1") || $0 == UInt8(ascii: "_") }
            default:
                break
            }
        }
        return isDecimalForm(rest) || isSexagesimalForm(rest)
    }

    /// An ASCII letter in lower case; any other byte as it is.
    @inline(__always)
    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// `[0-9_]*(\.[0-9_]*)?([eE][+-]?[0-9]+)?` with a mantissa other than empty or a lone dot.
    private static func isDecimalForm(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        var mantissa = 0
        while index < count && (isDigit(bytes[index]) || bytes[index] == UInt8(ascii: "_")) {
            index += 1
            mantissa += 1
        }
        if index < count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < count && (isDigit(bytes[index]) || bytes[index] == UInt8(ascii: "_")) {
                index += 1
                mantissa += 1
            }
        }
        guard mantissa > 0 else { return false }
        if index < count && lowered(bytes[index]) == UInt8(ascii: "e") {
            index += 1
            if index < count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            let digitsStart = index
            while index < count && isDigit(bytes[index]) { index += 1 }
            if index == digitsStart { return false }
        }
        return index == count
    }

    /// `[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?`, YAML 1.1's base-60 numbers such as `12:30`.
    private static func isSexagesimalForm(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        guard count > 0, isDigit(bytes[0]) else { return false }
        while index < count && (isDigit(bytes[index]) || bytes[index] == UInt8(ascii: "_")) { index += 1 }
        var groups = 0
        while index < count && bytes[index] == UInt8(ascii: ":") {
            index += 1
            let start = index
            while index < count && isDigit(bytes[index]) && index - start < 2 { index += 1 }
            let length = index - start
            if length == 0 { return false }
            if length == 2 && bytes[start] > UInt8(ascii: "5") { return false }
            groups += 1
        }
        guard groups > 0 else { return false }
        if index < count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < count && (isDigit(bytes[index]) || bytes[index] == UInt8(ascii: "_")) { index += 1 }
        }
        return index == count
    }

    /// Starts like a YAML 1.1 timestamp: `yyyy-m-d`.
    private static func looksLikeDate(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard count >= 8, (0..<4).allSatisfy({ isDigit(bytes[$0]) }), bytes[4] == UInt8(ascii: "-") else {
            return false
        }
        var index = 5
        var digits = 0
        while index < count && isDigit(bytes[index]) && digits < 2 {
            index += 1
            digits += 1
        }
        guard digits > 0, index < count, bytes[index] == UInt8(ascii: "-") else { return false }
        index += 1
        return index < count && isDigit(bytes[index])
    }

    // MARK: Block scalars

    /// How a literal block scalar drops or keeps the final line breaks.
    enum Chomping {
        /// `|-`: no final line break.
        case strip
        /// `|`: exactly one.
        case clip
        /// `|+`: all of them.
        case keep
    }

    /// The header of a literal block scalar that writes `bytes` exactly, or nil when the text cannot
    /// be a literal: no line break, a carriage return, a control or other character that needs an
    /// escape, white space at the end of a line, or no line with text.
    static func literalHeader(_ bytes: UnsafeBufferPointer<UInt8>) -> (indicator: Bool, chomping: Chomping)? {
        let count = bytes.count
        var sawBreak = false
        var sawText = false
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A {
                sawBreak = true
                if index > 0 && (bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09) { return nil }
            } else if byte < 0x20 && byte != 0x09 {
                return nil
            } else if byte == 0x7F {
                return nil
            } else if byte >= 0x80 && needsEscape(bytes, at: index) {
                return nil
            } else if byte != 0x20 && byte != 0x09 {
                sawText = true
            }
            index += 1
        }
        guard sawBreak, sawText else { return nil }
        if bytes[count - 1] == 0x20 || bytes[count - 1] == 0x09 { return nil }
        var trailingBreaks = 0
        var end = count
        while end > 0 && bytes[end - 1] == 0x0A {
            trailingBreaks += 1
            end -= 1
        }
        var firstText = 0
        while firstText < count && bytes[firstText] == 0x0A { firstText += 1 }
        let indicator = firstText < count && (bytes[firstText] == 0x20 || bytes[firstText] == 0x09)
        let chomping: Chomping = trailingBreaks == 0 ? .strip : (trailingBreaks == 1 ? .clip : .keep)
        return (indicator, chomping)
    }

    // MARK: Double quotes

    /// Appends `bytes` as a double-quoted scalar with the fewest escapes that keep it on one line
    /// and readable by every YAML reader.
    static func appendDoubleQuoted(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var index = 0
        let count = bytes.count
        var runStart = 0
        func flushRun(_ end: Int, _ out: inout [UInt8]) {
            if end > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<end])) }
        }
        while index < count {
            let byte = bytes[index]
            var escape: [UInt8]?
            var length = 1
            switch byte {
            case UInt8(ascii: "\""): escape = Array("\\\"".utf8)
            case UInt8(ascii: "\\"): escape = Array("\\\\".utf8)
            case 0x00: escape = Array("\\0".utf8)
            case 0x07: escape = Array("\\a".utf8)
            case 0x08: escape = Array("\\b".utf8)
            case 0x09: escape = Array("\\t".utf8)
            case 0x0A: escape = Array("\\n".utf8)
            case 0x0B: escape = Array("\\v".utf8)
            case 0x0C: escape = Array("\\f".utf8)
            case 0x0D: escape = Array("\\r".utf8)
            case 0x1B: escape = Array("\\e".utf8)
            case 0x01...0x1F, 0x7F: escape = hexEscape(UInt32(byte))
            default:
                if byte >= 0x80, let special = escapedLength(bytes, at: index) {
                    length = special.length
                    switch special.scalar {
                    case 0x85: escape = Array("\\N".utf8)
                    case 0x2028: escape = Array("\\L".utf8)
                    case 0x2029: escape = Array("\\P".utf8)
                    default: escape = hexEscape(special.scalar)
                    }
                }
            }
            if let escape {
                flushRun(index, &out)
                out.append(contentsOf: escape)
                index += length
                runStart = index
            } else {
                index += 1
            }
        }
        flushRun(count, &out)
        out.append(UInt8(ascii: "\""))
    }

    private static func hexEscape(_ scalar: UInt32) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        if scalar <= 0xFF {
            return [UInt8(ascii: "\\"), UInt8(ascii: "x"), digits[Int(scalar >> 4)], digits[Int(scalar & 0xF)]]
        }
        return [UInt8(ascii: "\\"), UInt8(ascii: "u")] + (0..<4).reversed().map { digits[Int((scalar >> ($0 * 4)) & 0xF)] }
    }
}
