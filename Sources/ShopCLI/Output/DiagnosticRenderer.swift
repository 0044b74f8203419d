import JSON
import ShopCore
import YAML

/// Writes `check` results as text for people, JSON for programs, or SARIF for code scanning.
enum DiagnosticRenderer {
    /// Hands `diagnostics`, the findings of the file at `path`, in text form to `write`, one at a
    /// time (so that a file with thousands of findings is not written into one string first):
    /// `FILE:LINE:COLUMN: SEVERITY: MESSAGE [RULE]`, each followed by its line of `source` with a
    /// caret under the column, and a `help:` line for each fix. Returns how many are errors and
    /// how many warnings, for the summary line (``summary(errors:warnings:files:)``).
    static func writeText(
        _ diagnostics: some Sequence<Diagnostic>, path: String, source: SourceText?, console: Console,
        toErrorStream: Bool = false, to write: (String) -> Void
    ) -> (errors: Int, warnings: Int) {
        var errors = 0
        var warnings = 0
        for diagnostic in diagnostics {
            if diagnostic.severity == .error { errors += 1 } else { warnings += 1 }
            write(textEntry(diagnostic, path: path, source: source, console: console, toErrorStream: toErrorStream))
        }
        return (errors, warnings)
    }

    /// One finding in text form, as ``writeText(_:path:source:console:toErrorStream:to:)`` writes
    /// each: its `FILE:LINE:COLUMN:` line, its line of `source` with a caret, its `help:` lines.
    static func textEntry(
        _ diagnostic: Diagnostic, path: String, source: SourceText?, console: Console, toErrorStream: Bool = false
    ) -> String {
        func styled(_ text: String, _ style: Console.Style) -> String {
            console.styled(text, style, forErrorStream: toErrorStream)
        }
        let location = diagnostic.location
        let severity = diagnostic.severity == .error ? styled("error:", .red) : styled("warning:", .yellow)
        var output = styled("\(path):\(location.line):\(location.column):", .bold)
        output += " \(severity) \(visible(diagnostic.message, keepingTabs: false)) "
        output += styled("[\(diagnostic.rule.rawValue)]", .dim) + "\n"
        if let source {
            output += context(source, location)
        }
        // What resolves it, on lines that tools reading `file:line:col:` lines pass over.
        for fix in diagnostic.fixes {
            output += "     " + styled("help:", .bold) + " \(visible(fix.title, keepingTabs: false))\n"
        }
        return output
    }

    /// The source line, indented behind a gutter, and a caret under the column.
    static func context(_ source: SourceText, _ location: SourceLocation) -> String {
        let (line, caretIndex) = window(source, location)
        let number = String(location.line)
        let gutter = String(repeating: " ", count: max(4, number.count + 1))
        var caretPrefix = ""
        for scalar in line.unicodeScalars.prefix(caretIndex) {
            if scalar == "\t" {
                caretPrefix += "\t"
            } else {
                caretPrefix += String(repeating: " ", count: DisplayWidth.of(visible(scalar)))
            }
        }
        let numbered = String(repeating: " ", count: gutter.count - number.count) + number
        return "\(numbered) | \(visible(line))\n\(gutter) | \(caretPrefix)^\n"
    }

    /// How many bytes of a line are shown on each side of the column.
    static let contextReach = 300

    /// The line of `location`, or for a long line the stretch around the column, with `…` where it
    /// is cut, and how many characters of it come before the column. Only the bytes shown are read:
    /// thousands of findings on one long line cost no more than what is printed.
    static func window(_ source: SourceText, _ location: SourceLocation) -> (text: String, caretIndex: Int) {
        let bytes = source.bytes
        let offset = max(source.contentStart, min(location.offset, bytes.count))
        func isBreak(_ index: Int) -> Bool { bytes[index] == 0x0A || bytes[index] == 0x0D }
        var start = offset
        while start > source.contentStart && offset - start < contextReach && !isBreak(start - 1) { start -= 1 }
        let cutBefore = start > source.contentStart && !isBreak(start - 1)
        // Never begin or end inside a character.
        while start < offset && bytes[start] & 0xC0 == 0x80 { start += 1 }
        var end = offset
        while end < bytes.count && end - offset < contextReach && !isBreak(end) { end += 1 }
        let cutAfter = end < bytes.count && !isBreak(end)
        if cutAfter {
            while end > offset && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        }
        let before = (cutBefore ? "…" : "") + String(decoding: bytes[start..<offset], as: UTF8.self)
        let after = String(decoding: bytes[offset..<end], as: UTF8.self) + (cutAfter ? "…" : "")
        return (before + after, before.unicodeScalars.count)
    }

    /// Text from a file as it may be shown on a terminal: control characters, which a hostile file
    /// could use to move the cursor or retitle the window, are written as `\xNN` escapes.
    static func visible(_ text: String, keepingTabs: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingTabs && $0 == "\t") }) else { return text }
        return text.unicodeScalars.map { keepingTabs && $0 == "\t" ? "\t" : visible($0) }.joined()
    }

    static func visible(_ scalar: Unicode.Scalar) -> String {
        guard isControl(scalar) else { return String(scalar) }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\x" + (hex.count == 1 ? "0" + hex : hex)
    }

    /// Whether a scalar is a C0 or C1 control character, or DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }

    static func summary(errors: Int, warnings: Int, files: Int) -> String {
        let fileText = "\(files) file\(files == 1 ? "" : "s")"
        if errors == 0 && warnings == 0 { return "no problems in \(fileText)" }
        return "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s") in \(fileText)"
    }

    /// One finding as an element of the JSON array `check --format json` writes: `{file, line,
    /// column, endLine, endColumn, severity, rule, message, related, fixes}`; an end is the position
    /// just after the last character, as in LSP.
    static func jsonEntry(_ diagnostic: Diagnostic, path: String) -> JSONValue {
        [
            "file": .string(path),
            "line": .int(diagnostic.location.line),
            "column": .int(diagnostic.location.column),
            "endLine": .int(diagnostic.end.line),
            "endColumn": .int(diagnostic.end.column),
            "severity": .string(diagnostic.severity.rawValue),
            "rule": .string(diagnostic.rule.rawValue),
            "message": .string(diagnostic.message),
            "related": .array(
                diagnostic.related.map { place in
                    [
                        "line": .int(place.location.line), "column": .int(place.location.column),
                        "message": .string(place.message),
                    ]
                }),
            "fixes": .array(
                diagnostic.fixes.map { fix in
                    [
                        "title": .string(fix.title), "safe": .bool(fix.isSafe),
                        "edits": .array(
                            fix.edits.map { edit in
                                [
                                    "line": .int(edit.location.line), "column": .int(edit.location.column),
                                    "endLine": .int(edit.end.line), "endColumn": .int(edit.end.column),
                                    "text": .string(edit.text),
                                ]
                            }),
                    ]
                }),
        ]
    }

    static func pascalCase(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A URI for a path: a relative reference for a relative path (without a leading `./`, so that
    /// code-scanning services match it against the files of the repository) and a `file://` URI
    /// for an absolute one; unreserved characters and `/` kept, the rest percent-encoded.
    static func uri(_ path: String) -> String {
        var relative = Substring(path)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2).drop(while: { $0 == "/" }) }
        var result = path.hasPrefix("/") ? "file://" : ""
        for byte in relative.utf8 {
            let character = Character(Unicode.Scalar(byte))
            if byte < 0x80 && (character.isLetter || character.isNumber || "-._~/".contains(character)) {
                result.append(character)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}

