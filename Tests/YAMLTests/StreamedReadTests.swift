import Foundation
import Testing
import TestSupport

@testable import YAML

/// A streamed read (``EntryStream``) hands over the entries of one top-level sequence and keeps none
/// of them: what it hands over, then what it keeps, must be exactly what a whole read holds, node
/// for node and comment for comment, however the events are cut into chunks.
@Suite struct StreamedReadTests {
    /// Streams the value of the top-level key asked about `acceptedKey`-th (0 the first), keeping
    /// the outline of each entry handed over.
    final class Recorder: EntryStream {
        let acceptedKey: Int
        var asked = 0
        var entries: [String] = []
        var positions: [Int] = []
        var heads: [String] = []

        init(acceptedKey: Int) {
            self.acceptedKey = acceptedKey
        }

        func streamsValue(ofKey key: UnsafeBufferPointer<UInt8>) -> Bool {
            defer { asked += 1 }
            return asked == acceptedKey
        }

        func take(_ part: StreamedPart) {
            positions.append(part.firstPosition)
            #expect(part.firstPosition == entries.count)
            for entry in part.entries {
                entries.append(part.document.outline(of: entry, depth: 3, role: "- "))
            }
            // The part is a whole document: its outline can be taken, comments and all.
            heads.append(part.document.outline())
        }
    }

    /// The top-level scalar keys whose values are sequences, by their position among the scalar
    /// keys (the ones a read asks its stream about).
    static func sequenceKeys(_ document: Document) -> [(position: Int, sequence: NodeID)] {
        guard let root = document.root, root.isMapping else { return [] }
        return root.entries.filter { $0.key.kind == .scalar }.enumerated().compactMap { position, entry in
            entry.value.kind == .sequence ? (position, entry.value.id) : nil
        }
    }

    /// Differences between a whole read of `bytes` and a streamed one of the sequence at
    /// `position`, its events cut into chunks of `chunkCapacity`.
    static func differences(_ bytes: [UInt8], keyPosition: Int, sequence: NodeID, chunkCapacity: Int) -> [String] {
        guard let whole = try? Document(parsing: bytes) else { return [] }
        let recorder = Recorder(acceptedKey: keyPosition)
        let streamed: Document
        do throws(YAMLError) {
            streamed = try DocumentReader.read(
                SourceText(bytes: bytes), limits: ParseLimits(), schedule: .inline, stream: recorder,
                chunkCapacity: chunkCapacity)
        } catch {
            return ["the streamed read failed: \(error)"]
        }
        let wholeEntries = whole.node(sequence).items.map { whole.outline(of: $0.id, depth: 3, role: "- ") }
        // The entries kept are the streamed sequence's in the document returned.
        guard let kept = Self.sequenceKeys(streamed).first(where: { $0.position == keyPosition })?.sequence else {
            return ["the streamed document lost its sequence"]
        }
        let keptEntries = streamed.node(kept).items.map { streamed.outline(of: $0.id, depth: 3, role: "- ") }
        var problems: [String] = []
        if recorder.entries + keptEntries != wholeEntries {
            let all = recorder.entries + keptEntries
            let first = zip(all, wholeEntries).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(all.count, wholeEntries.count)
            problems.append(
                "entry \(first) of \(wholeEntries.count) (\(recorder.entries.count) handed over) differs:\n"
                    + "streamed: \(first < all.count ? all[first] : "none")\nwhole: \(first < wholeEntries.count ? wholeEntries[first] : "none")")
        }
        // Without its entries, the rest is the same too: the top level, the end comments.
        let rest = Self.removing(wholeEntries, from: whole.outline())
        let streamedRest = Self.removing(keptEntries, from: streamed.outline())
        if rest != streamedRest {
            problems.append("the rest differs:\n" + lineDiff(expected: Array(rest.utf8), actual: Array(streamedRest.utf8)))
        }
        return problems
    }

    static func removing(_ entries: [String], from outline: String) -> String {
        let block = entries.joined()
        guard !block.isEmpty, let range = outline.range(of: block) else { return outline }
        return outline.replacingCharacters(in: range, with: "")
    }

