/// Replacements of stretches of a text, sorted and not overlapping, with the new bytes of all of
/// them in one buffer: the edits of a round of fixes, and the edits that undo it. Kept packed (a
/// few bytes of numbers a splice) so that undoing thousands of fixes, held while the fixed text is
/// checked, costs a few bytes a fix, not a text, nor 24 bytes of offsets.
public struct Splices: Sendable {
    /// Where each splice is, in order: how far its start is from the one before (zigzag, as a
    /// splice cut at the one before may start before it), its length, and how many new bytes it
    /// has, each as unsigned LEB128.
    private var places: [UInt8] = []
    /// The new bytes of every splice, one after another.
    private var replacements: [UInt8] = []
    /// Where the last splice starts.
    private var lastStart = 0

    /// No splice.
    public init() {}

    /// The splices of `edits`, sorted and not overlapping (as a fix's chosen edits are).
    init(_ edits: [TextEdit]) {
        for edit in edits { append(edit.span, edit.replacement.utf8) }
    }

    /// Adds a splice after the others.
    mutating func append(_ span: SourceSpan, _ bytes: some Collection<UInt8>) {
        let step = span.start - lastStart
        LEB128.appendSigned(step, to: &places)
        LEB128.append(span.end - span.start, to: &places)
        LEB128.append(bytes.count, to: &places)
        replacements.append(contentsOf: bytes)
        lastStart = span.start
    }

    /// The splices as edits, in order.
    var edits: [TextEdit] {
        var edits: [TextEdit] = []
        forEachSplice { span, replacement in
            edits.append(TextEdit(span: span, replacement: String(decoding: replacements[replacement], as: UTF8.self)))
        }
        return edits
    }

    /// Hands `body` each splice in order: what it replaces, and where its new bytes are in
    /// `replacements`.
    private func forEachSplice(_ body: (SourceSpan, Range<Int>) -> Void) {
        places.withUnsafeBufferPointer { places in
            var offset = 0
            var start = 0
            var replaced = 0
            // The numbers were written here: none is cut off.
            while offset < places.count, let step = LEB128.readSigned(places, at: &offset),
                let length = LEB128.readCount(places, at: &offset), let count = LEB128.readCount(places, at: &offset)
            {
                start += step
                body(SourceSpan(start: start, end: start + length), replaced..<(replaced + count))
                replaced += count
            }
        }
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
                forEachSplice { span, replacement in
                    let start = min(max(copied, span.start), text.count)
                    let end = min(max(copied, span.end), text.count)
                    output.write(UnsafeBufferPointer(rebasing: text[copied..<start]))
                    written += start - copied
                    let new = UnsafeBufferPointer(rebasing: replacements[replacement])
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
