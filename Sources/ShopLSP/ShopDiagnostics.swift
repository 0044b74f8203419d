import ShopCore

/// The findings of `shop check` as LSP diagnostics: code = rule id, source `shop`, errors and
/// warnings as such, each with the finding's range and its related places.
struct ShopDiagnostics: DiagnosticsProvider {
    let cache: ShopAnalysisCache

    func diagnostics(for snapshot: DocumentSnapshot) -> [LSPDiagnostic] {
        let analysis = cache.analysis(of: snapshot.document)
        let source = analysis.source
        let uri = snapshot.document.uri
        return analysis.findings.map { finding in
            LSPDiagnostic(
                range: snapshot.range(of: finding.span.start..<finding.span.end),
                severity: finding.severity == .error ? .error : .warning,
                code: finding.rule.rawValue, source: "shop", message: finding.message.text(in: source),
                related: finding.related.map { place in
                    LSPDiagnostic.Related(
                        uri: uri, range: snapshot.range(of: place.span.start..<place.span.end), message: place.message)
                })
        }
    }
}
