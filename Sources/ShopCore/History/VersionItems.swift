import YAML

/// What `history` keeps of one version of a list: each item's name and `id` as written (which
/// match it to the items of the next version) and its price, and the list's currency. A version
/// of 100,000 items takes about 3 MB this way, where its document would take several times its
/// text; the text and the document are let go of once these are taken.
struct VersionItems: Sendable {
    /// The names and ids, one after another.
    private var texts: [UInt8] = []
    /// For item `i`: where its name starts (`2i`) and its id starts (`2i + 1`) in ``texts``; the
    /// one after the id ends it.
    private var starts: [Int32] = [0]
    /// For each item: ``hasName`` and ``hasID``.
    private var marks: [UInt8] = []
    /// Each item's price in units of 10^-``decimals``; ``ItemRecord/absent`` without one.
    private(set) var priceUnits: [Int64] = []
    /// The decimals of the list's currency.
    private(set) var decimals = Currency.defaultDecimals
    /// The list's currency code, when it sets one.
    private(set) var currency: String?

    private static let hasName: UInt8 = 1
    private static let hasID: UInt8 = 2

    /// No items.
    init() {}

    /// How many items the version has.
    var count: Int { marks.count }

    /// The items of `list`.
    init(_ list: ShoppingList) throws(VersionReading.Unreadable) {
        let decimals = list.priceDecimals
        list.document.withRawNodes { nodes in
            for record in list.records {
                let view = ItemView(nodes: nodes, record: record, decimals: decimals)
                var mark: UInt8 = 0
                if let name = view.text(.name) {
                    texts.append(contentsOf: name)
                    mark |= Self.hasName
                }
                starts.append(Int32(truncatingIfNeeded: texts.count))
                if let id = view.text(.id) {
                    texts.append(contentsOf: id)
                    mark |= Self.hasID
                }
                starts.append(Int32(truncatingIfNeeded: texts.count))
                marks.append(mark)
                priceUnits.append(record.priceUnits)
            }
        }
        // Offsets are kept in 32 bits: names and ids of more than 2 GiB together are not followed.
        guard texts.count <= Int(Int32.max) else {
            throw VersionReading.Unreadable(reason: "its names and ids take more than 2 GiB")
        }
        self.decimals = decimals
        currency = list.currency?.code
    }

    /// The prices are followed: only what matches the next version's items is kept.
    mutating func dropPrices() {
        priceUnits = []
    }

    /// The name to show for item `item`, as diff and merge show it.
    func displayName(_ item: Int) -> String {
        withIdentities { identities in
            ListVersion.displayName(
                name: identities.nameBytes(item).map { String(decoding: $0, as: UTF8.self) },
                id: identities.idBytes(item).map { String(decoding: $0, as: UTF8.self) }, index: item)
        }
    }

    /// The keys by which an item that went is known again when it comes back: its id's and its
    /// name's.
    func returnKeys(_ item: Int) -> [String] {
        withIdentities { identities in
            [
                identities.idBytes(item).map { "id:" + String(decoding: $0, as: UTF8.self) },
                identities.nameBytes(item).map { "name:" + NameKey(utf8: $0).description },
            ].compactMap { $0 }
        }
    }

    /// Calls `body` with the names and ids lent for matching.
    func withIdentities<Result>(_ body: (Identities) -> Result) -> Result {
        texts.withUnsafeBufferPointer { texts in
            starts.withUnsafeBufferPointer { starts in
                marks.withUnsafeBufferPointer { marks in
                    body(Identities(texts: texts, starts: starts, marks: marks))
                }
            }
        }
    }

    /// The names and ids of a version's items, lent from its buffers.
    struct Identities: ItemIdentities {
        let texts: UnsafeBufferPointer<UInt8>
        let starts: UnsafeBufferPointer<Int32>
        let marks: UnsafeBufferPointer<UInt8>

        var count: Int { marks.count }

        func nameBytes(_ item: Int) -> UnsafeBufferPointer<UInt8>? {
            marks[item] & VersionItems.hasName == 0 ? nil : slice(starts[2 * item], starts[2 * item + 1])
        }

        func idBytes(_ item: Int) -> UnsafeBufferPointer<UInt8>? {
            marks[item] & VersionItems.hasID == 0 ? nil : slice(starts[2 * item + 1], starts[2 * item + 2])
        }

        private func slice(_ start: Int32, _ end: Int32) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: texts[Int(start)..<Int(end)])
        }
    }
}
