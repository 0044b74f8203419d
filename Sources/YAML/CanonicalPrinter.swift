extension Document {
    /// The document in canonical form: block style with two-space indentation, every comment kept,
    /// blank lines kept (one of a run) where the policy allows, LF line ends and one final newline.
    public func formatted(policy: PrintPolicy = PrintPolicy()) -> [UInt8] {
        CanonicalPrinter.print(self, policy: policy, chunkSize: nil, sink: nil)
    }

    /// The canonical text, handed to `sink` in chunks of about `chunkSize` bytes as it is produced, so
    /// that a large document is never held twice in memory.
    public func format(
        policy: PrintPolicy = PrintPolicy(), chunkSize: Int = 1 << 16, into sink: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        withoutActuallyEscaping(sink) { sink in
            let rest = CanonicalPrinter.print(self, policy: policy, chunkSize: chunkSize, sink: sink)
            rest.withUnsafeBufferPointer { if !$0.isEmpty { sink($0) } }
        }
    }
}

/// Writes a document in canonical form. One value per print; not reused.
struct CanonicalPrinter {
    enum Form {
        case empty
        case plain
        case doubleQuoted
        case literal(indicator: Bool, chomping: ScalarAnalysis.Chomping)
        /// Source text copied as written.
        case verbatim
    }

    /// A scalar override, its text copied into one buffer.
    struct Override {
        var plain: Bool
        var asString: Bool
        var range: Range<Int>
        var verbatim = false
    }

    /// A `|+` literal just written: if nothing follows it, its trailing blank lines would end the
    /// file, so it is rewritten in double quotes.
    struct KeepLiteral {
        var outputStart: Int
        var outputEnd: Int
        var value: [UInt8]
        var comment: Comment?
    }

    let storage: DocumentStorage
    let table: NodeTable
    let source: UnsafeBufferPointer<UInt8>
    let arena: UnsafeBufferPointer<UInt8>
    let overrideText: UnsafeBufferPointer<UInt8>
    let overrides: [Int: Override]
    let overrideBits: [UInt64]
    let entryOrder: [NodeID: [Int]]
    let blankLineDepth: Int
    let chunkSize: Int?
    let sink: ((UnsafeBufferPointer<UInt8>) -> Void)?

    var out: [UInt8] = []
    var lastLineBlank = true
    var wroteAnything = false
    var afterKeepLiteral = false
    var keepLiteral: KeepLiteral?

    static let spaces = [UInt8](repeating: 0x20, count: 256)

    static func print(
        _ document: Document, policy: PrintPolicy, chunkSize: Int?, sink: ((UnsafeBufferPointer<UInt8>) -> Void)?
    ) -> [UInt8] {
        let storage = document.storage
        var overrideText: [UInt8] = []
        var overrides: [Int: Override] = [:]
        var bits = [UInt64](repeating: 0, count: policy.scalarRenderings.isEmpty ? 0 : storage.table.count / 64 + 1)
        for (id, rendering) in policy.scalarRenderings where id.index < storage.table.count {
            let start = overrideText.count
            switch rendering {
            case .asString:
                overrides[id.index] = Override(plain: false, asString: true, range: start..<start)
            case .plain(let text):
                overrideText.append(contentsOf: text.utf8)
                overrides[id.index] = Override(plain: true, asString: false, range: start..<overrideText.count)
            case .string(let text):
                overrideText.append(contentsOf: text.utf8)
                overrides[id.index] = Override(plain: false, asString: false, range: start..<overrideText.count)
            case .verbatim:
                overrides[id.index] = Override(plain: false, asString: true, range: start..<start, verbatim: true)
            }
            bits[id.index >> 6] |= 1 << UInt64(id.index & 63)
        }
        return storage.source.bytes.withUnsafeBufferPointer { source in
            storage.table.arena.withUnsafeBufferPointer { arena in
                overrideText.withUnsafeBufferPointer { overrideText in
                    var printer = CanonicalPrinter(
                        storage: storage, table: storage.table, source: source, arena: arena, overrideText: overrideText,
                        overrides: overrides, overrideBits: bits, entryOrder: policy.entryOrder,
                        blankLineDepth: policy.blankLineDepth, chunkSize: chunkSize, sink: sink)
                    if let chunkSize { printer.out.reserveCapacity(chunkSize + chunkSize / 2) }
                    printer.printDocument(root: storage.root, endComments: storage.endComments)
                    return printer.out
                }
            }
        }
    }

