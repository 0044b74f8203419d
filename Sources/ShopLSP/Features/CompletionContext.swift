/// What is being typed at a place in a shop file: a top-level key, an item's key, or the value of
/// one, with the text a completion replaces and the keys the mapping has already.
///
/// It is worked out from the lines around the place, not from the parsed document, so that a
/// document that does not read as YAML (a key half typed, without its `:` yet) still gets
/// completions. Block mappings are followed by their indentation; a flow mapping is followed on
/// its line (`- {name: Tea, pr`).
struct CompletionContext: Equatable {
    /// What the text at the place is.
    enum Target: Equatable {
        /// A key of the top-level mapping.
        case listKey
        /// A key of an item.
        case itemKey
        /// The value of the top-level key written here.
        case listValue(String)
        /// The value of the item key written here.
        case itemValue(String)
        /// A category in a store's aisle order, under `stores:`.
        case storeCategory
    }

    /// What is typed.
    var target: Target
    /// The bytes a completion replaces: what was typed of the word before the place, and the rest
    /// of the word (or of the value) after it.
    var replaced: Range<Int>
    /// Where the place is.
    var cursor: Int
    /// The keys the mapping has besides the one being typed.
    var presentKeys: Set<String>
    /// Whether a `:` follows the key being typed already.
    var hasColon: Bool
    /// Whether a space must be put before what is inserted: a value right after its `:`, or the
    /// first key of an item right after its bare `-`.
    var needsSpace: Bool
    /// Whether the value is inside a flow collection, where `,` `[` `]` `{` `}` need quotes.
    var inFlow: Bool

    /// The context at byte `offset` of `bytes`, whose lines `lines` indexes; nil where nothing is
    /// completed (a comment, a sequence entry, a value under a key of another mapping, ...).
    init?(bytes: [UInt8], lines: LineIndex, offset: Int) {
        let reader = LineReader(bytes: bytes, lines: lines)
        let line = lines.line(containing: min(max(offset, 0), bytes.count))
        let start = LineShape.start(of: line, in: bytes, lines: lines)
        let end = lines.contentEnd(of: line, in: bytes)
        let cursor = min(max(offset, start), end)
        let shape = LineShape(bytes, start: start, end: end)
        self.cursor = cursor
        inFlow = false
        hasColon = false
        needsSpace = false
        presentKeys = []
        target = .listKey
        replaced = cursor..<cursor
        // A store's category: an entry of a block sequence under a store's key under `stores:`.
        if let dashColumn = shape.dashColumn, cursor >= start + shape.contentColumn,
            reader.isStoreEntry(line: line, dashColumn: dashColumn)
        {
            let content = start + shape.contentColumn
            guard shape.key == nil, !Self.containsComment(bytes[content..<cursor]),
                content == cursor || !Self.startsNestedValue.contains(bytes[content])
            else { return nil }
            target = .storeCategory
            replaced = content..<Self.valueEnd(bytes, from: cursor, to: end, inFlow: false)
            return
        }
        // A bare `-` that ends the line starts an item whose first key comes next: completed as
        // after `- `, with the space put before the key.
        let dash = start + shape.indent
        if !shape.isBlank, shape.dashColumn == nil, dash + 1 == end, bytes[dash] == LineShape.dash, cursor == end {
            guard reader.isItemEntry(line: line, dashColumn: shape.indent) else { return nil }
            target = .itemKey
            needsSpace = true
            presentKeys = reader.itemKeys(entry: line, dashColumn: shape.indent, keyColumn: shape.indent + 2, skipping: line)
            return
        }
        let keyColumn: Int
        let dashColumn: Int?
        if shape.isBlank {
            // Keys may be typed on a line of spaces, at the cursor's column; not in a comment.
            guard shape.indent == end - start else { return nil }
            keyColumn = cursor - start
            dashColumn = nil
        } else {
            guard cursor >= start + shape.contentColumn else { return nil }
            keyColumn = shape.contentColumn
            dashColumn = shape.dashColumn
        }
        let content = start + keyColumn

        if let flow = FlowScan(bytes, from: content, to: cursor) {
            guard flow.openMappings == 1, let brace = flow.innermostMapping else { return nil }
            let isItem: Bool
            if brace == content, let dashColumn {
                isItem = reader.isItemEntry(line: line, dashColumn: dashColumn)
            } else {
                isItem = reader.isItemsFlowSequence(line: line, bracket: flow.outermost, brace: brace)
            }
            guard isItem else { return nil }
            inFlow = true
            presentKeys = Self.flowKeys(bytes, after: brace, to: end, skippingAt: cursor)
            guard read(bytes, from: flow.entryStart, to: end, item: true) else { return nil }
            return
        }

        let isItem: Bool
        if dashColumn == nil && keyColumn == 0 {
            isItem = false
            presentKeys = reader.topLevelKeys(skipping: line)
        } else {
            let entry: (line: Int, dashColumn: Int)
            if let dashColumn {
                entry = (line, dashColumn)
            } else {
                guard let found = reader.entryStart(above: line, keyColumn: keyColumn) else { return nil }
                entry = found
            }
            guard reader.isItemEntry(line: entry.line, dashColumn: entry.dashColumn) else { return nil }
            isItem = true
            presentKeys = reader.itemKeys(entry: entry.line, dashColumn: entry.dashColumn, keyColumn: keyColumn, skipping: line)
        }
        guard read(bytes, from: content, to: end, item: isItem) else { return nil }
    }

