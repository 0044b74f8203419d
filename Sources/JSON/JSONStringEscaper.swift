/// Writes strings as JSON string literals. Every JSON string the project writes goes through
/// here, so they are escaped one way: `"` and `\` with a backslash; line feed, carriage return,
/// tab, backspace and form feed as `\n` `\r` `\t` `\b` `\f`; the other control characters below
/// U+0020, and DEL (U+007F, which JSON allows raw but a terminal would act on), as `\u00XX`
/// (lowercase hex); U+2028 and U+2029, which some JavaScript readers take for
/// line ends, as `\u2028` and `\u2029`. Every other character is written as itself, in UTF-8.
public enum JSONStringEscaper {
    /// `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        appendQuoted(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal, quotes included, to `output`.
    public static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        var text = text
        output.reserveCapacity(output.count + text.utf8.count + 2)
        output.append(UInt8(ascii: "\""))
        text.withUTF8 { utf8 in
            escape(utf8) { output.append(contentsOf: $0) }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Hands the escaped form of the UTF-8 text `utf8` (without quotes) to `emit`, in pieces:
    /// stretches of the text that need no escape as they are, and each escape on its own.
    @inlinable
    public static func escape(_ utf8: UnsafeBufferPointer<UInt8>, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var start = 0
        var index = 0
        let count = utf8.count
        while index < count {
            let byte = utf8[index]
            let length: Int
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte == 0x7F {
                length = 1
            } else if byte == 0xE2 && index + 2 < count && utf8[index + 1] == 0x80
                && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9)
            {
                length = 3
            } else {
                index += 1
                continue
            }
            if index > start { emit(UnsafeBufferPointer(rebasing: utf8[start..<index])) }
            emitEscape(for: length == 1 ? UInt32(byte) : 0x2000 + UInt32(utf8[index + 2] - 0x80), emit)
            index += length
            start = index
        }
        if count > start { emit(UnsafeBufferPointer(rebasing: utf8[start..<count])) }
    }

    /// Hands the escape of `scalar` (one that needs one) to `emit`.
    @usableFromInline
    static func emitEscape(for scalar: UInt32, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        let short: UInt8? =
            switch scalar {
            case 0x22: UInt8(ascii: "\"")
            case 0x5C: UInt8(ascii: "\\")
            case 0x0A: UInt8(ascii: "n")
            case 0x0D: UInt8(ascii: "r")
            case 0x09: UInt8(ascii: "t")
            case 0x08: UInt8(ascii: "b")
            case 0x0C: UInt8(ascii: "f")
            default: nil
            }
        let hexDigits: StaticString = "0123456789abcdef"
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 6) { buffer in
            buffer[0] = UInt8(ascii: "\\")
            if let short {
                buffer[1] = short
                emit(UnsafeBufferPointer(rebasing: buffer[0..<2]))
                return
            }
            buffer[1] = UInt8(ascii: "u")
            for position in 0..<4 {
                let nibble = Int((scalar >> (12 - 4 * UInt32(position))) & 0xF)
                buffer[2 + position] = hexDigits.utf8Start[nibble]
            }
            emit(UnsafeBufferPointer(buffer))
        }
    }
}
