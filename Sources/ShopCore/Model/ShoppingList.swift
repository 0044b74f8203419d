import YAML

/// A shop file read into the model: the list's settings and its items, decoded once.
///
/// Reading a list judges nothing; ``check(_:)`` runs the rules over what was read, and only when
/// asked, so that listing names or editing one item does not pay for every rule.
public struct ShoppingList: Sendable {
    /// The document the list was read from, with its comments.
    public let document: Document
    /// The `title`, when set.
    public let title: String?
    /// The currency in force: the list's `currency` when it has that key (nil when it is not a
    /// known code), else its catalog's.
    public var currency: Currency? { layout.currency >= 0 ? ownCurrency : inheritedCurrency }
    /// The list's own `currency`, when set to a known code.
    public let ownCurrency: Currency?
    /// The catalog's currency, for a list without a `currency` key that names a catalog.
    private(set) var inheritedCurrency: Currency?
    /// The categories in force that are names, each once, in aisle order: the list's `categories`
    /// when it has that key, else its catalog's.
    public var categories: [String]? { categoryIndex?.names }
    /// The same, ready to look items' categories up in.
    var categoryIndex: CategoryIndex? {
        if layout.categories < 0, let catalog { return catalog.ownCategoryIndex }
        return ownCategoryIndex
    }
    /// The `stores` in force, each with its aisle order: the list's when it has the key, else its
    /// catalog's; nil when neither has them as a mapping. The one place the stores of a list are
    /// read from.
    public var stores: StoreOrders? {
        if layout.stores < 0, let catalog { return catalog.storeOrders }
        return storeOrders
    }
    /// The `stores` the file itself sets.
    let storeOrders: StoreOrders?
    /// The list's own `categories`, when the key is a list.
    let ownCategoryIndex: CategoryIndex?
    /// The `catalog` path as written, when it is text; the list names a catalog then.
    public let catalogPath: String?
    /// The value node of `catalog`, when the list has the key: where findings about it go.
    public var catalogNode: NodeID? { layout.catalog < 0 ? nil : NodeID(index: Int(layout.catalog)) }
    /// The catalog and its items' matches, once resolved (see ``resolved(with:)``).
    private(set) var link: CatalogLink?
    /// The catalog the list was resolved with, when it has been.
    public var catalog: ShoppingList? { link?.catalog }
    /// Why the list's catalog could not be had, when it could not.
    public var catalogProblem: CatalogProblem? { link?.problem }
    /// The items that are mappings, in file order.
    let records: [ItemRecord]
    /// Where the parts of the list are in the document.
    let layout: ListLayout
    /// The items whose name or id has an earlier item's fingerprint, when the read found them;
    /// nil when the duplicate rules are to find them.
    let repeatedNames: [RepeatedFingerprints.Pair]?
    let repeatedIDs: [RepeatedFingerprints.Pair]?

    /// Decodes a document.
    public init(document: Document) {
        self.init(document: document, streamed: nil)
    }

    /// The list with `edit` made to its document, decoded again only where the edit changed it:
    /// the items whose rows it copied unchanged keep their records. This list is let go of once
    /// the edited document is made, before it is decoded: when nothing else holds it, its tree
    /// (11 bytes a node) is freed then, not held beside the edited one to the end.
    consuming func applying(_ edit: consuming DocumentEdit) -> ShoppingList {
        let (edited, rows) = document.applyingWithRows(consume edit)
        let (currency, catalog, problem) = (inheritedCurrency, self.catalog, catalogProblem)
        // The records are all the edited list takes of this one, which ends here.
        let carried = CarriedRecords(of: consume self, rows: rows)
        let list = ShoppingList(document: edited, streamed: nil, carried: carried, inheritedCurrency: currency)
        // The items may have changed: they are matched again.
        if let catalog { return list.resolved(with: catalog) }
        if let problem { return list.withCatalogProblem(problem) }
        return list
    }

