/// A known item's name followed by a remark, as people write on a line for the item: text in
/// parentheses (`Oat milk (Oatly)`), after a dash (`Eggs - free range`, `Butter — Kerrygold`), or
/// emoji and ticks (`Butter ✅`, `Oat milk 🥛`). Such a line names the item; a name the list does
/// not know keeps its remark, so that nothing typed is lost (`Avocados 🥑` is a new item of that
/// name).
enum NameRemark {
    /// The dashes a remark follows, with spaces around them.
    static let dashes = [" - ", " – ", " — ", " -- "]

    /// The name of a known item (as `isKnown` tells) that `name` is, with its remark dropped; nil
    /// when `name` is known as it stands or has no remark after a known name.
    static func knownName(in name: String, isKnown: (NameKey) -> Bool) -> String? {
        if isKnown(NameKey(name)) { return nil }
        for candidate in shortenings(of: name) where isKnown(NameKey(candidate)) {
            return candidate
        }
        return nil
    }

    /// The names `name` could be without its remarks, longest first: each remark at its end taken
    /// off in turn, and the text before the first dash.
    static func shortenings(of name: String) -> [String] {
        var result: [String] = []
        var rest = Substring(name).strippedOfWhiteSpace
        while true {
            guard let shorter = withoutLastRemark(rest), !shorter.isEmpty else { break }
            result.append(String(shorter))
            rest = shorter
        }
        // The text before the first dash with spaces around it.
        let scalars = name.unicodeScalars
        if let dash = scalars.indices.first(where: { index in
            scalars[index] == " " && dashes.contains { Substring(scalars[index...]).afterScalars($0) != nil }
        }) {
            let text = String(scalars[..<dash]).trimmingWhiteSpace()
            if !text.isEmpty { result.append(text) }
        }
        return result
    }

    /// `text` without the remark at its end: a group in parentheses or brackets, or a run of
    /// emoji and ticks; nil when it ends in neither.
    private static func withoutLastRemark(_ text: Substring) -> Substring? {
        if let last = text.last, last == ")" || last == "]" {
            let opening: Character = last == ")" ? "(" : "["
            guard let start = text.lastIndex(of: opening), start > text.startIndex else { return nil }
            return text[..<start].strippedOfWhiteSpace
        }
        var scalars = text.unicodeScalars[...]
        var dropped = false
        while let scalar = scalars.last, isRemarkSymbol(scalar) || (dropped && (scalar == " " || scalar == "\u{FE0F}" || scalar == "\u{200D}")) {
            scalars = scalars.dropLast()
            if isRemarkSymbol(scalar) { dropped = true }
        }
        guard dropped else { return nil }
        return Substring(scalars).strippedOfWhiteSpace
    }

    /// Emoji, ticks and other pictographs: no name ends with one by accident of typing.
    private static func isRemarkSymbol(_ scalar: Unicode.Scalar) -> Bool {
        if "✓✔✅☑✗✘❌".unicodeScalars.contains(scalar) { return true }
        let properties = scalar.properties
        guard scalar.value > 0x7F, !properties.isAlphabetic, properties.numericType == nil else { return false }
        return properties.isEmojiPresentation || properties.isEmoji || properties.generalCategory == .otherSymbol
            || scalar == "\u{FE0F}" || properties.generalCategory == .modifierSymbol
    }
}
