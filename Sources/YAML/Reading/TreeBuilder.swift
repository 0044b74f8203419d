/// Builds the node table of one read from libyaml's events, taking the comments and blank lines
/// that libyaml drops from the source between the events. Where each comment goes is
/// ``CommentAttribution``'s decision; the builder gathers the facts and records the answer.
struct TreeBuilder {
    /// A collection whose end event has not come yet.
    struct OpenCollection {
        /// Its node index.
        var index: Int
        /// Written in brackets: it ends at its closing bracket, not after its last entry.
        var bracketed: Bool
        /// The column it starts at, which comments after it are measured against.
        var column: Int
        /// A mapping, rather than a sequence.
        var isMapping: Bool
        /// The children counted for the enclosing collection, restored when this one closes.
        var enclosingChildren = 0
    }

    /// The source being read.
    let source: SourceText
    /// The limits the read keeps to.
    let limits: ParseLimits
    private let bytes: SourceBytes
    private var converter: MarkConverter
    private var table = NodeTable()
    private var stack: [OpenCollection] = []
    /// Counted to refuse a second one.
    private var documentCount = 0
    private var gap: GapScanner
    /// What an end-of-line comment in the next gap can belong to.
    private var lastToken = LastToken.nothing
    /// Where the last node or closing bracket read ends: where a block collection ends.
    private var lastContentEnd: Int
    private var comments: CommentRecorder
    /// Direct children of the innermost open collection so far: for a mapping, an odd count means
    /// a value comes next.
    private var children = 0
    /// The error that ended the read, if one did.
    private var failure: YAMLError?
    /// Whether the end of the stream has been handled.
    private var finished = false
    /// Who is told about the nodes near the root as they are completed, and what to tell them.
    private let observer: (any ReadObserver)?
    private var completed: [CompletedNode] = []

    /// A builder for `source`, whose bytes `buffer` holds; the buffer must hold text after any byte
    /// order mark, and outlive the builder.
    init(source: SourceText, buffer: UnsafeBufferPointer<UInt8>, limits: ParseLimits, observer: (any ReadObserver)? = nil) {
        self.source = source
        self.limits = limits
        self.observer = observer
        bytes = SourceBytes(buffer: buffer, contentStart: source.contentStart)
        // The caller guarantees a non-empty buffer with content after the byte order mark.
        converter = MarkConverter(
            base: buffer.baseAddress! + source.contentStart, count: buffer.count - source.contentStart)
        gap = GapScanner(source: bytes)
        comments = CommentRecorder(source: bytes)
        lastContentEnd = source.contentStart
        // Room for the nodes of a text written as lists are (about 10 bytes a node), made once: a
        // denser text grows the table. Room that is never written costs nothing in fresh memory,
        // but a command that reads a second text gets the first one's freed memory back, written.
        table.reserve(buffer.count / 8 + 16)
    }

    /// Builds nodes from a chunk of events. Returns false once the read has failed or finished, when
    /// no more events are wanted.
    mutating func consume(_ chunk: EventChunk) -> Bool {
        guard failure == nil && !finished else { return false }
        let values = chunk.values
        do throws(YAMLError) {
            for record in chunk.records {
                if try handle(record, values: values) {
                    finished = true
                    break
                }
            }
        } catch {
            failure = error
        }
        if let observer, !completed.isEmpty, failure == nil {
            table.withRawNodes(source: bytes.buffer) { nodes in observer.read(completed: completed, nodes: nodes) }
            completed.removeAll(keepingCapacity: true)
        }
        if failure == nil && !finished, let ending = chunk.ending {
            switch ending {
            case .finished:
                break
            case .failed(let parserFailure):
                failure = ReadErrors.translate(parserFailure, source: source, cursor: gap.cursor) {
                    offset(of: $0)
                }
            case .tooDeep:
                // `handle` has already refused the last event, which opened a collection too deep.
                failure = ReadErrors.tooDeep(source, at: gap.cursor, maximumDepth: limits.maximumDepth)
            }
        }
        return failure == nil && !finished
    }

    /// The document built, or the error that stopped the read.
    mutating func finish() -> Result<Document, YAMLError> {
        if let failure { return .failure(failure) }
        guard finished else { return .failure(ReadErrors.stoppedEarly(source, at: gap.cursor)) }
        table.sortComments()
        let storage = DocumentStorage(
            source: source, table: table, root: table.count > 0 ? 0 : nil, endComments: comments.endComments)
        return .success(Document(storage: storage))
    }

