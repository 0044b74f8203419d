/// The features of `shop lsp`, sharing one analysis of each document's text.
public enum ShopLanguageFeatures {
    /// Diagnostics from `shop check`, formatting as `shop fmt` does it, completion, hover, quick
    /// fixes and the outline.
    public static func make() -> LanguageFeatures {
        let cache = ShopAnalysisCache()
        return LanguageFeatures(
            diagnostics: ShopDiagnostics(cache: cache),
            requests: [
                ShopFormatting(cache: cache), ShopCompletion(cache: cache), ShopHover(cache: cache),
                ShopCodeActions(cache: cache), ShopDocumentSymbols(cache: cache),
            ])
    }
}
