/// Prints a document in canonical form while it is read in parts (see ``EntryStream``): the top
/// level up to the streamed sequence with the first part, the sequence's entries part by part, and
/// the rest with the document the read returns, so that a long document is printed in the memory
/// of a few hundred entries. The text is the one ``Document/format(policy:chunkSize:into:)`` prints
/// of the whole document, or the print says it could not be made in parts.
///
/// It can be when the top level is a block mapping, the streamed sequence a block sequence under a
/// plain key, and the policy orders the top-level entries the same way at the end as at the first
/// part (the entries that go before the sequence were all read before it). Otherwise ``finish``
/// returns false, having written some text: the caller throws that away and prints the whole
/// document instead.
public struct StreamedPrint {
    private var output: PrintOutput
    private let sink: (UnsafeBufferPointer<UInt8>) -> Void
    /// What the first part printed: the key nodes of the top-level entries before the sequence, in
    /// order, and the sequence; nil before it.
    private var head: (printed: [Int], sequence: Int)?
    /// How many of the sequence's entries have been printed.
    private var entries = 0
    /// Whether the document turned out not to print in parts.
    private var failed = false

    /// A print handing its text to `sink` in chunks of about `chunkSize` bytes, by policies that
    /// keep blank lines `blankLineDepth` deep (every policy given must).
    public init(
        blankLineDepth: Int = PrintPolicy().blankLineDepth, chunkSize: Int = 1 << 16,
        sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        self.sink = sink
        output = PrintOutput(blankLineDepth: blankLineDepth, chunkSize: chunkSize, sink: sink)
    }

    /// Prints the entries of `sequence` in `document`, a part of a read; the first part begins the
    /// text with the top level before the sequence. `policy` is the part's.
    public mutating func print(part document: Document, sequence: NodeID, policy: PrintPolicy) {
        print(part: document, sequence: sequence, policy: policy, entries: 0..<Int.max)
    }

    /// Prints the entries `entries` (by their index in `sequence`, which may end past its last
    /// entry) of `sequence` in `document`, a part of a read, as
    /// ``print(part:sequence:policy:)`` prints them all: a part's entries can be printed a run at
    /// a time with entries of other documents between the runs (new entries, made apart). The
    /// first part's first run begins the text with the top level before the sequence.
    public mutating func print(part document: Document, sequence: NodeID, policy: PrintPolicy, entries wanted: Range<Int>) {
        guard !failed else { return }
        let sequence = sequence.index
        if head == nil {
            guard begin(document, sequence: sequence, policy: policy) else {
                failed = true
                return
            }
        }
        let first = entries
        var count = 0
        CanonicalPrinter.printing(document, policy: policy, output: &output) { printer in
            let rows = Self.rows(of: wanted, in: sequence, printer.table)
            var entry = rows.lowerBound
            while entry < rows.upperBound {
                count += 1
                entry = printer.table.subtreeEnd(entry)
            }
            printer.printItems(.init(items: rows, firstPosition: first), indent: 2, depth: 1)
        }
        entries += count
    }

    /// The rows of the entries `wanted` of `sequence` (as many of them as it has).
    private static func rows(of wanted: Range<Int>, in sequence: Int, _ table: NodeTable) -> Range<Int> {
        let end = table.subtreeEnd(sequence)
        var row = sequence + 1
        var index = 0
        while row < end && index < wanted.lowerBound {
            row = table.subtreeEnd(row)
            index += 1
        }
        let start = row
        while row < end && index < wanted.upperBound {
            row = table.subtreeEnd(row)
            index += 1
        }
        return start..<row
    }

