import ShopCore
import YAML

/// The findings of one file for `check`, resolved as they are written, with the text they show in
/// context: held in memory, or in a spool while the file was checked in parts.
struct FileReport {
    /// Where the findings are.
    private enum Findings {
        /// In memory, with their text.
        case held(ResolvedFindings)
        /// The parts' findings in a spool; the rest's, and the text, in memory.
        case spooled(FindingSpool, rest: [Finding], source: SourceText)
    }

    /// The path as given (`<stdin>` for standard input).
    var path: String
    private let findings: Findings

    /// The report of `diagnostics`, the findings of the file at `path`.
    init(path: String, diagnostics: ResolvedFindings) {
        self.path = path
        findings = .held(diagnostics)
    }

    /// The report of the file at `path` whose list `bytes` hold, checked in parts, each part's
    /// findings packed into a spool whose temporary file, if it needs one, goes in
    /// `temporaryFolder`. A file that is not one readable document has the findings that say why.
    /// A file git holds as unmerged has its `unmerged` finding first.
    init(checking bytes: [UInt8], path: String, displayPath: String, temporaryFolder: String) {
        self.path = displayPath
        let unmerged = ListFile.unmergedFinding(path: path, bytes: bytes)
        var spool = FindingSpool(folder: temporaryFolder)
        switch ShoppingList.checkInParts(bytes, into: &spool) {
        case .failure(let failure):
            let held = ListFile.unreadable(failure, bytes: bytes, path: path).diagnostics
            findings = .held(ResolvedFindings(held.findings.adding(unmerged: unmerged), in: held.source))
        case .success(let rest):
            findings = .spooled(spool, rest: rest.findings.adding(unmerged: unmerged), source: SourceText(bytes: bytes))
        }
    }

    /// The report of the findings of `source`, the file at `path`: those of its parts in `spool`,
    /// `rest` the others.
    init(path: String, spooled spool: FindingSpool, rest: [Finding], source: SourceText) {
        self.path = path
        findings = .spooled(spool, rest: rest, source: source)
    }

    /// The text the findings were found in.
    var source: SourceText {
        switch findings {
        case .held(let held): held.source
        case .spooled(_, _, let source): source
        }
    }

    /// Whether there is no finding.
    var isEmpty: Bool {
        switch findings {
        case .held(let held): held.isEmpty
        case .spooled(let spool, let rest, _): spool.count == 0 && rest.isEmpty
        }
    }

    /// Whether a finding is an error.
    var hasErrors: Bool {
        switch findings {
        case .held(let held): held.hasErrors
        case .spooled(let spool, let rest, _): spool.hasErrors || rest.contains { $0.severity == .error }
        }
    }

    /// Hands `body` the findings, resolved, in order. Throws when the spool cannot be read back.
    func forEachDiagnostic(_ body: (Diagnostic) -> Void) throws(FileError) {
        switch findings {
        case .held(let held):
            held.forEach(body)
        case .spooled(let spool, let rest, let source):
            var resolver = FindingResolver(source)
            try spool.forEach(mergedWith: rest) { body(resolver.resolve($0)) }
        }
    }
}
