import YAML

/// The items whose name, or whose id, repeats an earlier item's: found by fingerprint, one lookup
/// per item, as the items are decoded (while a file is read, on the thread that builds its tree,
/// when the texts are still in the processor's cache), and confirmed by comparing the texts.
///
/// What it remembers of an earlier item is where its value is in the source, not its node: a list
/// read in parts (``ShoppingList/readInParts(_:limits:_:)``) has dropped the nodes of earlier parts
/// by the time a later item repeats them.
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

    /// Where a first value is: its node's place, and its value's bytes in the source (or in
    /// ``copies``, for the few values written with escapes or over several lines).
    private struct FirstValue {
        var start: UInt32
        var end: UInt32
        var valueStart: UInt32
        var valueCount: UInt32
        var copied: Bool
    }

    let field: Field
    /// By fingerprint, the position in `firsts` of the first value with it.
    private var table: FingerprintTable
    private var firsts: [FirstValue] = []
    private var copies: [UInt8] = []
    /// The first value of each key met under a fingerprint that an earlier, different key has
    /// (a fingerprint shared by two texts is rare): by key, its position in `firsts`.
    private var sharingFingerprints: [[UInt8]: Int32] = [:]
    /// The pairs found since they were last taken, in the order of the later items.
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
        let value = nodes.value(node)
        let key = comparisonKey(value)
        let first = text(of: firsts[Int(earlier)], nodes: nodes)
        if comparisonKey(first.withUnsafeBufferPointer { $0 }) == key {
            pairs.append(Pair(first: occurrence(firsts[Int(earlier)], text: first), later: Int32(node)))
            return
        }
        // The same fingerprint, another text: compared with the others that met the same fate.
        if let other = sharingFingerprints[key] {
            let value = firsts[Int(other)]
            pairs.append(Pair(first: occurrence(value, text: text(of: value, nodes: nodes)), later: Int32(node)))
        } else {
            sharingFingerprints[key] = Int32(truncatingIfNeeded: firsts.count)
            firsts.append(firstValue(node, nodes: nodes))
        }
    }

    /// The pairs found since the last call, which are then forgotten.
    mutating func takePairs() -> [Pair] {
        defer { pairs.removeAll() }
        return pairs
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
        let value = nodes.value(node)
        var first = FirstValue(
            start: UInt32(truncatingIfNeeded: span.start), end: UInt32(truncatingIfNeeded: span.end),
            valueStart: 0, valueCount: UInt32(truncatingIfNeeded: value.count), copied: false)
        if let offset = nodes.valueOffsetInSource(node) {
            first.valueStart = UInt32(truncatingIfNeeded: offset)
        } else {
            first.valueStart = UInt32(truncatingIfNeeded: copies.count)
            first.copied = true
            copies.append(contentsOf: value)
        }
        return first
    }

    private func text(of first: FirstValue, nodes: RawNodes) -> [UInt8] {
        let range = Int(first.valueStart)..<(Int(first.valueStart) + Int(first.valueCount))
        return first.copied ? Array(copies[range]) : Array(nodes.sourceBytes[range])
    }

    private func occurrence(_ first: FirstValue, text: [UInt8]) -> Occurrence {
        Occurrence(span: SourceSpan(start: Int(first.start), end: Int(first.end)), text: text)
    }
}
