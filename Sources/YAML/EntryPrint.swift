/// Prints the entries of a block sequence in canonical form one by one, as a document read in
/// parts holds them (see ``EntryStream``), and hands over each entry's text on its own: the text
/// it has in the print of the whole document, at the sequence's depth, from the blank line before
/// it (when it has one and is not the sequence's first) to its last line.
///
/// Entries may be skipped: each is written as it is after any other entry. A `|+` literal that
/// ends an entry is written as one, as it is when something follows it.
public struct EntryPrint {
    private var output: PrintOutput

    /// A print by policies that keep blank lines `blankLineDepth` deep.
    public init(blankLineDepth: Int = PrintPolicy().blankLineDepth) {
        // Nothing is handed to a sink: each entry's text is taken from the buffer once printed.
        output = PrintOutput(entriesApartKeepingBlankLines: blankLineDepth)
    }

    /// Prints the entries of `sequence` in `document` for which `chosen` is true, in order, and
    /// hands each one's node and text to `body`. `firstPosition` is the position in the whole
    /// sequence of the part's first entry; `policy` is the part's.
    public mutating func print(
        part document: Document, sequence: NodeID, firstPosition: Int, policy: PrintPolicy,
        chosen: (Int) -> Bool, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void
    ) {
        let sequence = sequence.index
        CanonicalPrinter.printing(document, policy: policy, output: &output) { printer in
            let end = printer.table.subtreeEnd(sequence)
            var entry = sequence + 1
            var position = firstPosition
            while entry < end {
                let next = printer.table.subtreeEnd(entry)
                if chosen(entry) {
                    printer.printItems(.init(items: entry..<next, firstPosition: position), indent: 2, depth: 1)
                    printer.output.takeText { body(entry, $0) }
                }
                entry = next
                position += 1
            }
        }
    }
}

extension PrintOutput {
    /// Hands the text printed so far to `body` and starts the buffer again, the print's state
    /// (whether the last line was blank) kept: the text is final, a `|+` literal at its end
    /// included.
    mutating func takeText(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        forgetKeepLiteral()
        buffer.withBytes { body($0) }
        buffer.truncate(to: 0)
    }
}
