import ShopCore

/// Follows the block structure of a shop file by its lines' indentation, for completion in a
/// document that may not read as YAML: where an item's mapping begins, whether a sequence is the
/// one under `items`, which keys a mapping has.
///
/// Lines more indented than the keys of a mapping belong to its values (nested collections,
/// block scalars, continued scalars), as YAML requires.
struct LineReader {
    let bytes: [UInt8]
    let lines: LineIndex

    /// The shape of line `line`.
    func shape(_ line: Int) -> LineShape {
        LineShape(bytes, start: LineShape.start(of: line, in: bytes, lines: lines), end: lines.contentEnd(of: line, in: bytes))
    }

    /// The keys written at the start of lines without indentation, but on `skipped`.
    func topLevelKeys(skipping skipped: Int) -> Set<String> {
        var keys: Set<String> = []
        for line in 0..<lines.lineCount where line != skipped {
            let shape = shape(line)
            if shape.indent == 0, shape.dashColumn == nil, let key = shape.key { keys.insert(key) }
        }
        return keys
    }

    /// The sequence entry whose mapping has its keys at `keyColumn` and goes on to `line`: the
    /// line of its `- ` and that dash's column; nil when the keys at that column above are not in
    /// such an entry.
    func entryStart(above line: Int, keyColumn: Int) -> (line: Int, dashColumn: Int)? {
        for current in stride(from: line - 1, through: 0, by: -1) {
            let shape = shape(current)
            // Blank lines, values of the keys above, and sequences at the keys' own column (a
            // key's compact sequence) are inside the mapping.
            if shape.isBlank || shape.indent >= keyColumn { continue }
            guard let dash = shape.dashColumn, shape.contentColumn == keyColumn else { return nil }
            return (current, dash)
        }
        return nil
    }

    /// Whether the sequence entry whose `- ` is at `dashColumn` on `line` is an entry of the
    /// top-level `items`.
    func isItemEntry(line: Int, dashColumn: Int) -> Bool {
        for current in stride(from: line - 1, through: 0, by: -1) {
            let shape = shape(current)
            if shape.isBlank || shape.indent > dashColumn { continue }
            if shape.indent == dashColumn && shape.dashColumn != nil { continue }
            // The first line less indented (or, for entries at column 0, the first key there)
            // holds the key of the sequence.
            return shape.indent == 0 && shape.dashColumn == nil && shape.key == ListKey.items.rawValue && shape.keyEndsLine
        }
        return false
    }

    /// Whether the sequence entry whose `- ` is at `dashColumn` on `line` is a category of a store
    /// of the top-level `stores` (a plain `NAME:` key, with its categories in block style below).
    func isStoreEntry(line: Int, dashColumn: Int) -> Bool {
        var storeIndent: Int?
        for current in stride(from: line - 1, through: 0, by: -1) {
            let shape = shape(current)
            if shape.isBlank { continue }
            if let storeIndent {
                // Other stores and their categories, until the key that holds them all.
                if shape.indent >= storeIndent { continue }
                return shape.indent == 0 && shape.dashColumn == nil && shape.key == ListKey.stores.rawValue
                    && shape.keyEndsLine
            }
            if shape.indent > dashColumn { continue }
            if shape.indent == dashColumn && shape.dashColumn != nil { continue }
            // The first line less indented (or a key at the dash's own column) holds the store.
            guard shape.dashColumn == nil, shape.indent > 0, shape.key != nil, shape.keyEndsLine else { return false }
            storeIndent = shape.indent
        }
        return false
    }

    /// Whether `bracket` opens the flow sequence of a top-level `items:` on `line` and `brace` an
    /// entry of it (`items: [{name: Tea}, {name: Milk, pr`).
    func isItemsFlowSequence(line: Int, bracket: Int, brace: Int) -> Bool {
        let start = LineShape.start(of: line, in: bytes, lines: lines)
        guard bytes[bracket] == UInt8(ascii: "["), brace > bracket,
            let (key, colon, _) = LineShape.key(in: bytes, from: start, to: lines.contentEnd(of: line, in: bytes)),
            key == ListKey.items.rawValue
        else { return false }
        return bytes[(colon + 1)..<bracket].allSatisfy { $0 == LineShape.space }
    }

    /// The keys of the mapping of the entry on line `entry` (its `- ` at `dashColumn`), whose keys
    /// are at `keyColumn`, but for the one on line `skipped`.
    func itemKeys(entry: Int, dashColumn: Int, keyColumn: Int, skipping skipped: Int) -> Set<String> {
        var keys: Set<String> = []
        if entry != skipped, let key = shape(entry).key { keys.insert(key) }
        var current = entry + 1
        while current < lines.lineCount {
            defer { current += 1 }
            let shape = shape(current)
            if shape.isBlank || shape.indent > keyColumn { continue }
            if shape.indent < keyColumn { break }
            if current != skipped, shape.dashColumn == nil, let key = shape.key { keys.insert(key) }
        }
        return keys
    }
}
