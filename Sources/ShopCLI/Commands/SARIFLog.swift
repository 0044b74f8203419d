import JSON
import ShopCore
import YAML

/// `check --format sarif`: a SARIF 2.1.0 log with one run, every rule with its description and
/// every finding with its location (columns in Unicode code points). The log is written as the
/// files are checked: what comes before the results when the first file is read, each file's
/// results once it is checked (its text is let go of then), and the end after the last.
struct SARIFLog {
    /// The log, written up to the result last appended.
    private var writer = JSONWriter(indent: 2)

    /// Hands the log up to its results to `write`.
    mutating func begin(to write: (String) -> Void) {
        let rules = RuleRegistry.all.map { rule -> JSONValue in
            [
                "id": .string(rule.id.rawValue),
                "name": .string(DiagnosticRenderer.pascalCase(rule.id.rawValue)),
                "shortDescription": ["text": .string(rule.summary)],
                "fullDescription": ["text": .string(rule.summary)],
                "defaultConfiguration": ["level": .string(rule.severity.rawValue)],
                "help": ["text": .string("See shop(1), section CHECKS, rule \(rule.id.rawValue).")],
            ]
        }
        let driver: JSONValue = [
            "name": .string("shop"),
            "version": .string(CommandSpec.programVersion),
            "semanticVersion": .string(CommandSpec.programVersion),
            "rules": .array(rules),
        ]
        writer.open(.object)
        writer.key("$schema")
        writer.value("https://json.schemastore.org/sarif-2.1.0.json")
        writer.key("version")
        writer.value("2.1.0")
        writer.key("runs")
        writer.open(.array)
        writer.open(.object)
        writer.key("tool")
        // The tool, its driver, the rules and each rule one member a line; a rule's values compact.
        writer.value(["driver": driver], indentedLevels: 4)
        writer.key("columnKind")
        writer.value("unicodeCodePoints")
        // The results are the last value of the run, the one entry of `runs`, the last value of the log.
        writer.key("results")
        writer.open(.array)
        take(to: write)
    }

    /// Hands the results of `report`'s findings to `write`.
    mutating func append(_ report: FileReport, to write: (String) -> Void) {
        let artifact: JSONValue = ["uri": .string(DiagnosticRenderer.uri(report.path))]
        for diagnostic in report.diagnostics {
            // A result's members are at the level of the results, and its end one level out, as
            // the log has always been laid out.
            writer.value(Self.result(diagnostic, artifact: artifact), indentedLevels: 1, level: 3)
            take(to: write)
        }
    }

    /// Hands the end of the log to `write`.
    mutating func finish(to write: (String) -> Void) {
        for _ in 0..<4 { writer.close() }
        take(to: write)
        write("\n")
    }

    private mutating func take(to write: (String) -> Void) {
        write(String(decoding: writer.take(), as: UTF8.self))
    }

    /// One finding as a SARIF result in the file `artifact` names.
    private static func result(_ diagnostic: Diagnostic, artifact: JSONValue) -> JSONValue {
        func region(_ start: SourceLocation, _ end: SourceLocation) -> JSONValue {
            [
                "startLine": .int(start.line), "startColumn": .int(start.column),
                "endLine": .int(end.line), "endColumn": .int(end.column),
            ]
        }
        func physical(_ start: SourceLocation, _ end: SourceLocation) -> JSONValue {
            ["artifactLocation": artifact, "region": region(start, end)]
        }
        let related = diagnostic.related.enumerated().map { index, place -> JSONValue in
            [
                "id": .int(index + 1), "physicalLocation": physical(place.location, place.end),
                "message": ["text": .string(place.message)],
            ]
        }
        let fixes = diagnostic.fixes.map { fix -> JSONValue in
            [
                "description": ["text": .string(fix.title)],
                "artifactChanges": [
                    [
                        "artifactLocation": artifact,
                        "replacements": .array(
                            fix.edits.map { edit in
                                [
                                    "deletedRegion": region(edit.location, edit.end),
                                    "insertedContent": ["text": .string(edit.text)],
                                ]
                            }),
                    ]
                ],
            ]
        }
        return [
            "ruleId": .string(diagnostic.rule.rawValue),
            "ruleIndex": .int(diagnostic.rule.position),
            "level": .string(diagnostic.severity.rawValue),
            "message": ["text": .string(diagnostic.message)],
            "locations": [["physicalLocation": physical(diagnostic.location, diagnostic.end)]],
            "relatedLocations": .array(related),
            "fixes": .array(fixes),
        ]
    }
}
