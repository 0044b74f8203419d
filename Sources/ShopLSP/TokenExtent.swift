import YAML

/// Where the token that begins at a finding's position ends, for findings that carry a start
/// position only: the scalar that begins there (key or value, quotes included), else the run of
/// characters up to the next space or line end.
struct TokenExtent {
    private let bytes: [UInt8]
    /// The end offset of each scalar, by its start offset.
    private let scalarEnds: [Int: Int]

    /// The extents of the tokens at `offsets` in `bytes`, with the scalars of `document` when the
    /// text was read.
    init(bytes: [UInt8], document: Document?, offsets: Set<Int>) {
        self.bytes = bytes
        var ends: [Int: Int] = [:]
        if let document {
            for index in 0..<document.nodeCount {
                let node = document.node(NodeID(index: index))
                guard let start = node.startOffset, offsets.contains(start), node.isScalar,
                    let end = node.range?.end.offset, end > start
                else { continue }
                ends[start] = max(ends[start] ?? end, end)
            }
        }
        scalarEnds = ends
    }

    /// The byte range of the token at `offset`: never empty unless `offset` is at a line end or the
    /// end of the text.
    func range(at offset: Int) -> Range<Int> {
        let start = min(max(offset, 0), bytes.count)
        if let end = scalarEnds[start], end <= bytes.count { return start..<end }
        var end = start
        while end < bytes.count, !Self.endsToken(bytes[end]) { end += 1 }
        if end == start && end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D {
            // At a space: the one character there.
            end += 1
        }
        // Never end inside a character.
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return start..<end
    }

    private static func endsToken(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