    // MARK: Events

    /// Handles one event; returns true at the end of the stream.
    private mutating func handle(_ event: EventRecord, values: UnsafeBufferPointer<UInt8>) throws(YAMLError) -> Bool {
        switch event.kind {
        case .streamStart, .documentEnd:
            return false
        case .documentStart:
            documentCount += 1
            let start = offset(of: event.startIndex)
            if documentCount > 1 { throw ReadErrors.secondDocument(source, at: start) }
            if event.flags & EventRecord.directiveBit != 0 { throw ReadErrors.directive(source, at: start) }
            return false
        case .streamEnd:
            gap.scan(to: bytes.count, after: lastToken)
            placeQueuedComments(before: .endOfStream)
            return true
        case .alias:
            throw ReadErrors.alias(source, at: offset(of: event.startIndex))
        case .scalar:
            try refuseAnchorAndTag(event)
            scalar(event, values: values)
            return false
        case .sequenceStart:
            try refuseAnchorAndTag(event)
            try collectionStart(event, kind: NodeTable.sequenceKind)
            return false
        case .mappingStart:
            try refuseAnchorAndTag(event)
            try collectionStart(event, kind: NodeTable.mappingKind)
            return false
        case .sequenceEnd, .mappingEnd:
            collectionEnd(event)
            return false
        }
    }

    @inline(__always)
    private mutating func refuseAnchorAndTag(_ event: EventRecord) throws(YAMLError) {
        guard event.flags & (EventRecord.anchorBit | EventRecord.tagBit) != 0 else { return }
        if event.flags & EventRecord.anchorBit != 0 {
            throw ReadErrors.anchor(source, at: offset(of: event.startIndex))
        }
        throw ReadErrors.tag(source, at: offset(of: event.startIndex))
    }

    /// The byte offset of one of libyaml's marks.
    @inline(__always)
    private mutating func offset(of markIndex: Int) -> Int {
        bytes.contentStart + converter.offset(ofScalar: markIndex)
    }

    private mutating func scalar(_ event: EventRecord, values: UnsafeBufferPointer<UInt8>) {
        let style = event.style
        let length = event.valueLength
        var start = offset(of: event.startIndex)
        let index = table.count

        if length == 0 && style == ScalarStyle.plain.code {
            // libyaml places an empty scalar at the next token, possibly lines later; it belongs
            // right after the indicator that introduced it, and claims only the rest of that line.
            // When the mark is the end of that indicator (`-`, `:`, `?`), the indicator may be lines
            // after the cursor (`- a` then `-`): its line is the mark's, not the cursor's.
            let markAfterIndicator = start > gap.cursor && SourceBytes.isIndicator(bytes[start - 1])
            let lineEnd = bytes.endOfLine(from: markAfterIndicator ? start : gap.cursor)
            let indicatorEnd = gap.scan(to: min(max(start, gap.cursor), lineEnd), after: lastToken)
            start = indicatorEnd ?? gap.cursor
            let extra = placeQueuedComments(before: .scalar(index))
            children += 1
            table.append(flags: NodeTable.scalarKind | extra, start: UInt32(start), end: UInt32(start), aux: 0)
            noteCompleted(index, depth: stack.count)
            lastToken = .node(index)
            // A block collection whose last entry is empty still ends after that entry's indicator.
            lastContentEnd = max(lastContentEnd, start)
            return
        }

        var end = offset(of: event.endIndex)
        gap.scan(to: start, after: lastToken)
        let extra = placeQueuedComments(before: .scalar(index))
        children += 1
        let value = UnsafeBufferPointer(rebasing: values[event.valueStart..<(event.valueStart + length)])
        var flags = NodeTable.scalarKind | style << NodeTable.styleShift | extra
        var aux: UInt32 = 0
        let isBlock = style == ScalarStyle.literal.code || style == ScalarStyle.folded.code
        // Most values are their source text: those are kept as a range of the source.
        var verbatim = false
        if !isBlock {
            let inner = style == ScalarStyle.plain.code ? start..<end : (start + 1)..<(end - 1)
            if inner.count == length && inner.lowerBound <= inner.upperBound {
                verbatim = length == 0 || memoryEqual(UnsafeBufferPointer(rebasing: bytes.buffer[inner]), value)
            }
        }
        if !verbatim {
            flags |= NodeTable.arenaBit
            aux = table.storeInArena(value)
        }

        if isBlock {
            let header = bytes.blockScalarHeader(from: start, end: end)
            end = header.contentEnd
            table.append(flags: flags, start: UInt32(start), end: UInt32(end), aux: aux)
            if let comment = header.comment {
                comments.record(comment, .header, blankLineBefore: false, on: index, in: &table)
            }
            gap.cursor = end
            gap.lineHasContent = !(end == bytes.contentStart || bytes.isLineBreak(before: end))
        } else {
            table.append(flags: flags, start: UInt32(start), end: UInt32(end), aux: aux)
            gap.cursor = end
            gap.lineHasContent = true
        }
        noteCompleted(index, depth: stack.count)
        lastToken = .node(index)
        lastContentEnd = end
    }

