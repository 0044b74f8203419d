/// Replacements of stretches of a text, sorted and not overlapping, with the new bytes of all of
/// them in one buffer: the edits of a round of fixes, and the edits that undo it. Kept flat (a span
/// and an end offset each) so that undoing thousands of fixes costs a few bytes a fix, not a text.
public struct Splices: Sendable {
    /// What each splice replaces, in order; none overlap.
    private var spans: [SourceSpan] = []
    /// The new bytes of every splice, one after another.
    private var replacements: [UInt8] = []
    /// Where each splice's new bytes end in `replacements`.
    private var replacementEnds: [Int] = []

    /// No splice.
    public init() {}

    /// The splices of `edits`, sorted and not overlapping (as a fix's chosen edits are).
    init(_ edits: [TextEdit]) {
        for edit in edits { append(edit.span, edit.replacement.utf8) }
    }

    /// Adds a splice after the others.
    mutating func append(_ span: SourceSpan, _ bytes: some Sequence<UInt8>) {
        spans.append(span)
        replacements.append(contentsOf: bytes)
        replacementEnds.append(replacements.count)
    }

    /// Hands `text` with every splice made to `sink`, in order, in pieces of a few kilobytes, and
    /// returns the splices that undo it: each new stretch, placed in the new text, with the bytes
    /// it replaced. A splice that reaches back into the one before is cut at its end, as
    /// overlapping edits cannot be made.
    @discardableResult
    public func apply(to text: [UInt8], into sink: (UnsafeBufferPointer<UInt8>) -> Void) -> Splices {
        withoutActuallyEscaping(sink) { sink in apply(to: text, chunkedInto: sink) }
    }

    private func apply(to text: [UInt8], chunkedInto sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Splices {
        var undo = Splices()
        var output = ChunkedOutput(sink: sink)
        var copied = 0
        var written = 0
        text.withUnsafeBufferPointer { text in
            replacements.withUnsafeBufferPointer { replacements in
                for (index, span) in spans.enumerated() {
                    let start = min(max(copied, span.start), text.count)
                    let end = min(max(copied, span.end), text.count)
                    output.write(UnsafeBufferPointer(rebasing: text[copied..<start]))
                    written += start - copied
                    let new = UnsafeBufferPointer(
                        rebasing: replacements[(index == 0 ? 0 : replacementEnds[index - 1])..<replacementEnds[index]])
                    output.write(new)
                    undo.append(SourceSpan(start: written, end: written + new.count), text[start..<end])
                    written += new.count
                    copied = end
                }
                output.write(UnsafeBufferPointer(rebasing: text[copied...]))
            }
        }
        output.finish()
        return undo
    }

    /// `text` with every splice made, in memory.
    public func applied(to text: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count + replacements.count)
        _ = apply(to: text) { bytes.append(contentsOf: $0) }
        return bytes
    }
}

/// Output gathered into pieces of `pieceSize` bytes before it goes to a sink, so that a text
/// written a few bytes at a time reaches a file in a few large writes.
struct ChunkedOutput {
    /// How much is gathered before it goes: 64 KiB, as the printer's chunks.
    static let pieceSize = 1 << 16
    private var piece: [UInt8] = []
    private let sink: (UnsafeBufferPointer<UInt8>) -> Void

    /// Output that goes to `sink`.
    init(sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.sink = sink
    }

    /// Adds `bytes` after what came before.
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        if piece.count + bytes.count > Self.pieceSize { flush() }
        if bytes.count >= Self.pieceSize { sink(bytes) } else { piece.append(contentsOf: bytes) }
    }

    /// Hands over what is gathered.
    mutating func finish() { flush() }

    private mutating func flush() {
        guard !piece.isEmpty else { return }
        piece.withUnsafeBufferPointer(sink)
        piece.removeAll(keepingCapacity: true)
    }
}
