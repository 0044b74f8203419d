/// What an export includes and how it is titled.
public struct ExportOptions: Sendable {
    /// The items exported.
    public var scope: ItemScope
    /// The title used when the list has none: the file name without its extension.
    public var fallbackTitle: String
    /// The store whose aisle order the sections of Markdown, HTML and the phone's page follow;
    /// nil for the order of `categories`. CSV and JSON keep file order whatever it is.
    public var store: StoreOrders.Store?

    /// Options for exporting `scope`, titled `fallbackTitle` when the list has no `title`, with
    /// sections in `store`'s aisle order when given.
    public init(
        scope: ItemScope = .shoppingList, fallbackTitle: String = ExportOptions.defaultTitle,
        store: StoreOrders.Store? = nil
    ) {
        self.scope = scope
        self.fallbackTitle = fallbackTitle
        self.store = store
    }

    /// The title of a list read from standard input that has no `title`.
    public static let defaultTitle = "Shopping list"

    /// The fallback title for a file: its name without folders and without its last extension
    /// (`lists/weekly.yaml` is titled `weekly`); standard input (`-`) gets ``defaultTitle``.
    public static func title(forPath path: String) -> String {
        guard path != "-" else { return defaultTitle }
        var name = Substring(path)
        while name.count > 1 && name.hasSuffix("/") { name = name.dropLast() }
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            name = name[..<dot]
        }
        return name.isEmpty ? defaultTitle : String(name)
    }
}
