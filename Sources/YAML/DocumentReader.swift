/// Reads a YAML source into a ``Document`` by driving libyaml's event parser and recovering the
/// comments and blank lines that libyaml's scanner throws away from the source text between events.
enum DocumentReader {
    /// How libyaml and the tree builder share the work of a read.
    enum Schedule {
        /// Both on the calling thread, taking turns chunk by chunk.
        case inline
        /// libyaml on the calling thread, the tree builder on a second one, at the same time.
        case concurrent
        /// Concurrently for inputs of at least ``concurrencyThreshold`` bytes, inline below.
        case automatic
    }

    /// The input size from which a second thread pays for itself.
    static let concurrencyThreshold = 64 * 1024

    static func read(_ source: SourceText, limits: ParseLimits, schedule: Schedule = .automatic)
        throws(YAMLError)
        -> Document
    {
        let bytes = source.bytes
        guard bytes.count < Int(UInt32.max) - 1 else {
            throw YAMLError(
                kind: .tooLarge, location: source.location(at: 0),
                message: "the input is larger than 4 GiB, more than can be read")
        }
        try checkEncoding(source)
        if source.contentStart == bytes.count {
            let storage = DocumentStorage(source: source, table: NodeTable(), root: nil, endComments: [])
            return Document(storage: storage)
        }
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<Document, YAMLError> in
            var builder = TreeBuilder(source: source, buffer: buffer, limits: limits)
            // The caller guarantees a non-empty buffer with content after the byte order mark.
            let input = buffer.baseAddress! + source.contentStart
            let count = buffer.count - source.contentStart
            let concurrent: Bool
            switch schedule {
            case .inline: concurrent = false
            case .concurrent: concurrent = true
            case .automatic: concurrent = count >= concurrencyThreshold
            }
            if !concurrent || !readConcurrently(input: input, count: count, into: &builder) {
                EventProducer.run(input: input, count: count, maximumDepth: limits.maximumDepth) { chunk in
                    guard builder.consume(chunk) else { return nil }
                    chunk.reset()
                    return chunk
                }
            }
            return builder.finish()
        }
        return try result.get()
    }

    /// Builds the tree on a thread of its own from the events libyaml produces on this one, so that
    /// the two overlap. libyaml stays on the calling thread, where its many small allocations are
    /// cheapest. Returns false, having read nothing, when no thread can be started.
    private static func readConcurrently(
        input: UnsafePointer<UInt8>, count: Int, into builder: inout TreeBuilder
    ) -> Bool {
        let channel = EventChannel()
        let maximumDepth = builder.limits.maximumDepth
        return withUnsafeMutablePointer(to: &builder) { builder in
            // The builder is only touched by the consumer thread until it has been joined.
            let consumer = JoinableThread.start {
                while let chunk = channel.receive() {
                    guard builder.pointee.consume(chunk) else {
                        channel.cancel()
                        break
                    }
                    channel.recycle(chunk)
                }
            }
            guard let consumer else { return false }
            EventProducer.run(input: input, count: count, maximumDepth: maximumDepth, deliver: channel.send)
            channel.close()
            consumer.join()
            return true
        }
    }

    /// Refuses UTF-16 and UTF-32 up front: libyaml would either decode them silently or report a
    /// confusing control character.
    private static func checkEncoding(_ source: SourceText) throws(YAMLError) {
        let bytes = source.bytes
        guard bytes.count >= 2 else { return }
        let utf16BOM = (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)
        let nulPattern = bytes[0] == 0 || bytes[1] == 0
        if utf16BOM || nulPattern {
            throw YAMLError(
                kind: .encoding, location: SourceLocation(line: 1, column: 1, offset: 0),
                message: "the text is encoded as UTF-16 or UTF-32; save it as UTF-8")
        }
    }
}

