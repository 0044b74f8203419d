import ShopCore

/// The features of `shop lsp`, sharing one analysis of each document's text.
public enum ShopLanguageFeatures {
    /// Diagnostics from `shop check`, formatting as `shop fmt` does it, completion, hover, quick
    /// fixes and the outline. `mergesWithShop` says whether git merges the file at a path with
    /// shop, for the advice on conflict markers (see `shop check`); `unmerged` says what git holds
    /// for the file at a path while it holds it as unmerged (its stages, and its name in its work
    /// tree), for the `unmerged` finding. A list that names a catalog is resolved against the
    /// open document of the catalog's path, else the file on disk.
    public static func make(
        mergesWithShop: @escaping @Sendable (_ path: String) -> Bool = { _ in false },
        unmerged: @escaping @Sendable (_ path: String) -> (stages: UnmergedStages, name: String)? = { _ in nil }
    ) -> LanguageFeatures {
        let cache = ShopAnalysisCache(mergesWithShop: mergesWithShop, unmerged: unmerged, catalogs: CatalogResolver())
        return LanguageFeatures(
            diagnostics: ShopDiagnostics(cache: cache),
            requests: [
                ShopFormatting(cache: cache), ShopCompletion(cache: cache), ShopHover(cache: cache),
                ShopCodeActions(cache: cache), ShopDocumentSymbols(cache: cache),
            ],
            // Catalogs are shop files, named as such files are: their lists are checked again
            // when one changes on disk.
            watchedFiles: ["**/*.yaml", "**/*.yml"])
    }
}
