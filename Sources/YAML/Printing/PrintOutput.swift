/// The text a print produces: bytes, indentation, line ends and the blank lines kept, handed to a
/// sink in chunks, so that a large document is never held twice in memory.
struct PrintOutput {
    /// A `|+` literal just written: if nothing follows it, its trailing blank lines would end the
    /// file, so it is rewritten in double quotes; until then it is not handed to the sink.
    private struct KeepLiteral {
        /// Where its `|+` starts in ``buffer``.
        var outputStart: Int
        /// Where it ends in ``buffer``: when nothing was written after it, it is at the end.
        var outputEnd: Int
        /// Its value, to write again in quotes.
        var value: [UInt8]
        /// The comment on its header line.
        var comment: Comment?
    }

    /// Blank lines are kept before the entries of collections nested at most this deep.
    let blankLineDepth: Int
    /// The size from which the text is handed to `sink`.
    let chunkSize: Int
    /// Where chunks go.
    let sink: (UnsafeBufferPointer<UInt8>) -> Void
    /// The text not yet handed to the sink. It is a reference: a print has one output, never copied.
    let buffer: PrintBuffer
    private var lastLineBlank = true
    private var wroteAnything = false
    private var afterKeepLiteral = false
    private var keepLiteral: KeepLiteral?

    /// Indentation is copied from here, a run at a time.
    private static let spaces = [UInt8](repeating: 0x20, count: 256)

    /// Output for a print that keeps blank lines up to `blankLineDepth`, handing chunks of about
    /// `chunkSize` bytes to `sink`.
    init(blankLineDepth: Int, chunkSize: Int, sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.blankLineDepth = blankLineDepth
        self.chunkSize = chunkSize
        self.sink = sink
        // Room for a chunk and the entry that pushes it over, so that the buffer rarely grows.
        buffer = PrintBuffer(capacity: chunkSize + chunkSize / 2)
    }

    /// Output for a run of sequence items printed apart from `output` (see
    /// ``CanonicalPrinter/printInRuns(_:indent:depth:)``): it keeps the run's text whole, handing
    /// nothing to a sink, and starts as `output` is between two items when nothing special came
    /// last, which ``isBetweenItems`` tells.
    init(runApartFrom output: PrintOutput) {
        blankLineDepth = output.blankLineDepth
        chunkSize = .max
        sink = { _ in }
        buffer = PrintBuffer()
        lastLineBlank = false
        wroteAnything = true
    }

    /// Whether the output is as one for a run starts: after a whole line that is not blank and
    /// not the end of a `|+` literal. Text printed by such an output may then be appended.
    var isBetweenItems: Bool {
        wroteAnything && !lastLineBlank && !afterKeepLiteral
    }

    /// Appends the text of a run printed apart, when ``isBetweenItems``, and goes on as that run
    /// ended.
    mutating func append(run: PrintOutput) {
        let offset = buffer.count
        run.buffer.withBytes { buffer.append($0) }
        lastLineBlank = run.lastLineBlank
        afterKeepLiteral = run.afterKeepLiteral
        keepLiteral = run.keepLiteral.map { keep in
            var moved = keep
            moved.outputStart += offset
            moved.outputEnd += offset
            return moved
        }
        flushIfNeeded()
    }

    /// Appends one byte to the line.
    @inline(__always)
    func append(_ byte: UInt8) {
        buffer.append(byte)
    }

    /// Appends bytes to the line.
    @inline(__always)
    func append(_ text: UnsafeBufferPointer<UInt8>) {
        buffer.append(text)
    }

    /// Starts a line at `count` spaces of indentation.
    func writeIndent(_ count: Int) {
        var remaining = count
        while remaining > 0 {
            let run = min(remaining, Self.spaces.count)
            Self.spaces.withUnsafeBufferPointer { buffer.append(UnsafeBufferPointer(rebasing: $0[0..<run])) }
            remaining -= run
        }
    }

    /// Ends the line.
    mutating func newline() {
        buffer.append(0x0A)
        lastLineBlank = false
        afterKeepLiteral = false
        wroteAnything = true
    }

    /// One blank line, unless one was just written, nothing was written yet, a keep literal would
    /// absorb it, or the policy does not keep blank lines `depth` deep.
    mutating func blankLine(depth: Int) {
        guard depth <= blankLineDepth, !lastLineBlank, !afterKeepLiteral, wroteAnything else { return }
        buffer.append(0x0A)
        lastLineBlank = true
    }

