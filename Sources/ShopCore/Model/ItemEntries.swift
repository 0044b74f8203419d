import YAML

/// One entry of an item's mapping as shop reads it: which key it is, where the formatter puts it,
/// and what its value reads as.
///
/// The decoder and the canonical form both read items through ``ItemEntries``: the decoder marks an
/// item the formatter writes otherwise than the file does exactly when an entry of it has a
/// ``rewrite`` or is out of order, and the canonical form rewrites exactly those entries.
struct ItemEntry {
    /// The key's node.
    let key: Int
    /// The value's node.
    let value: Int
    /// The item key the key names; nil for a key that is not text or not an item key.
    let itemKey: ItemKey?
    /// The entry's place in the canonical order (see ``ItemKey/rank``).
    let rank: Int
    /// What the value is.
    let content: Content
    /// How the formatter writes the value instead of as written; nil when it is canonical already.
    let rewrite: Rewrite?

    /// What an entry's value is.
    enum Content {
        /// The value of a key that is not an item key: not read.
        case unread
        /// A mapping or a sequence where an item key wants a scalar.
        case notScalar
        /// No value (`key:` or `key: null`).
        case null
        /// A price or quantity split by a comma (`{price: 3,49}`): the digits after the comma are
        /// the next entry's key, which comes next as ``fractionOfSplit``.
        case split
        /// The entry after a ``split`` one: its key is the digits after the comma.
        case fractionOfSplit
        /// A scalar read by the key's kind.
        case read(ValueKind.Reading)
    }

    /// How the formatter writes a value that is not canonical.
    enum Rewrite {
        /// Exactly as written: a value that breaks its rule (check reports it), or a split decimal.
        case verbatim
        /// Quoted: plain text that YAML readers would take for a number, bool or null.
        case quoted
        /// In the kind's canonical text (`4.20`, `0.5`, `true`).
        case canonical
    }

    /// The rendering the printer gives the value; nil when it is written as it is.
    func rendering(decimals: Int) -> ScalarRendering? {
        switch rewrite {
        case nil: return nil
        case .verbatim: return .verbatim
        case .quoted: return .asString
        case .canonical:
            switch content {
            case .read(.decimal(let number)):
                guard let kind = itemKey?.kind else { return nil }
                return .plain(kind.canonicalText(number, decimals: decimals))
            case .read(.flag(let flag)): return .plain(ValueKind.canonicalText(flag))
            case .unread, .notScalar, .null, .split, .fractionOfSplit, .read(.text), .read(.invalid): return nil
            }
        }
    }
}

/// The entries of an item's mapping, read as ``ItemEntry`` values with prices of `decimals` decimals.
struct ItemEntries: Sequence, IteratorProtocol {
    private var entries: MappingEntries
    private let nodes: RawNodes
    private let mappingEnd: Int
    private let decimals: Int
    /// The key of the digits after the comma of a split decimal just read; -1 when none.
    private var fractionKey = -1
    private var previousRank = -1

    /// The entries of `mapping`.
    init(of mapping: Int, decimals: Int, nodes: RawNodes) {
        entries = nodes.entries(of: mapping)
        self.nodes = nodes
        mappingEnd = nodes.subtreeEnd(mapping)
        self.decimals = decimals
    }

    /// The next entry, or nil after the last.
    mutating func next() -> ItemEntry? {
        guard let (key, value) = entries.next() else { return nil }
        if key == fractionKey {
            // Kept right behind its whole part, so that check still sees them together.
            return ItemEntry(key: key, value: value, itemKey: nil, rank: previousRank, content: .fractionOfSplit, rewrite: nil)
        }
        guard nodes.isScalar(key), let itemKey = ItemKey.matching(nodes.value(key)) else {
            previousRank = ItemKey.otherRank
            return ItemEntry(key: key, value: value, itemKey: nil, rank: ItemKey.otherRank, content: .unread, rewrite: nil)
        }
        previousRank = itemKey.rank
        let (content, rewrite) = read(value, of: itemKey)
        return ItemEntry(key: key, value: value, itemKey: itemKey, rank: itemKey.rank, content: content, rewrite: rewrite)
    }

    private mutating func read(_ value: Int, of itemKey: ItemKey) -> (ItemEntry.Content, ItemEntry.Rewrite?) {
        guard nodes.isScalar(value) else { return (.notScalar, nil) }
        if nodes.isNull(value) { return (.null, nil) }
        let kind = itemKey.kind
        if kind == .price || kind == .quantity, let split = SplitDecimal.after(value: value, mappingEnd: mappingEnd, nodes: nodes) {
            fractionKey = split.fractionKey
            return (.split, .verbatim)
        }
        let bytes = nodes.value(value)
        let reading = kind.read(bytes, decimals: decimals)
        switch reading {
        case .text:
            let quoted = nodes.isPlain(value) && ScalarAnalysis.resolvesToNonString(bytes)
            return (.read(reading), quoted ? .quoted : nil)
        case .decimal, .flag:
            // Most values are written the canonical way already.
            let canonical = nodes.isPlain(value) && kind.isCanonical(bytes, decimals: decimals)
            return (.read(reading), canonical ? nil : .canonical)
        case .invalid:
            return (.read(reading), .verbatim)
        }
    }
}
