/// How the printer writes one scalar.
enum ScalarForm {
    /// Nothing at all: an empty plain value (`key:`).
    case empty
    /// The value as it is.
    case plain
    /// The value in double quotes, escaped.
    case doubleQuoted
    /// A literal block (`|`), with an indentation indicator when the first line starts with a space.
    case literal(indicator: Bool, chomping: ScalarAnalysis.Chomping)
    /// Source text copied as written.
    case verbatim
}

/// The policy's scalar renderings, their texts copied into one buffer so that deciding a scalar's
/// form never builds a string.
struct ScalarOverrides {
    /// One node's rendering.
    struct Override {
        /// Write `range` of ``text`` without quotes.
        var plain: Bool
        /// Write the node's own value, read as a string.
        var asString: Bool
        /// The text to write in place of the value, in ``text``.
        var range: Range<Int>
        /// Copy the node's source text as written.
        var verbatim = false
    }

    /// Every replacement text, one after the other.
    private(set) var text: [UInt8] = []
    /// The renderings, by node index.
    private(set) var byNode: [Int: Override] = [:]
    /// One bit per node of a document, set for the nodes in ``byNode``: most scalars have no
    /// rendering, and a bit costs less to test than a dictionary lookup. Empty without renderings.
    private(set) var bits: [UInt64]

    /// The renderings of `policy` for the nodes of a document of `nodeCount` nodes.
    init(_ policy: PrintPolicy, nodeCount: Int) {
        bits = [UInt64](repeating: 0, count: policy.scalarRenderings.isEmpty ? 0 : nodeCount / 64 + 1)
        for (id, rendering) in policy.scalarRenderings where id.index < nodeCount {
            let start = text.count
            switch rendering {
            case .asString:
                byNode[id.index] = Override(plain: false, asString: true, range: start..<start)
            case .plain(let replacement):
                text.append(contentsOf: replacement.utf8)
                byNode[id.index] = Override(plain: true, asString: false, range: start..<text.count)
            case .string(let replacement):
                text.append(contentsOf: replacement.utf8)
                byNode[id.index] = Override(plain: false, asString: false, range: start..<text.count)
            case .verbatim:
                byNode[id.index] = Override(plain: false, asString: true, range: start..<start, verbatim: true)
            }
            bits[id.index >> 6] |= 1 << UInt64(id.index & 63)
        }
    }
}

/// Decides the form each scalar of one print is written in: the policy's rendering when it has
/// one; else plain when the value was plain and still reads back as the same string; else a
/// literal block for a value of several lines; else plain when that is safe, double quotes when not.
struct ScalarForms {
    /// The tree being printed.
    let tree: PrintedTree
    /// The document's source, where most values are.
    let source: UnsafeBufferPointer<UInt8>
    /// The node table's arena, where the values that differ from their source text are.
    let arena: UnsafeBufferPointer<UInt8>
    /// ``ScalarOverrides/text``.
    let overrideText: UnsafeBufferPointer<UInt8>
    /// ``ScalarOverrides/byNode``.
    let overrides: [Int: ScalarOverrides.Override]
    /// ``ScalarOverrides/bits``.
    let overrideBits: [UInt64]

    /// How to write the scalar `node`, and the bytes to write. A key is never a literal block:
    /// an implicit key is on one line.
    func decide(_ node: Int, isKey: Bool) -> (form: ScalarForm, bytes: UnsafeBufferPointer<UInt8>) {
        var bytes = valueBytes(node)
        var preserve = tree.table.style(node) == ScalarStyle.plain.code
        if !overrideBits.isEmpty && overrideBits[node >> 6] & (1 << UInt64(node & 63)) != 0,
            let override = overrides[node]
        {
            if override.verbatim, let text = singleLineSourceText(node) {
                return (.verbatim, text)
            }
            if !override.asString {
                bytes = UnsafeBufferPointer(rebasing: overrideText[override.range])
            }
            if override.plain {
                return (bytes.isEmpty ? .empty : .plain, bytes)
            }
            preserve = override.verbatim && preserve
        }
        if preserve {
            if bytes.isEmpty { return (.empty, bytes) }
            // Plain as written: looser than the rule for new plain text, so that the author's
            // spelling survives.
            if ScalarAnalysis.isWritablePlain(bytes, strict: false) { return (.plain, bytes) }
        }
        if !isKey, let header = ScalarAnalysis.literalHeader(bytes) {
            return (.literal(indicator: header.indicator, chomping: header.chomping), bytes)
        }
        if ScalarAnalysis.isPlainSafe(bytes) { return (.plain, bytes) }
        return (.doubleQuoted, bytes)
    }

    /// The source text of a scalar written on one line outside block style, if it was, and if it
    /// holds nothing that would have to be escaped to print.
    func singleLineSourceText(_ node: Int) -> UnsafeBufferPointer<UInt8>? {
        let start = tree.table.starts[node]
        guard start != NodeTable.synthetic else { return nil }
        let style = tree.table.style(node)
        guard style != ScalarStyle.literal.code && style != ScalarStyle.folded.code else { return nil }
        let text = UnsafeBufferPointer(rebasing: source[Int(start)..<tree.table.end(node)])
        guard !text.isEmpty, !text.contains(0x0A), !text.contains(0x0D),
            !text.indices.contains(where: { text[$0] >= 0x80 && ScalarAnalysis.needsEscape(text, at: $0) })
        else { return nil }
        return text
    }

    /// The value of the scalar `node`.
    func valueBytes(_ node: Int) -> UnsafeBufferPointer<UInt8> {
        let (inArena, range) = tree.table.scalarValueRange(node)
        return UnsafeBufferPointer(rebasing: (inArena ? arena : source)[range])
    }

    /// Whether a key must be written in the explicit `? key` form: a non-empty collection, an empty
    /// plain scalar, or a key too long for an implicit key.
    func needsExplicitKey(_ key: Int) -> Bool {
        if !tree.table.isScalar(key) { return !tree.isEmptyCollection(key) }
        let (form, bytes) = decide(key, isKey: true)
        return Self.needsExplicitKey(form, bytes)
    }

    /// Whether a scalar key written in `form` as `bytes` must be explicit. YAML readers stop
    /// looking for the `:` of an implicit key after 1024 characters; escaping can make a quoted key
    /// up to four times as long as its value.
    static func needsExplicitKey(_ form: ScalarForm, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch form {
        case .empty: return true
        case .plain: return bytes.count > 1000
        case .doubleQuoted, .verbatim: return bytes.count > 250
        case .literal: return true
        }
    }
}
