import Foundation
import Testing
import TestSupport

@testable import YAML

/// Long sequences are printed in runs of items, half of them on a second thread; the text must be
/// byte for byte the one a print on one thread makes, whatever the runs' length, the chunks the
/// text is handed on in, the policy, and whatever ends the run before a run printed apart.
@Suite struct PrintRunsTests {
    /// The text of `document` printed with runs of `runLength` items (nil: on one thread), handed
    /// on in chunks of `chunkSize` bytes.
    static func printed(
        _ document: Document, policy: PrintPolicy = PrintPolicy(), runLength: Int?, chunkSize: Int = 1 << 16
    ) -> [UInt8] {
        printedWithTally(document, policy: policy, runLength: runLength, chunkSize: chunkSize).text
    }

    /// The text, and how its runs were printed.
    static func printedWithTally(
        _ document: Document, policy: PrintPolicy = PrintPolicy(), runLength: Int?, chunkSize: Int = 1 << 16
    ) -> (text: [UInt8], tally: CanonicalPrinter.RunTally) {
        var text: [UInt8] = []
        let tally = CanonicalPrinter.print(
            document, policy: policy, chunkSize: chunkSize, runLength: runLength, minimumRunItems: 0
        ) { text.append(contentsOf: $0) }
        return (text, tally)
    }

