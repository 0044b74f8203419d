/// The formats `shop import` reads.
public enum ImportFormat: String, CaseIterable, NamedFormat {
    /// A checklist, as `shop export --format markdown` writes it or as typed by hand:
    /// ``MarkdownImportReader``.
    case markdown
    /// A spreadsheet's rows: ``CSVImportReader``.
    case csv
    /// What `shop export --format json` writes: ``JSONImportReader``.
    case json
    /// One item a line, as pasted from a message or a notes app: ``TextImportReader``.
    case text

    /// The names `--format` accepts, file extensions among them.
    public static let names: [(name: String, format: ImportFormat)] = [
        ("markdown", .markdown), ("md", .markdown), ("csv", .csv), ("json", .json), ("text", .text), ("txt", .text),
    ]

    /// The format the text looks like, for input whose name does not tell:
    ///
    /// - JSON when its first character (after white space) is `{` or `[` and it reads as JSON;
    /// - CSV when its first record is a header with a `name` column and a `,`, `;` or tab, or is that
    ///   column alone (a one-column sheet: `Name`, then one name a row);
    /// - Markdown when its first line that is neither blank nor a `#` heading is a task item
    ///   (`- [ ]`, `- [x]`, with `-`, `*` or `+`);
    /// - text lines otherwise.
    public static func guess(_ text: ImportText) -> ImportFormat {
        var first: Substring?
        var firstItem: Substring?
        text.forEachLine { _, line in
            guard firstItem == nil else { return }
            let trimmed = line.strippedOfWhiteSpace
            guard !trimmed.isEmpty else { return }
            if first == nil { first = trimmed }
            if trimmed.unicodeScalars.first != "#" { firstItem = trimmed }
        }
        guard let first else { return .text }
        if let scalar = first.unicodeScalars.first, scalar == "{" || scalar == "[",
            JSONImportReader.isJSON(text)
        {
            return .json
        }
        if first.unicodeScalars.contains(",") || first.unicodeScalars.contains(";") || first.unicodeScalars.contains("\t") {
            for delimiter in CSVDelimiter.allCases {
                let header = (try? CSVReader.rows(text, delimiter: delimiter, limit: 1))?.first?.fields ?? []
                if header.count > 1 && header.contains(where: { CSVColumn(header: $0) == .key(.name) }) { return .csv }
            }
        }
        if CSVColumn(header: String(first)) == .key(.name) { return .csv }
        if let line = firstItem, isTaskItem(line) { return .markdown }
        return .text
    }

    /// `- [ ] ...`, `* [x] ...`, `+ [X] ...`.
    private static func isTaskItem(_ line: Substring) -> Bool {
        for bullet in ["- [", "* [", "+ ["] {
            guard let rest = line.afterScalars(bullet) else { continue }
            let scalars = Array(rest.unicodeScalars.prefix(3))
            guard scalars.count >= 2, scalars[1] == "]", " xX".unicodeScalars.contains(scalars[0]) else { return false }
            return scalars.count == 2 || scalars[2] == " " || scalars[2] == "\t"
        }
        return false
    }
}
