import YAML

/// What decoding learns of one item, kept compact so that 100,000 of them cost little beside the
/// document: where the item's known keys are, its price and quantity as exact integers, its flags,
/// and marks that tell the rules which items need a closer look.
///
/// Texts are not copied: they are read from the document when asked for. Every command reads a
/// list's items once, into these, and shares them: check's rules, list, the exports, the editor.
struct ItemRecord: Sendable {
    /// The price in units of 10^-decimals of the list's currency; ``absent`` when the item has no
    /// valid price.
    var priceUnits: Int64 = ItemRecord.absent
    /// The written quantity in thousandths; ``absent`` when the item has no valid quantity.
    var quantityThousandths: Int64 = ItemRecord.absent
    /// The fingerprint of the name's key (``NameKey/fingerprint(ofName:)``), by which names are
    /// compared before their keys are; 0 without a name that is text.
    var nameFingerprint: UInt64 = 0
    /// The item's mapping node.
    var node: Int32
    var marks: Marks = []
    /// For each known key but `size` in ``ItemKey/rank`` order, its value node minus the
    /// mapping's: 0 when the item does not have the key, ``far`` when the value is further than
    /// fits (then the mapping is searched). Nine keys fit the inline array the record had before
    /// `size` came; the size's offset is ``sizeOffset``, beside it in the record's last byte. Its
    /// size is a literal: a key added to ``ItemKey`` needs one more place (a test holds them equal).
    var offsets = InlineArray<9, UInt8>(repeating: 0)
    /// The offset of the `size` value, as ``offsets`` has the others'.
    var sizeOffset: UInt8 = 0

    static let absent = Int64.min
    static let far: UInt8 = .max

    /// What rules need to look at again, and the item's two flags.
    struct Marks: OptionSet, Sendable {
        let rawValue: UInt16
        /// `buy: true`.
        static let buy = Marks(rawValue: 1 << 0)
        /// `done: true`.
        static let done = Marks(rawValue: 1 << 1)
        /// A key that is neither known nor an extension.
        static let unknownKey = Marks(rawValue: 1 << 2)
        /// A key written twice.
        static let repeatedKey = Marks(rawValue: 1 << 3)
        /// A key that is not text, or a known key with a value of the wrong kind.
        static let wrongKind = Marks(rawValue: 1 << 4)
        /// A price that breaks its rule, or one split by a comma in a flow mapping.
        static let badPrice = Marks(rawValue: 1 << 5)
        /// A quantity that breaks its rule, or one split by a comma.
        static let badQuantity = Marks(rawValue: 1 << 6)
        /// The digits after a comma that ended a price or quantity early, as a key of its own.
        static let splitDecimal = Marks(rawValue: 1 << 7)
        /// Keys that are not known ones (extension or unknown): one of them may be written twice.
        static let otherKeys = Marks(rawValue: 1 << 8)
        /// Something the canonical form writes otherwise than the file does: keys out of order, a
        /// number or flag not written the canonical way, text that must be quoted, a value kept
        /// verbatim because it breaks its rule.
        static let notCanonical = Marks(rawValue: 1 << 9)
        /// A name that is text but blank: empty once white space is removed.
        static let blankName = Marks(rawValue: 1 << 10)
        /// A name that is text (a scalar, not null): ``ItemRecord/nameFingerprint`` is its key's.
        static let textName = Marks(rawValue: 1 << 11)
    }

    /// The value node of a known key, when the item has it (the first one, when it is written
    /// twice: the editor refuses such items and check reports them).
    @inline(__always)
    func valueNode(_ key: ItemKey, nodes: RawNodes) -> Int? {
        let offset = self.offset(key)
        if offset == 0 { return nil }
        if offset != Self.far { return Int(node) + Int(offset) }
        for (keyNode, value) in nodes.entries(of: Int(node))
        where nodes.isScalar(keyNode) && ItemKey.matching(nodes.value(keyNode)) == key {
            return value
        }
        return nil
    }

    /// The offset of `key`'s value (see ``offsets``).
    @inline(__always)
    func offset(_ key: ItemKey) -> UInt8 {
        key == .size ? sizeOffset : offsets[Self.slot(of: key)]
    }

    /// Sets the offset of `key`'s value.
    @inline(__always)
    mutating func setOffset(_ offset: UInt8, of key: ItemKey) {
        if key == .size { sizeOffset = offset } else { offsets[Self.slot(of: key)] = offset }
    }

    /// The place of a key but `size` in ``offsets``.
    @inline(__always)
    private static func slot(of key: ItemKey) -> Int {
        key.rank < ItemKey.size.rank ? key.rank : key.rank - 1
    }

    /// Whether the item is on the shopping list.
    var buy: Bool { marks.contains(.buy) }
    /// Whether the item is checked off.
    var done: Bool { marks.contains(.done) }
}

extension ItemRecord {
    /// The price with `decimals` decimals, when valid.
    func price(decimals: Int) -> DecimalNumber? {
        priceUnits == Self.absent ? nil : DecimalNumber(units: Int128(priceUnits), scale: decimals)
    }

    /// The written quantity, when valid.
    var quantity: DecimalNumber? {
        quantityThousandths == Self.absent ? nil : DecimalNumber(units: Int128(quantityThousandths), scale: 3).normalized
    }

    /// The quantity to buy: the written one, or 1.
    var effectiveQuantity: DecimalNumber { quantity ?? DecimalNumber(1) }
}
