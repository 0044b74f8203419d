import YAML

/// Whether nodes of two documents hold the same YAML data: the same kinds, the same entries and
/// items in the same order, and scalars that a YAML reader reads as the same value. A quoted
/// scalar and a plain one are the same string when the plain one reads as a string (`"milk"` and
/// `milk`), not when it reads as something else (`"5"` is text, `5` a number); every null (``,
/// `~`, `null`) is the same. Styles (block or flow, which quotes) and comments do not count.
enum YAMLData {
    /// Whether node `left` of `leftNodes` and node `right` of `rightNodes` are the same data.
    static func equal(_ left: Int, _ leftNodes: RawNodes, _ right: Int, _ rightNodes: RawNodes) -> Bool {
        if leftNodes.isScalar(left) {
            return rightNodes.isScalar(right) && scalarsEqual(left, leftNodes, right, rightNodes)
        }
        guard leftNodes.isMapping(left) == rightNodes.isMapping(right), !rightNodes.isScalar(right) else {
            return false
        }
        var leftChild = left + 1
        var rightChild = right + 1
        let leftEnd = leftNodes.subtreeEnd(left)
        let rightEnd = rightNodes.subtreeEnd(right)
        while leftChild < leftEnd && rightChild < rightEnd {
            guard equal(leftChild, leftNodes, rightChild, rightNodes) else { return false }
            leftChild = leftNodes.subtreeEnd(leftChild)
            rightChild = rightNodes.subtreeEnd(rightChild)
        }
        return leftChild == leftEnd && rightChild == rightEnd
    }

    /// Whether two scalars read as the same value.
    static func scalarsEqual(_ left: Int, _ leftNodes: RawNodes, _ right: Int, _ rightNodes: RawNodes) -> Bool {
        let leftPlain = leftNodes.isPlain(left)
        let rightPlain = rightNodes.isPlain(right)
        let leftValue = leftNodes.value(left)
        let rightValue = rightNodes.value(right)
        if leftPlain && rightPlain {
            if ScalarText.isNull(leftValue) { return ScalarText.isNull(rightValue) }
            return sameBytes(leftValue, rightValue)
        }
        guard sameBytes(leftValue, rightValue) else { return false }
        if !leftPlain && !rightPlain { return true }
        let plainValue = leftPlain ? leftValue : rightValue
        return !ScalarText.isNull(plainValue) && !ScalarAnalysis.resolvesToNonString(plainValue)
    }

    /// Whether two byte buffers hold the same bytes.
    @inline(__always)
    static func sameBytes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        var index = 0
        while index < left.count {
            if left[index] != right[index] { return false }
            index += 1
        }
        return true
    }
}

/// The comments of nodes, compared by their texts and places (not by where in the file they were
/// or by the blank lines around them). An end-of-line comment is one place, whether it ends the
/// line that introduces a node (`notes: > # note`) or the node's own line (`notes: text # note`):
/// the canonical form moves it from one to the other when it changes how the value is written.
enum CommentComparison {
    /// The comment texts of one node, each after a mark of its place.
    static func texts(of node: Int, in document: Document) -> [String] {
        let trivia = document.node(NodeID(index: node)).trivia
        guard !trivia.isEmpty else { return [] }
        var result: [String] = []
        for comment in trivia.leading { result.append("L" + comment.text) }
        if let header = trivia.header { result.append("T" + header.text) }
        if let trailing = trivia.trailing { result.append("T" + trailing.text) }
        for comment in trivia.end { result.append("E" + comment.text) }
        return result
    }

    /// Whether two nodes have the same comments of their own.
    static func sameOwn(_ left: Int, in leftDocument: Document, _ right: Int, in rightDocument: Document) -> Bool {
        texts(of: left, in: leftDocument) == texts(of: right, in: rightDocument)
    }

    /// The comments of the nodes strictly inside a subtree, in node order, each after the node's
    /// position in the subtree.
    static func nestedTexts(of node: Int, in document: Document, nodes: RawNodes) -> [String] {
        var result: [String] = []
        let end = nodes.subtreeEnd(node)
        var index = node + 1
        while index < end {
            if nodes.hasComments(index) {
                for text in texts(of: index, in: document) { result.append("\(index - node):" + text) }
            }
            index += 1
        }
        return result
    }

    /// Whether the nodes inside two subtrees have the same comments.
    static func sameNested(
        _ left: Int, in leftDocument: Document, _ leftNodes: RawNodes, _ right: Int, in rightDocument: Document,
        _ rightNodes: RawNodes
    ) -> Bool {
        if leftNodes.isScalar(left) && rightNodes.isScalar(right) { return true }
        return nestedTexts(of: left, in: leftDocument, nodes: leftNodes)
            == nestedTexts(of: right, in: rightDocument, nodes: rightNodes)
    }
}
