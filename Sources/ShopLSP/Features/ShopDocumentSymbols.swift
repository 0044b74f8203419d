import JSON
import ShopCore
import YAML

/// `textDocument/documentSymbol`: the outline of a list: its title, then its categories in the
/// order exports group them (the `categories` in aisle order, those it does not name, then the
/// items without a category), each with its items. A category's range covers its items and its
/// `categories` entry; choosing it goes to that entry, or to its first item's `category`. When no
/// item has a category the items stand alone. A document that does not read has no outline.
struct ShopDocumentSymbols: RequestHandler {
    let cache: ShopAnalysisCache

    var method: String { "textDocument/documentSymbol" }

    var serverCapability: (key: String, value: JSONValue)? { ("documentSymbolProvider", true) }

    func respond(to request: FeatureRequest) throws(ResponseError) -> JSONValue {
        let snapshot = try request.textDocument()
        guard let list = cache.analysis(of: snapshot).list else { return [] }
        try request.checkCancellation()
        let symbols = try ListOutline(list: list, snapshot: snapshot, request: request).symbols
        if request.capability("textDocument", "documentSymbol", "hierarchicalDocumentSymbolSupport") == true {
            return .array(symbols.map(\.json))
        }
        return .array(symbols.flatMap { $0.flattened(uri: snapshot.document.uri) })
    }
}

/// The symbols of one list.
struct ListOutline {
    /// The title, the categories with their items, or the items.
    private(set) var symbols: [DocumentSymbol] = []
    private let snapshot: DocumentSnapshot

    init(list: ShoppingList, snapshot: DocumentSnapshot, request: FeatureRequest) throws(ResponseError) {
        self.snapshot = snapshot
        let nodes = list.document.withRawNodes { nodes in TopLevelNodes(list: list, nodes: nodes) }
        if let title = nodes.title {
            let value = title.value.flatMap { $0.isEmpty ? nil : $0 }
            let name = list.title?.trimmingWhiteSpace() ?? ""
            symbols.append(
                DocumentSymbol(
                    name: name.isEmpty ? "(no title)" : name, detail: "title", kind: .string,
                    range: snapshot.range(of: title.key.lowerBound..<max(title.key.upperBound, value?.upperBound ?? 0)),
                    selectionRange: snapshot.range(of: value ?? title.key)))
        }
        let sections = CategorySections(list: list, scope: .all)
        var sectionOfCategory: [NameKey: Int] = [:]
        for (index, section) in sections.sections.enumerated() where !section.isUncategorized {
            if let heading = section.heading { sectionOfCategory[NameKey(heading)] = index }
        }
        var grouped: [DocumentSymbol] = []
        var placed: Set<Int> = []
        // The listed categories first, those without items too; then the other sections.
        for entry in nodes.categoryEntries {
            let section = sectionOfCategory[entry.key]
            if let section, !placed.insert(section).inserted { continue }
            let items = try section.map { index throws(ResponseError) in try itemSymbols(sections.sections[index].items, list, request) } ?? []
            grouped.append(group(entry.name, items: items, selection: entry.span))
        }
        for (index, section) in sections.sections.enumerated() where !placed.contains(index) {
            let items = try itemSymbols(section.items, list, request)
            guard let heading = section.heading else {
                symbols += items
                continue
            }
            let selection = section.items.first?.valueNode(.category).flatMap { node in
                list.document.withRawNodes { ListPlace.span(of: node.index, $0) }
            }
            grouped.append(group(heading, items: items, selection: selection))
        }
        symbols += grouped
    }

    /// A category with its items: its range spans them and the place chosen for it.
    private func group(_ name: String, items: [DocumentSymbol], selection: Range<Int>?) -> DocumentSymbol {
        let selectionRange = selection.map { snapshot.range(of: $0) } ?? items.first?.selectionRange ?? snapshot.range(of: 0..<0)
        var range = selectionRange
        for item in items {
            range.start = min(range.start, item.range.start)
            range.end = max(range.end, item.range.end)
        }
        return DocumentSymbol(
            name: name.isEmpty ? "(no name)" : name, detail: items.count == 1 ? "1 item" : "\(items.count) items", kind: .namespace,
            range: range, selectionRange: selectionRange, children: items)
    }

    /// The symbols of `items`: each over its mapping, chosen by its name.
    private func itemSymbols(_ items: CategorySections.SectionItems, _ list: ShoppingList, _ request: FeatureRequest) throws(ResponseError)
        -> [DocumentSymbol]
    {
        var symbols: [DocumentSymbol] = []
        symbols.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if index % 1024 == 1023 { try request.checkCancellation() }
            let spans = list.document.withRawNodes { nodes in
                (ListPlace.span(of: item.node.index, nodes), item.valueNode(.name).flatMap { ListPlace.span(of: $0.index, nodes) })
            }
            guard let span = spans.0 else { continue }
            let name = item.name?.trimmingWhiteSpace() ?? ""
            symbols.append(
                DocumentSymbol(
                    name: name.isEmpty ? "(no name)" : name, detail: Self.detail(of: item), kind: .object,
                    range: snapshot.range(of: span), selectionRange: snapshot.range(of: spans.1 ?? span.lowerBound..<span.lowerBound)))
        }
        return symbols
    }

    /// Where an item stands: `on the list`, `done`; nil when neither.
    static func detail(of item: Item) -> String? {
        switch (item.buy, item.done) {
        case (true, true): "on the list, done"
        case (true, false): "on the list"
        case (false, true): "done"
        case (false, false): nil
        }
    }
}

/// Where the title and the `categories` entries of a list are.
private struct TopLevelNodes {
    /// A `categories` entry: the name as written (without white space at its ends), and where.
    struct CategoryEntry {
        var name: String
        var key: NameKey
        var span: Range<Int>
    }

    /// The `title` key and its value.
    var title: (key: Range<Int>, value: Range<Int>?)?
    /// The `categories` entries, each category once, in aisle order.
    var categoryEntries: [CategoryEntry] = []

    init(list: ShoppingList, nodes: RawNodes) {
        guard let root = list.document.root?.id.index, nodes.isMapping(root) else { return }
        var seen: Set<NameKey> = []
        for (key, value) in nodes.entries(of: root) where nodes.isScalar(key) {
            if title == nil, nodes.valueEquals(key, "title"), let keySpan = ListPlace.span(of: key, nodes) {
                title = (keySpan, ListPlace.span(of: value, nodes))
            } else if categoryEntries.isEmpty, nodes.valueEquals(key, "categories"), nodes.isSequence(value) {
                for entry in nodes.items(of: value) where nodes.isScalar(entry) && !nodes.isNull(entry) {
                    let name = String(decoding: nodes.value(entry), as: UTF8.self).trimmingWhiteSpace()
                    let nameKey = NameKey(name)
                    guard !nameKey.isEmpty, let span = ListPlace.span(of: entry, nodes), seen.insert(nameKey).inserted else { continue }
                    categoryEntries.append(CategoryEntry(name: name, key: nameKey, span: span))
                }
            }
        }
    }
}
