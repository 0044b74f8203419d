import JSON

/// Writing JSON text by hand, exactly and deterministically: strings escaped as RFC 8259 requires,
/// keys in the order given.
public enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    public static func string(_ text: String) -> String {
        JSONStringEscaper.quoted(text)
    }

    /// A JSON object from key/value pairs whose values are already JSON text.
    public static func object(_ members: [(String, String)], indent: Int? = nil, level: Int = 0) -> String {
        guard !members.isEmpty else { return "{}" }
        guard let indent else {
            return "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
        }
        let inner = String(repeating: " ", count: indent * (level + 1))
        let outer = String(repeating: " ", count: indent * level)
        return "{\n" + members.map { inner + string($0.0) + ": " + $0.1 }.joined(separator: ",\n") + "\n" + outer + "}"
    }

    /// A JSON array from values that are already JSON text.
    public static func array(_ values: [String], indent: Int? = nil, level: Int = 0) -> String {
        guard !values.isEmpty else { return "[]" }
        guard let indent else { return "[" + values.joined(separator: ",") + "]" }
        let inner = String(repeating: " ", count: indent * (level + 1))
        let outer = String(repeating: " ", count: indent * level)
        return "[\n" + values.map { inner + $0 }.joined(separator: ",\n") + "\n" + outer + "]"
    }
}
