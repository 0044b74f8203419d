/// Writes a document in canonical form: walks the tree and writes each node in the form
/// ``ScalarForms`` decides, its comments where ``CommentLayout`` puts them, into a ``PrintOutput``.
/// One value per print; not reused.
struct CanonicalPrinter {
    private let storage: DocumentStorage
    let table: NodeTable
    private let tree: PrintedTree
    private let forms: ScalarForms
    private let layout: CommentLayout
    var output: PrintOutput
    /// How many items of a long block sequence go in one run printed on the second thread (see
    /// ``printInRuns(_:indent:depth:)``); nil to print every sequence on this thread alone.
    var runLength: Int?
    /// The fewest items a sequence needs to be printed in runs.
    let minimumRunItems: Int
    /// How the runs of this print went.
    var runTally = RunTally()
    /// A comment that ends the line being written, after the next scalar value on it: a flow
    /// collection's end-of-line comment, moved to its first entry's line (see ``writeItem``).
    private var lineComment: Comment?

    /// Prints `document` by `policy`, handing the text to `sink` in chunks of about `chunkSize`
    /// bytes as it goes, and the rest at the end; returns how its runs of items were printed.
    /// Sequences of at least `minimumRunItems` items are printed in runs of `runLength`.
    @discardableResult
    static func print(
        _ document: Document, policy: PrintPolicy, chunkSize: Int, runLength: Int? = defaultRunLength,
        minimumRunItems: Int = defaultMinimumItems, sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) -> RunTally {
        let storage = document.storage
        let overrides = ScalarOverrides(policy, nodeCount: storage.table.count)
        let tree = PrintedTree(table: storage.table, entryOrder: policy.entryOrder)
        let output = PrintOutput(blankLineDepth: policy.blankLineDepth, chunkSize: chunkSize, sink: sink)
        return storage.source.bytes.withUnsafeBufferPointer { source in
            storage.table.arena.withUnsafeBufferPointer { arena in
                overrides.text.withUnsafeBufferPointer { overrideText in
                    let forms = ScalarForms(
                        tree: tree, source: source, arena: arena, overrideText: overrideText,
                        overrides: overrides.byNode, overrideBits: overrides.bits)
                    var printer = CanonicalPrinter(
                        storage: storage, table: storage.table, tree: tree, forms: forms,
                        layout: CommentLayout(storage: storage, tree: tree, forms: forms), output: output,
                        runLength: runLength, minimumRunItems: minimumRunItems)
                    printer.printDocument(root: storage.root, endComments: storage.endComments)
                    printer.output.buffer.withBytes { if !$0.isEmpty { sink($0) } }
                    return printer.runTally
                }
            }
        }
    }

    // MARK: Document

    /// The whole text: the root with its comments, the comments after it, and the end.
    private mutating func printDocument(root: Int?, endComments: [Comment]) {
        if let root {
            if table.isScalar(root) {
                output.writeComments(layout.trivia(root).leading, indent: 0, depth: 0)
                printRootScalar(root)
            } else {
                let end = printCollectionRootStart(root)
                if tree.isEmptyCollection(root) {
                    output.writeIndent(0)
                    writeEmptyCollection(root)
                    output.newline()
                    output.writeComments(end, indent: 0, depth: 0)
                } else if table.kind(root) == NodeTable.mappingKind {
                    printMappingBody(root, indent: 0, depth: 0, firstLineStarted: false, endComments: end)
                } else {
                    printSequenceBody(root, indent: 0, depth: 0, firstLineStarted: false, endComments: end)
                }
            }
        }
        output.writeComments(endComments, indent: 0, depth: 0)
        output.finish()
    }

    /// What comes before a root collection's first entry: its comments, on lines of their own in the
    /// order they were written, and its blank line. Returns the comments that go after its last.
    private mutating func printCollectionRootStart(_ root: Int) -> [Comment] {
        let trivia = layout.trivia(root)
        let leading = trivia.leadingAroundHeader
        output.writeComments(leading.before + (trivia.header.map { [$0] } ?? []) + leading.after, indent: 0, depth: 0)
        if table.hasBlankLine(root) { output.blankLine(depth: 0) }
        var end = trivia.end
        if let trailing = trivia.trailing { end.append(trailing) }
        return end
    }