    /// Reads the key or `key: value` that starts at `start`, up to `end` (the end of the line, or
    /// of the flow entry): sets the target and the replaced range; false when the cursor is in
    /// something else (a comment, a block scalar, a nested collection).
    private mutating func read(_ bytes: [UInt8], from start: Int, to end: Int, item: Bool) -> Bool {
        var first = start
        while first < cursor && bytes[first] == LineShape.space { first += 1 }
        let typed = bytes[first..<cursor]
        if typed.first == LineShape.hash || Self.containsComment(typed) { return false }
        if let (key, colon, _) = LineShape.key(in: bytes, from: first, to: cursor) {
            var valueStart = colon + 1
            while valueStart < cursor && bytes[valueStart] == LineShape.space { valueStart += 1 }
            if valueStart < cursor, Self.startsNestedValue.contains(bytes[valueStart]) { return false }
            needsSpace = colon + 1 == cursor
            target = item ? .itemValue(key) : .listValue(key)
            replaced = valueStart..<Self.valueEnd(bytes, from: cursor, to: end, inFlow: inFlow)
            return true
        }
        guard typed.allSatisfy(Self.isKeyByte), typed.first != LineShape.dash else { return false }
        var wordEnd = cursor
        while wordEnd < end && Self.isKeyByte(bytes[wordEnd]) { wordEnd += 1 }
        var next = wordEnd
        while next < end && bytes[next] == LineShape.space { next += 1 }
        hasColon = next < end && bytes[next] == LineShape.colon
        target = item ? .itemKey : .listKey
        replaced = first..<wordEnd
        return true
    }

    /// Where a value being typed ends: before a comment and trailing spaces, or, in a flow
    /// mapping, before the `,` or `}` that ends the entry; never before the cursor.
    private static func valueEnd(_ bytes: [UInt8], from cursor: Int, to end: Int, inFlow: Bool) -> Int {
        var position = cursor
        var quote: UInt8?
        while position < end {
            let byte = bytes[position]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == LineShape.hash && position > 0 && bytes[position - 1] == LineShape.space {
                break
            } else if inFlow && (byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}")) {
                break
            }
            position += 1
        }
        while position > cursor && bytes[position - 1] == LineShape.space { position -= 1 }
        return position
    }

    /// The keys of the flow mapping opened at `brace`, up to its `}` or `end`, but for the entry
    /// that holds `cursor`.
    private static func flowKeys(_ bytes: [UInt8], after brace: Int, to end: Int, skippingAt cursor: Int) -> Set<String> {
        var keys: Set<String> = []
        var entryStart = brace + 1
        var depth = 0
        var quote: UInt8?
        var position = brace + 1
        func finish(_ entryEnd: Int) {
            guard !(entryStart...entryEnd).contains(cursor) else { return }
            var first = entryStart
            while first < entryEnd && bytes[first] == LineShape.space { first += 1 }
            if let (key, _, _) = LineShape.key(in: bytes, from: first, to: entryEnd) { keys.insert(key) }
        }
        while position < end {
            let byte = bytes[position]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                if depth == 0 { break }
                depth -= 1
            } else if byte == UInt8(ascii: ","), depth == 0 {
                finish(position)
                entryStart = position + 1
            }
            position += 1
        }
        finish(position)
        return keys
    }

    /// Whether `bytes` hold a comment: a `#` at their start or after a space.
    private static func containsComment(_ bytes: ArraySlice<UInt8>) -> Bool {
        var previous = LineShape.space
        for byte in bytes {
            if byte == LineShape.hash && previous == LineShape.space { return true }
            previous = byte
        }
        return false
    }

    /// Bytes that may be part of a key being typed.
    private static func isKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case LineShape.space, LineShape.colon, LineShape.hash, 0x09, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "'"):
            false
        default: true
        }
    }

    /// The first bytes of values that are not scalars typed on the line: a block scalar, a flow
    /// sequence or mapping, an anchor, an alias, a tag.
    private static let startsNestedValue: Set<UInt8> = Set("|>[{&*!".utf8)
}

/// The brackets and braces open at the end of a stretch of a line, outside quotes.
struct FlowScan {
    /// The offsets of the open `{` and `[`, outermost first.
    private(set) var open: [Int] = []
    /// Where the flow entry being typed begins: after the last `,` or opening bracket.
    private(set) var entryStart: Int
    private let bytes: [UInt8]

    /// The scan of `start..<end`; nil when no bracket or brace is open at `end`.
    init?(_ bytes: [UInt8], from start: Int, to end: Int) {
        self.bytes = bytes
        entryStart = start
        var quote: UInt8?
        var position = start
        while position < end {
            let byte = bytes[position]
            if let opening = quote {
                if byte == opening { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                open.append(position)
                entryStart = position + 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                if !open.isEmpty { open.removeLast() }
                entryStart = position + 1
            } else if byte == UInt8(ascii: ","), !open.isEmpty {
                entryStart = position + 1
            }
            position += 1
        }
        if open.isEmpty { return nil }
    }

    /// How many `{` are open.
    var openMappings: Int { open.filter { bytes[$0] == UInt8(ascii: "{") }.count }
    /// The innermost open bracket, when it is a `{`.
    var innermostMapping: Int? { open.last.flatMap { bytes[$0] == UInt8(ascii: "{") ? $0 : nil } }
    /// The outermost open bracket or brace.
    var outermost: Int { open[0] }
}
