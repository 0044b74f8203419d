import ShopCore
import YAML

/// A list file read from disk or standard input and checked.
struct ListFile {
    var path: String
    var bytes: [UInt8]
    /// The document, when the file is well-formed YAML.
    var document: Document?
    /// The decoded list, when the file is well-formed YAML.
    var list: ShoppingList?
    /// Every finding, the syntax error included, resolved as it is shown.
    var diagnostics: ResolvedFindings
    /// The path of the catalog the list names, in the list's folder, when it names one.
    var catalogPath: String? = nil

    var displayPath: String { CommandContext.displayName(path) }

    /// What to do about a file that no command takes: one that is not one readable YAML document,
    /// or that git holds as one side's version of an unfinished merge.
    var unreadableAdvice: String {
        if diagnostics.findings.contains(where: { $0.rule == .unmerged && $0.severity == .error }) {
            return "\(displayPath) is one side's version of an unfinished merge; make the merge again first (see 'shop check')"
        }
        if diagnostics.findings.contains(where: { $0.rule == .mergeConflict }) {
            return "\(displayPath) has unresolved merge conflicts; resolve them first (see 'shop check')"
        }
        return "\(displayPath) is not valid YAML; fix it by hand first (see 'shop check')"
    }

    /// Reads the file at `path` for a command that refuses a file with errors: checked for errors
    /// only, and with the `unmerged` error of a file git holds as one side's version of an
    /// unfinished merge.
    static func loadRefusingErrors(_ path: String) -> Result<ListFile, FileError> {
        let read = Result { () throws(FileError) in decode(try FileAccess.read(path), path: path, rules: RuleRegistry.errors) }
        return read.map { file in
            guard file.list != nil else { return file }
            var loaded = file
            let findings = loaded.diagnostics.findings.adding(unmerged: unmergedFinding(path: path, bytes: loaded.bytes))
            loaded.diagnostics = ResolvedFindings(findings, in: loaded.diagnostics.source)
            return loaded
        }
    }

    /// Checks bytes already read, with `rules` (all of them by default), the list resolved against
    /// the catalog it names.
    static func decode(_ bytes: [UInt8], path: String, rules: Set<RuleID>? = nil) -> ListFile {
        switch ShoppingList.read(bytes) {
        case .failure(let failure):
            return unreadable(failure, bytes: bytes, path: path)
        case .success(let read):
            let (list, catalogPath) = resolvingCatalog(read, listPath: path)
            return ListFile(
                path: path, bytes: bytes, document: list.document, list: list,
                diagnostics: ResolvedFindings(list.check(rules), in: list.document.source), catalogPath: catalogPath)
        }
    }

    /// A file that is not one readable document, with the findings that say why. Conflicts left
    /// where shop already merges the list are ones both sides made: their findings do not advise
    /// setting git up, which would not help.
    static func unreadable(_ failure: ReadFailure, bytes: [UInt8], path: String) -> ListFile {
        let failure = failure.withoutGitSetupAdvice(if: { path != "-" && GitRunner.mergesWithShop(path) })
        return ListFile(
            path: path, bytes: bytes, document: nil, list: nil, diagnostics: ResolvedFindings(failure.findings, in: failure.source))
    }

    /// The `unmerged` finding of the file at `path` whose text is `bytes`, naming the file as the
    /// command's reports do; nil when git does not hold it as unmerged (see ``UnmergedLookup``).
    static func unmergedFinding(path: String, bytes: [UInt8]) -> Finding? {
        UnmergedLookup.shared.finding(path: path, bytes: bytes, name: CommandContext.displayName(path))
    }

    /// The file at `path`, with its `unmerged` error as its findings, when git holds it as
    /// unmerged and it is byte for byte one side's version; nil otherwise. Every command that
    /// refuses a file with errors refuses it: an edit, a format or an export of it would carry
    /// one side's version on as if it were the merge, and once it no longer matches that side
    /// byte for byte, `check` could only take it for a file resolved by hand.
    static func unmergedRefusal(path: String, bytes: [UInt8]) -> ListFile? {
        guard let finding = unmergedFinding(path: path, bytes: bytes), finding.severity == .error else { return nil }
        return ListFile(
            path: path, bytes: bytes, document: nil, list: nil, diagnostics: ResolvedFindings([finding], in: SourceText(bytes: bytes)))
    }

    /// Says why a command refuses a file, as every command that refuses one says it: its errors on
    /// standard error, then what to do.
    func reportRefusal(to console: Console) {
        reportDiagnostics(to: console, errorsOnly: true)
        console.error(unreadableAdvice)
    }

    /// Says on standard error why a file could not be read, with a hint for a missing list file.
    static func reportUnreadable(_ error: FileError, path: String, context: CommandContext) {
        var message = error.description
        if error.code == ENOENTCode && context.arguments.positionals.isEmpty {
            message += initHint(for: path)
        }
        context.console.error(message)
    }

    /// `; create a list with 'shop init PATH'`: the command that creates this very file (init
    /// takes the path when it is not the default).
    static func initHint(for path: String) -> String {
        let needsQuotes = path.contains { " \"'$`\\".contains($0) }
        let quoted = needsQuotes ? "\"" + path + "\"" : path
        return "; create a list with 'shop init" + (path == ListDiscovery.defaultName ? "" : " " + quoted) + "'"
    }

    /// Writes this file's findings in text form to standard error (for commands other than check).
    func reportDiagnostics(to console: Console, errorsOnly: Bool = false) {
        let shown = errorsOnly ? diagnostics.only { $0.severity == .error } : diagnostics
        Self.report(shown, path: displayPath, source: shown.source, to: console)
    }

    /// Writes `diagnostics`, the findings of the file at `path`, in text form to standard error.
    static func report(_ diagnostics: some Sequence<Diagnostic>, path: String, source: SourceText, to console: Console) {
        _ = DiagnosticRenderer.writeText(diagnostics, path: path, source: source, console: console, toErrorStream: true) {
            console.err.write($0)
        }
    }
}
