import YAML

/// The items whose name, or whose id, repeats an earlier item's: found by fingerprint, one lookup
/// per item, as the items are decoded (while a file is read, on the thread that builds its tree,
/// when the texts are still in the processor's cache), and confirmed by comparing the texts.
///
/// What it remembers of an earlier item is where its value is in the source (eight bytes an item),
/// with the few values whose text is not the source's copied.
struct RepeatedFingerprints: Sendable {
    /// What is fingerprinted.
    enum Field: Sendable {
        /// The name's key (``ItemRecord/nameFingerprint``), for names that are text and not blank;
        /// names are compared by their keys.
        case name
        /// The id's bytes, for ids that are scalars and not null; ids are compared as written.
        case id
    }

    /// An earlier item's value that a later one repeats: where it is, and its text.
    struct Occurrence: Sendable, Equatable {
        /// The value node's place, as findings give it.
        var span: SourceSpan
        var text: [UInt8]
    }

    /// A value node, and the earlier value it repeats.
    struct Pair: Sendable, Equatable {
        var first: Occurrence
        var later: Int32
    }

    /// Where a first value's node is in the source. Its value is the source's text there, inside
    /// the quotes when it starts with one, but for the few values written with escapes or over
    /// several lines, which are in ``copies``. Eight bytes: a list has one per item.
    private struct FirstValue {
        var start: UInt32
        var end: UInt32
    }

    let field: Field
    /// By fingerprint, the position in `firsts` of the first value with it.
    private var table: FingerprintTable
    private var firsts: [FirstValue] = []
    /// The values that are not the source's text, by position in `firsts`.
    private var copies: [Int32: [UInt8]] = [:]
    /// The first value of each key met under a fingerprint that an earlier, different key has
    /// (a fingerprint shared by two texts is rare): by key, its position in `firsts`.
    private var sharingFingerprints: [[UInt8]: Int32] = [:]
    /// The pairs found, in the order of the later items.
    private(set) var pairs: [Pair] = []

    /// Fingerprints of `field`, with room for `capacity` items at first.
    init(_ field: Field, capacity: Int = 1024) {
        self.field = field
        table = FingerprintTable(capacity: capacity)
    }

    /// Takes the next item, in file order.
    mutating func add(_ record: ItemRecord, nodes: RawNodes) {
        let node: Int
        let fingerprint: UInt64
        switch field {
        case .name:
            guard record.marks.contains(.textName) && !record.marks.contains(.blankName),
                let name = record.valueNode(.name, nodes: nodes)
            else { return }
            node = name
            fingerprint = record.nameFingerprint
        case .id:
            guard let id = record.valueNode(.id, nodes: nodes), let bytes = nodes.nonNullValue(id) else { return }
            node = id
            fingerprint = FingerprintTable.fingerprint(of: bytes)
        }
        let position = Int32(truncatingIfNeeded: firsts.count)
        guard let earlier = table.first(fingerprint, else: position) else {
            firsts.append(firstValue(node, nodes: nodes))
            return
        }
        let key = comparisonKey(nodes.value(node))
        let first = occurrence(earlier, nodes: nodes)
        if first.text.withUnsafeBufferPointer(comparisonKey) == key {
            pairs.append(Pair(first: first, later: Int32(node)))
            return
        }
        // The same fingerprint, another text: compared with the others that met the same fate.
        if let other = sharingFingerprints[key] {
            pairs.append(Pair(first: occurrence(other, nodes: nodes), later: Int32(node)))
        } else {
            sharingFingerprints[key] = Int32(truncatingIfNeeded: firsts.count)
            firsts.append(firstValue(node, nodes: nodes))
        }
    }

    /// The pairs of `field` among `records`, found now.
    static func pairs(_ field: Field, of records: [ItemRecord], nodes: RawNodes) -> [Pair] {
        var repeated = RepeatedFingerprints(field, capacity: records.count)
        for record in records { repeated.add(record, nodes: nodes) }
        return repeated.pairs
    }

    /// What two values are compared by: a name's key, an id's bytes.
    private func comparisonKey(_ value: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        switch field {
        case .name: NameKey(utf8: value).bytes
        case .id: Array(value)
        }
    }

    private mutating func firstValue(_ node: Int, nodes: RawNodes) -> FirstValue {
        let span = CheckContext.span(of: node, nodes: nodes) ?? SourceSpan(at: 0)
        if nodes.valueOffsetInSource(node) == nil {
            copies[Int32(truncatingIfNeeded: firsts.count)] = Array(nodes.value(node))
        }
        return FirstValue(start: UInt32(truncatingIfNeeded: span.start), end: UInt32(truncatingIfNeeded: span.end))
    }

    private func text(of position: Int32, nodes: RawNodes) -> [UInt8] {
        if let copy = copies[position] { return copy }
        let first = firsts[Int(position)]
        var range = Int(first.start)..<Int(first.end)
        let source = nodes.sourceBytes
        // A value written in quotes without escapes is the text between them.
        if let opening = range.first, source[opening] == UInt8(ascii: "\"") || source[opening] == UInt8(ascii: "'") {
            range = (range.lowerBound + 1)..<(range.upperBound - 1)
        }
        return Array(source[range])
    }

    private func occurrence(_ position: Int32, nodes: RawNodes) -> Occurrence {
        let first = firsts[Int(position)]
        return Occurrence(span: SourceSpan(start: Int(first.start), end: Int(first.end)), text: text(of: position, nodes: nodes))
    }
}
