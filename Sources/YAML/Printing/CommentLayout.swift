/// Where the printer writes each node's comments. Canonical form puts some nodes on lines shared
/// with others (an implicit key and its value, a `-` and the first entry of a collection), where
/// not every comment has room; those comments move to lines of their own before the line, in the
/// order they were written.
struct CommentLayout {
    /// The document's storage, where the comments are.
    let storage: DocumentStorage
    /// The tree being printed.
    let tree: PrintedTree
    /// The scalars' forms, which decide whether a value has room for a comment on its line.
    let forms: ScalarForms

    /// Comments written on lines of their own before a mapping entry: the key's (an implicit key has
    /// no room for comments on its line) and those of a value written on the key's line.
    func hoisted(key: Int, value: Int) -> [Comment] {
        // A scalar key and its value without comments have none to hoist, whichever form the key
        // takes: the common case, known without deciding the key's form.
        if tree.table.isScalar(key) && !tree.table.hasTrivia(key) && !tree.table.hasTrivia(value) { return [] }
        // An explicit key (`? key`) is written like a sequence item, and so is its value (`: value`),
        // whose comments go before the `:` line.
        if forms.needsExplicitKey(key) { return hoisted(item: key) }
        guard tree.table.hasTrivia(key) || tree.table.hasTrivia(value) else { return [] }
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
        guard tree.table.hasTrivia(item) || !tree.table.isScalar(item) else { return [] }
        if !tree.table.hasTrivia(item) {
            // A collection without comments of its own hoists only its first entry's.
            if tree.isEmptyCollection(item) { return [] }
            if tree.table.kind(item) == NodeTable.mappingKind {
                let first = tree.firstEntry(item)
                return hoisted(key: first.key, value: first.value)
            }
            return hoisted(item: item + 1)
        }
        // A collection's own-line comments written after its header line stay after it.
        var result = trivia(item).leadingAroundHeader.before
        result.append(contentsOf: inlineOverflow(item, includeLeading: false))
        if !tree.table.isScalar(item) && !tree.isEmptyCollection(item) && blockSlots(item).header == nil {
            if tree.table.kind(item) == NodeTable.mappingKind {
                let first = tree.firstEntry(item)
                result.append(contentsOf: hoisted(key: first.key, value: first.value))
            } else {
                result.append(contentsOf: hoisted(item: item + 1))
            }
        }
        return result
    }

    /// Comments of a value written on one line that do not fit on that line.
    func inlineOverflow(_ node: Int, includeLeading: Bool) -> [Comment] {
        guard tree.table.hasTrivia(node) else { return [] }
        let trivia = self.trivia(node)
        var result: [Comment] = []
        if tree.table.isScalar(node) {
            if includeLeading { result.append(contentsOf: trivia.leading) }
            // A value on the line has room for a header and a trailing comment, one on each side
            // of a line break; an empty value or a block scalar's header line has room for one.
            if let header = trivia.header, trivia.trailing != nil {
                switch forms.decide(node, isKey: false).form {
                case .empty, .literal: result.append(header)
                case .plain, .doubleQuoted, .verbatim: break
                }
            }
        } else if tree.isEmptyCollection(node) {
            if includeLeading { result.append(contentsOf: trivia.leading) }
            let inside = endCommentsFollowLine(node) ? [] : trivia.end
            if let header = trivia.header, trivia.trailing != nil || !inside.isEmpty { result.append(header) }
            result.append(contentsOf: inside)
        }
        return result
    }

    /// Whether `node` is a block collection an edit left without entries. A collection read from a
    /// source is empty only in flow style (`[]`, `{}`), where its end comments were written inside
    /// the brackets and move before the line; a block collection's were written after its last
    /// entry, and stay after its line, where the next entry or the parent's end reads them back.
    func endCommentsFollowLine(_ node: Int) -> Bool {
        tree.isEmptyCollection(node) && tree.table.hasTrivia(node)
            && tree.table.style(node) != NodeTable.flowStyle
    }

    /// The comments of an empty collection printed in brackets: the one on its line, and those on
    /// lines of their own after it (see ``endCommentsFollowLine(_:)``; the others were hoisted).
    func emptyCollectionSlots(_ node: Int) -> (inline: Comment?, after: [Comment]) {
        guard let trivia = optionalTrivia(node) else { return (nil, []) }
        guard endCommentsFollowLine(node) else { return (inlineComment(trivia), []) }
        return (trivia.trailing ?? trivia.header, trivia.end)
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
        guard tree.table.hasTrivia(node) else { return (nil, []) }
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

    /// Whether the first line of the block collection `node`, written after a `-` with its first
    /// entry on the same line, has room at its end for one more comment: the entry is one scalar,
    /// or a key and a scalar value, written on that line without comments of their own.
    func firstLineHasRoom(_ node: Int) -> Bool {
        guard !tree.isEmptyCollection(node) else { return false }
        let table = tree.table
        var scalar = node + 1
        if table.kind(node) == NodeTable.mappingKind {
            let first = tree.firstEntry(node)
            guard table.isScalar(first.key), !table.hasTrivia(first.key), !forms.needsExplicitKey(first.key) else {
                return false
            }
            scalar = first.value
        }
        guard table.isScalar(scalar), !table.hasTrivia(scalar) else { return false }
        switch forms.decide(scalar, isKey: false).form {
        case .plain, .doubleQuoted, .verbatim: return true
        case .empty, .literal: return false
        }
    }

    /// Whether any node inside the collection `node` has comments.
    func hasCommentsInside(_ node: Int) -> Bool {
        (node + 1..<tree.table.subtreeEnd(node)).contains { tree.table.hasTrivia($0) }
    }

    /// A node's comments as the printer places them, or nil when it has none.
    func optionalTrivia(_ node: Int) -> Trivia? {
        tree.table.hasTrivia(node) ? inSourceOrder(node, storage.trivia(of: node)) : nil
    }

    /// A node's comments as the printer places them.
    func trivia(_ node: Int) -> Trivia {
        tree.table.hasTrivia(node) ? inSourceOrder(node, storage.trivia(of: node)) : Trivia()
    }

    /// A node's comments as the printer places them. The header of a scalar or an empty collection
    /// written before some of the node's own-line comments (`key: # note`, then comment lines, then
    /// the value) is printed as one of them, in its place: printed on the value's line, it would
    /// come after them. (A collection prints them after its header line instead.)
    func inSourceOrder(_ node: Int, _ trivia: Trivia) -> Trivia {
        guard let header = trivia.header, tree.table.isScalar(node) || tree.isEmptyCollection(node) else {
            return trivia
        }
        let leading = trivia.leadingAroundHeader
        guard !leading.after.isEmpty else { return trivia }
        var result = trivia
        result.leading = leading.before + [header] + leading.after
        result.header = nil
        return result
    }
}
