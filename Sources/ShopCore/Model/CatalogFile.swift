/// How the catalog a list names is found and read: the one set of rules for the commands and the
/// language server, which each read the file their own way (ShopCore reads no files) and hand
/// over what the reading gave.
public enum CatalogFile {
    /// The path of the catalog that a list at `listPath` names as `written`: as written when
    /// absolute, else in the list's folder (the working folder for a path without one, such as
    /// `-` for standard input; the system resolves `..` after links, as for any path). Nil when
    /// `written` is relative and the list has no path (a document not saved in a file).
    public static func path(_ written: String, listPath: String?) -> String? {
        if written.hasPrefix("/") { return written }
        guard let listPath else { return nil }
        guard let slash = listPath.lastIndex(of: "/") else { return written }
        return String(listPath[...slash]) + written
    }

    /// The catalog that reading its file gave: `read` is the file's bytes, or the problem of a
    /// file that could not be read (``CatalogProblem/unreadable(reason:)``, in the reader's
    /// words). Bytes are a catalog when they are one shop list with items that names no catalog
    /// itself, as `shop check` reads them; otherwise the problem says why not.
    public static func catalog(_ read: Result<[UInt8], CatalogProblem>) -> Result<ShoppingList, CatalogProblem> {
        read.flatMap { bytes in
            switch ShoppingList.read(bytes) {
            case .failure(let failure):
                let reason = failure.diagnostics.first.map { "line \($0.location.line): \($0.message)" } ?? "it cannot be read"
                return .failure(.notAShopFile(reason: reason))
            case .success(let catalog):
                guard catalog.document.root.map({ $0.isMapping }) ?? false, catalog.itemsNode != nil else {
                    return .failure(.notAShopFile(reason: "it has no \"items\" list"))
                }
                if catalog.catalogNode != nil { return .failure(.namesACatalog(path: catalog.catalogPath ?? "")) }
                return .success(catalog)
            }
        }
    }
}

extension ShoppingList {
    /// The catalog path the list names, as written; nil when it names none (no `catalog` key, or
    /// a blank one, which the `catalog` rule reports).
    public var namedCatalog: String? {
        guard let catalogPath, !catalogPath.trimmingWhiteSpace().isEmpty else { return nil }
        return catalogPath
    }

    /// The list resolved against `catalog` (see ``CatalogFile/catalog(_:)``), or with the reason
    /// the catalog could not be had, which the `catalog` rule reports.
    public func resolving(_ catalog: Result<ShoppingList, CatalogProblem>) -> ShoppingList {
        switch catalog {
        case .success(let catalog): resolved(with: catalog)
        case .failure(let problem): withCatalogProblem(problem)
        }
    }

    /// The list resolved against the catalog that reading its file gave (`read`: the bytes, or
    /// why they could not be read), by the rules of ``CatalogFile/catalog(_:)``.
    public func resolvingCatalog(_ read: Result<[UInt8], CatalogProblem>) -> ShoppingList {
        resolving(CatalogFile.catalog(read))
    }
}
