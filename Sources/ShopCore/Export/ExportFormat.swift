/// The formats `shop export` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// Comma-separated values: ``CSVExporter``.
    case csv
    /// A GitHub-flavoured Markdown task list: ``MarkdownExporter``.
    case markdown
    /// One JSON object: ``JSONExporter``.
    case json
    /// A printable page: ``HTMLExporter``.
    case html

    /// The names `--format` accepts, the file extensions among them: each format's own name and
    /// its other extensions (`md` for Markdown).
    public static let names: [(name: String, format: ExportFormat)] = [
        ("csv", .csv), ("markdown", .markdown), ("md", .markdown), ("json", .json), ("html", .html), ("htm", .html),
    ]

    /// The format with this name or file extension, in any case: `csv`, `markdown` or `md`, `json`,
    /// `html` or `htm`.
    public init?(name: String) {
        let lower = name.lowercased()
        guard let known = Self.names.first(where: { $0.name == lower }) else { return nil }
        self = known.format
    }

    /// The format a file name's extension stands for, in any case: `.csv`, `.md` or `.markdown`,
    /// `.json`, `.html` or `.htm`; nil for any other name.
    public init?(fileExtensionOf path: String) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(name: String(name[name.index(after: dot)...]))
    }

    /// Writes the export of `list` to `output`, in chunks.
    public func write(
        _ list: ShoppingList, options: ExportOptions, to output: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        switch self {
        case .csv: CSVExporter.write(list, options: options, to: output)
        case .markdown: MarkdownExporter.write(list, options: options, to: output)
        case .json: JSONExporter.write(list, options: options, to: output)
        case .html: HTMLExporter.write(list, options: options, to: output)
        }
    }

    /// The export of `list` as bytes.
    public func export(_ list: ShoppingList, options: ExportOptions) -> [UInt8] {
        var bytes: [UInt8] = []
        write(list, options: options) { bytes.append(contentsOf: $0) }
        return bytes
    }
}
