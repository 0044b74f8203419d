/// A comment kept with the document: the text from `#` to the end of its line.
public struct Comment: Hashable, Sendable {
    /// The comment as written, starting with `#`, without trailing white space.
    public var text: String
    /// Whether at least one blank line separated this comment from what came before it.
    public var hasBlankLineBefore: Bool
    /// Where the comment's `#` was in the source; nil for a comment that was not read from a file.
    public var offset: Int?

    /// Creates a comment. `text` must start with `#` and be a single line.
    public init(text: String, hasBlankLineBefore: Bool = false, offset: Int? = nil) {
        self.text = text
        self.hasBlankLineBefore = hasBlankLineBefore
        self.offset = offset
    }
}

/// The comments that belong to one node, in the places a person writes them.
///
/// - `leading`: comments on lines of their own just before the node.
/// - `header`: an end-of-line comment after the indicator that introduces the node
///   (`key: # here` above a nested list, or `notes: | # here` on a block scalar's header).
/// - `trailing`: the end-of-line comment after the node's last character (`buy: true # here`).
/// - `end`: comments after the last entry of a collection, indented at least as deep as its entries.
public struct Trivia: Hashable, Sendable {
    /// Own-line comments before the node.
    public var leading: [Comment]
    /// The end-of-line comment on the line that introduces the node.
    public var header: Comment?
    /// The end-of-line comment after the node.
    public var trailing: Comment?
    /// Comments after a collection's last entry.
    public var end: [Comment]

    /// Creates trivia; every part defaults to empty.
    public init(leading: [Comment] = [], header: Comment? = nil, trailing: Comment? = nil, end: [Comment] = []) {
        self.leading = leading
        self.header = header
        self.trailing = trailing
        self.end = end
    }

    /// Whether the node has no comments at all.
    public var isEmpty: Bool {
        leading.isEmpty && header == nil && trailing == nil && end.isEmpty
    }

    /// Every comment in document order: leading, header, trailing, end.
    public var allComments: [Comment] {
        var result = leading
        if let header { result.append(header) }
        if let trailing { result.append(trailing) }
        result.append(contentsOf: end)
        return result
    }
}
