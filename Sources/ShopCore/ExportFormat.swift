/// The formats `shop export` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// Comma-separated values: ``CSVExporter``.
    case csv
    /// A GitHub-flavoured Markdown task list: ``MarkdownExporter``.
    case markdown
    /// One JSON object: ``JSONExporter``.
    case json

    /// The format a file name's extension stands for, in any case: `.csv`, `.md` or `.markdown`,
    /// `.json`; nil for any other name.
    public init?(fileExtensionOf path: String) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "csv": self = .csv
        case "md", "markdown": self = .markdown
        case "json": self = .json
        default: return nil
        }
    }

    /// Writes the export of `list` to `output`, in chunks.
    public func write(
        _ list: ShoppingList, options: ExportOptions, to output: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        switch self {
        case .csv: CSVExporter.write(list, options: options, to: output)
        case .markdown: MarkdownExporter.write(list, options: options, to: output)
        case .json: JSONExporter.write(list, options: options, to: output)
        }
    }

    /// The export of `list` as bytes.
    public func export(_ list: ShoppingList, options: ExportOptions) -> [UInt8] {
        var bytes: [UInt8] = []
        write(list, options: options) { bytes.append(contentsOf: $0) }
        return bytes
    }
}
