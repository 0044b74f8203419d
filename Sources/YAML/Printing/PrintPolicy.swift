/// What a caller decides about printing that the YAML layer cannot know: the order of a mapping's
/// entries, how particular scalars are written, and where blank lines are kept.
///
/// Everything not mentioned is printed as read: entries in source order, a plain scalar stays plain
/// when it can, and any other scalar is written as a string in the safest readable form.
public struct PrintPolicy: Sendable {
    /// For a mapping, the positions of its entries in the order to print them (a permutation of
    /// `0..<count`).
    public var entryOrder: [NodeID: [Int]]
    /// How to write particular scalars.
    public var scalarRenderings: [NodeID: ScalarRendering]
    /// Blank lines written by the author are kept (one of a run) before the entries of collections
    /// nested at most this deep; the top-level collection is at depth 0.
    public var blankLineDepth: Int

    /// Creates a policy; by default nothing is reordered or rewritten and blank lines are kept before
    /// the entries of the top-level collection and of the collections directly inside it.
    public init(
        entryOrder: [NodeID: [Int]] = [:], scalarRenderings: [NodeID: ScalarRendering] = [:], blankLineDepth: Int = 1
    ) {
        self.entryOrder = entryOrder
        self.scalarRenderings = scalarRenderings
        self.blankLineDepth = blankLineDepth
    }
}

/// How the printer writes one scalar.
public enum ScalarRendering: Hashable, Sendable {
    /// The node's own value, read as a string: plain only where that is safe, else quoted or a
    /// literal block.
    case asString
    /// This text, written without quotes exactly as given (a canonical number or `true`/`false`).
    /// The caller is responsible for it being a valid plain scalar.
    case plain(String)
    /// This text, written as a string in the safest readable form.
    case string(String)
    /// The node's source text exactly as written, quotes and escapes included, when it was written
    /// on one line; otherwise as read. For values that are kept because they are not understood.
    case verbatim
}