    /// Records an issue when any run length prints `bytes` otherwise than one thread does; returns
    /// whether `bytes` was a document.
    @discardableResult
    static func expectAlike(
        _ bytes: [UInt8], _ name: String, policy: PrintPolicy = PrintPolicy(),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Bool {
        guard let document = try? Document(parsing: bytes) else { return false }
        let alone = printed(document, policy: policy, runLength: nil)
        for (runLength, chunkSize) in [(1, 1 << 16), (2, 7), (3, 1 << 16), (CanonicalPrinter.defaultRunLength, 100)] {
            let inRuns = printed(document, policy: policy, runLength: runLength, chunkSize: chunkSize)
            if inRuns != alone {
                Issue.record(
                    "\(name) prints otherwise in runs of \(runLength):\n\(lineDiff(expected: alone, actual: inRuns))",
                    sourceLocation: sourceLocation)
                return true
            }
        }
        return true
    }

    @Test func aLongListPrintsAlikeAndDefaultRunsAreUsed() throws {
        let bytes = ScheduleTests.bigList(items: 3_000) { index in
            index % 50 == 0 ? "\n  # between items \(index)\n\n" : ""
        }
        #expect(Self.expectAlike(bytes, "3,000 items"))
        // The list is long enough for runs, which cut it into consecutive runs of whole items.
        let document = try Document(parsing: bytes)
        let table = document.storage.table
        let items = try #require((0..<table.count).first { table.kind($0) == NodeTable.sequenceKind })
        let runs = CanonicalPrinter.itemRuns(of: items, in: table, length: CanonicalPrinter.defaultRunLength)
        #expect(runs.count == 3_000 / CanonicalPrinter.defaultRunLength + 1)
        #expect(runs.first?.items.lowerBound == items + 1)
        #expect(runs.last?.items.upperBound == table.subtreeEnd(items))
        for (index, run) in runs.enumerated() {
            #expect(run.firstPosition == index * CanonicalPrinter.defaultRunLength)
            if index > 0 { #expect(run.items.lowerBound == runs[index - 1].items.upperBound) }
        }
        #expect(CanonicalPrinter.itemRuns(of: items, in: table, length: nil).isEmpty)
        #expect(CanonicalPrinter.itemRuns(of: items, in: table, length: 3_000).isEmpty)
        // The second thread printed every odd run, and each was appended as it was printed there.
        let tally = Self.printedWithTally(document, runLength: CanonicalPrinter.defaultRunLength).tally
        #expect(tally == CanonicalPrinter.RunTally(appended: runs.count / 2, reprinted: 0))
        #expect(Self.printedWithTally(document, runLength: nil).tally == CanonicalPrinter.RunTally())
    }

    @Test func byDefaultOnlyLongSequencesArePrintedInRuns() throws {
        func defaultTally(items: Int) throws -> CanonicalPrinter.RunTally {
            let document = try Document(parsing: ScheduleTests.bigList(items: items) { _ in "" })
            return CanonicalPrinter.print(document, policy: PrintPolicy(), chunkSize: 1 << 16) { _ in }
        }
        // Below the minimum, the second thread would cost more than it saves.
        #expect(try defaultTally(items: CanonicalPrinter.defaultMinimumItems - 1) == CanonicalPrinter.RunTally())
        // From it on, every other run of 256 items is printed there.
        let items = CanonicalPrinter.defaultMinimumItems + 300
        let runs = (items + CanonicalPrinter.defaultRunLength - 1) / CanonicalPrinter.defaultRunLength
        #expect(try defaultTally(items: items) == CanonicalPrinter.RunTally(appended: runs / 2, reprinted: 0))
    }

    @Test func runsThatFollowAKeepLiteralPrintAlike() throws {
        // A `|+` literal keeps its trailing blank lines: what may follow it differs from what may
        // follow an ordinary line, so the run after it is printed again on this thread.
        let cases = [
            // Printed as `|+`: the blank line before the next item is not written after it.
            "- \"a\\n\\n\"\n\n- b\n- c\n",
            "- x\n- y: \"kept\\n\\n\"\n\n- z\n",
            "- |+\n  a\n\n- b\n- c\n- |+\n  d\n\n\n# end\n- e\n",
            "- |+\n  a\n\n\n  # about b\n\n- b\n- |+\n  c\n\n- d\n",
            "items:\n  - x: |+\n      kept\n\n  - x: 1\n\n  - |+\n    last\n\n",
            "- a\n- |+\n  last\n\n",
            "- [a, b]\n- {}\n- []\n-\n- |+\n\n-\n",
        ]
        for text in cases {
            #expect(Self.expectAlike(Array(text.utf8), text), "not a document: \(text)")
        }
        // In runs of one item, the run after each kept literal is the one printed again here.
        let document = try Document(parsing: Array("- |+\n  a\n\n- b\n- |+\n  c\n\n- d\n- e\n".utf8))
        let tally = Self.printedWithTally(document, runLength: 1).tally
        #expect(tally == CanonicalPrinter.RunTally(appended: 0, reprinted: 2))
    }

    @Test func nestedLongSequencesPrintAlike() {
        var text = "top:\n"
        for outer in 0..<6 {
            text += "  - # item \(outer)\n"
            for inner in 0..<(outer * 3) { text += "    - v\(inner)\(inner % 4 == 0 ? " # c" : "")\n" }
            if outer % 2 == 1 { text += "\n" }
            text += "    -\n      - deep \(outer)\n"
        }
        #expect(Self.expectAlike(Array(text.utf8), "nested"))
    }

    @Test func policiesPrintAlike() throws {
        let bytes = ScheduleTests.bigList(items: 40) { $0 % 3 == 0 ? "\n" : "" }
        let document = try Document(parsing: bytes)
        var policy = PrintPolicy()
        policy.blankLineDepth = 0
        Self.expectAlike(bytes, "no blank lines", policy: policy)
        // Entries reordered, scalars rendered otherwise, in items on both threads.
        policy = PrintPolicy()
        let table = document.storage.table
        for node in 0..<table.count where table.kind(node) == NodeTable.mappingKind && node % 2 == 0 {
            if table.children(of: node).count == 6 { policy.entryOrder[NodeID(index: node)] = [2, 0, 1] }
        }
        for node in 0..<table.count where table.isScalar(node) && node % 5 == 0 {
            policy.scalarRenderings[NodeID(index: node)] = node % 2 == 0 ? .string("r\(node)") : .verbatim
        }
        Self.expectAlike(bytes, "reordered and rendered", policy: policy)
    }

    @Test func generatedDocumentsPrintAlike() {
        for seed in 0..<300 {
            var generator = DocumentGenerator(seed: UInt64(seed))
            Self.expectAlike(generator.document().bytes, "seed \(seed)")
        }
    }

    @Test(.requires(.yamlTestSuite)) func corpusInputsPrintAlike() throws {
        var printed = 0
        for testCase in CorpusTests.cases() {
            let bytes = try readBytes(testCase.directory.appendingPathComponent("in.yaml"))
            if Self.expectAlike(bytes, testCase.name) { printed += 1 }
        }
        #expect(printed > 150)
    }

    @Test(.requires(.realWorldCorpus)) func realWorldFilesPrintAlike() throws {
        let folder = TestCorpus.realWorld
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".yaml") || $0.hasSuffix(".yml")
        }
        var printed = 0
        for name in names.sorted() {
            let bytes = try readBytes(folder.appendingPathComponent(name))
            if Self.expectAlike(bytes, name) { printed += 1 }
        }
        #expect(printed > 80)
    }
}
