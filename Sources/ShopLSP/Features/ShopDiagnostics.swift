import ShopCore
import YAML

/// The findings of `shop check` as LSP diagnostics: code = rule id, source `shop`, errors and
/// warnings as such, each with the finding's range and its related places; a list that names a
/// catalog is checked against it, as `shop check` checks it. The `unmerged` finding
/// of a document whose file git holds as unmerged is first, with its own severity.
struct ShopDiagnostics: DiagnosticsProvider {
    let cache: ShopAnalysisCache

    func diagnostics(for snapshot: DocumentSnapshot) -> [LSPDiagnostic] {
        let analysis = cache.analysis(of: snapshot)
        let findings = analysis.findings.adding(unmerged: cache.unmergedFinding(of: snapshot.document))
        return findings.map { Self.diagnostic(of: $0, in: analysis.source, snapshot: snapshot) }
    }

    /// The open lists that name the file at `uri` as their catalog.
    func dependents(of uri: String, among documents: DocumentStore) -> [String] {
        cache.lists(naming: uri, among: documents)
    }

    /// The diagnostic published for `finding`, whose message numbers lines as in `source`; code
    /// actions name the diagnostics they resolve with the same value.
    static func diagnostic(of finding: Finding, in source: SourceText, snapshot: DocumentSnapshot) -> LSPDiagnostic {
        LSPDiagnostic(
            range: snapshot.range(of: finding.span.start..<finding.span.end),
            severity: finding.severity == .error ? .error : .warning,
            code: finding.rule.rawValue, source: "shop", message: finding.message.text(in: source),
            related: finding.related.map { place in
                LSPDiagnostic.Related(
                    uri: snapshot.document.uri, range: snapshot.range(of: place.span.start..<place.span.end),
                    message: place.message)
            })
    }
}
