/// The bytes behind one of libyaml's UTF-8 complaints, in hex as an editor's search finds them:
/// libyaml reports a number that is not always a byte (-1 for an overlong form, the code point
/// for a surrogate), so the bytes are read from the text itself.
enum InvalidUTF8 {
    /// What is wrong at byte `offset` of `bytes`, where libyaml's reader stopped with `problem`:
    /// `byte 0xFF`, `bytes 0xC0 0xAF: an overlong form of U+002F`, `bytes 0xED 0xA0 0x80: a
    /// surrogate, U+D800`.
    static func describe(problem: String, bytes: [UInt8], at offset: Int) -> String? {
        guard offset >= 0 && offset < bytes.count || problem.hasPrefix("incomplete") else { return nil }
        switch problem {
        case "invalid trailing UTF-8 octet":
            // libyaml points at the byte that does not continue the sequence: the sequence
            // starts at most three bytes before it.
            var start = offset - 1
            while start > 0 && offset - start < 4 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
            guard start >= 0, start < offset, offset < bytes.count else { return nil }
            return "\(hex(bytes[start..<offset])) then \(hex(bytes[offset...offset])), which does not continue them"
        case "incomplete UTF-8 octet sequence":
            let start = max(0, min(offset, bytes.count))
            guard start < bytes.count else { return nil }
            return "\(hex(bytes[start...])) at the end of the text, a character cut short"
        default:
            break
        }
        let lead = bytes[offset]
        let width = lead & 0xE0 == 0xC0 ? 2 : lead & 0xF0 == 0xE0 ? 3 : lead & 0xF8 == 0xF0 ? 4 : 1
        let sequence = bytes[offset..<min(bytes.count, offset + width)]
        guard width > 1, sequence.count == width else { return hex(sequence) }
        var value = UInt32(lead) & (0xFF >> (width + 1))
        for byte in sequence.dropFirst() { value = value << 6 | UInt32(byte & 0x3F) }
        let codePoint = "U+" + String(repeating: "0", count: max(0, 4 - String(value, radix: 16).count))
            + String(value, radix: 16, uppercase: true)
        if value >= 0xD800 && value <= 0xDFFF { return "\(hex(sequence)): a surrogate, \(codePoint)" }
        if value > 0x10FFFF { return "\(hex(sequence)): \(codePoint), past the last code point U+10FFFF" }
        if problem == "invalid length of a UTF-8 sequence" { return "\(hex(sequence)): an overlong form of \(codePoint)" }
        return hex(sequence)
    }

    /// `byte 0xC0`, `bytes 0xED 0xA0 0x80`.
    static func hex(_ bytes: ArraySlice<UInt8>) -> String {
        let each = bytes.map { byte -> String in
            let digits = String(byte, radix: 16, uppercase: true)
            return "0x" + (digits.count < 2 ? "0" : "") + digits
        }
        return (each.count == 1 ? "byte " : "bytes ") + each.joined(separator: " ")
    }
}
