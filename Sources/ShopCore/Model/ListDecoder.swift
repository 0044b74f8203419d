import Threads
import YAML

/// Reads a document into the parts of a ``ShoppingList``: the settings at the top level and one
/// ``ItemRecord`` per item. It judges nothing; it marks what the rules must look at again.
struct ListDecoder {
    let document: Document
    var layout = ListLayout()
    var title: String?
    var currency: Currency?
    /// The catalog's currency, for a list that names a catalog and sets no currency of its own:
    /// its prices have that currency's decimals.
    var inheritedCurrency: Currency?
    /// The `catalog` path as written, when it is text.
    var catalogPath: String?
    var categoryIndex: CategoryIndex?
    var stores: StoreOrders?
    var records: [ItemRecord] = []
    /// The items whose name or id has an earlier item's fingerprint, when the read found them.
    var repeatedNames: [RepeatedFingerprints.Pair]?
    var repeatedIDs: [RepeatedFingerprints.Pair]?
    /// The records of the list an edit made this document from, for the items it did not touch.
    var carried: CarriedRecords?

    init(document: Document) {
        self.document = document
    }

    /// Decodes the document; the items from `streamed`, when it read them as the list's own
    /// decoding would have.
    mutating func decode(streamed: StreamingItemDecoder? = nil) {
        guard let root = document.root else { return }
        layout.root = Int32(root.id.index)
        document.withRawNodes { nodes in
            guard nodes.isMapping(root.id.index) else { return }
            decodeRoot(root.id.index, nodes: nodes)
            guard layout.items >= 0 else { return }
            let decimals = self.decimals
            if let streamed, streamed.itemsNode == Int(layout.items), streamed.decimals == decimals,
                !streamed.currencyAfterItems
            {
                records = streamed.records
                layout.itemsThatAreNotMappings = streamed.itemsThatAreNotMappings
                repeatedNames = streamed.repeatedNames.pairs
                repeatedIDs = streamed.repeatedIDs.pairs
            } else {
                decodeItems(Int(layout.items), nodes: nodes)
            }
        }
    }

    /// The decimals of prices: those of the currency in force (the list's own when it has a
    /// `currency` key, else its catalog's), or 2.
    var decimals: Int {
        (layout.currency >= 0 ? currency : inheritedCurrency)?.decimals ?? Currency.defaultDecimals
    }

    // MARK: Top level

    private mutating func decodeRoot(_ root: Int, nodes: RawNodes) {
        var sawItems = false
        for entry in TopLevelEntries(of: root, nodes: nodes) {
            let (key, value) = (entry.key, entry.value)
            guard let known = entry.listKey else {
                if !nodes.isScalar(key) || !isExtensionKey(nodes.value(key)) { layout.unusualTopLevel = true }
                continue
            }
            guard !entry.isRepeated else {
                // The first one counts, as for items; check reports the repetition.
                layout.unusualTopLevel = true
                continue
            }
            switch known {
            case .title:
                layout.title = Int32(value)
                if nodes.isScalar(value), !nodes.isNull(value) {
                    title = String(decoding: nodes.value(value), as: UTF8.self)
                }
            case .currency:
                layout.currency = Int32(value)
                if nodes.isScalar(value), !nodes.isNull(value) {
                    currency = Currency(code: String(decoding: nodes.value(value), as: UTF8.self))
                }
            case .categories:
                layout.categories = Int32(value)
                if nodes.isSequence(value) {
                    // The same rows an edit copied unchanged: what was read of them holds.
                    if let index = carried?.categoryIndex(of: value, nodes: nodes) {
                        categoryIndex = index
                    } else {
                        categoryIndex = CategoryIndex(value, nodes: nodes)
                    }
                }
            case .catalog:
                // Resolved by whoever can read files; the rules judge the value.
                layout.catalog = Int32(value)
                layout.unusualTopLevel = true
                if nodes.isScalar(value), !nodes.isNull(value) {
                    catalogPath = String(decoding: nodes.value(value), as: UTF8.self)
                }
            case .stores:
                layout.stores = Int32(value)
                if nodes.isMapping(value) { stores = StoreOrders(value, nodes: nodes) }
                layout.unusualTopLevel = true
            case .items:
                sawItems = true
                layout.itemsKey = Int32(key)
                if nodes.isSequence(value) { layout.items = Int32(value) }
            }
        }
        // The other keys are looked at by the rules; most files have only known ones.
        if !sawItems { layout.unusualTopLevel = true }
    }

    // MARK: Items

