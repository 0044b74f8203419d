import YAML

/// What a list that names a catalog knows of it: the catalog, and for each of the list's items
/// the catalog item it is, when it is one; or why the catalog could not be had.
///
/// ShopCore reads no files: the command that read the list reads the catalog too and hands it to
/// ``ShoppingList/resolved(with:)``, or says why it could not with
/// ``ShoppingList/withCatalogProblem(_:)``.
///
/// A class only because a list holds it and it holds a list: a value type cannot contain itself.
/// Nothing in it changes once made.
final class CatalogLink: Sendable {
    /// The catalog, when it was read.
    let catalog: ShoppingList?
    /// Why the catalog is not there, when it is not.
    let problem: CatalogProblem?
    /// For each record of the list, in file order, the position of its catalog item among the
    /// catalog's records; -1 for an item the catalog does not have.
    let matches: [Int32]

    /// The link of a list whose records are `records` to `catalog`: each item is matched to at most
    /// one catalog item, by `id` when the item has one that the catalog has, else by name (names
    /// compared as they are in a file). When the catalog has a name or an id twice, the first one
    /// counts (check reports the repetition in the catalog).
    init(records: [ItemRecord], nodes: RawNodes, catalog: ShoppingList) {
        self.catalog = catalog
        problem = nil
        matches = catalog.document.withRawNodes { catalogNodes in
            CatalogIndex(catalog.records, nodes: catalogNodes).matches(for: records, nodes: nodes)
        }
    }

    /// The link of a list whose catalog could not be had.
    init(problem: CatalogProblem, count: Int) {
        catalog = nil
        self.problem = problem
        matches = Array(repeating: -1, count: count)
    }
}

/// Why a list's catalog could not be had: what the `catalog` rule reports at the list's `catalog`
/// value.
public enum CatalogProblem: Error, Sendable, Hashable {
    /// The file cannot be read: `reason` is why, as the system says it (missing, unreadable, a
    /// folder, too large).
    case unreadable(reason: String)
    /// The file is not one shop list: a YAML syntax error, conflict markers, or a top level that is
    /// not a mapping.
    case notAShopFile(reason: String)
    /// The catalog names a catalog itself: catalogs do not chain.
    case namesACatalog(path: String)
}

/// The catalog's items by id and by name's fingerprint, for matching a list's items to them.
private struct CatalogIndex {
    let records: [ItemRecord]
    let nodes: RawNodes
    /// The first record with each id, by the id's bytes.
    var byID: [[UInt8]: Int32] = [:]
    /// The records with each name fingerprint, first one first.
    var byName: [UInt64: [Int32]] = [:]

    init(_ records: [ItemRecord], nodes: RawNodes) {
        self.records = records
        self.nodes = nodes
        for (position, record) in records.enumerated() {
            let view = ItemView(nodes: nodes, record: record, decimals: 0)
            if let id = view.text(.id) {
                let key = Array(id)
                if byID[key] == nil { byID[key] = Int32(position) }
            }
            if record.marks.contains(.textName), !record.marks.contains(.blankName) {
                byName[record.nameFingerprint, default: []].append(Int32(position))
            }
        }
    }

    /// The catalog item of each of `listRecords`, or -1.
    func matches(for listRecords: [ItemRecord], nodes listNodes: RawNodes) -> [Int32] {
        listRecords.map { record in
            let view = ItemView(nodes: listNodes, record: record, decimals: 0)
            if let id = view.text(.id), let found = byID[Array(id)] { return found }
            guard record.marks.contains(.textName), !record.marks.contains(.blankName),
                let candidates = byName[record.nameFingerprint], let name = view.text(.name)
            else { return -1 }
            // Fingerprints may collide: the keys decide.
            let key = NameKey(utf8: name)
            for candidate in candidates {
                let other = ItemView(nodes: nodes, record: records[Int(candidate)], decimals: 0)
                if let otherName = other.text(.name), NameKey(utf8: otherName) == key { return candidate }
            }
            return -1
        }
    }
}
