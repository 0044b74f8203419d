/// The formats `shop export` writes.
public enum ExportFormat: String, CaseIterable, NamedFormat {
    /// Comma-separated values: ``CSVExporter``.
    case csv
    /// A GitHub-flavoured Markdown task list: ``MarkdownExporter``.
    case markdown
    /// One JSON object: ``JSONExporter``.
    case json
    /// A printable page: ``HTMLExporter``.
    case html
    /// A page to tick on a phone in the store, offline: ``PhonePageExporter``.
    case phone

    /// The names `--format` accepts, the file extensions among them: each format's own name and
    /// its other extensions (`md` for Markdown, `phone.html` for the phone's page).
    public static let names: [(name: String, format: ExportFormat)] = [
        ("csv", .csv), ("markdown", .markdown), ("md", .markdown), ("json", .json), ("html", .html), ("htm", .html),
        ("phone", .phone), ("phone.html", .phone),
    ]

    /// Writes the export of `list` to `output`, in chunks.
    public func write(
        _ list: ShoppingList, options: ExportOptions, to output: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        switch self {
        case .csv: CSVExporter.write(list, options: options, to: output)
        case .markdown: MarkdownExporter.write(list, options: options, to: output)
        case .json: JSONExporter.write(list, options: options, to: output)
        case .html: HTMLExporter.write(list, options: options, to: output)
        case .phone: PhonePageExporter.write(list, options: options, to: output)
        }
    }

    /// The export of `list` as bytes.
    public func export(_ list: ShoppingList, options: ExportOptions) -> [UInt8] {
        var bytes: [UInt8] = []
        write(list, options: options) { bytes.append(contentsOf: $0) }
        return bytes
    }
}
