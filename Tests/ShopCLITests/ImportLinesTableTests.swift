import Foundation
import Testing

/// `shop import` judged by a table of lines as people type them in messages, notes apps and
/// spreadsheets (`Fixtures/import-lines/lines.yaml`), each with the items it must give: the
/// specification's readings of text lines, checklists and CSV, pack sizes, in seven languages
/// and two currencies. The table was written before the import read them, from the
/// specification and from what the person typing meant; it is the test, not a tuning set.
///
/// The accuracy and every miss, for someone working on the import:
///
///     scripts/import-table-accuracy.sh
///
/// which runs `SHOP_IMPORT_TABLE_REPORT=FILE swift test --filter ImportLinesTableTests/reportsTheAccuracy`
/// and prints FILE.
@Suite struct ImportLinesTableTests {
    /// Where `reportsTheAccuracy` writes its report; the test runs only when this is set.
    static let reportPath = ProcessInfo.processInfo.environment["SHOP_IMPORT_TABLE_REPORT"]

    /// The examples the specification gives for the import's readings: the table holds each.
    static let specificationExamples = [
        "2 kg potatoes @ 1.20", "coffee 500 g 7.99", "250 g butter 2.49 €", "2 x coffee 500 g 7.99", "milk 1.29",
        "milk 2x 1.29", "bread, rolls, butter", "Apples — 4.20", "8 Apples", "Apples x8", "Apples — 8 pcs",
        "Oat milk (Oatly)", "Butter ✅", "\"3,59\"",
    ]

    @Test func theTableIsWellFormed() throws {
        let table = try ImportLinesTable.load()
        #expect(table.problems.isEmpty, "\(table.problems.joined(separator: "\n"))")
        #expect(table.rows.count >= 300, "\(table.rows.count) rows")

        let languages = Set(table.rows.map(\.language))
        #expect(ImportLinesTable.requiredLanguages.isSubset(of: languages), "\(languages.sorted())")
        #expect(languages.count >= 7)
        for kind in ImportLinesTable.Kind.allCases {
            let rows = table.rows.filter { $0.kind == kind }
            #expect(rows.count >= 30, "\(rows.count) \(kind) rows")
            #expect(rows.contains { $0.currency == "JPY" }, "no \(kind) row in yen")
        }
        #expect(table.rows.contains { if case .skipped = $0.outcome { true } else { false } })
        #expect(table.rows.contains { if case .refused = $0.outcome { true } else { false } })
        let wanted = table.rows.flatMap { row -> [ImportLinesTable.ExpectedItem] in
            if case .items(let items) = row.outcome { items } else { [] }
        }
        #expect(wanted.contains { $0.known } && wanted.contains { !$0.known })
        #expect(wanted.allSatisfy { !$0.item.name.isEmpty })
        #expect(wanted.contains { $0.item.size != nil })

        // One row per input: a repeated row would count twice.
        var seen: [String: Int] = [:]
        for row in table.rows {
            let key = "\(row.kind) \(row.currency) \(row.header ?? "") \(row.input)"
            if let first = seen[key] {
                Issue.record("lines.yaml:\(row.line) repeats the row of line \(first)")
            }
            seen[key] = row.line
        }
        for example in Self.specificationExamples {
            #expect(table.rows.contains { $0.input.contains(example) }, "no row has \(example)")
        }

        // The base lists are lists shop takes: it checks them without an error.
        for file in ImportLinesTable.baseFiles.values {
            let check = try EditCLI.run(["check", file], in: ImportLinesTable.folder)
            #expect(check.status == 0, "\(file): \(check)")
        }
    }

    /// At least 98% of the rows exactly right, and a clear answer on every row;
    /// `scripts/import-table-accuracy.sh` lists the misses.
    @Test func importReadsTheLinesAsTheTableSays() throws {
        let table = try ImportLinesTable.load()
        try #require(table.problems.isEmpty, "\(table.problems.joined(separator: "\n"))")
        let verdicts = try withTemporaryDirectory { try ImportLinesJudge(table: table).verdicts(in: $0) }
        let right = verdicts.filter(\.isRight).count
        let report = ImportLinesJudge.report(verdicts)
        #expect(right * 100 >= verdicts.count * 98, "\(report)")
        #expect(verdicts.allSatisfy { $0.clearAnswer }, "\(report)")
    }

    /// The accuracy, written to `SHOP_IMPORT_TABLE_REPORT` whatever it is; what fails is an
    /// answer that is not clear (a crash, a signal, a failure that does not say why).
    @Test(.enabled(if: ImportLinesTableTests.reportPath != nil, "writes the import table's report when asked"))
    func reportsTheAccuracy() throws {
        let path = try #require(Self.reportPath)
        let table = try ImportLinesTable.load()
        try #require(table.problems.isEmpty, "\(table.problems.joined(separator: "\n"))")
        let verdicts = try withTemporaryDirectory { try ImportLinesJudge(table: table).verdicts(in: $0) }
        try Files.write(ImportLinesJudge.report(verdicts), to: URL(fileURLWithPath: path))
        for verdict in verdicts where !verdict.clearAnswer {
            Issue.record("\(verdict.row.title): \(verdict.got.joined(separator: "; "))")
        }
    }
}