    static func expectSame(_ bytes: [UInt8], _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let whole = try? Document(parsing: bytes) else { return }
        for (position, sequence) in sequenceKeys(whole) {
            for capacity in [1, 2, 3, 7, 64] {
                let problems = differences(bytes, keyPosition: position, sequence: sequence, chunkCapacity: capacity)
                if !problems.isEmpty {
                    Issue.record(
                        "\(name), key \(position), chunks of \(capacity):\n\(problems.joined(separator: "\n"))",
                        sourceLocation: sourceLocation)
                    return
                }
            }
        }
    }

    @Test func generatedDocumentsStreamAsTheyRead() {
        for seed in 0..<1_500 {
            var generator = DocumentGenerator(seed: UInt64(seed))
            Self.expectSame(generator.document().bytes, "seed \(seed)")
        }
    }

    @Test(.requires(.yamlTestSuite)) func corpusInputsStreamAsTheyRead() throws {
        for testCase in CorpusTests.cases() {
            let bytes = try [UInt8](Data(contentsOf: testCase.directory.appendingPathComponent("in.yaml")))
            Self.expectSame(bytes, testCase.name)
        }
    }

    /// A list with comments and blank lines in every place around its items, and block scalars.
    static let commentsEverywhere = """
        # header

        title: T # t
        items: # the items
          # before the first
          - name: a # on a
            price: 1
            # inside a, after its last key
          # between, at the sequence's column

          - {name: b, x: [1, 2]} # after b
          - - nested
            - "quoted \\u00e9"
          -   |+
            literal

          - name: c
            notes: >-
              folded
              text
          # the sequence's end
        # after the items
        other: [1]
        # the end
        """

    @Test func aListWithCommentsEverywhere() {
        let text = Self.commentsEverywhere
        Self.expectSame(Array(text.utf8), "comments everywhere")
    }

    /// Entries are handed over and their rows dropped: a long list's read holds a few entries at
    /// a time, not all of them.
    @Test func entriesAreHandedOverAsTheReadGoes() throws {
        var text = "title: T\nitems:\n"
        for index in 0..<5_000 { text += "  - name: item \(index) # c\(index)\n    price: \"\(index).5\\t\"\n" }
        let recorder = Recorder(acceptedKey: 1)
        let document = try DocumentReader.read(
            SourceText(bytes: Array(text.utf8)), limits: ParseLimits(), schedule: .concurrent, stream: recorder,
            chunkCapacity: 1024)
        #expect(recorder.entries.count > 4_900)
        #expect(recorder.positions.count > 10)
        #expect(document.nodeCount < 1_100)
        #expect(document.storage.table.arena.count < 2_000)
        #expect(document.allComments.count < 200)
    }
}

/// A document printed as it is read in parts is the document printed whole, byte for byte, or the
/// print says it could not be made in parts.
@Suite struct StreamedPrintTests {
    final class Printer: EntryStream {
        let acceptedKey: Int
        var asked = 0
        var print: StreamedPrint
        var text: [UInt8] = []
        var parts = 0
        let policy: PrintPolicy

        init(acceptedKey: Int, policy: PrintPolicy) {
            self.acceptedKey = acceptedKey
            self.policy = policy
            print = StreamedPrint(chunkSize: 64) { _ in }
            print = StreamedPrint(chunkSize: 64) { [unowned self] in self.text.append(contentsOf: $0) }
        }

        func streamsValue(ofKey key: UnsafeBufferPointer<UInt8>) -> Bool {
            defer { asked += 1 }
            return asked == acceptedKey
        }

        func take(_ part: StreamedPart) {
            parts += 1
            print.print(part: part.document, sequence: part.sequence, policy: policy)
        }
    }

