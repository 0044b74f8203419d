/// Writes text into HTML so that it shows exactly as written and can never be read as markup:
/// `&`, `<`, `>`, `"` and `'` become character references (so the same escaping serves text and
/// attribute values).
///
/// Characters HTML does not allow in a document are shown rather than dropped: the C0 controls
/// other than tab, line feed and carriage return as their Unicode control pictures (U+0007 as
/// `␇`, DEL as `␡`), the C1 controls and the noncharacters as U+FFFD. Line breaks are kept as
/// they are; where they matter (notes), the stylesheet shows them.
enum HTMLText {
    /// Appends the UTF-8 text `bytes`, escaped, to `writer`. Works on bytes: every character that
    /// needs escaping is ASCII or one of a few whole sequences, never part of a longer one.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to writer: inout ExportWriter) {
        var start = 0
        var index = 0
        let count = bytes.count
        func flush(upTo end: Int) {
            if end > start { writer.append(UnsafeBufferPointer(rebasing: bytes[start..<end])) }
        }
        while index < count {
            let byte = bytes[index]
            if byte >= 0x80 {
                let length = replacedLength(bytes, at: index)
                if length > 0 {
                    flush(upTo: index)
                    writer.append("\u{FFFD}")
                    index += length
                    start = index
                } else {
                    index += 1
                }
                continue
            }
            if let reference = reference(for: byte) {
                flush(upTo: index)
                writer.append(reference)
            } else if (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F {
                flush(upTo: index)
                // U+2400 + the control's code; DEL is U+2421: E2 90 80+.
                let picture = byte == 0x7F ? 0x21 : byte
                writer.append(0xE2)
                writer.append(0x90)
                writer.append(0x80 | (picture & 0x3F))
            } else {
                index += 1
                continue
            }
            index += 1
            start = index
        }
        flush(upTo: count)
    }

    /// The character reference for `byte` when it is one of the five characters that could end an
    /// attribute's value or start markup: `&`, `<`, `>`, `"` and `'`.
    static func reference(for byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }

    /// The length of the sequence at `index` when it is a C1 control (C2 80-9F) or a
    /// noncharacter (U+FDD0-FDEF, U+xFFFE, U+xFFFF), which HTML does not allow; else 0.
    private static func replacedLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        let remaining = bytes.count - index
        if lead == 0xC2, remaining >= 2, bytes[index + 1] <= 0x9F { return 2 }
        if lead == 0xEF, remaining >= 3 {
            let second = bytes[index + 1]
            let third = bytes[index + 2]
            if second == 0xB7 && third >= 0x90 && third <= 0xAF { return 3 }  // U+FDD0-FDEF
            if second == 0xBF && (third == 0xBE || third == 0xBF) { return 3 }  // U+FFFE, U+FFFF
        }
        if lead >= 0xF0, remaining >= 4 {
            // U+xFFFE and U+xFFFF of the other planes: F0-F4, then ?F BF BE|BF.
            if bytes[index + 1] & 0x0F == 0x0F && bytes[index + 2] == 0xBF && bytes[index + 3] & 0xFE == 0xBE { return 4 }
        }
        return 0
    }
}
