import ShopCore
import YAML

/// The one place a command reads a list's catalog: found by ``CatalogFile/path(_:listPath:)``
/// (the working folder for standard input), read with the same bounded read as any list, and
/// resolved by ShopCore's rules.
extension ListFile {
    /// The path of the catalog a list at `listPath` names as `written`.
    static func catalogPath(_ written: String, listPath: String) -> String {
        CatalogFile.path(written, listPath: listPath) ?? written
    }

    /// `list` resolved against the catalog it names, read from disk; or with the reason the
    /// catalog could not be had, which the `catalog` rule reports. A list that names no catalog is
    /// returned as it is. The catalog's path is returned too, for the commands that check it.
    static func resolvingCatalog(_ list: ShoppingList, listPath: String) -> (list: ShoppingList, catalogPath: String?) {
        guard let written = list.namedCatalog else { return (list, nil) }
        let path = catalogPath(written, listPath: listPath)
        return (list.resolvingCatalog(readingCatalog { () throws(FileError) in try FileAccess.read(path) }), path)
    }

    /// What reading a catalog with `read` gave: its bytes (and whatever else `read` returns), or
    /// the reason it could not be read, as the `catalog` rule reports it.
    static func readingCatalog<Read>(_ read: () throws(FileError) -> Read) -> Result<Read, CatalogProblem> {
        do throws(FileError) {
            return .success(try read())
        } catch {
            return .failure(.unreadable(reason: error.reason))
        }
    }
}
