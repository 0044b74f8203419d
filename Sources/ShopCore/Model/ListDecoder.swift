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
        var seen: UInt8 = 0
        for (key, value) in nodes.entries(of: root) {
            guard nodes.isScalar(key) else {
                layout.unusualTopLevel = true
                continue
            }
            let keyBytes = nodes.value(key)
            guard let known = ListKey.matching(keyBytes) else {
                if !isExtensionKey(keyBytes) { layout.unusualTopLevel = true }
                continue
            }
            let bit: UInt8 = 1 << UInt8(known.rank)
            guard seen & bit == 0 else {
                // The first one counts, as for items; check reports the repetition.
                layout.unusualTopLevel = true
                continue
            }
            seen |= bit
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
                layout.itemsKey = Int32(key)
                if nodes.isSequence(value) { layout.items = Int32(value) }
            }
        }
        // The other keys are looked at by the rules; most files have only known ones.
        if !layout.unusualTopLevel {
            layout.unusualTopLevel = seen & (1 << UInt8(ListKey.items.rank)) == 0
        }
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
        var skip = -1
        var previousRank = -1
        let end = nodes.subtreeEnd(mapping)
        for (key, value) in nodes.entries(of: mapping) {
            if key == skip { continue }
            guard nodes.isScalar(key) else {
                record.marks.insert(.wrongKind)
                if previousRank > ItemKey.otherRank { record.marks.insert(.notCanonical) }
                previousRank = ItemKey.otherRank
                continue
            }
            let keyBytes = nodes.value(key)
            guard let known = ItemKey.matching(keyBytes) else {
                if !isExtensionKey(keyBytes) { record.marks.insert(.unknownKey) }
                // A repeated unknown or extension key is found by the rule, which compares them all.
                record.marks.insert(.otherKeys)
                previousRank = ItemKey.otherRank
                continue
            }
            // The formatter writes the keys in the order of their ranks.
            if known.rank < previousRank { record.marks.insert(.notCanonical) }
            previousRank = known.rank
            let bit: UInt16 = 1 << UInt16(known.rank)
            guard seenKnown & bit == 0 else {
                // The canonical form looks at every copy, the later ones too.
                record.marks.insert([.repeatedKey, .notCanonical])
                continue
            }
            seenKnown |= bit
            let offset = value - mapping
            record.setOffset(offset < Int(ItemRecord.far) ? UInt8(offset) : ItemRecord.far, of: known)
            guard nodes.isScalar(value) else {
                record.marks.insert(.wrongKind)
                continue
            }
            if nodes.isNull(value) { continue }
            if known.kind == .price || known.kind == .quantity,
                let split = SplitDecimal.after(value: value, mappingEnd: end, nodes: nodes)
            {
                skip = split.fractionKey
                record.marks.insert([known == .price ? .badPrice : .badQuantity, .splitDecimal, .notCanonical])
                continue
            }
            let bytes = nodes.value(value)
            let reading = known.kind.read(bytes, decimals: decimals)
            switch reading {
            case .text:
                // Text that YAML readers would take for a number, bool or null is quoted.
                if nodes.isPlain(value) && ScalarAnalysis.resolvesToNonString(bytes) { record.marks.insert(.notCanonical) }
            case .decimal, .flag:
                if !nodes.isPlain(value) || !known.kind.isCanonical(bytes, decimals: decimals) {
                    record.marks.insert(.notCanonical)
                }
            case .invalid:
                record.marks.insert(.notCanonical)
            }
            switch reading {
            case .text:
                if known == .name {
                    // Compared by every rule and lookup that matches names: computed once, here.
                    let (fingerprint, blank) = NameKey.fingerprint(ofName: bytes)
                    record.nameFingerprint = fingerprint
                    record.marks.insert(blank ? [.textName, .blankName] : .textName)
                }
            case .decimal(let number):
                if known == .price {
                    record.priceUnits = Int64(number.rounded(toScale: decimals).units)
                } else {
                    record.quantityThousandths = Int64(number.rounded(toScale: 3).units)
                }
            case .flag(let flag):
                if flag { record.marks.insert(known == .buy ? .buy : .done) }
            case .invalid:
                switch known.kind {
                case .price: record.marks.insert(.badPrice)
                case .quantity: record.marks.insert(.badQuantity)
                case .flag, .text: record.marks.insert(.wrongKind)
                }
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