    /// Prints the rest of the document the read returned, by its `policy`, and hands the last of
    /// the text to the sink: its sequence's entries from the one at `printedEntries` on (those
    /// before were printed with ``print(part:sequence:policy:entries:)``), and the top level after
    /// the sequence. Returns false when the document could not be printed in parts: what was
    /// handed to the sink is then not its text.
    public mutating func finish(_ document: Document, policy: PrintPolicy, printedEntries: Int = 0) -> Bool {
        guard !failed else { return false }
        guard let head else {
            // No part came: the document is whole.
            CanonicalPrinter.printing(document, policy: policy, output: &output) { printer in
                printer.printDocument(root: document.storage.root, endComments: document.storage.endComments)
            }
            output.buffer.withBytes { if !$0.isEmpty { sink($0) } }
            return true
        }
        var printed = false
        let first = entries
        CanonicalPrinter.printing(document, policy: policy, output: &output) { printer in
            let ordered = printer.tree.orderedEntries(0)
            guard let position = ordered.firstIndex(where: { $0.value == head.sequence }),
                ordered[..<position].map(\.key) == head.printed
            else { return }
            let sequence = head.sequence
            let rows = Self.rows(of: printedEntries..<Int.max, in: sequence, printer.table)
            printer.printItems(.init(items: rows, firstPosition: first), indent: 2, depth: 1)
            printer.output.writeComments(printer.layout.blockSlots(sequence).end, indent: 2, depth: 1)
            for (later, entry) in ordered.enumerated().dropFirst(position + 1) {
                printer.printEntry(
                    key: entry.key, value: entry.value, position: later, indent: 0, depth: 0, firstLineStarted: false)
            }
            let trivia = printer.layout.trivia(0)
            var end = trivia.end
            if let trailing = trivia.trailing { end.append(trailing) }
            printer.output.writeComments(end, indent: 0, depth: 0)
            printer.output.writeComments(document.storage.endComments, indent: 0, depth: 0)
            printer.output.finish()
            printed = true
        }
        guard printed else {
            failed = true
            return false
        }
        output.buffer.withBytes { if !$0.isEmpty { sink($0) } }
        return true
    }

    /// Prints the top level up to the streamed sequence's first entry: the root's comments, the
    /// entries the policy puts before the sequence's, and its key. False when the document is not
    /// one that prints in parts.
    private mutating func begin(_ document: Document, sequence: Int, policy: PrintPolicy) -> Bool {
        guard Self.begins(document, sequence: sequence) else { return false }
        var begun: [Int]?
        CanonicalPrinter.printing(document, policy: policy, output: &output) { printer in
            let ordered = printer.tree.orderedEntries(0)
            guard let position = ordered.firstIndex(where: { $0.value == sequence }),
                let key = Optional(ordered[position].key), printer.table.isScalar(key), !printer.forms.needsExplicitKey(key)
            else { return }
            _ = printer.printCollectionRootStart(0)
            for (earlier, entry) in ordered.prefix(position).enumerated() {
                printer.printEntry(
                    key: entry.key, value: entry.value, position: earlier, indent: 0, depth: 0, firstLineStarted: false)
            }
            printer.printEntryStart(key: key, value: sequence, position: position)
            begun = ordered.prefix(position).map(\.key)
        }
        guard let begun else { return false }
        head = (begun, sequence)
        return true
    }
}

extension StreamedPrint {
    /// Whether a print in parts can begin with `document` and its `sequence`: a block mapping
    /// at the top and a block sequence (one written in brackets, `[]`, is not).
    public static func begins(_ document: Document, sequence: NodeID) -> Bool {
        begins(document, sequence: sequence.index)
    }

    private static func begins(_ document: Document, sequence: Int) -> Bool {
        let table = document.storage.table
        return document.storage.root == 0 && table.kind(0) == NodeTable.mappingKind && table.style(0) != NodeTable.flowStyle
            && table.kind(sequence) == NodeTable.sequenceKind && table.style(sequence) != NodeTable.flowStyle
    }
}

extension CanonicalPrinter {
    /// A top-level entry whose value is a non-empty block collection, up to the collection's first
    /// entry: the comments before it, the key, `:` and the collection's comments before its entries.
    mutating func printEntryStart(key: Int, value: Int, position: Int) {
        let comments = layout.hoisted(key: key, value: value)
        output.writeComments(comments, indent: 0, depth: 0, blankBeforeFirst: position > 0)
        if (position > 0 || !comments.isEmpty) && table.hasBlankLine(key) { output.blankLine(depth: 0) }
        output.writeIndent(0)
        let (form, bytes) = forms.decide(key, isKey: true)
        output.writeScalarText(form, bytes)
        _ = writeBlockValueStart(value, keyIndent: 0, depth: 0)
    }
}