    /// A comment at the end of the line.
    func writeComment(_ comment: Comment) {
        buffer.append(0x20)
        buffer.append(comment.text)
    }

    /// Comments on lines of their own at `indent`, each after a blank line when it had one (the
    /// first only when `blankBeforeFirst`).
    mutating func writeComments(_ comments: [Comment], indent: Int, depth: Int, blankBeforeFirst: Bool = true) {
        for (position, comment) in comments.enumerated() {
            if comment.hasBlankLineBefore && (position > 0 || blankBeforeFirst) { blankLine(depth: depth) }
            writeIndent(indent)
            buffer.append(comment.text)
            newline()
        }
    }

    /// A scalar written on the line in `form`; empty and literal forms write nothing here.
    func writeScalarText(_ form: ScalarForm, _ value: UnsafeBufferPointer<UInt8>) {
        switch form {
        case .plain, .verbatim: buffer.append(value)
        case .doubleQuoted: writeDoubleQuoted(value)
        case .empty, .literal: break
        }
    }

    /// A value in double quotes, escaped: rare enough in a list to be built apart first.
    private func writeDoubleQuoted(_ value: UnsafeBufferPointer<UInt8>) {
        var quoted: [UInt8] = []
        ScalarAnalysis.appendDoubleQuoted(value, to: &quoted)
        buffer.append(quoted)
    }

    /// An empty collection in brackets.
    func writeEmptyCollection(isMapping: Bool) {
        buffer.append(UInt8(ascii: isMapping ? "{" : "["))
        buffer.append(UInt8(ascii: isMapping ? "}" : "]"))
    }

    /// Writes a literal block scalar from its header on, with `comment` on the header line; the
    /// line is already started. Its lines go at `contentIndent`.
    mutating func writeLiteral(
        _ value: UnsafeBufferPointer<UInt8>, indicator: Bool, chomping: ScalarAnalysis.Chomping, comment: Comment?,
        contentIndent: Int
    ) {
        let start = buffer.count
        buffer.append(UInt8(ascii: "|"))
        if indicator { buffer.append(UInt8(ascii: "2")) }
        switch chomping {
        case .strip: buffer.append(UInt8(ascii: "-"))
        case .clip: break
        case .keep: buffer.append(UInt8(ascii: "+"))
        }
        if let comment { writeComment(comment) }
        newline()
        var end = value.count
        var trailingBreaks = 0
        while end > 0 && value[end - 1] == 0x0A {
            end -= 1
            trailingBreaks += 1
        }
        var lineStart = 0
        while lineStart <= end {
            var lineEnd = lineStart
            while lineEnd < end && value[lineEnd] != 0x0A { lineEnd += 1 }
            if lineEnd > lineStart {
                writeIndent(contentIndent)
                buffer.append(UnsafeBufferPointer(rebasing: value[lineStart..<lineEnd]))
            }
            newline()
            lineStart = lineEnd + 1
        }
        if chomping == .keep {
            for _ in 1..<trailingBreaks { newline() }
            // A keep literal absorbs the blank lines after it: none may follow.
            afterKeepLiteral = true
            keepLiteral = KeepLiteral(outputStart: start, outputEnd: buffer.count, value: Array(value), comment: comment)
        }
    }

    /// Ends the text: a `|+` literal at the very end would leave blank lines at the end of the
    /// file, so such a value is written in double quotes instead.
    mutating func finish() {
        guard let keep = keepLiteral, keep.outputEnd == buffer.count else { return }
        buffer.truncate(to: keep.outputStart)
        keep.value.withUnsafeBufferPointer { writeDoubleQuoted($0) }
        if let comment = keep.comment { writeComment(comment) }
        buffer.append(0x0A)
    }

    /// Hands the text to the sink once there is a chunk of it; called between entries and items,
    /// never in the middle of a line. A keep literal at the end is held back, since it may yet
    /// have to be rewritten.
    mutating func flushIfNeeded() {
        guard buffer.count >= chunkSize else { return }
        if let keep = keepLiteral {
            if keep.outputEnd == buffer.count { return }
            keepLiteral = nil
        }
        buffer.withBytes { sink($0) }
        buffer.truncate(to: 0)
    }
}