/// The state of one read: libyaml's parser, the nodes built so far, and the comments waiting for the
/// node they belong to.
private struct TreeBuilder {
    /// Where an end-of-line or own-line comment should go, decided from what precedes it on its line.
    enum Target {
        /// After a scalar or a closing bracket on the same line: that node's trailing comment.
        case trailing(Int)
        /// After an opening bracket: the header of that collection.
        case headerOf(Int)
        /// After `:`, `-`, `?` or `---`: the header of whatever node comes next.
        case headerOfNext
        /// On a line of its own.
        case ownLine
    }

    struct PendingComment {
        var start: Int
        var end: Int
        var column: Int
        var blankLineBefore: Bool
        var target: Target
        /// Whether an indicator (`-`, `?`, `:`, ...) came between the collections that just ended and
        /// this comment: the comment then belongs to what follows, not to those collections.
        var afterIndicator = false
    }

    struct OpenCollection {
        var index: Int
        var bracketed: Bool
        var column: Int
        var isMapping: Bool
        /// The children counted for the enclosing collection, restored when this one closes.
        var enclosingChildren = 0
    }

    /// What ended at the cursor.
    enum PreviousToken {
        case none
        case completed(Int)
        case flowStart(Int)
    }

    let source: SourceText
    let buffer: UnsafeBufferPointer<UInt8>
    let limits: ParseLimits
    let contentStart: Int
    var converter: MarkConverter
    var table = NodeTable()
    var stack: [OpenCollection] = []
    var documentCount = 0
    var endComments: [Comment] = []

    /// Everything before `cursor` has been accounted for.
    var cursor: Int
    /// Whether the line the cursor is on has anything but white space before the cursor.
    var lineHasContent = false
    var previousToken = PreviousToken.none
    var lastContentEnd: Int
    var pending: [PendingComment] = []
    var blankLinePending = false
    /// A blank line before an indicator (`-`, `?`, ...): it belongs to the node the indicator
    /// introduces, not to comments after the indicator.
    var blankLineBeforeIndicator = false
    /// Block collections that ended since comments were last attached, innermost first.
    var closedBlocks: [(index: Int, column: Int)] = []
    /// Whether the source since `closedBlocks` began to fill holds an indicator.
    var indicatorSinceClose = false
    /// Where the last indicator (`-`, `:`, `?`, ...) seen between nodes is.
    var lastIndicatorOffset = -1
    /// Whether a comment was recorded for the node about to be appended.
    var nextHasTrivia = false
    /// Direct children of the innermost open collection so far: for a mapping, an odd count means
    /// a value comes next.
    var children = 0

    init(source: SourceText, buffer: UnsafeBufferPointer<UInt8>, limits: ParseLimits) {
        self.source = source
        self.buffer = buffer
        self.limits = limits
        contentStart = source.contentStart
        // The caller guarantees a non-empty buffer with content after the byte order mark.
        converter = MarkConverter(
            base: buffer.baseAddress! + source.contentStart, count: buffer.count - source.contentStart)
        cursor = source.contentStart
        lastContentEnd = source.contentStart
        table.reserve(buffer.count / 4 + 16)
    }

