import YAML

/// What a merge of long lists learns of one version by reading it in parts (see
/// ``SettledMerge``): where each item's lines are, whether they are plain, and a digest of them;
/// for ours, each plain item's canonical text.
///
/// An item is plain when its lines hold nothing but its keys, scalar values and comments in block
/// style: its `-` on its first line, every comment of it on its lines or above them, no `|+`
/// literal, no flow collection, no tag or anchor. A plain item's lines (and the lines above them,
/// for its comments there) are all of it: two plain items with the same lines are the same item,
/// written the same way, wherever they stand.
struct VersionOutline: Sendable {
    /// One item, in file order.
    struct Item: Sendable {
        /// Where the first line of its comments above it starts; `start` when it has none there.
        var head: UInt32
        /// Where its first line starts in the text.
        var start: UInt32
        /// Where its lines end (past the last line's line break); equal to `start` when the item
        /// is not plain.
        var end: UInt32
        /// A digest of its lines; 0 when it is not plain.
        var digest: UInt64

        var isPlain: Bool { end > start }
        var lines: Range<Int> { Int(start)..<Int(end) }
    }

    /// The items, in file order.
    var items: [Item] = []
    /// The decimals prices have in the list's currency.
    var decimals = 0
    /// Ours only: the canonical text of every plain item, one after another, and where each
    /// item's is (an empty range for an item not plain).
    var printed: [UInt8] = []
    var printedRanges: [Range<UInt32>] = []
    /// With `identifying`: every item's name and id as written, which match the items of two
    /// versions (see ``DiffWindows``).
    var identities: VersionItems?

    /// The outline of the list `bytes` hold, or nil when the list cannot be merged in outline: it
    /// is not read in parts, breaks a rule by which merge tells items apart, has a mapping whose
    /// keys do not start with the one the canonical form puts first, or `bytes` hold a carriage
    /// return or `reserved` (which the merge writes in its place). With `printing`, the plain
    /// items are printed as the canonical form prints them; with `identifying`, each item's name
    /// and id are kept.
    static func read(_ bytes: [UInt8], printing: Bool, identifying: Bool = false, reserved: [UInt8]) -> VersionOutline? {
        guard !bytes.contains(UInt8(ascii: "\r")), !ByteSearch.contains(bytes, reserved) else { return nil }
        var outline = VersionOutline()
        if printing {
            outline.printed.reserveCapacity(bytes.count + bytes.count / 8 + 4096)
            outline.printedRanges.reserveCapacity(bytes.count / 64)
        }
        outline.items.reserveCapacity(bytes.count / 64)
        if identifying { outline.identities = VersionItems(prices: false) }
        var print = EntryPrint()
        var usable = true
        func take(_ part: ShoppingList) {
            guard usable, let sequence = part.itemsNode else {
                usable = false
                return
            }
            let first = outline.items.count
            if outline.identities != nil {
                do throws(VersionReading.Unreadable) { try outline.identities?.add(part) } catch { usable = false }
            }
            part.document.withRawNodes { nodes in
                for record in part.records {
                    let node = Int(record.node)
                    if CanonicalOrder.startsOutOfOrder(node, item: true, nodes) { usable = false }
                    outline.items.append(item(node, nodes, part.document))
                }
            }
            guard usable, printing else { return }
            // Each of the part's items gets its text (none for one that is not plain).
            var itemOfEntry: [Int: Int] = [:]
            for (offset, record) in part.records.enumerated() { itemOfEntry[Int(record.node)] = first + offset }
            let empty = UInt32(truncatingIfNeeded: outline.printed.count)
            outline.printedRanges.append(contentsOf: repeatElement(empty..<empty, count: part.records.count))
            print.print(
                part: part.document, sequence: sequence, firstPosition: first,
                policy: CanonicalForm.policy(for: part, topLevel: false),
                chosen: { entry in itemOfEntry[entry].map { outline.items[$0].isPlain } ?? false },
                { entry, text in
                    guard let item = itemOfEntry[entry] else { return }
                    let start = UInt32(truncatingIfNeeded: outline.printed.count)
                    outline.printed.append(contentsOf: text)
                    outline.printedRanges[item] = start..<UInt32(truncatingIfNeeded: outline.printed.count)
                })
        }
        let read = ShoppingList.checkInParts(bytes, rules: VersionReading.mergeRules) { part, _ in take(part) }
        guard case .success(.parts(let findings, let rest)) = read, findings.isEmpty else { return nil }
        take(rest)
        guard usable, let root = rest.document.root?.id.index else { return nil }
        let rootInOrder = rest.document.withRawNodes { !CanonicalOrder.startsOutOfOrder(root, item: false, $0) }
        guard rootInOrder else { return nil }
        outline.decimals = rest.priceDecimals
        return outline
    }

