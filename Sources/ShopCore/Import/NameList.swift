/// A text line of names separated by commas and no numbers (`bread, rolls, butter`): one item
/// per name, as people list what to get in a message.
enum NameList {
    /// The names of `text` (after its bullet and checkbox): two or more, each not empty; nil when
    /// the line is not such a list (it has a digit, or fewer than two names).
    static func names(_ text: Substring) -> [String]? {
        guard text.contains(","), !text.unicodeScalars.contains(where: { $0.properties.numericType != nil }) else {
            return nil
        }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.split(whereSeparator: { $0.isWhiteSpace }).joined(separator: " ")
        }
        guard names.count >= 2, names.allSatisfy({ !$0.isEmpty }) else { return nil }
        return names
    }
}
