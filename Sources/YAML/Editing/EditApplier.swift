/// Applies a ``DocumentEdit`` to a node table in one pass: the rows are copied in order, with the
/// removed ones skipped and the new ones written where they go; subtree ends are set as each
/// collection closes; comments are carried to their nodes' new rows, or moved where a removed
/// entry's comments stay, and sorted once.
struct EditApplier {
    /// A run of old rows that is not copied. Rows are kept in 32 bits, as the table keeps them:
    /// a removal takes 16 bytes, not 40 (`clear --all` of 100,000 items plans some 60,000).
    struct Removal {
        private let first: UInt32
        private let past: UInt32
        private var parent: UInt32
        /// 0 when the comments go; else they stay, 1 without a first line, else its row plus 2.
        private let kept: UInt32

        init(start: Int, end: Int, container: Int, comments: DocumentEdit.RemovedComments) {
            first = UInt32(truncatingIfNeeded: start)
            past = UInt32(truncatingIfNeeded: end)
            parent = UInt32(truncatingIfNeeded: container)
            switch comments {
            case .drop: kept = 0
            case .keep(let firstLine): kept = firstLine.map { UInt32(truncatingIfNeeded: $0.index + 2) } ?? 1
            }
        }

        var start: Int { Int(first) }
        var end: Int { Int(past) }
        var container: Int {
            get { Int(parent) }
            set { parent = UInt32(truncatingIfNeeded: newValue) }
        }
        var comments: DocumentEdit.RemovedComments {
            switch kept {
            case 0: .drop
            case 1: .keep(firstLine: nil)
            default: .keep(firstLine: NodeID(index: Int(kept) - 2))
            }
        }
    }

    /// Rows to write before the old row `position`, inside `container`.
    struct InsertionPoint: Hashable {
        var position: Int
        var container: Int
    }

    /// A comment record of the result with what orders it among its node's comments: moved comments
    /// go before those the node already had in the same place.
    struct PlacedComment {
        var record: CommentRecord
        var priority: UInt8
        var sequence: Int
    }

    let old: NodeTable
    var removals: [Int: Removal] = [:]
    var replacements: [Int: Subtree] = [:]
    var insertions: [InsertionPoint: [Subtree]] = [:]
    /// Comments that replace all those of a node, by the node's old row.
    var commentOverrides: [Int: Trivia] = [:]
    /// Whether a blank line comes before a node, by the node's old row.
    var blankLines: [Int: Bool] = [:]
    /// The runs of old rows copied unchanged.
    var copied = RowCorrespondence()
    /// The row in the result of each old row whose subtree was replaced: where its replacement
    /// starts.
    var replacedRows: [Int: Int] = [:]
    var table = NodeTable()

    // MARK: Planning

    mutating func plan(_ changes: [DocumentEdit.Change]) {
        for change in changes {
            switch change {
            case .replace(let node, let rows):
                precondition(replacements[node] == nil, "a node replaced twice in one edit")
                replacements[node] = rows
            case .removeEntry(let key, let comments):
                let end = old.subtreeEnd(old.subtreeEnd(key))
                precondition(removals[key] == nil, "an entry removed twice in one edit")
                removals[key] = Removal(start: key, end: end, container: 0, comments: comments)
            case .removeItem(let item):
                precondition(removals[item] == nil, "an item removed twice in one edit")
                removals[item] = Removal(start: item, end: old.subtreeEnd(item), container: 0, comments: .drop)
            case .insert(let container, let before, let position, let rows):
                var at = before ?? old.subtreeEnd(container)
                if let position {
                    let children = old.children(of: container)
                    let step = old.kind(container) == NodeTable.mappingKind ? 2 : 1
                    if position * step < children.count { at = children[position * step] }
                }
                insertions[InsertionPoint(position: at, container: container), default: []].append(rows)
            case .setComments(let node, let trivia):
                precondition(commentOverrides[node] == nil, "a node's comments set twice in one edit")
                commentOverrides[node] = trivia
            case .setBlankLineBefore(let node, let blank):
                blankLines[node] = blank
            }
        }
        setContainers()
    }

