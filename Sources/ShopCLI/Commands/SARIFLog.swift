import JSON
import ShopCore
import YAML

/// `check --format sarif`: a SARIF 2.1.0 log with one run, every rule with its description and
/// every finding with its location (columns in Unicode code points). The log is written as the
/// files are checked: what comes before the results when the first file is read, each file's
/// results once it is checked (its text is let go of then), and the end after the last.
struct SARIFLog {
    /// The log up to its results, and after them.
    private let around: (before: String, after: String)
    private var results = JSONText.ArrayWriter(indent: 2, level: 3)

    /// A log of shop's rules, not begun.
    init() {
        let rules = RuleRegistry.all.map { rule in
            JSONText.object(
                [
                    ("id", JSONText.string(rule.id.rawValue)),
                    ("name", JSONText.string(DiagnosticRenderer.pascalCase(rule.id.rawValue))),
                    ("shortDescription", JSONText.object([("text", JSONText.string(rule.summary))])),
                    ("fullDescription", JSONText.object([("text", JSONText.string(rule.summary))])),
                    ("defaultConfiguration", JSONText.object([("level", JSONText.string(rule.severity.rawValue))])),
                    ("help", JSONText.object([("text", JSONText.string("See shop(1), section CHECKS, rule \(rule.id.rawValue)."))])),
                ], indent: 2, level: 6)
        }
        let driver = JSONText.object(
            [
                ("name", JSONText.string("shop")),
                ("version", JSONText.string(CommandSpec.programVersion)),
                ("semanticVersion", JSONText.string(CommandSpec.programVersion)),
                ("rules", JSONText.array(rules, indent: 2, level: 5)),
            ], indent: 2, level: 4)
        // The results are the last value of the run, the one entry of `runs`, the last value of the log.
        let log = JSONText.object(
            [("$schema", JSONText.string("https://json.schemastore.org/sarif-2.1.0.json")), ("version", JSONText.string("2.1.0"))],
            valueLaterOf: "runs", indent: 2)
        let runs = JSONText.arrayAroundOneValue(indent: 2, level: 1)
        let run = JSONText.object(
            [
                ("tool", JSONText.object([("driver", driver)], indent: 2, level: 3)),
                ("columnKind", JSONText.string("unicodeCodePoints")),
            ], valueLaterOf: "results", indent: 2, level: 2)
        around = (log.before + runs.before + run.before, run.after + runs.after + log.after + "\n")
    }

    /// Hands the log up to its results to `write`.
    func begin(to write: (String) -> Void) {
        write(around.before)
    }

    /// Hands the results of `report`'s findings to `write`.
    mutating func append(_ report: FileReport, to write: (String) -> Void) {
        let artifact = JSONText.object([("uri", JSONText.string(DiagnosticRenderer.uri(report.path)))])
        for diagnostic in report.diagnostics {
            results.append(Self.result(diagnostic, artifact: artifact), to: write)
        }
    }

    /// Hands the end of the log to `write`.
    func finish(to write: (String) -> Void) {
        results.finish(to: write)
        write(around.after)
    }

    /// One finding as a SARIF result in the file `artifact` names.
    private static func result(_ diagnostic: Diagnostic, artifact: String) -> String {
        func region(_ start: SourceLocation, _ end: SourceLocation) -> String {
            JSONText.object([
                ("startLine", String(start.line)), ("startColumn", String(start.column)),
                ("endLine", String(end.line)), ("endColumn", String(end.column)),
            ])
        }
        func physical(_ start: SourceLocation, _ end: SourceLocation) -> String {
            JSONText.object([("artifactLocation", artifact), ("region", region(start, end))])
        }
        let related = diagnostic.related.enumerated().map { index, place in
            JSONText.object([
                ("id", String(index + 1)), ("physicalLocation", physical(place.location, place.end)),
                ("message", JSONText.object([("text", JSONText.string(place.message))])),
            ])
        }
        let fixes = diagnostic.fixes.map { fix in
            JSONText.object([
                ("description", JSONText.object([("text", JSONText.string(fix.title))])),
                (
                    "artifactChanges",
                    JSONText.array([
                        JSONText.object([
                            ("artifactLocation", artifact),
                            (
                                "replacements",
                                JSONText.array(
                                    fix.edits.map { edit in
                                        JSONText.object([
                                            ("deletedRegion", region(edit.location, edit.end)),
                                            ("insertedContent", JSONText.object([("text", JSONText.string(edit.text))])),
                                        ])
                                    })
                            ),
                        ])
                    ])
                ),
            ])
        }
        return JSONText.object(
            [
                ("ruleId", JSONText.string(diagnostic.rule.rawValue)),
                ("ruleIndex", String(diagnostic.rule.position)),
                ("level", JSONText.string(diagnostic.severity.rawValue)),
                ("message", JSONText.object([("text", JSONText.string(diagnostic.message))])),
                ("locations", JSONText.array([JSONText.object([("physicalLocation", physical(diagnostic.location, diagnostic.end))])])),
                ("relatedLocations", JSONText.array(related)),
                ("fixes", JSONText.array(fixes)),
            ], indent: 2, level: 3)
    }
}
