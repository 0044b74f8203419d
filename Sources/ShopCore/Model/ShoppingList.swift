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
    /// The `currency`, when set to a known code.
    public let currency: Currency?
    /// The `categories` that are names, each once, in aisle order, when the key is a list.
    public var categories: [String]? { categoryIndex?.names }
    /// The same, ready to look items' categories up in.
    let categoryIndex: CategoryIndex?
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
    /// the items whose rows it copied unchanged keep their records.
    func applying(_ edit: DocumentEdit) -> ShoppingList {
        let (edited, rows) = document.applyingWithRows(edit)
        return ShoppingList(document: edited, streamed: nil, carried: CarriedRecords(of: self, rows: rows))
    }

    /// Decodes a document whose items `streamed` decoded while it was read, or whose unchanged
    /// items have records `carried`.
    init(document: Document, streamed: StreamingItemDecoder?, carried: CarriedRecords? = nil) {
        var decoder = ListDecoder(document: document)
        decoder.carried = carried
        decoder.decode(streamed: streamed)
        self.document = decoder.document
        title = decoder.title
        currency = decoder.currency
        categoryIndex = decoder.categoryIndex
        records = decoder.records
        layout = decoder.layout
        repeatedNames = decoder.repeatedNames
        repeatedIDs = decoder.repeatedIDs
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
        let decimals = priceDecimals
        return document.withRawNodes { nodes in
            records.contains { record in
                (scope == .all || record.buy) && record.offset(.size) != 0
                    && ItemView(nodes: nodes, record: record, decimals: decimals).text(.size) != nil
            }
        }
    }

    /// Calls `body` with each item in `scope`, in file order, lending its texts; only with the
    /// items at `positions` among all, when given.
    func forEachItem(in scope: ItemScope, positions: Range<Int>? = nil, _ body: (ItemView) -> Void) {
        let decimals = priceDecimals
        let walked = positions.map { records[$0] } ?? records[...]
        document.withRawNodes { nodes in
            for record in walked where scope == .all || record.buy {
                body(ItemView(nodes: nodes, record: record, decimals: decimals))
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