    /// Decodes the item mappings of `sequence`: each on its own, so on a large list in runs, two
    /// at a time (a list read from a file was decoded while it was read; this is for a document
    /// an edit or a merge made).
    private mutating func decodeItems(_ sequence: Int, nodes: RawNodes) {
        let decimals = self.decimals
        var mappings: [Int32] = []
        for entry in nodes.items(of: sequence) {
            if nodes.isMapping(entry) {
                mappings.append(Int32(entry))
            } else {
                layout.itemsThatAreNotMappings = true
            }
        }
        let count = mappings.count
        let runs = count >= SharedItemWork.minimumItems ? 64 : 1
        let carried = carried?.decimals == decimals ? carried : nil
        // Written in place, each record once: growing a table of 100,000 records step by step, or
        // joining runs, would cost time and a peak of memory.
        records = SharedWork.map(count, inRuns: runs, concurrently: runs > 1) { position in
            let mapping = Int(mappings[position])
            return carried?.record(forMapping: mapping, nodes: nodes)
                ?? Self.record(of: mapping, decimals: decimals, nodes: nodes)
        }
    }

    /// Reads one item mapping: where each known key's value is, the numbers and flags.
    static func record(of mapping: Int, decimals: Int, nodes: RawNodes) -> ItemRecord {
        var record = ItemRecord(node: Int32(mapping))
        var seenKnown: UInt16 = 0
        var previousRank = -1
        for entry in ItemEntries(of: mapping, decimals: decimals, nodes: nodes) {
            // The formatter writes the keys in the order of their ranks.
            if entry.rank < previousRank { record.marks.insert(.notCanonical) }
            previousRank = entry.rank
            guard let known = entry.itemKey else {
                if case .fractionOfSplit = entry.content { continue }
                let keyBytes = nodes.isScalar(entry.key) ? nodes.value(entry.key) : nil
                if let keyBytes {
                    if !isExtensionKey(keyBytes) { record.marks.insert(.unknownKey) }
                    // A repeated unknown or extension key is found by the rule, which compares them all.
                    record.marks.insert(.otherKeys)
                } else {
                    record.marks.insert(.wrongKind)
                }
                continue
            }
            let bit: UInt16 = 1 << UInt16(known.rank)
            guard seenKnown & bit == 0 else {
                // The canonical form looks at every copy, the later ones too.
                record.marks.insert([.repeatedKey, .notCanonical])
                continue
            }
            seenKnown |= bit
            let offset = entry.value - mapping
            record.setOffset(offset < Int(ItemRecord.far) ? UInt8(offset) : ItemRecord.far, of: known)
            if entry.rewrite != nil { record.marks.insert(.notCanonical) }
            switch entry.content {
            case .notScalar:
                record.marks.insert(.wrongKind)
            case .split:
                record.marks.insert([known == .price ? .badPrice : .badQuantity, .splitDecimal])
            case .read(.text):
                if known == .name {
                    // Compared by every rule and lookup that matches names: computed once, here.
                    let (fingerprint, blank) = NameKey.fingerprint(ofName: nodes.value(entry.value))
                    record.nameFingerprint = fingerprint
                    record.marks.insert(blank ? [.textName, .blankName] : .textName)
                }
            case .read(.decimal(let number)):
                if known == .price {
                    record.priceUnits = Int64(number.rounded(toScale: decimals).units)
                } else {
                    record.quantityThousandths = Int64(number.rounded(toScale: 3).units)
                }
            case .read(.flag(let flag)):
                if flag { record.marks.insert(known == .buy ? .buy : .done) }
            case .read(.invalid):
                switch known.kind {
                case .price: record.marks.insert(.badPrice)
                case .quantity: record.marks.insert(.badQuantity)
                case .flag, .text: record.marks.insert(.wrongKind)
                }
            case .unread, .null, .fractionOfSplit:
                break
            }
        }
        return record
    }
}

/// Where the parts of a list are in its document: what the rules start from.
struct ListLayout: Sendable {
    /// The root node; -1 for a document without one.
    var root: Int32 = -1
    /// The value nodes of `title`, `currency` and `categories`, the key node of `items` and its
    /// sequence; -1 when absent (or, for the sequence, not a sequence).
    var title: Int32 = -1
    var currency: Int32 = -1
    var categories: Int32 = -1
    /// The value nodes of `catalog` and `stores`; -1 when absent.
    var catalog: Int32 = -1
    var stores: Int32 = -1
    var itemsKey: Int32 = -1
    var items: Int32 = -1
    /// Whether the top level has anything the rules must look at: keys that are not text,
    /// repeated, unknown, or no `items`.
    var unusualTopLevel = false
    /// Whether `items` holds entries that are not mappings.
    var itemsThatAreNotMappings = false
}
