import YAML

/// What the value of an entry means, which decides when two values are the same: a price or
/// quantity by its amount (`3.5` is `3.50`), a flag by its truth (`yes` is `true`), a text by its
/// characters (however it is quoted), a currency by its code in any case; values of other keys
/// (unknown and `x-` keys) as YAML data.
enum ValueMeaning: Sendable, Equatable {
    case item(ItemKey)
    case currency
    case text
    case data

    /// The meaning of an item's key.
    static func ofItemKey(_ key: String?) -> ValueMeaning {
        key.flatMap(ItemKey.init(rawValue:)).map(ValueMeaning.item) ?? .data
    }

    /// The meaning of a top-level key.
    static func ofListKey(_ key: String?) -> ValueMeaning {
        switch key.flatMap(ListKey.init(rawValue:)) {
        case .title: .text
        case .currency: .currency
        default: .data
        }
    }
}

/// Comparisons of entries of two versions of a list: whether values mean the same, and whether
/// the comments that belong to an entry are the same.
enum EntryComparison {
    /// Whether node `left` of `leftNodes` and node `right` of `rightNodes`, the values of a key
    /// with `meaning`, mean the same.
    static func sameValue(
        _ meaning: ValueMeaning, _ left: Int, _ leftNodes: RawNodes, _ right: Int, _ rightNodes: RawNodes
    ) -> Bool {
        guard leftNodes.isScalar(left), rightNodes.isScalar(right) else {
            return YAMLData.equal(left, leftNodes, right, rightNodes)
        }
        let leftNull = leftNodes.isNull(left)
        let rightNull = rightNodes.isNull(right)
        if leftNull || rightNull { return leftNull == rightNull }
        let leftBytes = leftNodes.value(left)
        let rightBytes = rightNodes.value(right)
        switch meaning {
        case .item(let key):
            switch key.kind {
            case .price, .quantity:
                if let leftNumber = DecimalNumber.parse(leftBytes), let rightNumber = DecimalNumber.parse(rightBytes) {
                    return leftNumber == rightNumber
                }
            case .flag:
                if let leftFlag = ValueReading.bool(leftBytes), let rightFlag = ValueReading.bool(rightBytes) {
                    return leftFlag == rightFlag
                }
            case .text:
                return YAMLData.sameBytes(leftBytes, rightBytes)
            }
            return YAMLData.sameBytes(leftBytes, rightBytes)
        case .text:
            return YAMLData.sameBytes(leftBytes, rightBytes)
        case .currency:
            let leftCode = String(decoding: leftBytes, as: UTF8.self)
            let rightCode = String(decoding: rightBytes, as: UTF8.self)
            if let leftCurrency = Currency(code: leftCode), let rightCurrency = Currency(code: rightCode) {
                return leftCurrency == rightCurrency
            }
            return leftCode == rightCode
        case .data:
            return YAMLData.scalarsEqual(left, leftNodes, right, rightNodes)
        }
    }

    /// Whether node `node` of `nodes`, the value of a key with `meaning`, means what the key's
    /// absence means: the default an item has without the key (`quantity: 1`, `buy: false`, as
    /// the schema declares it) or no value (null). An item with `buy: false` is the item without
    /// `buy`: writing or dropping a default changes nothing.
    static func meansAbsent(_ meaning: ValueMeaning, _ node: Int, _ nodes: RawNodes) -> Bool {
        guard case .item(let key) = meaning, nodes.isScalar(node) else { return false }
        if nodes.isNull(node) { return true }
        guard let written = key.definition.defaultValue else { return false }
        let bytes = nodes.value(node)
        switch key.kind {
        case .price, .quantity:
            guard let value = DecimalNumber.parse(bytes) else { return false }
            return DecimalNumber(written) == value
        case .flag:
            guard let value = ValueReading.bool(bytes) else { return false }
            return ValueReading.bool(written) == value
        case .text:
            return written.utf8.elementsEqual(bytes)
        }
    }

    /// Whether two item entry lists have the same keys, besides `except`, with values that mean
    /// the same.
    static func otherKeysEqual(
        _ left: [ListVersion.Entry], in leftVersion: ListVersion, _ right: [ListVersion.Entry],
        in rightVersion: ListVersion, except: String
    ) -> Bool {
        let leftKept = left.filter { $0.key != except }
        let rightKept = right.filter { $0.key != except }
        guard leftKept.count == rightKept.count else { return false }
        return leftVersion.document.withRawNodes { leftNodes in
            rightVersion.document.withRawNodes { rightNodes in
                leftKept.allSatisfy { entry in
                    guard let key = entry.key, let other = rightKept.first(where: { $0.key == key }) else { return false }
                    return sameValue(.ofItemKey(key), entry.valueNode, leftNodes, other.valueNode, rightNodes)
                }
            }
        }
    }

    /// Whether two entries have the same comments of their own: those of the key (the lines above
    /// it) and of the value's node (at the end of its line, on a block's header line, after a
    /// collection's last entry).
    static func sameComments(
        _ left: ListVersion.Entry, in leftDocument: Document, _ right: ListVersion.Entry, in rightDocument: Document
    ) -> Bool {
        CommentComparison.sameOwn(left.keyNode, in: leftDocument, right.keyNode, in: rightDocument)
            && CommentComparison.sameOwn(left.valueNode, in: leftDocument, right.valueNode, in: rightDocument)
    }
}