    /// Sets the parent collection of each removed node, found in one pass (into the removals
    /// themselves: a table of them beside would cost 2 MB for `clear --all` of 100,000 items).
    private mutating func setContainers() {
        guard !removals.isEmpty else { return }
        var wanted = [Bool](repeating: false, count: old.count)
        for node in removals.keys where node >= 0 && node < old.count { wanted[node] = true }
        var open: [(index: Int, end: Int)] = []
        for index in 0..<old.count {
            while let last = open.last, last.end <= index { open.removeLast() }
            if wanted[index], let parent = open.last { removals[index]?.container = parent.index }
            if !old.isScalar(index) { open.append((index, old.subtreeEnd(index))) }
        }
    }

    // MARK: Rows

    mutating func run() -> NodeTable {
        table.reserve(old.count + insertions.values.reduce(0) { $0 + $1.reduce(0) { $0 + $1.nodeCount } })
        table.arena = old.arena
        var open: [(oldIndex: Int, newIndex: Int, end: Int)] = []
        // The rows where something happens, in order: every other row is only copied, without a
        // look at the changes.
        let marks = Set(removals.keys).union(replacements.keys).union(insertions.keys.map(\.position)).sorted()
        var nextMark = 0
        var index = 0
        while index <= old.count {
            while nextMark < marks.count && marks[nextMark] < index { nextMark += 1 }
            let marked = nextMark < marks.count && marks[nextMark] == index
            // Collections that end here take the rows appended to them, innermost first.
            while let last = open.last, last.end <= index {
                if marked { writeInsertions(at: InsertionPoint(position: index, container: last.oldIndex)) }
                table.aux[last.newIndex] = UInt32(table.count)
                open.removeLast()
            }
            guard index < old.count else { break }
            if marked {
                if let container = open.last?.oldIndex {
                    writeInsertions(at: InsertionPoint(position: index, container: container))
                }
                if let removal = removals[index] {
                    index = removal.end
                    continue
                }
            }
            if marked, let rows = replacements[index] {
                let first = table.count
                replacedRows[index] = first
                table.append(subtree: rows.table)
                table.flags[first] |= old.flags[index] & NodeTable.blankLineBit
                index = old.subtreeEnd(index)
                continue
            }
            // Up to the next row where something happens, or where an open collection ends, the
            // rows are copied as they are.
            var end = nextMark < marks.count && marks[nextMark] == index ? nextMark + 1 : nextMark
            end = end < marks.count ? marks[end] : old.count
            if let last = open.last { end = min(end, last.end) }
            copyRows(index..<end, open: &open)
            index = end
        }
        placeComments()
        keepBlankLinesOfRemovals()
        // Last: a blank line set explicitly is the one the node has, whatever a removal left.
        for (row, blank) in blankLines {
            if let new = newRow(row) { table.setFlag(NodeTable.blankLineBit, on: new, blank) }
        }
        return table
    }

    /// Copies old rows that nothing changes in one go (row by row, a copy cost some 200
    /// instructions a row: two fifths of `shop buy`'s edit of 100,000 items). Their subtree ends
    /// move by as much as the rows do; a collection that ends past them stays open, for the
    /// rows that follow to close.
    private mutating func copyRows(_ rows: Range<Int>, open: inout [(oldIndex: Int, newIndex: Int, end: Int)]) {
        let shift = table.count - rows.lowerBound
        copied.add(old: rows, shift: shift)
        table.flags.append(contentsOf: old.flags[rows])
        table.starts.append(contentsOf: old.starts[rows])
        table.lengths.append(contentsOf: old.lengths[rows])
        table.aux.append(contentsOf: old.aux[rows])
        // Rows are written in order, so the long ones' ends stay in node order.
        var long = LongEnd.position(of: rows.lowerBound, in: old.longEnds)
        while long < old.longEnds.count && Int(old.longEnds[long].node) < rows.upperBound {
            var entry = old.longEnds[long]
            entry.node = UInt32(truncatingIfNeeded: Int(entry.node) + shift)
            table.longEnds.append(entry)
            long += 1
        }
        for row in rows where !old.isScalar(row) {
            let end = Int(old.aux[row])
            if end < rows.upperBound {
                table.aux[row + shift] = UInt32(truncatingIfNeeded: end + shift)
            } else {
                open.append((row, row + shift, end))
            }
        }
    }

