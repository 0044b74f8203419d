/// The features of `shop lsp`, sharing one analysis of each document's text.
public enum ShopLanguageFeatures {
    /// Diagnostics from `shop check`, formatting as `shop fmt` does it, completion, hover, quick
    /// fixes and the outline. `mergesWithShop` says whether git merges the file at a path with
    /// shop, for the advice on conflict markers (see `shop check`).
    public static func make(mergesWithShop: @escaping @Sendable (_ path: String) -> Bool = { _ in false }) -> LanguageFeatures {
        let cache = ShopAnalysisCache(mergesWithShop: mergesWithShop)
        return LanguageFeatures(
            diagnostics: ShopDiagnostics(cache: cache),
            requests: [
                ShopFormatting(cache: cache), ShopCompletion(cache: cache), ShopHover(cache: cache),
                ShopCodeActions(cache: cache), ShopDocumentSymbols(cache: cache),
            ])
    }
}