    /// An item's lines and their digest, when it is plain.
    private static func item(_ node: Int, _ nodes: RawNodes, _ document: Document) -> Item {
        let source = nodes.sourceBytes
        guard let plain = plainLines(node, nodes, document) else {
            let offset = UInt32(truncatingIfNeeded: nodes.startOffset(node) ?? 0)
            return Item(head: offset, start: offset, end: offset, digest: 0)
        }
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: source[plain.lines])))
        return Item(
            head: UInt32(truncatingIfNeeded: plain.head), start: UInt32(truncatingIfNeeded: plain.lines.lowerBound),
            end: UInt32(truncatingIfNeeded: plain.lines.upperBound), digest: UInt64(bitPattern: Int64(hasher.finalize())))
    }

    /// The lines of a plain item (see ``VersionOutline``), from the start of its `-` line to past
    /// the line break that ends its last line, and where its first comment is when that is above
    /// its lines; nil when it is not plain.
    static func plainLines(_ node: Int, _ nodes: RawNodes, _ document: Document) -> (lines: Range<Int>, head: Int)? {
        let source = nodes.sourceBytes
        guard nodes.isMapping(node), !nodes.isFlow(node), let start = nodes.startOffset(node) else { return nil }
        var lineStart = start
        while lineStart > 0 && source[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        let subtree = node..<nodes.subtreeEnd(node)
        // Where the item's comments are: each one met among its lines must be one of them.
        var comments: [Int] = []
        for index in subtree where nodes.hasComments(index) {
            let trivia = document.node(NodeID(index: index)).trivia
            for comment in trivia.leading + [trivia.header, trivia.trailing].compactMap({ $0 }) + trivia.end {
                guard let offset = comment.offset else { return nil }
                comments.append(offset)
            }
        }
        comments.sort()
        /// Whether `gap` holds only what may stand between scalars, and comments of the item.
        func structure(_ gap: Range<Int>) -> Bool {
            var index = gap.lowerBound
            while index < gap.upperBound {
                let byte = source[index]
                if byte == UInt8(ascii: "#") {
                    guard comments.contains(index) else { return false }
                    while index < gap.upperBound && source[index] != UInt8(ascii: "\n") { index += 1 }
                    continue
                }
                guard isStructure(byte) else { return false }
                index += 1
            }
            return true
        }
        var cursor = lineStart
        var first = true
        for index in subtree.dropFirst() {
            guard nodes.isScalar(index) else {
                if nodes.isFlow(index) { return nil }
                continue
            }
            guard let from = nodes.startOffset(index), let to = nodes.endOffset(index), from >= cursor, to >= from,
                to <= source.count
            else { return nil }
            guard first ? isDashLine(source[cursor..<from]) : structure(cursor..<from) else { return nil }
            let style = nodes.scalarStyle(index)
            // A `|+` literal keeps its blank lines, and changes how what follows it is printed.
            if style == .literal || style == .folded,
                source[from..<to].prefix(while: { $0 != UInt8(ascii: "\n") }).contains(UInt8(ascii: "+"))
            {
                return nil
            }
            first = false
            cursor = to
        }
        guard !first else { return nil }
        // The rest of the last line (a block scalar ends past its line break): spaces and a
        // comment of the item, then its line break or the end of the text.
        if source[cursor - 1] != UInt8(ascii: "\n") {
            while cursor < source.count && (source[cursor] == UInt8(ascii: " ") || source[cursor] == UInt8(ascii: "\t")) {
                cursor += 1
            }
            if cursor < source.count && source[cursor] == UInt8(ascii: "#") {
                guard comments.contains(cursor) else { return nil }
                while cursor < source.count && source[cursor] != UInt8(ascii: "\n") { cursor += 1 }
            }
            if cursor < source.count {
                guard source[cursor] == UInt8(ascii: "\n") else { return nil }
                cursor += 1
            }
        }
        // Every comment of the item is on its lines, or above them.
        var head = lineStart
        if let last = comments.last, last >= cursor { return nil }
        if let lowest = comments.first, lowest < head {
            head = lowest
            while head > 0 && source[head - 1] != UInt8(ascii: "\n") { head -= 1 }
        }
        return (lineStart..<cursor, head)
    }

    /// Spaces, a `-`, and at least one space: what comes before an item's first key on its line.
    private static func isDashLine(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let dash = bytes.firstIndex(of: UInt8(ascii: "-")) else { return false }
        let after = bytes[(dash + 1)...]
        return bytes[..<dash].allSatisfy { $0 == UInt8(ascii: " ") } && !after.isEmpty
            && after.allSatisfy { $0 == UInt8(ascii: " ") }
    }

    /// What may stand between the scalars of a plain item: white space, line breaks, the `:` after
    /// a key, the `-` of a nested item, and quotes (a quoted scalar's may be outside its range).
    private static func isStructure(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: ":"), UInt8(ascii: "-"),
            UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "|"), UInt8(ascii: ">"):
            true
        default: false
        }
    }
}
