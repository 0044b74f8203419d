import ShopCore
import YAML

/// The findings of one file for `check`, resolved as they are written, with the text they show in
/// context.
struct FileReport {
    /// The path as given (`<stdin>` for standard input).
    var path: String
    /// The findings, in order.
    let diagnostics: ResolvedFindings
    /// The path of the catalog the list names, when it names one: check checks it too.
    var catalogPath: String?
}

extension FileReport {
    /// The report of the file at `path` whose list `bytes` hold, checked with every rule. A file
    /// that is not one readable document has the findings that say why. A file git holds as
    /// unmerged has its `unmerged` finding first.
    init(checking bytes: [UInt8], path: String, displayPath: String) {
        let unmerged = ListFile.unmergedFinding(path: path, bytes: bytes)
        let loaded = ListFile.decode(bytes, path: path)
        let checked = loaded.diagnostics
        self.init(
            path: displayPath, diagnostics: ResolvedFindings(checked.findings.adding(unmerged: unmerged), in: checked.source),
            catalogPath: loaded.catalogPath)
    }

    /// The text the findings were found in.
    var source: SourceText { diagnostics.source }

    /// Whether there is no finding.
    var isEmpty: Bool { diagnostics.isEmpty }

    /// Whether a finding is an error.
    var hasErrors: Bool { diagnostics.hasErrors }
}
