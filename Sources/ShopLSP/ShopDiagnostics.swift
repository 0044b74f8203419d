import ShopCore

/// The findings of `shop check` as LSP diagnostics: code = rule id, source `shop`, errors and
/// warnings as such, each ranging over the token its finding points at.
struct ShopDiagnostics: DiagnosticsProvider {
    let cache: ShopAnalysisCache

    func diagnostics(for snapshot: DocumentSnapshot) -> [LSPDiagnostic] {
        let analysis = cache.analysis(of: snapshot.document)
        let findings = analysis.diagnostics
        guard !findings.isEmpty else { return [] }
        let document = try? analysis.parsed.get()
        let tokens = TokenExtent(
            bytes: snapshot.document.bytes, document: document, offsets: Set(findings.map(\.location.offset)))
        return findings.map { finding in
            LSPDiagnostic(
                range: snapshot.range(of: tokens.range(at: finding.location.offset)),
                severity: finding.severity == .error ? .error : .warning,
                code: finding.rule.rawValue, source: "shop", message: finding.message)
        }
    }
}
