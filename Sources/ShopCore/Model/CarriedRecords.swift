import YAML

/// The records of a list, for decoding a document an edit made from it: an item whose rows the
/// edit copied unchanged has the record it had, at its new rows. Decoding an edited list then
/// costs what the edit touched (a buy in a list of 20,000 items: 28M instructions of decoding
/// before, 3M after).
struct CarriedRecords: Sendable {
    /// The records of the list the edit was made from, in file order.
    let records: [ItemRecord]
    /// Where each of their subtrees ended in the old document: an item whose last rows the edit
    /// removed is a shorter run of the same rows, and no longer the item it was.
    let ends: [Int32]
    /// The decimals their prices were read with: with other decimals, every price is read again.
    let decimals: Int
    /// Which rows of the edited document are the old one's.
    let rows: RowCorrespondence
    /// The old list's `categories`: its rows, and what was read of them.
    let categories: (rows: Range<Int>, index: CategoryIndex)?

    /// The records of `list`, for the document `rows` describes.
    init(of list: ShoppingList, rows: RowCorrespondence) {
        records = list.records
        let document = list.document
        let layout = list.layout
        ends = document.withRawNodes { nodes in list.records.map { Int32(truncatingIfNeeded: nodes.subtreeEnd(Int($0.node))) } }
        decimals = list.priceDecimals
        self.rows = rows
        categories = list.ownCategoryIndex.map { index in
            let node = Int(layout.categories)
            return (node..<document.withRawNodes { $0.subtreeEnd(node) }, index)
        }
    }

    /// What was read of the old list's `categories`, when `sequence` is that sequence's rows,
    /// unchanged.
    func categoryIndex(of sequence: Int, nodes: RawNodes) -> CategoryIndex? {
        guard let categories else { return nil }
        let end = nodes.subtreeEnd(sequence)
        guard rows.oldRow(ofCopied: sequence..<end) == categories.rows.lowerBound, end - sequence == categories.rows.count
        else { return nil }
        return categories.index
    }

    /// The record of the item mapping at `mapping`, when its rows are an old item's, unchanged.
    func record(forMapping mapping: Int, nodes: RawNodes) -> ItemRecord? {
        let end = nodes.subtreeEnd(mapping)
        guard let old = rows.oldRow(ofCopied: mapping..<end) else { return nil }
        let target = Int32(truncatingIfNeeded: old)
        let low = records.partitionIndex { $0.node >= target }
        guard low < records.count, records[low].node == target, Int(ends[low]) - old == end - mapping else { return nil }
        var record = records[low]
        record.node = Int32(truncatingIfNeeded: mapping)
        return record
    }
}