    /// A document that is one scalar.
    private mutating func printRootScalar(_ root: Int) {
        let trivia = layout.trivia(root)
        let (form, bytes) = forms.decide(root, isKey: false)
        var header = trivia.header
        var trailing = trivia.trailing
        if case .literal = form, trailing == nil {
            // A block scalar's header comment stays on its header line, where it is read back from.
            trailing = header
            header = nil
        }
        if let header { output.writeComments([header], indent: 0, depth: 0) }
        switch form {
        case .empty:
            if let trailing { output.writeComments([trailing], indent: 0, depth: 0) }
        case .literal(let indicator, let chomping):
            output.writeLiteral(bytes, indicator: indicator, chomping: chomping, comment: trailing, contentIndent: 2)
        case .plain, .doubleQuoted, .verbatim:
            output.writeScalarText(form, bytes)
            if let trailing { output.writeComment(trailing) }
            output.newline()
        }
    }

    // MARK: Mappings

    /// A block mapping's entries at `indent`, then `endComments`; with `firstLineStarted`, the first
    /// entry goes on the line already started (after a `-`).
    private mutating func printMappingBody(_ mapping: Int, indent: Int, depth: Int, firstLineStarted: Bool, endComments: [Comment]) {
        if tree.isReordered(mapping) {
            for (position, entry) in tree.orderedEntries(mapping).enumerated() {
                printEntry(
                    key: entry.key, value: entry.value, position: position, indent: indent, depth: depth,
                    firstLineStarted: firstLineStarted)
            }
        } else {
            var key = mapping + 1
            let end = table.subtreeEnd(mapping)
            var position = 0
            while key < end {
                let value = table.subtreeEnd(key)
                guard value < end else { break }
                printEntry(
                    key: key, value: value, position: position, indent: indent, depth: depth,
                    firstLineStarted: firstLineStarted)
                key = table.subtreeEnd(value)
                position += 1
            }
        }
        output.writeComments(endComments, indent: indent, depth: depth)
    }

    /// One mapping entry, with the comments that move before its line.
    private mutating func printEntry(key: Int, value: Int, position: Int, indent: Int, depth: Int, firstLineStarted: Bool) {
        if !(firstLineStarted && position == 0) {
            let comments = layout.hoisted(key: key, value: value)
            // Blank lines are kept between entries, not between a collection's key and its first entry.
            output.writeComments(comments, indent: indent, depth: depth, blankBeforeFirst: position > 0)
            // A blank line between entries is kept; before the first, only between its comments and it.
            if (position > 0 || !comments.isEmpty) && table.hasBlankLine(key) { output.blankLine(depth: depth) }
            output.writeIndent(indent)
        }
        // Decided once: deciding reads the key's bytes.
        let scalarKey = table.isScalar(key) ? forms.decide(key, isKey: true) : nil
        let explicit = scalarKey.map { ScalarForms.needsExplicitKey($0.form, $0.bytes) } ?? !tree.isEmptyCollection(key)
        if explicit {
            writeItem(key, indicator: UInt8(ascii: "?"), indent: indent, depth: depth)
            output.writeComments(layout.hoisted(item: value), indent: indent, depth: depth)
            output.writeIndent(indent)
            writeItem(value, indicator: UInt8(ascii: ":"), indent: indent, depth: depth)
        } else if let (form, bytes) = scalarKey {
            output.writeScalarText(form, bytes)
            writeValue(value, keyIndent: indent, depth: depth)
        } else {
            // An empty flow collection is a valid implicit key: `[]: value`.
            writeEmptyCollection(key)
            writeValue(value, keyIndent: indent, depth: depth)
        }
        output.flushIfNeeded()
    }