    /// Keeps a completed node for the observer when it is one or two levels below the root.
    @inline(__always)
    private mutating func noteCompleted(_ index: Int, depth: Int) {
        guard observer != nil, depth == 1 || depth == 2 else { return }
        completed.append(CompletedNode(index: index, depth: depth))
    }

    private mutating func collectionStart(_ event: EventRecord, kind: UInt8) throws(YAMLError) {
        let flow = event.flags & EventRecord.flowBit != 0
        let start = offset(of: event.startIndex)
        let bracketed =
            flow && start < bytes.count && (bytes[start] == UInt8(ascii: "[") || bytes[start] == UInt8(ascii: "{"))
        if stack.count >= limits.maximumDepth {
            throw ReadErrors.tooDeep(source, at: start, maximumDepth: limits.maximumDepth)
        }
        let index = table.count
        gap.scan(to: start, after: lastToken)
        let extra = placeQueuedComments(before: .collection(index, bracketed: bracketed))
        let flags = kind | (flow ? 1 : 0) << NodeTable.styleShift | extra
        children += 1
        table.append(flags: flags, start: UInt32(start), end: UInt32(start), aux: 0)
        stack.append(
            OpenCollection(
                index: index, bracketed: bracketed, column: Int(event.startColumn),
                isMapping: kind == NodeTable.mappingKind, enclosingChildren: children))
        children = 0
        if bracketed {
            gap.cursor = start + 1
            gap.lineHasContent = true
            lastToken = .openingBracket(index)
        }
    }

    private mutating func collectionEnd(_ event: EventRecord) {
        guard let open = stack.popLast() else { return }
        children = open.enclosingChildren
        var end: Int
        if open.bracketed {
            let start = offset(of: event.startIndex)
            gap.scan(to: start, after: lastToken)
            placeQueuedComments(before: .closingBracket(open.index))
            end = start
            if start < bytes.count && (bytes[start] == UInt8(ascii: "]") || bytes[start] == UInt8(ascii: "}")) {
                end = start + 1
            }
            gap.cursor = max(gap.cursor, end)
            gap.lineHasContent = true
            lastToken = .node(open.index)
            lastContentEnd = end
        } else {
            end = max(lastContentEnd, Int(table.starts[open.index]))
            comments.closedBlocks.append(CommentAttribution.ClosedBlock(index: open.index, column: open.column))
        }
        table.setEnd(end, of: open.index)
        table.aux[open.index] = UInt32(table.count)
        noteCompleted(open.index, depth: stack.count)
    }

    // MARK: Comments

    /// Gives the queued comments and blank lines their places before `arrival`. Returns the flags
    /// the node about to be appended gets.
    @discardableResult
    @inline(__always)
    private mutating func placeQueuedComments(before arrival: CommentAttribution.Arrival) -> UInt8 {
        // Most nodes follow no comment, blank line or closed block: nothing to do.
        if gap.queued.isEmpty && comments.closedBlocks.isEmpty && gap.blankLines.isEmpty {
            gap.indicatorSincePlacement = false
            return 0
        }
        let enclosing = stack.last.map {
            CommentAttribution.Enclosing(isMapping: $0.isMapping, bracketed: $0.bracketed, nextIsValue: children % 2 == 1)
        }
        let rules = CommentAttribution(
            arrival: arrival, enclosing: enclosing, lastIndicatorOffset: gap.lastIndicatorOffset)
        return comments.place(by: rules, from: &gap, into: &table)
    }
}
