/// The immutable storage shared by a document and the node views taken from it.
final class DocumentStorage: Sendable {
    let source: SourceText
    let table: NodeTable
    let root: Int?
    let endComments: [Comment]

    init(source: SourceText, table: NodeTable, root: Int?, endComments: [Comment]) {
        self.source = source
        self.table = table
        self.root = root
        self.endComments = endComments
    }

    /// The comments of one node, gathered from the comment records.
    func trivia(of node: Int) -> Trivia {
        guard table.hasTrivia(node) else { return Trivia() }
        var trivia = Trivia()
        for position in table.commentRange(of: node) {
            let record = table.comments[position]
            let comment = self.comment(record)
            switch record.place {
            case .leading: trivia.leading.append(comment)
            case .header: trivia.header = comment
            case .trailing: trivia.trailing = comment
            case .end: trivia.end.append(comment)
            }
        }
        return trivia
    }

    func comment(_ record: CommentRecord) -> Comment {
        let range = Int(record.start)..<Int(record.start + record.length)
        let text = String(decoding: record.inArena ? table.arena[range] : source.bytes[range], as: UTF8.self)
        return Comment(
            text: text, hasBlankLineBefore: record.blankLineBefore, offset: record.inArena ? nil : Int(record.start))
    }
}

/// One YAML document read from a source: an immutable tree of nodes with their source positions and
/// the comments and blank lines that surrounded them.
///
/// Reading a document never expands anything: anchors, aliases, tags, directives and further
/// documents are refused with a ``YAMLError``. Mappings keep every entry in source order, so repeated
/// keys stay visible.
public struct Document: Sendable {
    let storage: DocumentStorage
}

extension Document {
    /// A document with no node, as an empty source reads.
    public init() {
        self.init(storage: DocumentStorage(source: SourceText(bytes: []), table: NodeTable(), root: nil, endComments: []))
    }

    /// The source the document was read from.
    public var source: SourceText { storage.source }

    /// The top node; nil when the source holds no node at all (empty, or only comments).
    public var root: Node? {
        storage.root.map { Node(storage: storage, index: $0) }
    }

    /// Comments after the last node that belong to no collection (or every comment of a source
    /// without nodes).
    public var endComments: [Comment] { storage.endComments }

    /// The number of nodes in the document.
    public var nodeCount: Int { storage.table.count }

    /// The node with the given identifier.
    public func node(_ id: NodeID) -> Node {
        precondition(id.index >= 0 && id.index < storage.table.count, "node identifier from another document")
        return Node(storage: storage, index: id.index)
    }

    /// Every comment in the document, in source order.
    public var allComments: [Comment] {
        let table = storage.table
        var result: [Comment] = []
        var open: [(index: Int, end: Int)] = []
        func close(upTo index: Int) {
            while let last = open.last, last.end <= index {
                open.removeLast()
                if table.hasTrivia(last.index) {
                    let trivia = storage.trivia(of: last.index)
                    result.append(contentsOf: trivia.end)
                    if let trailing = trivia.trailing { result.append(trailing) }
                }
            }
        }
        for index in 0..<table.count {
            close(upTo: index)
            let trivia = table.hasTrivia(index) ? storage.trivia(of: index) : nil
            if let trivia {
                let leading = trivia.leadingAroundHeader
                result.append(contentsOf: leading.before)
                if let header = trivia.header { result.append(header) }
                result.append(contentsOf: leading.after)
            }
            if table.isScalar(index) {
                if let trailing = trivia?.trailing { result.append(trailing) }
            } else {
                open.append((index, table.subtreeEnd(index)))
            }
        }
        close(upTo: Int.max)
        result.append(contentsOf: storage.endComments)
        return result
    }

    /// The line, column and offset of a byte offset in the source.
    public func location(at offset: Int) -> SourceLocation {
        storage.source.location(at: offset)
    }
}

extension Trivia {
    /// The leading comments written before the header, and those written after it: between the line
    /// that introduces the node (`key: # note`, `- # note`) and the node itself. Comments that were
    /// not read from a source count as before.
    var leadingAroundHeader: (before: [Comment], after: [Comment]) {
        guard let header = header?.offset else { return (leading, []) }
        let split = leading.firstIndex { ($0.offset ?? Int.min) > header } ?? leading.count
        return (Array(leading[..<split]), Array(leading[split...]))
    }
}

/// Limits that keep hostile input from costing unbounded time or memory.
public struct ParseLimits: Sendable {
    /// The deepest nesting of collections accepted.
    public var maximumDepth: Int

    /// Creates limits; the default depth is 256.
    public init(maximumDepth: Int = 256) {
        self.maximumDepth = maximumDepth
    }
}
