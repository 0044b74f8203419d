import ShopCore
import YAML

/// The one place a list's catalog is read: relative to the list's folder (the working folder for
/// standard input), with the same bounded read as any list, and resolved.
extension ListFile {
    /// The path of the catalog a list at `listPath` names as `written`: as written when absolute,
    /// else in the list's folder.
    static func catalogPath(_ written: String, listPath: String) -> String {
        if written.hasPrefix("/") || listPath == "-" { return written }
        guard let slash = listPath.lastIndex(of: "/") else { return written }
        return String(listPath[...slash]) + written
    }

    /// `list` resolved against the catalog it names, read from disk; or with the reason the
    /// catalog could not be had, which the `catalog` rule reports. A list that names no catalog is
    /// returned as it is. The catalog's path is returned too, for the commands that check it.
    static func resolvingCatalog(_ list: ShoppingList, listPath: String) -> (list: ShoppingList, catalogPath: String?) {
        guard let written = list.catalogPath, !written.trimmingWhiteSpace().isEmpty else { return (list, nil) }
        let path = catalogPath(written, listPath: listPath)
        do throws(FileError) {
            return (resolving(list, catalogBytes: .success(try FileAccess.read(path))), path)
        } catch {
            return (resolving(list, catalogBytes: .failure(error)), path)
        }
    }

    /// `list` resolved against the catalog whose bytes are `catalogBytes`, or with the reason the
    /// catalog could not be had: the bytes could not be read, or are not a catalog.
    static func resolving(_ list: ShoppingList, catalogBytes: Result<[UInt8], FileError>) -> ShoppingList {
        let bytes: [UInt8]
        switch catalogBytes {
        case .success(let read): bytes = read
        case .failure(let error): return list.withCatalogProblem(.unreadable(reason: error.reason))
        }
        switch ShoppingList.read(bytes) {
        case .failure(let failure):
            let reason = failure.diagnostics.first.map { "line \($0.location.line): \($0.message)" } ?? "it cannot be read"
            return list.withCatalogProblem(.notAShopFile(reason: reason))
        case .success(let catalog):
            guard catalog.document.root.map({ $0.isMapping }) ?? false, catalog.itemsNode != nil else {
                return list.withCatalogProblem(.notAShopFile(reason: "it has no \"items\" list"))
            }
            if catalog.catalogNode != nil {
                return list.withCatalogProblem(.namesACatalog(path: catalog.catalogPath ?? ""))
            }
            return list.resolved(with: catalog)
        }
    }
}