    /// The error that ended the read, if one did.
    var failure: YAMLError?
    /// Whether the end of the stream has been handled.
    var finished = false

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
        if failure == nil && !finished, let ending = chunk.ending {
            switch ending {
            case .finished:
                break
            case .failed(let parserFailure):
                failure = error(from: parserFailure)
            case .tooDeep:
                // `handle` has already refused the last event, which opened a collection too deep.
                failure = tooDeep(at: cursor)
            }
        }
        return failure == nil && !finished
    }

    /// The document built, or the error that stopped the read.
    mutating func finish() -> Result<Document, YAMLError> {
        if let failure { return .failure(failure) }
        guard finished else {
            return .failure(
                YAMLError(
                    kind: .syntax, location: source.location(at: cursor), message: "the parser stopped early")
            )
        }
        table.sortComments()
        let storage = DocumentStorage(
            source: source, table: table, root: table.count > 0 ? 0 : nil, endComments: endComments)
        return .success(Document(storage: storage))
    }

    // MARK: Events

    /// Handles one event; returns true at the end of the stream.
    mutating func handle(_ event: EventRecord, values: UnsafeBufferPointer<UInt8>) throws(YAMLError)
        -> Bool
    {
        switch event.kind {
        case .streamStart, .documentEnd:
            return false
        case .documentStart:
            documentCount += 1
            let start = offset(of: event.startIndex)
            if documentCount > 1 {
                throw YAMLError(
                    kind: .multipleDocuments, location: source.location(at: start),
                    message:
                        "a second document starts here; a file holds one document (remove this '---' line or split the file)"
                )
            }
            if event.flags & EventRecord.directiveBit != 0 {
                throw YAMLError(
                    kind: .directive, location: source.location(at: start),
                    message: "directives (%YAML, %TAG) are not supported; remove the line")
            }
            return false
        case .streamEnd:
            scanGap(to: buffer.count)
            attachPending(next: nil, closingFlow: nil)
            return true
        case .alias:
            throw YAMLError(
                kind: .alias, location: source.location(at: offset(of: event.startIndex)),
                message: "aliases (*name) are not supported; write the value out in full")
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
    mutating func refuseAnchorAndTag(_ event: EventRecord) throws(YAMLError) {
        guard event.flags & (EventRecord.anchorBit | EventRecord.tagBit) != 0 else { return }
        if event.flags & EventRecord.anchorBit != 0 {
            throw YAMLError(
                kind: .anchor, location: source.location(at: offset(of: event.startIndex)),
                message: "anchors (&name) are not supported; write the value out in full")
        }
        throw YAMLError(
            kind: .tag, location: source.location(at: offset(of: event.startIndex)),
            message:
                "tags (such as !!str or !name) are not supported; quote the value to make it a string")
    }

    @inline(__always)
    mutating func offset(of markIndex: Int) -> Int {
        contentStart + converter.offset(ofScalar: markIndex)
    }

    mutating func scalar(_ event: EventRecord, values: UnsafeBufferPointer<UInt8>) {
        let style = event.style
        let length = event.valueLength
        var start = offset(of: event.startIndex)
        var end: Int
        let index = table.count

        if length == 0 && style == ScalarStyle.plain.code {
            // libyaml places an empty scalar at the next token, possibly lines later; it belongs
            // right after the indicator that introduced it, and claims only the rest of that line.
            // When the mark is the end of that indicator (`-`, `:`, `?`), the indicator may be lines
            // after the cursor (`- a` then `-`): its line is the mark's, not the cursor's.
            let markAfterIndicator = start > cursor && Self.isIndicator(buffer[start - 1])
            let lineEnd = endOfLine(from: markAfterIndicator ? start : cursor)
            let indicatorEnd = scanGap(to: min(max(start, cursor), lineEnd))
            start = indicatorEnd ?? cursor
            end = start
            let extra = attachPending(next: index, closingFlow: nil)
            countChild()
            table.append(
                flags: NodeTable.scalarKind | extra, start: UInt32(start), end: UInt32(end), aux: 0)
            previousToken = .completed(index)
            // A block collection whose last entry is empty still ends after that entry's indicator.
            lastContentEnd = max(lastContentEnd, end)
            return
        }

        end = offset(of: event.endIndex)
        scanGap(to: start)
        let extra = attachPending(next: index, closingFlow: nil)

        countChild()
        let value = UnsafeBufferPointer(
            rebasing: values[event.valueStart..<(event.valueStart + length)])
        var flags = NodeTable.scalarKind | style << NodeTable.styleShift | extra
        var aux: UInt32 = 0
        let isBlock = style == ScalarStyle.literal.code || style == ScalarStyle.folded.code
        var verbatim = false
        if !isBlock {
            let inner = style == ScalarStyle.plain.code ? start..<end : (start + 1)..<(end - 1)
            if inner.count == length && inner.lowerBound <= inner.upperBound {
                verbatim = length == 0 || memoryEqual(UnsafeBufferPointer(rebasing: buffer[inner]), value)
            }
        }
        if !verbatim {
            flags |= NodeTable.arenaBit
            aux = table.storeInArena(value)
        }

        if isBlock {
            let header = blockScalarHeader(from: start, end: end)
            end = header.contentEnd
            table.append(flags: flags, start: UInt32(start), end: UInt32(end), aux: aux)
            if let comment = header.comment {
                record(
                    PendingComment(
                        start: comment.lowerBound, end: comment.upperBound, column: 0, blankLineBefore: false,
                        target: .ownLine), .header, on: index)
            }
            cursor = end
            lineHasContent = !(end == contentStart || isLineBreak(before: end))
        } else {
            table.append(flags: flags, start: UInt32(start), end: UInt32(end), aux: aux)
            cursor = end
            lineHasContent = true
        }
        previousToken = .completed(index)
        lastContentEnd = end
    }

    /// Reads a block scalar's header (`|2- # comment`): the comment on it, and where the content
    /// proper ends: trailing blank lines belong to the value only with keep chomping (`+`).
    func blockScalarHeader(from start: Int, end: Int) -> (comment: Range<Int>?, contentEnd: Int) {
        var position = start + 1
        var keep = false
        while position < end {
            let byte = buffer[position]
            if byte == UInt8(ascii: "+") {
                keep = true
            } else if byte != UInt8(ascii: "-")
                && !(byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9"))
            {
                break
            }
            position += 1
        }
        while position < end && (buffer[position] == 0x20 || buffer[position] == 0x09) {
            position += 1
        }
        var comment: Range<Int>?
        let headerEnd = endOfLine(from: position)
        if position < end && buffer[position] == UInt8(ascii: "#") {
            comment = position..<trimmedEnd(position, headerEnd)
        }
        if keep { return (comment, end) }
        var last = end
        while last > headerEnd && Self.isWhiteSpaceOrBreak(buffer[last - 1]) {
            last -= 1
        }
        var contentEnd = last > headerEnd ? endOfLine(from: last) : headerEnd
        contentEnd = afterLineBreak(contentEnd)
        return (comment, min(contentEnd, max(end, headerEnd)))
    }

    mutating func collectionStart(_ event: EventRecord, kind: UInt8) throws(YAMLError) {
        let flow = event.flags & EventRecord.flowBit != 0
        let start = offset(of: event.startIndex)
        let bracketed =
            flow && start < buffer.count
            && (buffer[start] == UInt8(ascii: "[") || buffer[start] == UInt8(ascii: "{"))
        if stack.count >= limits.maximumDepth { throw tooDeep(at: start) }
        let index = table.count
        scanGap(to: start)
        // A block collection under a key has no line of its own: the comments and blank lines
        // before it are those of its first entry, and go with that entry when it is removed. A
        // sequence item's line is its `-`, so what precedes the `-` is the item's, and the comment
        // lines after it (and a blank line after them) are its first entry's; the comments at the
        // top of the file stay with the document, before whatever key comes first.
        let valuePosition = stack.last.map { $0.isMapping && children % 2 == 1 } ?? false
        let sequenceItem = stack.last.map { !$0.isMapping && !$0.bracketed } ?? false
        let extra = attachPending(
            next: index, closingFlow: nil, deferLeading: !bracketed && valuePosition,
            deferAfter: !bracketed && sequenceItem ? lastIndicatorOffset : nil)
        let flags = kind | (flow ? 1 : 0) << NodeTable.styleShift | extra
        countChild()
        table.append(flags: flags, start: UInt32(start), end: UInt32(start), aux: 0)
        stack.append(
            OpenCollection(
                index: index, bracketed: bracketed, column: Int(event.startColumn),
                isMapping: kind == NodeTable.mappingKind, enclosingChildren: children))
        children = 0
        if bracketed {
            cursor = start + 1
            lineHasContent = true
            previousToken = .flowStart(index)
        }
    }

    mutating func collectionEnd(_ event: EventRecord) {
        guard let open = stack.popLast() else { return }
        children = open.enclosingChildren
        var end: Int
        if open.bracketed {
            let start = offset(of: event.startIndex)
            scanGap(to: start)
            attachPending(next: nil, closingFlow: open.index)
            end = start
            if start < buffer.count
                && (buffer[start] == UInt8(ascii: "]") || buffer[start] == UInt8(ascii: "}"))
            {
                end = start + 1
            }
            cursor = max(cursor, end)
            lineHasContent = true
            previousToken = .completed(open.index)
            lastContentEnd = end
        } else {
            end = max(lastContentEnd, Int(table.starts[open.index]))
            closedBlocks.append((open.index, open.column))
        }
        table.ends[open.index] = UInt32(end)
        table.aux[open.index] = UInt32(table.count)
    }

    // MARK: Comments and blank lines

    /// Scans the source between the cursor and `limit`, which holds only white space, indicators and
    /// comments, and queues the comments. Returns the offset just past the last indicator seen.
    @discardableResult
    mutating func scanGap(to limit: Int) -> Int? {
        guard limit > cursor else { return nil }
        // The two gaps nearly every scalar has, taken without the general loop: `: ` after a key on
        // its line, and a line break with indentation before the next key.
        if lineHasContent {
            if limit - cursor == 2 && buffer[cursor] == UInt8(ascii: ":") && buffer[cursor + 1] == 0x20 {
                indicatorSinceClose = true
                lastIndicatorOffset = cursor
                if blankLinePending {
                    blankLineBeforeIndicator = true
                    blankLinePending = false
                }
                cursor = limit
                return limit - 1
            }
            if buffer[cursor] == 0x0A {
                var index = cursor + 1
                while index < limit && buffer[index] == 0x20 { index += 1 }
                if index == limit {
                    cursor = limit
                    lineHasContent = false
                    return nil
                }
            }
        }
        var position = cursor
        var hasContent = lineHasContent
        var lineStart = position
        if !hasContent {
            while lineStart > contentStart
                && (buffer[lineStart - 1] == 0x20 || buffer[lineStart - 1] == 0x09)
            {
                lineStart -= 1
            }
        }
        var lastIndicator: UInt8?
        var indicatorEnd: Int?
        var previousOnLine = hasContent

        while position < limit {
            let byte = buffer[position]
            if byte == 0x20 {
                position += 1
                continue
            }
            // Only these bytes can start a line break.
            let breakLength =
                byte == 0x0A || byte == 0x0D || byte == 0xC2 || byte == 0xE2
                ? lineBreakLength(at: position) : 0
            if breakLength > 0 {
                if !hasContent { blankLinePending = true }
                position += breakLength
                hasContent = false
                lineStart = position
                lastIndicator = nil
                previousOnLine = false
                continue
            }
            switch byte {
            case 0x20, 0x09:
                position += 1
            case UInt8(ascii: "#"):
                let lineEnd = endOfLine(from: position)
                let ownLine = !hasContent
                let target: Target
                if ownLine {
                    target = .ownLine
                } else if let indicator = lastIndicator {
                    switch indicator {
                    case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"):
                        if case .completed(let node) = previousToken {
                            target = .trailing(node)
                        } else {
                            target = .ownLine
                        }
                    case UInt8(ascii: "."):
                        target = .ownLine
                    default:
                        target = .headerOfNext
                    }
                } else if previousOnLine {
                    switch previousToken {
                    case .completed(let node): target = .trailing(node)
                    case .flowStart(let node): target = .headerOf(node)
                    case .none: target = .ownLine
                    }
                } else {
                    target = .ownLine
                }
                // Only a comment on a line of its own follows a blank line: one before the line of an
                // end-of-line comment belongs to the node on that line.
                pending.append(
                    PendingComment(
                        start: position, end: trimmedEnd(position, lineEnd), column: position - lineStart,
                        blankLineBefore: ownLine && blankLinePending, target: target,
                        afterIndicator: indicatorSinceClose))
                if ownLine { blankLinePending = false }
                hasContent = true
                position = lineEnd
            default:
                lastIndicator = byte
                indicatorSinceClose = true
                lastIndicatorOffset = position
                if blankLinePending {
                    blankLineBeforeIndicator = true
                    blankLinePending = false
                }
                hasContent = true
                position += 1
                indicatorEnd = position
            }
        }
        cursor = limit
        lineHasContent = hasContent
        return indicatorEnd
    }

    /// Gives every queued comment its place. `next` is the node about to be created; `closingFlow` a
    /// bracketed collection whose closing bracket is being read. Returns the flags the next node gets.
    @discardableResult
    @inline(__always)
    /// With `deferLeading`, the own-line comments after an indicator, and the blank line, are left
    /// for the first entry of the collection `next`; with `deferAfter`, the own-line comments after
    /// that offset, and a blank line after them.
    mutating func attachPending(
        next: Int?, closingFlow: Int?, deferLeading: Bool = false, deferAfter: Int? = nil
    ) -> UInt8 {
        // Most nodes follow no comment, blank line or closed block: nothing to do.
        if pending.isEmpty && closedBlocks.isEmpty && !blankLinePending && !blankLineBeforeIndicator {
            indicatorSinceClose = false
            return 0
        }
        return attachPendingComments(
            next: next, closingFlow: closingFlow, deferLeading: deferLeading, deferAfter: deferAfter)
    }

    @discardableResult
    mutating func attachPendingComments(next: Int?, closingFlow: Int?, deferLeading: Bool, deferAfter: Int?)
        -> UInt8
    {
        var flags: UInt8 = 0
        if deferLeading {
            // The blank line stays pending for the first entry.
        } else {
            // A blank line after comments that go to the first entry is that entry's too.
            let keepsBlankLine =
                deferAfter.map { offset in
                    pending.contains { $0.start > offset && Self.isOwnLine($0.target) }
                } ?? false
            if next != nil && ((blankLinePending && !keepsBlankLine) || blankLineBeforeIndicator) {
                flags |= NodeTable.blankLineBit
            }
            if !keepsBlankLine { blankLinePending = false }
            blankLineBeforeIndicator = false
        }
        if pending.isEmpty {
            if !closedBlocks.isEmpty { closedBlocks.removeAll(keepingCapacity: true) }
            indicatorSinceClose = false
            return flags
        }
        nextHasTrivia = false
        var deferred: [PendingComment] = []
        for comment in pending {
            switch comment.target {
            case .trailing(let node):
                record(comment, .trailing, on: node)
            case .headerOf(let node):
                record(comment, .header, on: node)
            case .headerOfNext:
                if let next {
                    record(comment, .header, on: next)
                } else {
                    placeOwnLine(comment, next: next, closingFlow: closingFlow)
                }
            case .ownLine:
                // Only what follows the `:` is the first entry's: a comment above the `:` of an
                // explicit key's value stays the value's.
                let deferring =
                    (deferLeading && comment.afterIndicator) || (deferAfter.map { comment.start > $0 } ?? false)
                if !placeOwnLine(
                    comment, next: deferring ? nil : next, closingFlow: closingFlow, leading: !deferring)
                {
                    deferred.append(comment)
                }
            }
        }
        pending = deferred
        closedBlocks.removeAll(keepingCapacity: true)
        indicatorSinceClose = false
        if nextHasTrivia { flags |= NodeTable.triviaBit }
        return flags
    }

    static func isOwnLine(_ target: Target) -> Bool {
        if case .ownLine = target { return true }
        return false
    }

    /// Places an own-line comment: at the end of a collection that just closed, or before `next`.
    /// Returns false, placing nothing, when it would go before the next node but `leading` is false.
    @discardableResult
    mutating func placeOwnLine(
        _ comment: PendingComment, next: Int?, closingFlow: Int?, leading: Bool = true
    ) -> Bool {
        if let closingFlow {
            record(comment, .end, on: closingFlow)
            return true
        }
        for (position, candidate) in closedBlocks.enumerated()
        where !comment.afterIndicator && comment.column >= candidate.column {
            record(comment, .end, on: candidate.index)
            // A later comment may not go back into a collection inside this one: it would be
            // printed before this comment.
            closedBlocks.removeFirst(position)
            return true
        }
        // Later comments go where this one goes, or further on, for the same reason.
        closedBlocks.removeAll(keepingCapacity: true)
        if !leading { return false }
        if let next {
            record(comment, .leading, on: next)
        } else {
            let text = String(decoding: buffer[comment.start..<comment.end], as: UTF8.self)
            endComments.append(
                Comment(text: text, hasBlankLineBefore: comment.blankLineBefore, offset: comment.start))
        }
        return true
    }

    /// Counts the node about to be appended as a child of the innermost open collection.
    @inline(__always)
    mutating func countChild() {
        children += 1
    }

    /// Records a comment for a node; the node may be the one about to be appended.
    mutating func record(_ comment: PendingComment, _ place: CommentRecord.Place, on node: Int) {
        table.comments.append(
            CommentRecord(
                node: UInt32(node), start: UInt32(comment.start),
                length: UInt32(comment.end - comment.start),
                place: place, blankLineBefore: comment.blankLineBefore, inArena: false))
        if node < table.count {
            table.setFlag(NodeTable.triviaBit, on: node)
        } else {
            nextHasTrivia = true
        }
    }

    // MARK: Source helpers

    /// The length of the line break at `position` (LF, CR, CRLF, NEL, LS, PS, as libyaml counts
    /// them), or 0.
    func lineBreakLength(at position: Int) -> Int {
        let byte = buffer[position]
        if byte == 0x0A { return 1 }
        if byte == 0x0D { return position + 1 < buffer.count && buffer[position + 1] == 0x0A ? 2 : 1 }
        if byte == 0xC2 && position + 1 < buffer.count && buffer[position + 1] == 0x85 { return 2 }
        if byte == 0xE2 && position + 2 < buffer.count && buffer[position + 1] == 0x80
            && (buffer[position + 2] == 0xA8 || buffer[position + 2] == 0xA9)
        {
            return 3
        }
        return 0
    }

    func endOfLine(from position: Int) -> Int {
        var index = position
        while index < buffer.count && lineBreakLength(at: index) == 0 {
            index += 1
        }
        return index
    }

    func afterLineBreak(_ position: Int) -> Int {
        guard position < buffer.count else { return position }
        return position + lineBreakLength(at: position)
    }

    func isLineBreak(before position: Int) -> Bool {
        guard position > contentStart else { return true }
        let byte = buffer[position - 1]
        return byte == 0x0A || byte == 0x0D
            || (position >= 2 && buffer[position - 2] == 0xC2 && byte == 0x85)
            || (position >= 3 && buffer[position - 3] == 0xE2 && buffer[position - 2] == 0x80
                && (byte == 0xA8 || byte == 0xA9))
    }

    func trimmedEnd(_ start: Int, _ end: Int) -> Int {
        var index = end
        while index > start && (buffer[index - 1] == 0x20 || buffer[index - 1] == 0x09) {
            index -= 1
        }
        return index
    }

    /// Whether `byte` is an indicator that introduces a node of its own: `-`, `:` or `?`.
    static func isIndicator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "?")
    }

    static func isWhiteSpaceOrBreak(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    // MARK: Errors

    func tooDeep(at offset: Int) -> YAMLError {
        YAMLError(
            kind: .nestingTooDeep, location: source.location(at: offset),
            message: "collections are nested more than \(limits.maximumDepth) levels deep")
    }

    mutating func error(from failure: ParserFailure) -> YAMLError {
        let problem = failure.problem ?? "unknown problem"
        if failure.isReaderError {
            let offset = contentStart + failure.problemOffset
            return YAMLError(
                kind: .encoding, location: source.location(at: offset),
                message: Self.readerMessage(problem: problem, value: failure.problemValue))
        }
        if failure.isMemoryError {
            return YAMLError(
                kind: .syntax, location: source.location(at: cursor), message: "out of memory")
        }
        let context = failure.context
        // A quoted text that is never closed is reported where it opens, not at the end of the
        // file; a key without its ':' where the key is, not where libyaml gave up looking.
        let unclosedQuote =
            problem == "found unexpected end of stream" && (context?.contains("quoted scalar") ?? false)
        let keyWithoutColon = problem == "could not find expected ':'" && context != nil
        let offset = offset(of: unclosedQuote || keyWithoutColon ? failure.contextIndex : failure.problemIndex)
        var details = problem
        if let context, !keyWithoutColon {
            let contextOffset = self.offset(of: failure.contextIndex)
            let contextLocation = source.location(at: contextOffset)
            details += " (\(context) at line \(contextLocation.line), column \(contextLocation.column))"
        }
        let character = offset < buffer.count ? buffer[offset] : nil
        var message = details
        if character == 0x09 {
            message = "tabs cannot indent YAML, use spaces: " + details
        } else if let explanation = Self.explanation(
            problem: problem, context: context, character: character)
        {
            message = explanation + ": " + details
        }
        return YAMLError(kind: .syntax, location: source.location(at: offset), message: message)
    }

    /// Plain words for libyaml's most common complaints: what is wrong and what to do. libyaml's
    /// own words follow them in the message.
    static func explanation(problem: String, context: String?, character: UInt8?) -> String? {
        let inQuotes = context?.contains("quoted scalar") ?? false
        switch problem {
        case "found unexpected end of stream":
            return inQuotes
                ? "a quoted text is never closed; add the closing quote"
                : "the file ends in the middle of a value"
        case "found unexpected document indicator":
            return "a line starting with '---' or '...' ends the document; indent it or put it in quotes"
        case "mapping values are not allowed in this context":
            return "unexpected ':' here; text that contains ': ' must be put in quotes"
        case "did not find expected key":
            return "this line does not line up with the keys around it; check its indentation"
        case "did not find expected '-' indicator":
            return "this line does not line up with the list items around it; check its indentation"
        case "could not find expected ':'":
            return "a key without ':' after it; add the ':', or put text that spans lines in quotes"
        case "block sequence entries are not allowed in this context":
            return "a '- ' list item cannot start here; check the indentation"
        case "did not find expected node content":
            return "a value is missing here"
        case "did not find expected ',' or ']'":
            return "a list in brackets is not closed with ']', or a ',' is missing between two items"
        case "did not find expected ',' or '}'":
            return "a mapping in braces is not closed with '}', or a ',' is missing between two entries"
        case "found unknown escape character":
            return "an unknown escape in double quotes; write a backslash as \\\\"
        case "did not find expected <document start>":
            return "there is more text after the end of the document"
        case "found character that cannot start any token":
            if character == UInt8(ascii: "@") || character == UInt8(ascii: "`") {
                return "text cannot start with '@' or '`'; put it in quotes"
            }
            return "this character cannot start a value; put the value in quotes"
        default:
            return nil
        }
    }

    static func readerMessage(problem: String, value: Int) -> String {
        if problem.contains("control characters") {
            let hex = String(value, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return
                "control character U+\(padded) is not allowed in YAML text; write it as an escape inside double quotes"
        }
        if problem.contains("UTF-8") || problem.contains("Unicode") {
            let hex = String(value, radix: 16, uppercase: true)
            return
                "invalid UTF-8 (\(problem), byte 0x\(hex.count < 2 ? "0" + hex : hex)); save the file as UTF-8"
        }
        return problem
    }
}
