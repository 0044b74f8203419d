import JSON
import ShopCore
import YAML

/// `shop check`: validates files and reports every problem with its position.
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Validate shop files and report problems with their exact positions.",
        discussion: """
            Reports every problem of every file, ordered by position, as FILE:LINE:COLUMN: SEVERITY: \
            MESSAGE [RULE] followed by the line and a caret under the column, then a summary. Exit \
            status 0 when no file has errors, 1 when one has (or has warnings, with --strict), 2 when a \
            file cannot be read. A finding that can be resolved has a help line under it, saying how.
            With --fix, the safe fixes are applied first: each file is written in canonical form, \
            atomically and locked as an edit writes it, what was fixed is said on standard error (and \
            that no fix applies to the errors of a file, when none does), and what remains is reported.
            """,
        arguments: [
            ArgumentSpec(
                name: "file", help: "Files to check; - reads standard input (default: the list file).",
                arity: .zeroOrMore, completion: .file)
        ],
        options: [
            OptionSpec(
                long: "format", valueName: "format", help: "Output format: text, json or sarif (default: text).",
                allowedValues: ["text", "json", "sarif"], completion: .values(["text", "json", "sarif"])),
            OptionSpec(long: "strict", help: "Count warnings as errors for the exit status."),
            OptionSpec(
                long: "fix",
                help: "Apply every safe fix (a decimal comma, the file's currency symbol, a misspelt key, ...) and write the files."),
        ],
        examples: [
            Example(command: "shop check", explanation: "Check shopping.yaml (or $SHOP_FILE)."),
            Example(command: "shop check --strict lists/*.yaml", explanation: "Fail on warnings too, as in CI."),
            Example(
                command: "shop check --format sarif > shop.sarif",
                explanation: "Write a report for code-scanning services."),
            Example(command: "shop check --fix", explanation: "Fix what can be fixed safely, and see what remains."),
        ],
        run: run)

    static func run(_ context: CommandContext) throws(CommandFailure) -> Int32 {
        let console = context.console
        let format = context.arguments.value("format") ?? "text"
        let strict = context.arguments.flag("strict")
        let fixing = context.arguments.flag("fix")
        if fixing && context.fileOperands.contains("-") {
            throw CommandFailure.usage("'--fix' writes files in place; it cannot fix standard input", command: "check")
        }
        // Findings are written a file at a time, and each file's text let go of once they are out.
        var jsonArray = JSONText.ArrayWriter(indent: 2)
        var sarif = format == "sarif" ? SARIFLog() : nil
        sarif?.begin { console.out.write($0) }
        var errors = 0
        var warnings = 0
        var files = 0
        var failing: [String] = []
        var unreadable = false
        func take(_ report: FileReport) {
            files += 1
            if strict ? !report.isEmpty : report.hasErrors { failing.append(report.path) }
            switch format {
            case "json":
                for diagnostic in report.diagnostics {
                    jsonArray.append(DiagnosticRenderer.jsonEntry(diagnostic, path: report.path)) { console.out.write($0) }
                }
            case "sarif":
                sarif?.append(report) { console.out.write($0) }
            default:
                let counts = DiagnosticRenderer.writeText(
                    report.diagnostics, path: report.path, source: report.source, console: console
                ) { console.out.write($0) }
                errors += counts.errors
                warnings += counts.warnings
            }
        }
        for path in context.fileOperands {
            if fixing {
                let outcome = CheckFixer.fix(path, console: console)
                if let report = outcome.report { take(report) }
                if let error = outcome.failure {
                    ListFile.reportUnreadable(error, path: path, context: context)
                    unreadable = true
                }
                continue
            }
            do throws(FileError) {
                let bytes = try FileAccess.read(path)
                take(FileReport(checking: bytes, path: path, displayPath: CommandContext.displayName(path)))
            } catch {
                ListFile.reportUnreadable(error, path: path, context: context)
                unreadable = true
            }
        }
        switch format {
        case "json": jsonArray.finish { console.out.write($0 + "\n") }
        case "sarif": sarif?.finish { console.out.write($0) }
        default:
            // Nothing was read when every file was unreadable: the reasons are on standard error.
            if files > 0 {
                console.out.write(DiagnosticRenderer.summary(errors: errors, warnings: warnings, files: files) + "\n")
            }
        }
        if unreadable { return 2 }
        guard failing.isEmpty else {
            // The findings are the result (standard output); the failure is also said where
            // scripts and people look for why a command failed.
            let counted = strict ? "errors or warnings (--strict)" : "errors"
            let named = failing.count == 1 ? "'\(failing[0])'" : "\(failing.count) files"
            console.error("check found \(counted) in \(named)")
            return 1
        }
        return 0
    }
}

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

    /// Reads and checks a file.
    static func load(_ path: String, context: CommandContext, rules: Set<RuleID>? = nil) -> Result<ListFile, FileError> {
        do throws(FileError) {
            return .success(decode(try FileAccess.read(path), path: path, rules: rules))
        } catch {
            return .failure(error)
        }
    }

    /// Checks bytes already read, with `rules` (all of them by default).
    static func decode(_ bytes: [UInt8], path: String, rules: Set<RuleID>? = nil) -> ListFile {
        switch ShoppingList.read(bytes) {
        case .failure(let failure):
            return unreadable(failure, bytes: bytes, path: path)
        case .success(let list):
            return ListFile(
                path: path, bytes: bytes, document: list.document, list: list,
                diagnostics: ResolvedFindings(list.check(rules), in: list.document.source))
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