    // MARK: Document

    mutating func printDocument(root: Int?, endComments: [Comment]) {
        if let root {
            let trivia = self.trivia(root)
            if table.isScalar(root) {
                writeComments(trivia.leading, indent: 0, depth: 0)
                printRootScalar(root)
            } else {
                // Both go on lines of their own, in the order they were written.
                let leading = trivia.leadingAroundHeader
                writeComments(leading.before + (trivia.header.map { [$0] } ?? []) + leading.after, indent: 0, depth: 0)
                if table.hasBlankLine(root) { blankLine(depth: 0) }
                var end = trivia.end
                if let trailing = trivia.trailing { end.append(trailing) }
                if isEmptyCollection(root) {
                    writeIndent(0)
                    writeEmptyCollection(root)
                    newline()
                    writeComments(end, indent: 0, depth: 0)
                } else if table.kind(root) == NodeTable.mappingKind {
                    printMappingBody(root, indent: 0, depth: 0, firstLineStarted: false, endComments: end)
                } else {
                    printSequenceBody(root, indent: 0, depth: 0, firstLineStarted: false, endComments: end)
                }
            }
        }
        writeComments(endComments, indent: 0, depth: 0)
        finishKeepLiteral()
    }

    mutating func printRootScalar(_ root: Int) {
        let trivia = self.trivia(root)
        let (form, bytes) = decide(root, isKey: false)
        var header = trivia.header
        var trailing = trivia.trailing
        if case .literal = form, trailing == nil {
            // A block scalar's header comment stays on its header line, where it is read back from.
            trailing = header
            header = nil
        }
        if let header { writeComments([header], indent: 0, depth: 0) }
        switch form {
        case .empty:
            if let trailing { writeComments([trailing], indent: 0, depth: 0) }
        case .literal(let indicator, let chomping):
            writeLiteral(bytes, indicator: indicator, chomping: chomping, comment: trailing, contentIndent: 2)
        case .plain, .doubleQuoted, .verbatim:
            writeScalarText(form, bytes)
            if let trailing { writeComment(trailing) }
            newline()
        }
    }

    // MARK: Mappings

