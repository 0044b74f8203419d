import YAML

/// Decodes a list's items while its document is read: each item mapping as the read completes it,
/// on the thread that builds the tree, while libyaml goes on parsing on the other. Reading and
/// decoding then take hardly longer than reading alone.
///
/// It follows the top level as it is completed: the `currency` value gives the decimals of the
/// prices after it; the mappings completed under the first `items` key are the items. A list whose
/// currency comes after its items is decoded again once the whole document is there (see
/// ``ShoppingList/init(document:streamed:)``).
final class StreamingItemDecoder: ReadObserver {
    /// The records of the items read so far.
    private(set) var records: [ItemRecord] = []
    /// The decimals the prices of `records` were read with.
    private(set) var decimals = Currency.defaultDecimals
    /// Whether `items` held entries that are not mappings.
    private(set) var itemsThatAreNotMappings = false
    /// The `items` sequence, once completed; -1 before.
    private(set) var itemsNode = -1
    /// Whether a `currency` came after the first item was read (its decimals were not known).
    private(set) var currencyAfterItems = false
    /// The items whose name or id has an earlier item's fingerprint.
    private(set) var repeatedNames = RepeatedFingerprints(.name)
    private(set) var repeatedIDs = RepeatedFingerprints(.id)

    /// The top-level key whose value is being read, when it is a key shop knows.
    private var currentKey: ListKey?
    /// Whether the next top-level node is a value (of `currentKey`).
    private var expectingValue = false
    private var sawItems = false
    private var sawCurrency = false

    /// A decoder for a text of `size` bytes. It takes room for the items of a list of short items
    /// (about 64 bytes each), once: growing the table step by step would copy it, and hold two
    /// copies at once. A list of shorter items grows it; room never written costs nothing in fresh
    /// memory, but a command that reads a second text gets the first one's freed memory back,
    /// written.
    init(size: Int = 0) {
        records.reserveCapacity(size / 64)
    }

    func read(completed: [CompletedNode], nodes: RawNodes) {
        // Only a mapping at the top level is a list; anything else is for the rules to say.
        guard nodes.count > 0, nodes.isMapping(0) else { return }

        for node in completed {
            if node.depth == 1 {
                topLevel(node.index, nodes: nodes)
            } else if currentKey == .items && !sawItems && expectingValue {
                guard nodes.isMapping(node.index) else {
                    itemsThatAreNotMappings = true
                    continue
                }
                let record = ListDecoder.record(of: node.index, decimals: decimals, nodes: nodes)
                records.append(record)
                repeatedNames.add(record, nodes: nodes)
                repeatedIDs.add(record, nodes: nodes)
            }
        }
    }

    private func topLevel(_ index: Int, nodes: RawNodes) {
        guard expectingValue else {
            // A key: the next completed top-level node is its value.
            currentKey = nodes.isScalar(index) ? ListKey.matching(nodes.value(index)) : nil
            expectingValue = true
            return
        }
        expectingValue = false
        switch currentKey {
        case .currency where !sawCurrency:
            sawCurrency = true
            if !records.isEmpty { currencyAfterItems = true }
            if nodes.isScalar(index), !nodes.isNull(index),
                let currency = Currency(code: String(decoding: nodes.value(index), as: UTF8.self))
            {
                decimals = currency.decimals
            }
        case .items where !sawItems:
            sawItems = true
            if nodes.isSequence(index) { itemsNode = index }
        default:
            break
        }
        currentKey = nil
    }
}
