@testable import ShopCore
import YAML

/// One fuzzing input for a list and the catalog it names: the bytes before the first NUL byte, or
/// before the first line `---8<---`, are the list, the rest the catalog; an input with neither is
/// a list that is its own catalog. Both are read; the list is resolved against the catalog as the
/// command line does it (a catalog that names a catalog, or has no items, is a problem the
/// `catalog` rule reports), checked, and exported in every format. What must hold:
///
/// - no crash, whatever the bytes;
/// - every finding of the list lies inside the list's bytes, every finding of the catalog inside
///   the catalog's: its range, its related places and its fixes' edits;
/// - each item matched to a catalog item is the first one with its id when the catalog has its
///   id, else one with its name; an item matched to none has an id the catalog lacks;
/// - a resolved value is the list's own when the list sets it, else the matched catalog item's;
///   the name, quantity and flags are always the list's;
/// - the items of the resolved list, and those of an export of all of them, are the list file's.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let (listBytes, catalogBytes) = split(bytes)
    guard case .success(let list) = ShoppingList.read(listBytes) else { return 0 }
    let catalogRead = ShoppingList.read(catalogBytes)
    if case .success(let catalog) = catalogRead {
        expectInside(catalog.check(), catalogBytes, "the catalog")
    }
    let resolved = resolving(list, catalogRead)
    expectInside(resolved.check(), listBytes, "the list")
    guard resolved.items.count == list.items.count else { fatalError("the resolved list has other items than the file") }
    if let catalog = resolved.catalog { expectResolution(resolved, list: list, catalog: catalog) }
    _ = (resolved.currency, resolved.categories, resolved.storesInForce, resolved.priceDecimals)
    guard !resolved.hasErrors else { return 0 }
    for format in ExportFormat.allCases {
        for scope in [ItemScope.shoppingList, .all] {
            _ = format.export(resolved, options: ExportOptions(scope: scope))
        }
    }
    // Every item of the file, and only those, in an export of all items.
    let names = list.items.map { $0.name ?? "" }
    guard let csv = try? CSVImportReader.read(ExportFormat.csv.export(resolved, options: ExportOptions(scope: .all))),
        csv.records.count == names.count, csv.problems.isEmpty
    else { fatalError("the CSV export of all items does not read back as one record per item of the list file") }
    return 0
}

/// The list's bytes and the catalog's: split at the first NUL byte, else at the first line
/// `---8<---`; the whole input twice when it has neither.
func split(_ bytes: [UInt8]) -> ([UInt8], [UInt8]) {
    if let nul = bytes.firstIndex(of: 0) { return (Array(bytes[..<nul]), Array(bytes[(nul + 1)...])) }
    let mark = Array("\n---8<---\n".utf8)
    if bytes.count >= mark.count {
        for start in 0...(bytes.count - mark.count) where bytes[start] == 0x0A {
            if bytes[start..<(start + mark.count)].elementsEqual(mark) {
                return (Array(bytes[...start]), Array(bytes[(start + mark.count)...]))
            }
        }
    }
    return (bytes, bytes)
}

/// `list` resolved against the catalog read, as the command line resolves it.
func resolving(_ list: ShoppingList, _ catalogRead: Result<ShoppingList, ReadFailure>) -> ShoppingList {
    guard list.catalogPath.map({ !$0.trimmingWhiteSpace().isEmpty }) ?? false else { return list }
    switch catalogRead {
    case .failure: return list.withCatalogProblem(.notAShopFile(reason: "it cannot be read"))
    case .success(let catalog):
        guard catalog.document.root.map({ $0.isMapping }) ?? false, catalog.itemsNode != nil else {
            return list.withCatalogProblem(.notAShopFile(reason: "it has no \"items\" list"))
        }
        if catalog.catalogNode != nil { return list.withCatalogProblem(.namesACatalog(path: catalog.catalogPath ?? "")) }
        return list.resolved(with: catalog)
    }
}

/// Every place `findings` name lies inside `bytes`.
func expectInside(_ findings: [Finding], _ bytes: [UInt8], _ file: String) {
    func inside(_ span: SourceSpan) -> Bool { span.start >= 0 && span.start <= span.end && span.end <= bytes.count }
    for finding in findings {
        let spans = [finding.span] + finding.related.map(\.span) + finding.fixes.flatMap { $0.edits.map(\.span) }
        guard spans.allSatisfy(inside) else {
            fatalError("a \(finding.rule) finding of \(file) lies outside its \(bytes.count) bytes: \(spans)")
        }
    }
}

/// The values of `resolved`'s items are the list's own where it sets them, else their catalog
/// items'; each catalog item is the one the item's id, else its name, picks.
func expectResolution(_ resolved: ShoppingList, list: ShoppingList, catalog: ShoppingList) {
    // The list's own values, read with the decimals of the currency in force.
    let own = ShoppingList(
        document: list.document, streamed: nil, inheritedCurrency: list.layout.currency >= 0 ? nil : catalog.currency)
    let catalogItems = Array(catalog.items)
    func idBytes(_ item: Item) -> [UInt8]? { item.id.map { Array($0.utf8) } }
    for (item, mine) in zip(resolved.items, own.items) {
        let match = item.catalogItem
        let ownID = idBytes(mine)
        let byID = ownID.flatMap { id in catalogItems.first { idBytes($0) == id } }
        if let byID {
            guard match?.position == byID.position else { fatalError("item \(item.position) is not the catalog item with its id") }
        } else if let match {
            guard let name = mine.name, let other = match.name, NameKey(name) == NameKey(other) else {
                fatalError("item \(item.position) is matched to a catalog item of another name and id")
            }
        }
        guard item.name == mine.name, item.quantity == mine.quantity, item.buy == mine.buy, item.done == mine.done else {
            fatalError("item \(item.position): a value only the list has differs")
        }
        let keys: [(ItemKey, (Item) -> String?)] = [
            (.id, \.id), (.unit, \.unit), (.size, \.size), (.category, \.category), (.notes, \.notes),
            (.price, { $0.price.map { "\($0)" } }),
        ]
        for (key, value) in keys {
            let expected = mine.owner(of: key) == .list ? value(mine) : match.flatMap(value)
            guard value(item) == expected else {
                fatalError("item \(item.position): \(key) is \(value(item) ?? "nil"), not \(expected ?? "nil")")
            }
        }
    }
}
