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

    @Test func aListWithCommentsEverywhere() {
        let text = """
            # header
            title: T
            items: # the items
              # before the first
              - name: a # on a
                price: 1
                # inside a, after its last key
              # between, at the sequence's column

              - {name: b, x: [1, 2]} # after b
              - - nested
                - "quoted \\u00e9"
              -   |
                literal
              - name: c
                notes: >-
                  folded
                  text
            # after the items
            other: [1]
            # the end
            """
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
