import YAML

/// The items whose name, or whose id, has the fingerprint of an earlier item's: the only ones the
/// duplicate rules compare. They are found as the items are decoded: while a file is read, on the
/// thread that builds its tree while libyaml parses on the other, when the texts are still in the
/// processor's cache; for a list decoded later, when a rule asks.
struct RepeatedFingerprints: Sendable {
    /// What is fingerprinted.
    enum Field: Sendable {
        /// The name's key (``ItemRecord/nameFingerprint``), for names that are text and not blank.
        case name
        /// The id's bytes, for ids that are scalars and not null.
        case id
    }

    /// A value node, and the first value node of an earlier item with its fingerprint.
    struct Pair: Sendable, Equatable {
        var first: Int32
        var later: Int32
    }

    let field: Field
    private var table: FingerprintTable
    /// In the order of the later items.
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
        if let first = table.first(fingerprint, else: Int32(node)) {
            pairs.append(Pair(first: first, later: Int32(node)))
        }
    }

    /// The pairs of `field` among `records`, found now.
    static func pairs(_ field: Field, of records: [ItemRecord], nodes: RawNodes) -> [Pair] {
        var repeated = RepeatedFingerprints(field, capacity: records.count)
        for record in records { repeated.add(record, nodes: nodes) }
        return repeated.pairs
    }
}