    /// Decodes a document whose items `streamed` decoded while it was read, or whose unchanged
    /// items have records `carried`.
    init(
        document: Document, streamed: StreamingItemDecoder?, carried: CarriedRecords? = nil,
        inheritedCurrency: Currency? = nil
    ) {
        var decoder = ListDecoder(document: document)
        decoder.carried = carried
        decoder.inheritedCurrency = inheritedCurrency
        decoder.decode(streamed: streamed)
        self.document = decoder.document
        title = decoder.title
        ownCurrency = decoder.currency
        self.inheritedCurrency = decoder.layout.currency >= 0 ? nil : inheritedCurrency
        ownCategoryIndex = decoder.categoryIndex
        catalogPath = decoder.catalogPath
        storeOrders = decoder.stores
        records = decoder.records
        layout = decoder.layout
        repeatedNames = decoder.repeatedNames
        repeatedIDs = decoder.repeatedIDs
        link = nil
    }

    /// This list with `link` in place of its own, and `currency` as the currency it takes from its
    /// catalog (for a list whose records were read with that currency's decimals).
    private func with(link: CatalogLink?, currency: Currency?) -> ShoppingList {
        var list = self
        list.link = link
        list.inheritedCurrency = currency
        return list
    }

    /// The list resolved against `catalog`, the list its `catalog` names (read by the caller, who
    /// can read files): each item is matched to at most one catalog item, by `id` when the catalog
    /// has the item's id, else by name; the items' public values are then the list's where it sets
    /// them, else the catalog item's (`price`, `unit`, `size`, `category`, `id`, `notes`), and the
    /// currency and categories in force are the catalog's where the list has none. A list without
    /// a `currency` key under a catalog whose currency has other decimals is decoded again with
    /// them. The rules still judge the list's own values.
    public func resolved(with catalog: ShoppingList) -> ShoppingList {
        let base: ShoppingList
        let inherited = layout.currency >= 0 ? nil : catalog.currency
        if layout.currency < 0 && (inherited?.decimals ?? Currency.defaultDecimals) != priceDecimals {
            base = ShoppingList(document: document, streamed: nil, inheritedCurrency: inherited)
        } else if inherited != inheritedCurrency {
            // Same decimals: the records hold; only the currency in force changes.
            base = with(link: link, currency: inherited)
        } else {
            base = self
        }
        let link = document.withRawNodes { nodes in CatalogLink(records: base.records, nodes: nodes, catalog: catalog) }
        return base.with(link: link, currency: base.inheritedCurrency)
    }

    /// The list whose catalog could not be had, for `problem`: its items are its own, and check
    /// reports the problem at the `catalog` value.
    public func withCatalogProblem(_ problem: CatalogProblem) -> ShoppingList {
        with(link: CatalogLink(problem: problem, count: records.count), currency: inheritedCurrency)
    }

    /// Reads a list from bytes: the document, with its items decoded while it is read. A file
    /// that cannot be read gets its findings instead, as ``parseDocument(_:)`` gives them.
    public static func read(_ bytes: [UInt8]) -> Result<ShoppingList, ReadFailure> {
        let streamed = StreamingItemDecoder(size: bytes.count)
        return parseDocument(bytes, observer: streamed).map { ShoppingList(document: $0, streamed: streamed) }
    }

    /// Reads a document from bytes. A file that is not one well-formed YAML document gets a
    /// `syntax` finding instead; a file with conflict markers gets a `merge-conflict` finding per
    /// conflict instead (the syntax errors the markers cause are not reported besides).
    public static func parseDocument(_ bytes: [UInt8]) -> Result<Document, ReadFailure> {
        parseDocument(bytes, observer: nil)
    }

    private static func parseDocument(_ bytes: [UInt8], observer: (any ReadObserver)?) -> Result<Document, ReadFailure> {
        parseDocument(bytes) { bytes throws(YAMLError) in
            if let observer { return try Document(parsing: bytes, observer: observer) }
            return try Document(parsing: bytes)
        }
    }

