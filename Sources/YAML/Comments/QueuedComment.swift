/// A comment found in the source between two events, waiting for ``CommentAttribution`` to give it
/// its place.
struct QueuedComment: Equatable {
    /// The offset of its `#`.
    var start: Int
    /// The offset just past its text, without trailing white space.
    var end: Int
    /// The column of its `#`, in bytes: how deep it is indented.
    var column: Int
    /// What precedes it on its line.
    var precededBy: Precedent
    /// Whether a blank line came since the last node, comment or indicator before it.
    var blankLineSince: Bool
    /// Whether an indicator (`-`, `?`, `:`, ...) came between the block collections that just ended
    /// and this comment: the comment then belongs to what follows, not to those collections.
    var afterIndicator: Bool
}

/// What the tree builder read last before a gap: what an end-of-line comment right after it
/// belongs to.
enum LastToken: Equatable {
    /// Nothing yet.
    case nothing
    /// The last character of this node: a scalar or a closing bracket.
    case node(Int)
    /// The opening bracket of this collection.
    case openingBracket(Int)
}

/// What precedes a comment on its line.
enum Precedent: Equatable {
    /// Nothing: the comment is on a line of its own.
    case nothing
    /// The end of this node, possibly followed by a `,` or a closing bracket (`a # note`,
    /// `[a, b] # note`, `a, # note`).
    case node(Int)
    /// The opening bracket of this collection (`[ # note`).
    case openingBracket(Int)
    /// An indicator that introduces the next node: `:`, `-`, `?`, `---`.
    case indicator
    /// Something no comment belongs to, such as the document end marker `...`: the comment is
    /// placed as if it were on a line of its own.
    case other

    /// Whether a comment with this precedent is placed as one on a line of its own.
    var placesOnOwnLine: Bool {
        switch self {
        case .nothing, .other: true
        case .node, .openingBracket, .indicator: false
        }
    }

    /// What precedes a comment, from what the gap scanner saw before it on its line: `ownLine`
    /// when nothing but white space, else `lastMark`, the last indicator or separator in the gap,
    /// or, when there is none, `followsToken`, whether the line's content before the gap is the
    /// token read last.
    static func classify(ownLine: Bool, lastMark: UInt8?, followsToken: Bool, lastToken: LastToken) -> Precedent {
        if ownLine { return .nothing }
        if let lastMark {
            switch lastMark {
            case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if case .node(let node) = lastToken { return .node(node) }
                return .other
            case UInt8(ascii: "."):
                return .other
            default:
                return .indicator
            }
        }
        guard followsToken else { return .other }
        switch lastToken {
        case .node(let node): return .node(node)
        case .openingBracket(let node): return .openingBracket(node)
        case .nothing: return .other
        }
    }
}

/// The blank lines seen in the source and not yet given to a node or a comment.
struct BlankLines: Equatable {
    /// A blank line since the last node, comment or indicator.
    var pending = false
    /// A blank line before an indicator (`-`, `?`, ...): it belongs to the node the indicator
    /// introduces, not to comments after the indicator.
    var beforeIndicator = false

    /// Whether there is none.
    var isEmpty: Bool { !pending && !beforeIndicator }

    /// Notes an indicator: a blank line seen so far is the introduced node's.
    @inline(__always)
    mutating func indicator() {
        if pending {
            beforeIndicator = true
            pending = false
        }
    }
}
