import ShopCore
import YAML

/// What lies at a byte offset of a list that was read: a top-level key, or an item and, within it,
/// possibly one of its keys.
enum ListPlace {
    /// A key of the top-level mapping: its text and where it is.
    case listKey(String, span: Range<Int>)
    /// An item; `key` when the offset is on one of its keys.
    case item(Item, span: Range<Int>, key: (text: String, span: Range<Int>)?)

    /// The place at `offset` in `list`; a place's end counts as in it, so that a cursor just
    /// after a word is on that word. Nil elsewhere (between items, on a value of a top-level key).
    init?(at offset: Int, in list: ShoppingList) {
        guard let root = list.document.root?.id.index else { return nil }
        let found: ListPlace? = list.document.withRawNodes { nodes in
            guard nodes.isMapping(root) else { return nil }
            for (key, _) in nodes.entries(of: root) {
                if nodes.isScalar(key), let span = Self.span(of: key, nodes), span.contains(offset) || span.upperBound == offset {
                    return .listKey(String(decoding: nodes.value(key), as: UTF8.self), span: span)
                }
            }
            let items = list.items
            guard let position = Self.lastItem(startingBefore: offset, in: items, nodes) else { return nil }
            let item = items[position]
            guard let span = Self.span(of: item.node.index, nodes), span.contains(offset) || span.upperBound == offset else {
                return nil
            }
            for (key, _) in nodes.entries(of: item.node.index) {
                if nodes.isScalar(key), let keySpan = Self.span(of: key, nodes),
                    keySpan.contains(offset) || keySpan.upperBound == offset
                {
                    return .item(item, span: span, key: (String(decoding: nodes.value(key), as: UTF8.self), keySpan))
                }
            }
            return .item(item, span: span, key: nil)
        }
        guard let found else { return nil }
        self = found
    }

    /// The bytes a node was read from.
    static func span(of node: Int, _ nodes: RawNodes) -> Range<Int>? {
        guard let start = nodes.startOffset(node), let end = nodes.endOffset(node) else { return nil }
        return start..<max(start, end)
    }

    /// The position of the last item that starts at or before `offset` (items are in file order).
    private static func lastItem(startingBefore offset: Int, in items: ItemList, _ nodes: RawNodes) -> Int? {
        var low = 0
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            if (nodes.startOffset(items[middle].node.index) ?? Int.max) <= offset {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low > 0 ? low - 1 : nil
    }
}
