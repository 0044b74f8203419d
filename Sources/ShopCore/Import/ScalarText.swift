/// Text operations by Unicode scalar rather than by character: Markdown's and CSV's syntax is made
/// of scalars, and a character may join a space or a bracket with a combining mark that follows
/// it (`- [ ] \u{301}x`), which character operations would not see apart.
extension StringProtocol {
    /// The text without white space (Unicode's White_Space) at its ends.
    var strippedOfWhiteSpace: Substring {
        let scalars = Substring(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isWhiteSpace }),
            let last = scalars.lastIndex(where: { !$0.isWhiteSpace })
        else { return Substring(scalars[scalars.endIndex...]) }
        return Substring(scalars[first...last])
    }
}

extension Substring {
    /// The text after `prefix` when it starts with exactly those scalars.
    func afterScalars(_ prefix: String) -> Substring? {
        var scalars = unicodeScalars[...]
        for scalar in prefix.unicodeScalars {
            guard scalars.first == scalar else { return nil }
            scalars = scalars.dropFirst()
        }
        return Substring(scalars)
    }

    /// The text without its first `count` scalars.
    func droppingScalars(_ count: Int) -> Substring {
        Substring(unicodeScalars.dropFirst(count))
    }

    /// The leading scalars that satisfy `predicate`.
    func scalarPrefix(while predicate: (Unicode.Scalar) -> Bool) -> Substring {
        Substring(unicodeScalars.prefix(while: predicate))
    }
}

extension Unicode.Scalar {
    /// Whether the scalar is white space (Unicode's White_Space), with ASCII answered without a
    /// look-up in the property tables.
    var isWhiteSpace: Bool {
        value < 0x80 ? value == 0x20 || (0x09...0x0D).contains(value) : properties.isWhitespace
    }

    /// Whether the scalar is a letter (Unicode's Alphabetic), with ASCII answered without a
    /// look-up in the property tables.
    var isLetter: Bool {
        value < 0x80 ? (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) : properties.isAlphabetic
    }
}

extension Character {
    /// Whether the character is white space, with ASCII answered without a look-up in the
    /// property tables.
    var isWhiteSpace: Bool {
        if let ascii = asciiValue { return ascii == 0x20 || (0x09...0x0D).contains(ascii) }
        return isWhitespace
    }
}