    /// Writes `:` and the value after an implicit key.
    private mutating func writeValue(_ value: Int, keyIndent: Int, depth: Int) {
        let trivia = layout.optionalTrivia(value)
        if table.isScalar(value) {
            output.append(UInt8(ascii: ":"))
            writeScalar(value, trivia: trivia, indent: keyIndent)
            return
        }
        if tree.isEmptyCollection(value) {
            output.append(UInt8(ascii: ":"))
            output.append(0x20)
            writeEmptyCollection(value)
            let slots = layout.emptyCollectionSlots(value)
            if let comment = slots.inline { output.writeComment(comment) }
            output.newline()
            output.writeComments(slots.after, indent: keyIndent, depth: depth)
            return
        }
        let slots = writeBlockValueStart(value, keyIndent: keyIndent, depth: depth)
        if table.kind(value) == NodeTable.mappingKind {
            printMappingBody(value, indent: keyIndent + 2, depth: depth + 1, firstLineStarted: false, endComments: slots.end)
        } else {
            printSequenceBody(value, indent: keyIndent + 2, depth: depth + 1, firstLineStarted: false, endComments: slots.end)
        }
    }

    /// Writes `:` after an implicit key whose value is a non-empty block collection, and what comes
    /// before the collection's first entry: its header comment on the key's line, its own-line
    /// comments after. Returns where its comments go.
    private mutating func writeBlockValueStart(_ value: Int, keyIndent: Int, depth: Int) -> (header: Comment?, end: [Comment]) {
        let trivia = layout.optionalTrivia(value)
        let slots = layout.blockSlots(value)
        var header = slots.header
        let around = (trivia ?? Trivia()).leadingAroundHeader
        var leading = around.after
        if header == nil || !around.before.isEmpty {
            // Comment lines written before the header (`key:`, comment lines, `[ # note`) stay before it.
            leading = around.before + (header.map { [$0] } ?? []) + around.after
            header = nil
        }
        output.append(UInt8(ascii: ":"))
        if let header { output.writeComment(header) }
        output.newline()
        // No blank line between a key and the first comment of the collection under it.
        output.writeComments(leading, indent: keyIndent + 2, depth: depth + 1, blankBeforeFirst: false)
        blankLineAfterLeadingComments(leading, of: value, depth: depth + 1)
        return slots
    }

    /// The blank line between a block collection's own comments, written after its header line,
    /// and its first entry, when the text had one there: it is the collection's (whose line is its
    /// first entry's), not the entry's, so the entry does not write it. As an entry keeps a blank
    /// line after its own comments, so does the collection, and a collection written in brackets,
    /// whose first entry gets those comments, prints the same.
    private mutating func blankLineAfterLeadingComments(_ comments: [Comment], of node: Int, depth: Int) {
        if !comments.isEmpty && table.hasBlankLine(node) { output.blankLine(depth: depth) }
    }

    // MARK: Sequences

    /// A block sequence's items at `indent`, then `endComments`; with `firstLineStarted`, the first
    /// item goes on the line already started (after a `-`).
    private mutating func printSequenceBody(_ sequence: Int, indent: Int, depth: Int, firstLineStarted: Bool, endComments: [Comment]) {
        let all = ItemRun(items: (sequence + 1)..<table.subtreeEnd(sequence), firstPosition: 0)
        let runs =
            firstLineStarted
            ? [] : Self.itemRuns(of: sequence, in: table, length: runLength, minimumItems: minimumRunItems)
        if !printInRuns(runs, indent: indent, depth: depth) {
            printItems(all, indent: indent, depth: depth, firstLineStarted: firstLineStarted)
        }
        output.writeComments(endComments, indent: indent, depth: depth)
    }

    /// The items of a run of a block sequence, each after the comments that go before its line.
    mutating func printItems(_ run: ItemRun, indent: Int, depth: Int, firstLineStarted: Bool = false) {
        var item = run.items.lowerBound
        var position = run.firstPosition
        while item < run.items.upperBound {
            if !(firstLineStarted && position == 0) {
                let comments = layout.hoisted(item: item)
                output.writeComments(comments, indent: indent, depth: depth, blankBeforeFirst: position > 0)
                if (position > 0 || !comments.isEmpty) && table.hasBlankLine(item) { output.blankLine(depth: depth) }
                output.writeIndent(indent)
            }
            writeItem(item, indicator: UInt8(ascii: "-"), indent: indent, depth: depth)
            output.flushIfNeeded()
            item = table.subtreeEnd(item)
            position += 1
        }
    }

