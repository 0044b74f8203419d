import JSON

/// Writes text into CommonMark/GitHub-flavoured Markdown so that it renders exactly as written, as
/// one line of text: no emphasis, links, code, HTML, entities, headings, lists or line breaks are
/// read into it.
///
/// The escapes are chosen to keep the Markdown readable: only the characters that can start
/// Markdown syntax are escaped, each with a backslash (valid before any ASCII punctuation):
///
/// - always: `\` `` ` `` `*` `_` `[` `]` `<` `>` `#` `|` `~` `$` (`$` starts math on GitHub);
/// - `&` when it could start a character reference (`&amp;`, `&#38;`);
/// - at the start of the text, `-`, `+` and `=` (list items, thematic breaks, setext underlines)
///   and the `.` or `)` after leading digits when white space or the end follows (ordered list
///   items: `1. `, `2)`);
/// - the `:` of `://` and the `.` of `www.`, which GFM would turn into links;
/// - white space at either end, which Markdown would strip, and line breaks anywhere become
///   numeric character references (`&#32;`, `&#10;`).
///
/// NUL cannot be written in Markdown at all (renderers show U+FFFD). Control characters other than
/// tab, line feed, form feed and carriage return survive cmark-gfm (GitHub) everywhere, but not
/// every renderer at either end of a text: markdown-it turns their references into U+FFFD and
/// trims some of them.
enum MarkdownText {
    /// What separates the name, the quantity and the line total on an item's line of a Markdown
    /// export, which the Markdown import reads back.
    static let detailSeparator = " — "

    /// `text` escaped for use inside a line of Markdown.
    static func escaped(_ text: String) -> String {
        var text = text
        var output: [UInt8] = []
        text.withUTF8 { append($0, to: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the UTF-8 text `bytes`, escaped, to `output`. Works on bytes: every character with
    /// a meaning in Markdown is ASCII, and so never part of a longer UTF-8 sequence.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        if isPlain(bytes) {
            output.append(contentsOf: bytes)
            return
        }
        var leadingDigits = 0
        while leadingDigits < bytes.count && isDigit(bytes[leadingDigits]) { leadingDigits += 1 }

        var start = 0
        var end = bytes.count
        // White space at the ends would be stripped: it becomes a character reference.
        let first = scalar(in: bytes, at: 0)
        if first.value.properties.isWhitespace {
            appendReference(first.value, to: &output)
            start = first.length
        }
        var last: (value: Unicode.Scalar, length: Int)?
        if start < end {
            let lastStart = startOfLastScalar(in: bytes)
            let candidate = scalar(in: bytes, at: lastStart)
            if lastStart >= start && candidate.value.properties.isWhitespace {
                last = candidate
                end = lastStart
            }
        }

        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                appendReference(Unicode.Scalar(byte), to: &output)
            } else {
                if byte < 0x80 && needsEscape(byte, at: index, in: bytes, leadingDigits: leadingDigits) {
                    output.append(UInt8(ascii: "\\"))
                }
                output.append(byte)
            }
            index += 1
        }
        if let last { appendReference(last.value, to: &output) }
    }

    /// Whether the text needs no escape at all: the common case, checked quickly.
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let first = bytes[0]
        let last = bytes[bytes.count - 1]
        // Non-ASCII ends may be white space such as U+00A0; digits may open an ordered list item.
        if first >= 0x80 || last >= 0x80 || isDigit(first) || first == 0x20 || last == 0x20 { return false }
        for byte in bytes {
            switch byte {
            case 0x00..<0x20, UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"),
                UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "#"),
                UInt8(ascii: "|"), UInt8(ascii: "~"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "-"),
                UInt8(ascii: "+"), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: ")"):
                return false
            default:
                continue
            }
        }
        return true
    }

    private static func needsEscape(
        _ byte: UInt8, at index: Int, in bytes: UnsafeBufferPointer<UInt8>, leadingDigits: Int
    ) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "#"), UInt8(ascii: "|"),
            UInt8(ascii: "~"), UInt8(ascii: "$"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "="):
            return index == 0
        case UInt8(ascii: ")"):
            return startsOrderedListItem(bytes, at: index, leadingDigits: leadingDigits)
        case UInt8(ascii: "&"):
            return startsCharacterReference(bytes, after: index)
        case UInt8(ascii: ":"):
            // GFM links `http://...` found in plain text, reading the backslashes of escapes into
            // the address; an escaped colon keeps it text.
            return index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
                && bytes[index + 2] == UInt8(ascii: "/")
        case UInt8(ascii: "."):
            // Likewise for `www.`; and after leading digits, the dot of an ordered list item.
            if startsOrderedListItem(bytes, at: index, leadingDigits: leadingDigits) { return true }
            return index >= 3 && bytes[(index - 3)..<index].allSatisfy { $0 | 0x20 == UInt8(ascii: "w") }
        default:
            return false
        }
    }

    /// Whether the `.` or `)` at `index` ends the digits that open the text and is followed by
    /// white space or the end: an ordered list item such as `1. ` or `2)`, but not `1.5 kg`.
    private static func startsOrderedListItem(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, leadingDigits: Int)
        -> Bool
    {
        guard leadingDigits > 0 && index == leadingDigits else { return false }
        return index + 1 == bytes.count || scalar(in: bytes, at: index + 1).value.properties.isWhitespace
    }

    /// Whether `&` at `index` is followed by what could complete a character reference: letters,
    /// digits or `#`, then `;`.
    private static func startsCharacterReference(_ bytes: UnsafeBufferPointer<UInt8>, after index: Int) -> Bool {
        var next = index + 1
        while next < bytes.count {
            let byte = bytes[next]
            if byte == UInt8(ascii: ";") { return next > index + 1 }
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            guard byte == UInt8(ascii: "#") || isDigit(byte) || isLetter else { return false }
            next += 1
        }
        return false
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    /// The scalar whose UTF-8 encoding starts at `index`, and its length in bytes.
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: Unicode.Scalar, length: Int) {
        UTF8Validation.scalar(at: index, in: bytes).map { ($0.scalar, $0.length) } ?? ("\u{FFFD}", 1)
    }

    /// Where the last scalar starts: after any continuation bytes are skipped backwards.
    private static func startOfLastScalar(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = bytes.count - 1
        while index > 0 && bytes[index] & 0xC0 == 0x80 { index -= 1 }
        return index
    }

    private static func appendReference(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        // NUL has no reference; U+FFFD is what every renderer shows for it.
        let value = scalar.value == 0 ? 0xFFFD : scalar.value
        output.append(contentsOf: "&#\(value);".utf8)
    }
}
