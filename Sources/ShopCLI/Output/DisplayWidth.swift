/// How many terminal columns text takes: two for East Asian wide and fullwidth characters and for
/// emoji shown as pictures, none for combining marks and joiners, one for everything else, unassigned
/// code points included (the generated tables, UnicodeWidths.swift, hold assigned ones only).
///
/// The tables and the standard library's Emoji_Presentation are of one Unicode version (17.0.0);
/// Foundation is not used for this, nor for name keys, for the reasons measured at NameKey's
/// decomposition table.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The width of `text` when it is at most `limit` columns, else a width over `limit`: only as
    /// much of the text is looked at as the limit needs, so a very long text costs no more than a
    /// short one.
    static func of(_ text: String, upTo limit: Int) -> Int {
        var width = 0
        for character in text {
            width += of(character)
            if width > limit { return width }
        }
        return width
    }

    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || (first.value >= 0x7F && first.value < 0xA0) { return 0 }
        if first.value < 0x300 { return 1 }
        // A character with an emoji presentation, or text forced to emoji by U+FE0F, is a picture.
        if first.properties.isEmojiPresentation || scalars.contains(where: { $0.value == 0xFE0F }) {
            return 2
        }
        var width = 0
        for scalar in scalars {
            let value = scalar.value
            if contains(zeroWidthCodePoints, value) { continue }
            width = max(width, contains(wideCodePoints, value) ? 2 : 1)
        }
        return width
    }

    private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < value {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < ranges.count && ranges[low].contains(value)
    }

    /// `text` padded with spaces to `width` columns, on the right (or the left for numbers).
    static func pad(_ text: String, to width: Int, alignRight: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - of(text, upTo: width)))
        return alignRight ? padding + text : text + padding
    }
}
