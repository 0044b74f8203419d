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
        lines(of: text).contains { line in
            let words = words(of: line)
            guard let first = words.first, first == pattern else { return false }
            return words.contains("merge=shop") && words.contains("diff=shop")
        }
    }

    /// The lines of a text, without their line ends (`\n` or `\r\n`). Split by scalars: as
    /// characters, `\r\n` is one, and no line of a file written on Windows would end.
    static func lines(of text: String) -> [Substring] {
        text.unicodeScalars.split(separator: "\n").map { line in
            Substring(line.last == "\r" ? line.dropLast() : line)
        }
    }

    /// The words of a line: the pattern first, whole when it is in quotes (with its quotes and
    /// escapes, as ``pattern(for:)`` writes it), then the attributes.
    static func words(of line: Substring) -> [String] {
        let scalars = line.unicodeScalars.drop { $0 == " " || $0 == "\t" }
        guard scalars.first == "\"" else {
            return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        }
        var end = scalars.index(after: scalars.startIndex)
        var escaped = false
        while end < scalars.endIndex {
            let scalar = scalars[end]
            end = scalars.index(after: end)
            if escaped {
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == "\"" {
                break
            }
        }
        let rest = Substring(scalars[end...])
        return [String(Substring(scalars[..<end]))] + rest.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }

    /// `text` with a line for each of `patterns` it lacks, and the lines added: with the line end
    /// the file's lines have.
    static func adding(_ patterns: [String], to text: String) -> (text: String, added: [String]) {
        var result = text
        var added: [String] = []
        // As the file's first line ends.
        let firstLine = text.unicodeScalars.prefix { $0 != "\n" }
        let lineEnd = firstLine.count < text.unicodeScalars.count && firstLine.last == "\r" ? "\r\n" : "\n"
        for pattern in patterns where !hasLine(for: pattern, in: result) {
            if !result.isEmpty && result.unicodeScalars.last != "\n" { result += lineEnd }
            let line = line(for: pattern)
            result += line + lineEnd
            added.append(line)
        }
        return (result, added)
    }
}
