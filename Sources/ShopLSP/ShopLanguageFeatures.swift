/// The features of `shop lsp`, sharing one analysis of each document's text.
public enum ShopLanguageFeatures {
    /// Diagnostics from `shop check` and formatting as `shop fmt` does it.
    public static func make() -> LanguageFeatures {
        let cache = ShopAnalysisCache()
        return LanguageFeatures(diagnostics: ShopDiagnostics(cache: cache), requests: [ShopFormatting(cache: cache)])
    }
}
