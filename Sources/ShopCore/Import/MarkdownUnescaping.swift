import JSON

extension MarkdownText {
    /// A line of Markdown text as it renders, undoing what ``append(_:to:)`` writes: a backslash
    /// before ASCII punctuation is dropped, and numeric character references (`&#32;`, `&#x41;`)
    /// become their characters. So `unescaped(escaped(t))` is `t` for every text without NUL,
    /// which Markdown cannot hold and the escape writes as U+FFFD.
    ///
    /// For text typed by hand, the named references `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`
    /// and `&nbsp;` are read too; other names stay as written. A backslash at the end of the line
    /// is a hard line break: it is not part of the text, and `hardBreak` says it was there.
    static func unescaped(_ text: Substring) -> (text: String, hardBreak: Bool) {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\" {
                guard index + 1 < scalars.count else { return (String(output), true) }
                let next = scalars[index + 1]
                if next.isASCII && isPunctuation(UInt8(next.value)) {
                    output.append(next)
                    index += 2
                    continue
                }
            } else if scalar == "&", let (value, length) = reference(scalars, at: index) {
                output.append(value)
                index += length
                continue
            }
            output.append(scalar)
            index += 1
        }
        return (String(output), false)
    }

    private static func isPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }

    private static let namedReferences: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    ]

    /// The character reference starting at `index` (at its `&`): its character and length. As in
    /// CommonMark, up to 7 decimal or 6 hexadecimal digits; 0, surrogates and values past
    /// U+10FFFF are U+FFFD.
    private static func reference(_ scalars: [Unicode.Scalar], at index: Int) -> (Unicode.Scalar, Int)? {
        var position = index + 1
        guard position < scalars.count else { return nil }
        if scalars[position] == "#" {
            position += 1
            var radix: UInt32 = 10
            var maximumDigits = 7
            if position < scalars.count && (scalars[position] == "x" || scalars[position] == "X") {
                radix = 16
                maximumDigits = 6
                position += 1
            }
            var value: UInt32 = 0
            var digits = 0
            while position < scalars.count, digits < maximumDigits, scalars[position].isASCII,
                let digit = HexDigit.value(UInt8(scalars[position].value)), UInt32(digit) < radix
            {
                value = value * radix + UInt32(digit)
                digits += 1
                position += 1
            }
            guard digits > 0, position < scalars.count, scalars[position] == ";" else { return nil }
            let scalar = value == 0 ? nil : Unicode.Scalar(value)
            return (scalar ?? "\u{FFFD}", position + 1 - index)
        }
        var name = ""
        while position < scalars.count, scalars[position].isASCII, scalars[position].properties.isAlphabetic, name.count < 8 {
            name.unicodeScalars.append(scalars[position])
            position += 1
        }
        guard position < scalars.count, scalars[position] == ";", let scalar = namedReferences[name] else { return nil }
        return (scalar, position + 1 - index)
    }
}