    /// Whether the print in parts of the sequence at `keyPosition` gives the whole print; nil when
    /// it could not be made in parts.
    static func printsAlike(_ bytes: [UInt8], keyPosition: Int, chunkCapacity: Int, policy: PrintPolicy = PrintPolicy())
        -> (alike: Bool?, difference: String)
    {
        guard let whole = try? Document(parsing: bytes) else { return (nil, "") }
        let expected = whole.formatted(policy: policy)
        let printer = Printer(acceptedKey: keyPosition, policy: policy)
        guard
            let rest = try? DocumentReader.read(
                SourceText(bytes: bytes), limits: ParseLimits(), schedule: .inline, stream: printer, chunkCapacity: chunkCapacity)
        else { return (false, "the read failed") }
        guard printer.print.finish(rest, policy: policy) else { return (nil, "") }
        if printer.text == expected { return (true, "") }
        return (false, lineDiff(expected: expected, actual: printer.text))
    }

    @Test func generatedDocumentsPrintAsTheyPrintWhole() {
        var inParts = 0
        for seed in 0..<1_500 {
            var generator = DocumentGenerator(seed: UInt64(seed))
            let bytes = generator.document().bytes
            guard let whole = try? Document(parsing: bytes) else { continue }
            for (position, _) in StreamedReadTests.sequenceKeys(whole) {
                for capacity in [1, 3, 64] {
                    let (alike, difference) = Self.printsAlike(bytes, keyPosition: position, chunkCapacity: capacity)
                    if alike == false {
                        Issue.record("seed \(seed), key \(position), chunks of \(capacity):\n\(difference)")
                        return
                    }
                    if alike == true && capacity == 1 { inParts += 1 }
                }
            }
        }
        // Most sequences under a key print in parts: the test is not vacuous.
        #expect(inParts > 300, "\(inParts) printed in parts")
    }

    @Test func aListWithCommentsEverywherePrintsInParts() {
        let text = StreamedReadTests.commentsEverywhere
        for capacity in [1, 2, 5, 1000] {
            let (alike, difference) = Self.printsAlike(Array(text.utf8), keyPosition: 1, chunkCapacity: capacity)
            #expect(alike == true, "chunks of \(capacity): \(difference)")
        }
    }

    @Test func aFlowSequenceIsNotPrintedInParts() {
        let text = "a: 1\nitems: [x, y, # c\n  z]\n"
        #expect(Self.printsAlike(Array(text.utf8), keyPosition: 1, chunkCapacity: 1).alike == nil)
    }

    /// A policy that puts a key read after the sequence before it: the parts printed without it.
    @Test func anOrderTheFirstPartCouldNotKnowIsRefused() throws {
        let text = "a: 1\nitems:\n  - x\n  - y\n  - z\nb: 2\n"
        let whole = try Document(parsing: text)
        let policy = PrintPolicy(entryOrder: [whole.root!.id: [2, 0, 1]])
        #expect(Self.printsAlike(Array(text.utf8), keyPosition: 1, chunkCapacity: 1, policy: policy).alike == nil)
    }
}

/// Comments sorted part by part, as a streamed read sorts them at each hand-over, are in the order
/// one sort of them all gives.
@Suite struct IncrementalCommentSortTests {
    @Test func sortingAfterASortedPrefixIsSortingAll() {
        var random = SeededGenerator(seed: 77)
        let places: [CommentRecord.Place] = [.leading, .header, .trailing, .end]
        func record(_ start: Int) -> CommentRecord {
            CommentRecord(
                node: UInt32.random(in: 0..<12, using: &random), start: UInt32(start), length: 1,
                place: places.randomElement(using: &random)!, blankLineBefore: false, inArena: false)
        }
        for round in 0..<2_000 {
            let count = Int.random(in: 0..<30, using: &random)
            let records = (0..<count).map(record)
            var whole = NodeTable()
            whole.comments = records
            whole.sortComments()
            var inParts = NodeTable()
            var sorted = 0
            var cut = 0
            while cut < count {
                let next = min(count, cut + Int.random(in: 1...8, using: &random))
                inParts.comments.append(contentsOf: records[cut..<next])
                inParts.sortComments(after: sorted)
                sorted = inParts.comments.count
                cut = next
            }
            let describe = { (table: NodeTable) in table.comments.map { "\($0.node).\($0.place).\($0.start)" } }
            #expect(describe(inParts) == describe(whole), "round \(round)")
            if describe(inParts) != describe(whole) { return }
        }
    }
}
