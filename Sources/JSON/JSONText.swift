/// Writing JSON text by hand, exactly and deterministically: strings escaped as RFC 8259 requires,
/// keys in the order given.
public enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    public static func string(_ text: String) -> String {
        JSONStringEscaper.quoted(text)
    }

    /// A JSON object from key/value pairs whose values are already JSON text.
    public static func object(_ members: [(String, String)], indent: Int? = nil, level: Int = 0) -> String {
        guard let last = members.last else { return "{}" }
        guard let indent else {
            return "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
        }
        let around = object(members.dropLast(), valueLaterOf: last.0, indent: indent, level: level)
        return around.before + last.1 + around.after
    }

    /// The text of an indented object up to the value of its last member, `key`, and the text after
    /// that value: a long value (an array of thousands of elements) is written between the two, in
    /// pieces, and the object reads as ``object(_:indent:level:)`` writes it.
    public static func object(
        _ members: some Collection<(String, String)>, valueLaterOf key: String, indent: Int, level: Int = 0
    ) -> (before: String, after: String) {
        let inner = String(repeating: " ", count: indent * (level + 1))
        let outer = String(repeating: " ", count: indent * level)
        let written = members.map { inner + string($0.0) + ": " + $0.1 } + [inner + string(key) + ": "]
        return ("{\n" + written.joined(separator: ",\n"), "\n" + outer + "}")
    }

    /// A JSON array from values that are already JSON text.
    public static func array(_ values: [String], indent: Int? = nil, level: Int = 0) -> String {
        guard let indent else { return "[" + values.joined(separator: ",") + "]" }
        var text = ""
        var writer = ArrayWriter(indent: indent, level: level)
        for value in values { writer.append(value) { text += $0 } }
        writer.finish { text += $0 }
        return text
    }

    /// The text of an indented array of one value before that value, and after it: the value is
    /// written between the two.
    public static func arrayAroundOneValue(indent: Int, level: Int = 0) -> (before: String, after: String) {
        let inner = String(repeating: " ", count: indent * (level + 1))
        let outer = String(repeating: " ", count: indent * level)
        return ("[\n" + inner, "\n" + outer + "]")
    }

    /// An indented array written an element at a time, as ``array(_:indent:level:)`` writes it (`[]`
    /// when empty), so that thousands of elements need not be held to be written.
    public struct ArrayWriter {
        private let inner: String
        private let outer: String
        private var count = 0

        /// A writer of an array at `level`, indented by `indent` spaces a level.
        public init(indent: Int, level: Int = 0) {
            inner = String(repeating: " ", count: indent * (level + 1))
            outer = String(repeating: " ", count: indent * level)
        }

        /// Hands `element` (JSON text) to `write`, after what comes before it.
        public mutating func append(_ element: String, to write: (String) -> Void) {
            write((count == 0 ? "[\n" : ",\n") + inner + element)
            count += 1
        }

        /// Hands the end of the array to `write`.
        public func finish(to write: (String) -> Void) {
            write(count == 0 ? "[]" : "\n" + outer + "]")
        }
    }
}
