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
        var jsonArray = JSONWriter(indent: 2)
        if format == "json" { jsonArray.open(.array) }
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
                    jsonArray.value(DiagnosticRenderer.jsonEntry(diagnostic, path: report.path))
                    console.out.write(jsonArray.take())
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
        // Each file is checked once: a catalog several lists name, or one also named on the
        // command line, is checked where it comes first.
        var checked = Set(context.fileOperands.map(CatalogChecks.identity))
        func takeCatalog(of report: FileReport) {
            guard let catalog = report.catalogPath, checked.insert(CatalogChecks.identity(catalog)).inserted,
                let bytes = try? FileAccess.read(catalog)
            else { return }
            // A catalog that cannot be read is the list's `catalog` error; one that can is
            // checked by its own rules, its findings in its own file.
            take(FileReport(checking: bytes, path: catalog, displayPath: CommandContext.displayName(catalog)))
        }
        for path in context.fileOperands {
            if fixing {
                let outcome = CheckFixer.fix(path, console: console)
                if let report = outcome.report {
                    take(report)
                    takeCatalog(of: report)
                }
                if let error = outcome.failure {
                    ListFile.reportUnreadable(error, path: path, context: context)
                    unreadable = true
                }
                continue
            }
            do throws(FileError) {
                let bytes = try FileAccess.read(path)
                let report = FileReport(checking: bytes, path: path, displayPath: CommandContext.displayName(path))
                take(report)
                takeCatalog(of: report)
            } catch {
                ListFile.reportUnreadable(error, path: path, context: context)
                unreadable = true
            }
        }
        switch format {
        case "json":
            jsonArray.close()
            console.out.write(jsonArray.take() + Array("\n".utf8))
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

/// How check tells files apart, so that each catalog is checked once.
enum CatalogChecks {
    /// The file's real path (links and `..` resolved), or the path as given when it has none.
    static func identity(_ path: String) -> String {
        path == "-" ? path : FileAccess.realPath(path) ?? path
    }
}
