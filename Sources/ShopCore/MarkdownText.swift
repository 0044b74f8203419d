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
    /// `text` escaped for use inside a line of Markdown.
    static func escaped(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        var leadingDigits = 0
        while leadingDigits < scalars.count && isASCIIDigit(scalars[leadingDigits]) { leadingDigits += 1 }

        for (index, scalar) in scalars.enumerated() {
            let atEnd = index == 0 || index == scalars.count - 1
            if scalar == "\n" || scalar == "\r" || (atEnd && isStrippable(scalar)) {
                appendReference(scalar, to: &result)
                continue
            }
            if needsEscape(scalar, at: index, in: scalars, leadingDigits: leadingDigits) {
                result.unicodeScalars.append("\\")
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    private static func needsEscape(
        _ scalar: Unicode.Scalar, at index: Int, in scalars: [Unicode.Scalar], leadingDigits: Int
    ) -> Bool {
        switch scalar {
        case "\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~", "$":
            return true
        case "-", "+", "=":
            return index == 0
        case ")":
            return startsOrderedListItem(scalars, at: index, leadingDigits: leadingDigits)
        case "&":
            return startsCharacterReference(scalars, after: index)
        case ":":
            // GFM links `http://...` found in plain text, reading the backslashes of escapes into
            // the address; an escaped colon keeps it text.
            return index + 2 < scalars.count && scalars[index + 1] == "/" && scalars[index + 2] == "/"
        case ".":
            // Likewise for `www.`; and after leading digits, the dot of an ordered list item.
            if startsOrderedListItem(scalars, at: index, leadingDigits: leadingDigits) { return true }
            return index >= 3 && scalars[(index - 3)..<index].allSatisfy { $0 == "w" || $0 == "W" }
        default:
            return false
        }
    }

    /// Whether the `.` or `)` at `index` ends the digits that open the text and is followed by
    /// white space or the end: an ordered list item such as `1. ` or `2)`, but not `1.5 kg`.
    private static func startsOrderedListItem(_ scalars: [Unicode.Scalar], at index: Int, leadingDigits: Int) -> Bool {
        guard leadingDigits > 0 && index == leadingDigits else { return false }
        return index + 1 == scalars.count || scalars[index + 1].properties.isWhitespace
    }

    /// Whether `&` at `index` is followed by what could complete a character reference: letters,
    /// digits or `#`, then `;`.
    private static func startsCharacterReference(_ scalars: [Unicode.Scalar], after index: Int) -> Bool {
        var next = index + 1
        while next < scalars.count {
            let scalar = scalars[next]
            if scalar == ";" { return next > index + 1 }
            guard scalar == "#" || isASCIIDigit(scalar) || (scalar.isASCII && scalar.properties.isAlphabetic) else {
                return false
            }
            next += 1
        }
        return false
    }

    /// Characters a renderer may strip from the ends of a line or paragraph: Unicode white space
    /// (some renderers trim more than the spaces and tabs CommonMark trims).
    private static func isStrippable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace
    }

    private static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    private static func appendReference(_ scalar: Unicode.Scalar, to result: inout String) {
        // NUL has no reference; U+FFFD is what every renderer shows for it.
        let value = scalar.value == 0 ? 0xFFFD : scalar.value
        result += "&#\(value);"
    }
}
