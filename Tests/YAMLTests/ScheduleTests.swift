import Foundation
import Testing
import TestSupport

@testable import YAML

/// Large inputs are read with libyaml on a second thread while the tree is built on the first; small
/// ones on one thread. Both ways must read every input to the same document, or fail with the same
/// error, whatever the size and wherever the error is.
@Suite struct ScheduleTests {
    /// What a read gives, in a form that compares everything a reader keeps: the outline (values,
    /// styles, ranges, comments in their places, blank lines), the end comments and the printed text.
    static func reading(
        _ bytes: [UInt8], schedule: DocumentReader.Schedule, limits: ParseLimits = ParseLimits()
    )
        -> Result<String, YAMLError>
    {
        do throws(YAMLError) {
            let document = try DocumentReader.read(
                SourceText(bytes: bytes), limits: limits, schedule: schedule)
            let printed = String(decoding: document.formatted(), as: UTF8.self)
            return .success(
                document.outline() + "\n--- comments\n\(document.allComments)\n--- printed\n" + printed)
        } catch {
            return .failure(error)
        }
    }

    static func expectAlike(
        _ bytes: [UInt8], limits: ParseLimits = ParseLimits(), _ name: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let inline = reading(bytes, schedule: .inline, limits: limits)
        let concurrent = reading(bytes, schedule: .concurrent, limits: limits)
        if inline != concurrent {
            Issue.record(
                "\(name) reads differently on two threads:\n\(difference(inline, concurrent))",
                sourceLocation: sourceLocation)
        }
    }

    /// The two outcomes side by side, or their first differing lines.
    static func difference(_ expected: Result<String, YAMLError>, _ actual: Result<String, YAMLError>)
        -> String
    {
        if case .success(let left) = expected, case .success(let right) = actual {
            return lineDiff(expected: Array(left.utf8), actual: Array(right.utf8))
        }
        return "one thread: \(expected)\ntwo threads: \(actual)".prefix(2_000).description
    }

    @Test func generatedDocumentsReadAlike() {
        for seed in 0..<400 {
            var generator = DocumentGenerator(seed: UInt64(seed))
            Self.expectAlike(generator.document().bytes, "seed \(seed)")
        }
    }

    @Test(.requires(.yamlTestSuite)) func corpusInputsReadAlike() throws {
        for testCase in CorpusTests.cases() {
            let bytes = try readBytes(testCase.directory.appendingPathComponent("in.yaml"))
            Self.expectAlike(bytes, testCase.name)
        }
    }

    /// A document of many chunks of events, more than the channel holds at once.
    static func bigList(items: Int, insert: (Int) -> String = { _ in "" }) -> [UInt8] {
        var text = "# a long list\nitems:\n"
        for index in 0..<items {
            text +=
                "  - name: item \(index) # note \(index)\n    price: \"\(index).50\"\n    tags: [a, 'b c', \"d\\te\"]\n"
            if index % 97 == 0 { text += "\n    # about the next one\n" }
            text += insert(index)
        }
        return Array(text.utf8)
    }

    @Test func largeDocumentsReadAlike() {
        let bytes = Self.bigList(items: 6_000)
        Self.expectAlike(bytes, "6,000 items")
        // The automatic choice reads it on two threads; the result is the same.
        let automatic = Self.reading(bytes, schedule: .automatic)
        let inline = Self.reading(bytes, schedule: .inline)
        #expect(automatic == inline, "\(Self.difference(inline, automatic))")
        #expect(bytes.count >= DocumentReader.concurrencyThreshold)
    }

    /// Errors found by the tree builder (which then stops the producer) and by libyaml (which stops
    /// by itself), early and late in a large input, are the same errors on either schedule.
    @Test func errorsLateInLargeDocumentsAreTheSame() {
        let cases: [(String, (Int) -> String, YAMLError.Kind)] = [
            ("anchor", { $0 == 4_500 ? "  - &a name: x\n" : "" }, .anchor),
            ("alias", { $0 == 4_500 ? "  - *a\n" : "" }, .alias),
            ("syntax", { $0 == 4_500 ? "  - name: [unclosed\n" : "" }, .syntax),
            ("tag early", { $0 == 3 ? "  - !!str tagged\n" : "" }, .tag),
            ("control character", { $0 == 5_000 ? "  - \u{7}\n" : "" }, .encoding),
        ]
        for (name, insert, kind) in cases {
            let bytes = Self.bigList(items: 6_000, insert: insert)
            let concurrent = Self.reading(bytes, schedule: .concurrent)
            let inline = Self.reading(bytes, schedule: .inline)
            #expect(concurrent == inline, "\(name): \(Self.difference(inline, concurrent))")
            if case .failure(let error) = concurrent {
                #expect(error.kind == kind, "\(name): \(error)")
            } else {
                Issue.record("\(name): read without an error")
            }
        }
        var second = Self.bigList(items: 3_000)
        second += Array("---\n".utf8) + Self.bigList(items: 3_000)
        Self.expectAlike(second, "two documents")
    }

    /// libyaml itself stops past the nesting limit, whoever consumes the events and however far
    /// behind: it is never asked for the rest of 100,000 brackets.
    @Test func theProducerStopsPastTheNestingLimit() {
        let bytes = Array(String(repeating: "[", count: 100_000).utf8)
        var records = 0
        var ending: EventStreamEnding?
        bytes.withUnsafeBufferPointer { buffer in
            EventProducer.run(
                input: buffer.baseAddress!, count: buffer.count, maximumDepth: 256,
                chunkCapacity: EventChunk.capacity(forInput: buffer.count)
            ) { chunk in
                records += chunk.records.count
                ending = chunk.ending
                return EventChunk(capacity: chunk.capacity)
            }
        }
        // Stream and document start, then 257 sequence starts.
        #expect(records == 259)
        if case .tooDeep = ending {} else { Issue.record("the stream ended with \(String(describing: ending))") }
    }

    @Test func deepNestingStopsBothWays() {
        let bytes = Array(String(repeating: "[", count: 100_000).utf8)
        Self.expectAlike(bytes, "100,000 brackets")
        Self.expectAlike(
            Array("a:\n  b:\n    c: [1]\n".utf8), limits: ParseLimits(maximumDepth: 3), "limit 3")
    }
}
