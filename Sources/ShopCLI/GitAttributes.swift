/// The lines of a gitattributes file that send lists to shop: `PATTERN merge=shop diff=shop`.
enum GitAttributes {
    /// The attributes shop's lines give.
    static let attributes = "merge=shop diff=shop"

    /// A path as a gitattributes pattern that matches just it: glob characters escaped with a
    /// backslash, and the whole in C-style quotes when it has white space, quotes or backslashes.
    static func pattern(for path: String) -> String {
        var escaped = ""
        for character in path {
            if "*?[".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        let needsQuotes = path.contains { $0.isWhitespace || $0 == "\"" || $0 == "\\" } || path.hasPrefix("#") || path.hasPrefix("!")
        guard needsQuotes else { return escaped }
        var quoted = "\""
        for character in escaped {
            switch character {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\t": quoted += "\\t"
            case "\n": quoted += "\\n"
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }

    /// The line for a pattern.
    static func line(for pattern: String) -> String {
        "\(pattern) \(attributes)"
    }

    /// Whether `text` (a gitattributes file) already has a line that gives `pattern` shop's
    /// attributes.
    static func hasLine(for pattern: String, in text: String) -> Bool {
        text.split(separator: "\n").contains { line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let first = words.first, first == pattern else { return false }
            return words.contains("merge=shop") && words.contains("diff=shop")
        }
    }

    /// `text` with a line for each of `patterns` it lacks, and the lines added.
    static func adding(_ patterns: [String], to text: String) -> (text: String, added: [String]) {
        var result = text
        var added: [String] = []
        for pattern in patterns where !hasLine(for: pattern, in: result) {
            if !result.isEmpty && !result.hasSuffix("\n") { result += "\n" }
            let line = line(for: pattern)
            result += line + "\n"
            added.append(line)
        }
        return (result, added)
    }
}