    /// The document `read` makes of `bytes`, or the findings of a file that is not one: its
    /// conflicts, found before any read, or the syntax error that stopped the read.
    static func parseDocument(_ bytes: [UInt8], read: ([UInt8]) throws(YAMLError) -> Document) -> Result<Document, ReadFailure> {
        let markers = ConflictMarkers(bytes)
        if !markers.isEmpty {
            return .failure(ReadFailure(findings: markers.regions.map { Finding(conflict: $0) }, source: SourceText(bytes: bytes)))
        }
        do throws(YAMLError) {
            return .success(try read(bytes))
        } catch {
            let source = SourceText(bytes: bytes)
            let finding = Finding(
                rule: .syntax, span: SourceSpan(wordAt: error.location.offset, in: source),
                message: FindingMessage(error.message))
            return .failure(ReadFailure(findings: [finding], source: source))
        }
    }

    /// The sequence node of `items`, when it is a sequence.
    public var itemsNode: NodeID? { layout.items < 0 ? nil : NodeID(index: Int(layout.items)) }

    /// How many decimals prices have: the currency's, or 2.
    public var priceDecimals: Int { currency?.decimals ?? Currency.defaultDecimals }

    /// The items.
    public var items: ItemList { ItemList(list: self) }

    /// The title to show: the `title`, else `fallback` (the file name without its extension).
    public func displayTitle(fallback: String) -> String {
        if let title, !title.trimmingWhiteSpace().isEmpty { return title }
        return fallback
    }

    /// Whether an item in `scope` has a `size`: the CSV export then has a column for it.
    func hasSize(in scope: ItemScope) -> Bool {
        withItemViews { views in
            records.indices.contains { position in
                let record = records[position]
                return (scope == .all || record.buy) && views.view(position).text(.size) != nil
            }
        }
    }

    /// Calls `body` with the views of the items, resolved against the catalog when the list has
    /// one: valid only inside `body`.
    func withItemViews<Result>(_ body: (ItemViews) -> Result) -> Result {
        document.withRawNodes { nodes in
            guard let link, let catalog = link.catalog else {
                return body(ItemViews(nodes: nodes, records: records, decimals: priceDecimals, catalog: nil))
            }
            return catalog.document.withRawNodes { catalogNodes in
                body(
                    ItemViews(
                        nodes: nodes, records: records, decimals: priceDecimals,
                        catalog: ItemViews.Catalog(
                            nodes: catalogNodes, records: catalog.records, decimals: catalog.priceDecimals,
                            matches: link.matches)))
            }
        }
    }

    /// Calls `body` with each item in `scope`, in file order, lending its texts; only with the
    /// items at `positions` among all, when given.
    func forEachItem(in scope: ItemScope, positions: Range<Int>? = nil, _ body: (ItemView) -> Void) {
        let walked = positions ?? records.indices
        withItemViews { views in
            for position in walked where scope == .all || records[position].buy {
                body(views.view(position))
            }
        }
    }
}

/// The items of a list, in file order.
public struct ItemList: RandomAccessCollection, Sendable {
    let list: ShoppingList

    /// The first position: 0.
    public var startIndex: Int { 0 }
    /// One past the last position: the number of items.
    public var endIndex: Int { list.records.count }

    /// The item at `position`.
    public subscript(position: Int) -> Item {
        Item(list: list, record: list.records[position], position: position)
    }
}

/// Why a source is not a document: its findings (one syntax error, or the merge conflicts) and the
/// source they are in.
public struct ReadFailure: Error, Sendable {
    /// The findings, ordered by position.
    public var findings: [Finding]
    /// The source that could not be read.
    public var source: SourceText

    /// The findings with their positions resolved.
    public var diagnostics: [Diagnostic] { findings.map { $0.resolved(in: source) } }

    /// This failure as it reads where git may already merge the list with shop. When it has
    /// conflicts and `mergesWithShop()` says so (asked only then: answering runs git), they are
    /// ones both sides made, and their findings do not advise `shop git setup`.
    public func withoutGitSetupAdvice(if mergesWithShop: () -> Bool) -> ReadFailure {
        guard findings.contains(where: { $0.rule == .mergeConflict }), mergesWithShop() else { return self }
        let markers = ConflictMarkers(source.bytes)
        return ReadFailure(findings: markers.regions.map { Finding(conflict: $0, advisingGitSetup: false) }, source: source)
    }
}