    private mutating func writeInsertions(at point: InsertionPoint) {
        guard let runs = insertions[point] else { return }
        for rows in runs { table.append(subtree: rows.table) }
    }

    /// The row in the result of old row `row`: where it was copied, or where the subtree that
    /// replaced it starts; nil for a row removed or inside a replaced subtree. (A table of every
    /// row's new row would cost 4 bytes a row, 4 MB at the peak of an edit of 100,000 items.)
    func newRow(_ row: Int) -> Int? {
        if !replacedRows.isEmpty, let replaced = replacedRows[row] { return replaced }
        return copied.newRow(ofOld: row)
    }

    /// The row in the result of the first old row from `position` on (stopping at `end`) that was
    /// kept, skipping removed runs; nil when there is none.
    func nextKept(from position: Int, end: Int) -> Int? {
        var candidate = position
        while candidate < end {
            if let removal = removals[candidate] {
                candidate = removal.end
                continue
            }
            return newRow(candidate)
        }
        return nil
    }

    // MARK: Blank lines

    /// A blank line before what was removed (before its comments, or before it when it had none)
    /// stays before what now comes there (comments that stayed included), unless the removed node
    /// was its collection's first: removing lines leaves the lines around them as they were.
    private mutating func keepBlankLinesOfRemovals() {
        for removal in removals.values.sorted(by: { $0.start < $1.start }) {
            guard removal.start != removal.container + 1 else { continue }
            let firstComment = firstCommentBefore(removal.start, in: old)
            let hadBlankLine = firstComment.map { old.comments[$0].blankLineBefore } ?? old.hasBlankLine(removal.start)
            guard hadBlankLine else { continue }
            let containerEnd = old.subtreeEnd(removal.container)
            guard let next = nextKept(from: removal.end, end: containerEnd) else { continue }
            if let comment = firstCommentBefore(next, in: table) {
                table.comments[comment].blankLineBefore = true
            } else {
                table.setFlag(NodeTable.blankLineBit, on: next)
            }
        }
    }

    /// The positions in `table.comments` of the records of nodes `start..<end`.
    func records(from start: Int, to end: Int, in table: NodeTable) -> Range<Int> {
        let lower = table.commentRange(of: start).lowerBound
        var upper = lower
        while upper < table.comments.count && Int(table.comments[upper].node) < end { upper += 1 }
        return lower..<upper
    }

    /// The position in `table.comments` of the first comment written on lines of their own above
    /// node `index`: the own-line comments of the node or of the nodes under it that stand before
    /// its first character, and before the comment on its `-` line if it has one (the printer
    /// writes those above the node). Nil when there is none.
    func firstCommentBefore(_ index: Int, in table: NodeTable) -> Int? {
        guard index < table.count, table.starts[index] != NodeTable.synthetic else { return nil }
        var limit = table.starts[index]
        for position in table.commentRange(of: index) where table.comments[position].place == .header {
            limit = min(limit, table.comments[position].start)
        }
        var first: Int?
        for position in records(from: index, to: table.subtreeEnd(index), in: table) {
            let record = table.comments[position]
            guard record.place == .leading, !record.inArena, record.start < limit else { continue }
            if first.map({ record.start < table.comments[$0].start }) ?? true { first = position }
        }
        return first
    }

    // MARK: Comments