    mutating func printMappingBody(_ mapping: Int, indent: Int, depth: Int, firstLineStarted: Bool, endComments: [Comment]) {
        if !entryOrder.isEmpty && entryOrder[NodeID(index: mapping)] != nil {
            for (position, entry) in orderedEntries(mapping).enumerated() {
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
        writeComments(endComments, indent: indent, depth: depth)
    }

    mutating func printEntry(key: Int, value: Int, position: Int, indent: Int, depth: Int, firstLineStarted: Bool) {
        if !(firstLineStarted && position == 0) {
            let comments = hoisted(key: key, value: value)
            // Blank lines are kept between entries, not between a collection's key and its first entry.
            writeComments(comments, indent: indent, depth: depth, blankBeforeFirst: position > 0)
            // A blank line between entries is kept; before the first, only between its comments and it.
            if (position > 0 || !comments.isEmpty) && table.hasBlankLine(key) { blankLine(depth: depth) }
            writeIndent(indent)
        }
        // Decided once: deciding reads the key's bytes.
        let scalarKey = table.isScalar(key) ? decide(key, isKey: true) : nil
        let explicit = scalarKey.map { Self.needsExplicitKey($0.form, $0.bytes) } ?? !isEmptyCollection(key)
        if explicit {
            writeItem(key, indicator: UInt8(ascii: "?"), indent: indent, depth: depth)
            writeComments(hoisted(item: value), indent: indent, depth: depth)
            writeIndent(indent)
            writeItem(value, indicator: UInt8(ascii: ":"), indent: indent, depth: depth)
        } else if let (form, bytes) = scalarKey {
            writeScalarText(form, bytes)
            writeValue(value, keyIndent: indent, depth: depth)
        } else {
            // An empty flow collection is a valid implicit key: `[]: value`.
            writeEmptyCollection(key)
            writeValue(value, keyIndent: indent, depth: depth)
        }
        flushIfNeeded()
    }

    /// Writes `:` and the value after an implicit key.
    mutating func writeValue(_ value: Int, keyIndent: Int, depth: Int) {
        let trivia = self.optionalTrivia(value)
        if table.isScalar(value) {
            let (form, bytes) = decide(value, isKey: false)
            switch form {
            case .empty:
                out.append(UInt8(ascii: ":"))
                if let comment = inlineComment(trivia) { writeComment(comment) }
                newline()
            case .literal(let indicator, let chomping):
                out.append(contentsOf: [UInt8(ascii: ":"), 0x20])
                writeLiteral(
                    bytes, indicator: indicator, chomping: chomping, comment: inlineComment(trivia),
                    contentIndent: keyIndent + 2)
            case .plain, .doubleQuoted, .verbatim:
                out.append(UInt8(ascii: ":"))
                if let header = trivia?.header, let trailing = trivia?.trailing {
                    writeComment(header)
                    newline()
                    writeIndent(keyIndent + 2)
                    writeScalarText(form, bytes)
                    writeComment(trailing)
                } else {
                    out.append(0x20)
                    writeScalarText(form, bytes)
                    if let comment = trivia?.header ?? trivia?.trailing { writeComment(comment) }
                }
                newline()
            }
            return
        }
        if isEmptyCollection(value) {
            out.append(contentsOf: [UInt8(ascii: ":"), 0x20])
            writeEmptyCollection(value)
            if let comment = inlineComment(trivia) { writeComment(comment) }
            newline()
            return
        }
        let slots = blockSlots(value)
        var header = slots.header
        let around = (trivia ?? Trivia()).leadingAroundHeader
        var leading = around.after
        if header == nil || !around.before.isEmpty {
            // Comment lines written before the header (`key:`, comment lines, `[ # note`) stay before it.
            leading = around.before + (header.map { [$0] } ?? []) + around.after
            header = nil
        }
        out.append(UInt8(ascii: ":"))
        if let header { writeComment(header) }
        newline()
        // No blank line between a key and the first comment of the collection under it.
        writeComments(leading, indent: keyIndent + 2, depth: depth + 1, blankBeforeFirst: false)
        if table.kind(value) == NodeTable.mappingKind {
            printMappingBody(value, indent: keyIndent + 2, depth: depth + 1, firstLineStarted: false, endComments: slots.end)
        } else {
            printSequenceBody(value, indent: keyIndent + 2, depth: depth + 1, firstLineStarted: false, endComments: slots.end)
        }
    }

    // MARK: Sequences

    mutating func printSequenceBody(_ sequence: Int, indent: Int, depth: Int, firstLineStarted: Bool, endComments: [Comment]) {
        var item = sequence + 1
        let end = table.subtreeEnd(sequence)
        var position = 0
        while item < end {
            if !(firstLineStarted && position == 0) {
                let comments = hoisted(item: item)
                writeComments(comments, indent: indent, depth: depth, blankBeforeFirst: position > 0)
                if (position > 0 || !comments.isEmpty) && table.hasBlankLine(item) { blankLine(depth: depth) }
                writeIndent(indent)
            }
            writeItem(item, indicator: UInt8(ascii: "-"), indent: indent, depth: depth)
            flushIfNeeded()
            item = table.subtreeEnd(item)
            position += 1
        }
        writeComments(endComments, indent: indent, depth: depth)
    }

    /// Writes a node after an indicator (`-` for a sequence item, `?` and `:` for explicit keys and
    /// their values) at the current position of the line; nested blocks go at `indent + 2`.
    mutating func writeItem(_ node: Int, indicator: UInt8, indent: Int, depth: Int) {
        let trivia = self.optionalTrivia(node)
        out.append(indicator)
        if table.isScalar(node) {
            let (form, bytes) = decide(node, isKey: false)
            switch form {
            case .empty:
                if let comment = inlineComment(trivia) { writeComment(comment) }
                newline()
            case .literal(let indicator, let chomping):
                out.append(0x20)
                writeLiteral(
                    bytes, indicator: indicator, chomping: chomping, comment: inlineComment(trivia),
                    contentIndent: indent + 2)
            case .plain, .doubleQuoted, .verbatim:
                if let header = trivia?.header, let trailing = trivia?.trailing {
                    writeComment(header)
                    newline()
                    writeIndent(indent + 2)
                    writeScalarText(form, bytes)
                    writeComment(trailing)
                } else {
                    out.append(0x20)
                    writeScalarText(form, bytes)
                    if let comment = trivia?.header ?? trivia?.trailing { writeComment(comment) }
                }
                newline()
            }
            return
        }
        if isEmptyCollection(node) {
            out.append(0x20)
            writeEmptyCollection(node)
            if let comment = inlineComment(trivia) { writeComment(comment) }
            newline()
            return
        }
        let slots = blockSlots(node)
        let isMapping = table.kind(node) == NodeTable.mappingKind
        if let header = slots.header {
            writeComment(header)
            newline()
            // Comment lines written after the header line; those before it were hoisted.
            writeComments(
                (trivia ?? Trivia()).leadingAroundHeader.after, indent: indent + 2, depth: depth + 1, blankBeforeFirst: false)
            if isMapping {
                printMappingBody(node, indent: indent + 2, depth: depth + 1, firstLineStarted: false, endComments: slots.end)
            } else {
                printSequenceBody(node, indent: indent + 2, depth: depth + 1, firstLineStarted: false, endComments: slots.end)
            }
        } else {
            out.append(0x20)
            if isMapping {
                printMappingBody(node, indent: indent + 2, depth: depth + 1, firstLineStarted: true, endComments: slots.end)
            } else {
                printSequenceBody(node, indent: indent + 2, depth: depth + 1, firstLineStarted: true, endComments: slots.end)
            }
        }
    }

    // MARK: Comments that move

    /// Comments written on lines of their own before a mapping entry: the key's (an implicit key has
    /// no room for comments on its line) and those of a value written on the key's line.
    func hoisted(key: Int, value: Int) -> [Comment] {
        // An explicit key (`? key`) is written like a sequence item, and so is its value (`: value`),
        // whose comments go before the `:` line.
        if needsExplicitKey(key) { return hoisted(item: key) }
        guard table.hasTrivia(key) || table.hasTrivia(value) else { return [] }
        var result: [Comment] = []
        let keyTrivia = trivia(key)
        result.append(contentsOf: keyTrivia.leading)
        if let header = keyTrivia.header { result.append(header) }
        // An empty flow collection key keeps the comments written inside its brackets.
        result.append(contentsOf: keyTrivia.end)
        if let trailing = keyTrivia.trailing { result.append(trailing) }
        result.append(contentsOf: inlineOverflow(value, includeLeading: true))
        return result
    }

    /// Comments written before a sequence item's `-` line: its own leading comments and, when the
    /// item is a collection whose first entry shares the `-` line, that entry's.
    func hoisted(item: Int) -> [Comment] {
        guard table.hasTrivia(item) || !table.isScalar(item) else { return [] }
        // A collection's own-line comments written after its header line stay after it.
        var result = trivia(item).leadingAroundHeader.before
        result.append(contentsOf: inlineOverflow(item, includeLeading: false))
        if !table.isScalar(item) && !isEmptyCollection(item) && blockSlots(item).header == nil {
            if table.kind(item) == NodeTable.mappingKind {
                let first = firstEntry(item)
                result.append(contentsOf: hoisted(key: first.key, value: first.value))
            } else {
                result.append(contentsOf: hoisted(item: item + 1))
            }
        }
        return result
    }

    /// Comments of a value written on one line that do not fit on that line.
    func inlineOverflow(_ node: Int, includeLeading: Bool) -> [Comment] {
        guard table.hasTrivia(node) else { return [] }
        let trivia = self.trivia(node)
        var result: [Comment] = []
        if table.isScalar(node) {
            if includeLeading { result.append(contentsOf: trivia.leading) }
            if let header = trivia.header, trivia.trailing != nil {
                switch decide(node, isKey: false).form {
                case .empty, .literal: result.append(header)
                case .plain, .doubleQuoted, .verbatim: break
                }
            }
        } else if isEmptyCollection(node) {
            if includeLeading { result.append(contentsOf: trivia.leading) }
            if let header = trivia.header, trivia.trailing != nil || !trivia.end.isEmpty { result.append(header) }
            result.append(contentsOf: trivia.end)
        }
        return result
    }

    /// The comment written on the line of an empty value, a block scalar's header or an empty
    /// collection, where there is room for one: the trailing comment, which comes last, when there
    /// is one; the header and any comments inside the brackets are hoisted before the line.
    func inlineComment(_ trivia: Trivia?) -> Comment? {
        guard let trivia else { return nil }
        if let trailing = trivia.trailing { return trailing }
        return trivia.end.isEmpty ? trivia.header : nil
    }

    /// The comment on a block collection's introducing line, and those after its last entry. A flow
    /// collection's trailing comment (`[a, b] # note`) moves to the introducing line when that is free
    /// and no comment inside the collection would then follow it.
    func blockSlots(_ node: Int) -> (header: Comment?, end: [Comment]) {
        guard table.hasTrivia(node) else { return (nil, []) }
        let trivia = self.trivia(node)
        var header = trivia.header
        var end = trivia.end
        if let trailing = trivia.trailing {
            if header == nil && end.isEmpty && !hasCommentsInside(node) {
                header = trailing
            } else {
                end.append(trailing)
            }
        }
        return (header, end)
    }

    /// Whether any node inside the collection `node` has comments.
    func hasCommentsInside(_ node: Int) -> Bool {
        (node + 1..<table.subtreeEnd(node)).contains { table.hasTrivia($0) }
    }

    mutating func writeComments(_ comments: [Comment], indent: Int, depth: Int, blankBeforeFirst: Bool = true) {
        for (position, comment) in comments.enumerated() {
            if comment.hasBlankLineBefore && (position > 0 || blankBeforeFirst) { blankLine(depth: depth) }
            writeIndent(indent)
            out.append(contentsOf: comment.text.utf8)
            newline()
        }
    }

    mutating func writeComment(_ comment: Comment) {
        out.append(0x20)
        out.append(contentsOf: comment.text.utf8)
    }

    // MARK: Scalars

    /// How to write a scalar, and the bytes to write.
    func decide(_ node: Int, isKey: Bool) -> (form: Form, bytes: UnsafeBufferPointer<UInt8>) {
        var bytes = valueBytes(node)
        var preserve = table.style(node) == ScalarStyle.plain.code
        if !overrideBits.isEmpty && overrideBits[node >> 6] & (1 << UInt64(node & 63)) != 0,
            let override = overrides[node]
        {
            if override.verbatim, let text = singleLineSourceText(node) {
                return (.verbatim, text)
            }
            if !override.asString {
                bytes = UnsafeBufferPointer(rebasing: overrideText[override.range])
            }
            if override.plain {
                return (bytes.isEmpty ? .empty : .plain, bytes)
            }
            preserve = override.verbatim && preserve
        }
        if preserve {
            if bytes.isEmpty { return (.empty, bytes) }
            if ScalarAnalysis.isWritablePlain(bytes, strict: false) { return (.plain, bytes) }
        }
        if !isKey, let header = ScalarAnalysis.literalHeader(bytes) {
            return (.literal(indicator: header.indicator, chomping: header.chomping), bytes)
        }
        if ScalarAnalysis.isPlainSafe(bytes) { return (.plain, bytes) }
        return (.doubleQuoted, bytes)
    }

    /// The source text of a scalar written on one line outside block style, if it was.
    func singleLineSourceText(_ node: Int) -> UnsafeBufferPointer<UInt8>? {
        let start = table.starts[node]
        guard start != NodeTable.synthetic else { return nil }
        let style = table.style(node)
        guard style != ScalarStyle.literal.code && style != ScalarStyle.folded.code else { return nil }
        let text = UnsafeBufferPointer(rebasing: source[Int(start)..<Int(table.ends[node])])
        guard !text.isEmpty, !text.contains(0x0A), !text.contains(0x0D),
            !text.indices.contains(where: { text[$0] >= 0x80 && ScalarAnalysis.needsEscape(text, at: $0) })
        else { return nil }
        return text
    }

    func valueBytes(_ node: Int) -> UnsafeBufferPointer<UInt8> {
        let (inArena, range) = table.scalarValueRange(node)
        return UnsafeBufferPointer(rebasing: (inArena ? arena : source)[range])
    }

    /// Whether a key must be written in the explicit `? key` form: a non-empty collection, an empty
    /// plain scalar, or a key too long for an implicit key (YAML readers stop looking for the `:` of
    /// an implicit key after 1024 characters).
    func needsExplicitKey(_ key: Int) -> Bool {
        if !table.isScalar(key) { return !isEmptyCollection(key) }
        let (form, bytes) = decide(key, isKey: true)
        return Self.needsExplicitKey(form, bytes)
    }

    static func needsExplicitKey(_ form: Form, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch form {
        case .empty: return true
        case .plain: return bytes.count > 1000
        case .doubleQuoted, .verbatim: return bytes.count > 250
        case .literal: return true
        }
    }

    mutating func writeScalarText(_ form: Form, _ bytes: UnsafeBufferPointer<UInt8>) {
        switch form {
        case .plain, .verbatim: out.append(contentsOf: bytes)
        case .doubleQuoted: ScalarAnalysis.appendDoubleQuoted(bytes, to: &out)
        case .empty, .literal: break
        }
    }

    /// Writes a literal block scalar from its header on; the header line is already started.
    mutating func writeLiteral(
        _ bytes: UnsafeBufferPointer<UInt8>, indicator: Bool, chomping: ScalarAnalysis.Chomping, comment: Comment?,
        contentIndent: Int
    ) {
        let start = out.count
        out.append(UInt8(ascii: "|"))
        if indicator { out.append(UInt8(ascii: "2")) }
        switch chomping {
        case .strip: out.append(UInt8(ascii: "-"))
        case .clip: break
        case .keep: out.append(UInt8(ascii: "+"))
        }
        if let comment { writeComment(comment) }
        newline()
        var end = bytes.count
        var trailingBreaks = 0
        while end > 0 && bytes[end - 1] == 0x0A {
            end -= 1
            trailingBreaks += 1
        }
        var lineStart = 0
        while lineStart <= end {
            var lineEnd = lineStart
            while lineEnd < end && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            if lineEnd > lineStart {
                writeIndent(contentIndent)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]))
            }
            newline()
            lineStart = lineEnd + 1
        }
        if chomping == .keep {
            for _ in 1..<trailingBreaks { newline() }
            // A keep literal absorbs the blank lines after it: none may follow.
            afterKeepLiteral = true
            keepLiteral = KeepLiteral(outputStart: start, outputEnd: out.count, value: Array(bytes), comment: comment)
        }
    }

    /// A `|+` literal at the very end would leave blank lines at the end of the file; such a value is
    /// written in double quotes instead.
    mutating func finishKeepLiteral() {
        guard let keep = keepLiteral, keep.outputEnd == out.count else { return }
        out.removeSubrange(keep.outputStart...)
        keep.value.withUnsafeBufferPointer { ScalarAnalysis.appendDoubleQuoted($0, to: &out) }
        if let comment = keep.comment { writeComment(comment) }
        out.append(0x0A)
    }

    // MARK: Collections

    func isEmptyCollection(_ node: Int) -> Bool {
        !table.isScalar(node) && table.subtreeEnd(node) == node + 1
    }

    mutating func writeEmptyCollection(_ node: Int) {
        if table.kind(node) == NodeTable.mappingKind {
            out.append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: "}")])
        } else {
            out.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
        }
    }

    /// A mapping's entries in the order to print them.
    func orderedEntries(_ mapping: Int) -> [(key: Int, value: Int)] {
        var entries: [(key: Int, value: Int)] = []
        var key = mapping + 1
        let end = table.subtreeEnd(mapping)
        while key < end {
            let value = table.subtreeEnd(key)
            guard value < end else { break }
            entries.append((key, value))
            key = table.subtreeEnd(value)
        }
        if let order = entryOrder[NodeID(index: mapping)], order.count == entries.count {
            return order.map { entries[$0] }
        }
        return entries
    }

    /// The entry printed first in a non-empty mapping.
    func firstEntry(_ mapping: Int) -> (key: Int, value: Int) {
        if entryOrder[NodeID(index: mapping)] != nil, let first = orderedEntries(mapping).first {
            return first
        }
        return (mapping + 1, table.subtreeEnd(mapping + 1))
    }

    func optionalTrivia(_ node: Int) -> Trivia? {
        table.hasTrivia(node) ? inSourceOrder(node, storage.trivia(of: node)) : nil
    }

    func trivia(_ node: Int) -> Trivia {
        table.hasTrivia(node) ? inSourceOrder(node, storage.trivia(of: node)) : Trivia()
    }

    /// A node's comments as the printer places them. The header of a scalar or an empty collection
    /// written before some of the node's own-line comments (`key: # note`, then comment lines, then
    /// the value) is printed as one of them, in its place: printed on the value's line, it would
    /// come after them. (A collection prints them after its header line instead.)
    func inSourceOrder(_ node: Int, _ trivia: Trivia) -> Trivia {
        guard let header = trivia.header, table.isScalar(node) || isEmptyCollection(node) else { return trivia }
        let leading = trivia.leadingAroundHeader
        guard !leading.after.isEmpty else { return trivia }
        var result = trivia
        result.leading = leading.before + [header] + leading.after
        result.header = nil
        return result
    }

    // MARK: Output

    mutating func writeIndent(_ count: Int) {
        var remaining = count
        while remaining > 0 {
            let chunk = min(remaining, Self.spaces.count)
            Self.spaces.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<chunk])) }
            remaining -= chunk
        }
    }

    mutating func newline() {
        out.append(0x0A)
        lastLineBlank = false
        afterKeepLiteral = false
        wroteAnything = true
    }

    /// One blank line, unless one was just written, nothing was written yet, a keep literal would
    /// absorb it, or the policy does not keep blank lines this deep.
    mutating func blankLine(depth: Int) {
        guard depth <= blankLineDepth, !lastLineBlank, !afterKeepLiteral, wroteAnything else { return }
        out.append(0x0A)
        lastLineBlank = true
    }

    mutating func flushIfNeeded() {
        guard let chunkSize, let sink, out.count >= chunkSize else { return }
        if let keep = keepLiteral {
            if keep.outputEnd == out.count { return }
            keepLiteral = nil
        }
        out.withUnsafeBufferPointer { sink($0) }
        out.removeAll(keepingCapacity: true)
    }
}