    /// Writes a scalar, with its comments, after the `:` or the indicator before it; the lines of a
    /// block scalar, or a value put below its header comment, go at `indent + 2`.
    @inline(__always)  // Called for every scalar value; a call of its own costs fmt 1% more instructions.
    private mutating func writeScalar(_ node: Int, trivia: Trivia?, indent: Int) {
        let (form, bytes) = forms.decide(node, isKey: false)
        switch form {
        case .empty:
            if let comment = layout.inlineComment(trivia) { output.writeComment(comment) }
            output.newline()
        case .literal(let indicator, let chomping):
            output.append(0x20)
            output.writeLiteral(
                bytes, indicator: indicator, chomping: chomping, comment: layout.inlineComment(trivia),
                contentIndent: indent + 2)
        case .plain, .doubleQuoted, .verbatim:
            if let header = trivia?.header, let trailing = trivia?.trailing {
                // The header keeps the introducing line; the value and its trailing comment go on
                // the next, so that both comments read back in their places.
                output.writeComment(header)
                output.newline()
                output.writeIndent(indent + 2)
                output.writeScalarText(form, bytes)
                output.writeComment(trailing)
            } else {
                output.append(0x20)
                output.writeScalarText(form, bytes)
                if let comment = trivia?.header ?? trivia?.trailing ?? takeLineComment() { output.writeComment(comment) }
            }
            output.newline()
        }
    }

    /// Writes a node after an indicator (`-` for a sequence item, `?` and `:` for explicit keys and
    /// their values) at the current position of the line; nested blocks go at `indent + 2`.
    private mutating func writeItem(_ node: Int, indicator: UInt8, indent: Int, depth: Int) {
        let trivia = layout.optionalTrivia(node)
        output.append(indicator)
        if table.isScalar(node) {
            writeScalar(node, trivia: trivia, indent: indent)
            return
        }
        if tree.isEmptyCollection(node) {
            output.append(0x20)
            writeEmptyCollection(node)
            let slots = layout.emptyCollectionSlots(node)
            if let comment = slots.inline { output.writeComment(comment) }
            output.newline()
            output.writeComments(slots.after, indent: indent, depth: depth)
            return
        }
        let slots = layout.blockSlots(node)
        let isMapping = table.kind(node) == NodeTable.mappingKind
        // A flow collection's end-of-line comment (`- {name: Milk} # note`) ends the line its first
        // entry shares with the `-`, when that line has room for it, rather than standing alone.
        let endsFirstLine = slots.header != nil && trivia?.header == nil && layout.firstLineHasRoom(node)
        if let header = slots.header, !endsFirstLine {
            output.writeComment(header)
            output.newline()
            // Comment lines written after the header line; those before it were hoisted.
            let after = (trivia ?? Trivia()).leadingAroundHeader.after
            output.writeComments(after, indent: indent + 2, depth: depth + 1, blankBeforeFirst: false)
            blankLineAfterLeadingComments(after, of: node, depth: depth + 1)
            if isMapping {
                printMappingBody(node, indent: indent + 2, depth: depth + 1, firstLineStarted: false, endComments: slots.end)
            } else {
                printSequenceBody(node, indent: indent + 2, depth: depth + 1, firstLineStarted: false, endComments: slots.end)
            }
        } else {
            if endsFirstLine { lineComment = slots.header }
            output.append(0x20)
            if isMapping {
                printMappingBody(node, indent: indent + 2, depth: depth + 1, firstLineStarted: true, endComments: slots.end)
            } else {
                printSequenceBody(node, indent: indent + 2, depth: depth + 1, firstLineStarted: true, endComments: slots.end)
            }
            // The first line was judged to have room; should it not have, the comment still
            // gets a line of its own rather than being lost.
            if let unplaced = takeLineComment() { output.writeComments([unplaced], indent: indent + 2, depth: depth + 1) }
        }
    }

    /// The pending ``lineComment``, which is then no longer pending.
    private mutating func takeLineComment() -> Comment? {
        defer { lineComment = nil }
        return lineComment
    }

    private mutating func writeEmptyCollection(_ node: Int) {
        output.writeEmptyCollection(isMapping: table.kind(node) == NodeTable.mappingKind)
    }
}