    private mutating func placeComments() {
        var placed: [PlacedComment] = []
        placed.reserveCapacity(old.comments.count + table.comments.count)
        // Comments that came with inserted and replacing rows are already in `table`.
        var firstLineTaken: Set<Int> = []
        for (sequence, record) in table.comments.enumerated() {
            placed.append(PlacedComment(record: record, priority: 1, sequence: sequence))
            if record.place == .trailing || record.place == .header { firstLineTaken.insert(Int(record.node)) }
        }
        let base = table.comments.count
        for (position, record) in old.comments.enumerated() {
            guard let mapped = newRow(Int(record.node)) else { continue }
            var moved = record
            moved.node = UInt32(mapped)
            placed.append(PlacedComment(record: moved, priority: 1, sequence: base + position))
            if record.place == .trailing || record.place == .header { firstLineTaken.insert(Int(mapped)) }
        }
        var sequence = base + old.comments.count
        for removal in removals.values.sorted(by: { $0.start < $1.start }) {
            guard case .keep(let firstLine) = removal.comments else { continue }
            let recordRange = records(from: removal.start, to: removal.end, in: old)
            guard !recordRange.isEmpty else { continue }
            var ownLine: [CommentRecord] = []
            for position in recordRange {
                var record = old.comments[position]
                if record.place == .header || record.place == .trailing {
                    if let firstLine, let line = newRow(firstLine.index), table.isScalar(line),
                        firstLineTaken.insert(line).inserted
                    {
                        record.node = UInt32(line)
                        record.place = .trailing
                        record.blankLineBefore = false
                        placed.append(PlacedComment(record: record, priority: 0, sequence: sequence))
                        sequence += 1
                        continue
                    }
                    record.blankLineBefore = false
                }
                ownLine.append(record)
            }
            let containerEnd = old.subtreeEnd(removal.container)
            let target: (node: Int, place: CommentRecord.Place)
            if let next = nextKept(from: removal.end, end: containerEnd) {
                target = (next, .leading)
            } else {
                target = (newRow(removal.container) ?? 0, .end)
            }
            for var record in ownLine {
                record.node = UInt32(target.node)
                record.place = target.place
                placed.append(PlacedComment(record: record, priority: 0, sequence: sequence))
                sequence += 1
            }
        }
        if !commentOverrides.isEmpty {
            placeOverrides(&placed, sequence: &sequence)
        }
        placed.sort {
            ($0.record.node, $0.record.place.rawValue, $0.priority, $0.sequence)
                < ($1.record.node, $1.record.place.rawValue, $1.priority, $1.sequence)
        }
        table.comments = placed.map(\.record)
        table.normalizeCommentPlaces()
        for index in 0..<table.count { table.flags[index] &= ~NodeTable.triviaBit }
        for record in table.comments { table.flags[Int(record.node)] |= NodeTable.triviaBit }
    }
}

extension EditApplier {
    /// Drops the comments of the nodes whose comments are set (those they had, and those a
    /// replacing subtree brought for its top row) and puts the new ones in their place.
    mutating func placeOverrides(_ placed: inout [PlacedComment], sequence: inout Int) {
        var targets: [UInt32: Trivia] = [:]
        for (node, trivia) in commentOverrides {
            guard let row = newRow(node) else { continue }
            targets[UInt32(row)] = trivia
        }
        guard !targets.isEmpty else { return }
        placed.removeAll { targets[$0.record.node] != nil && $0.priority == 1 }
        for (node, trivia) in targets.sorted(by: { $0.key < $1.key }) {
            let parts: [(CommentRecord.Place, [Comment])] = [
                (.leading, trivia.leading), (.header, trivia.header.map { [$0] } ?? []),
                (.trailing, trivia.trailing.map { [$0] } ?? []), (.end, trivia.end),
            ]
            for (place, comments) in parts {
                for comment in comments {
                    let record = table.arenaRecord(of: comment, node: Int(node), place: place)
                    placed.append(PlacedComment(record: record, priority: 1, sequence: sequence))
                    sequence += 1
                }
            }
        }
    }
}

