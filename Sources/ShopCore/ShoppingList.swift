import YAML

/// A shop file read into the model: the list's settings, its items, and every finding of `check`.
///
/// Items are decoded from the document when they are accessed, so a list of 100,000 items costs a
/// few bytes per item beyond the document itself.
public struct ShoppingList: Sendable {
    /// The document the list was read from, with its comments.
    public let document: Document
    /// The `title`, when set.
    public let title: String?
    /// The `currency`, when set to a known code.
    public let currency: Currency?
    /// The `categories`, in aisle order, when the key is present.
    public let categories: [String]?
    /// Findings, ordered by position.
    public let diagnostics: [Diagnostic]
    /// The sequence node of `items`, when it is a sequence.
    public let itemsNode: NodeID?
    /// The mapping nodes of the well-formed items.
    let itemNodes: [Int32]

    /// Decodes a document and checks it against every rule.
    public init(document: Document) {
        var decoder = ListDecoder(document: document)
        decoder.decode()
        self.document = document
        title = decoder.title
        currency = decoder.currency
        categories = decoder.categories
        itemsNode = decoder.itemsNode.map { NodeID(index: $0) }
        itemNodes = decoder.itemNodes
        diagnostics = decoder.sortedDiagnostics()
    }

    /// Reads a document from bytes. A file that is not one well-formed YAML document gets a
    /// `syntax` finding instead; a file with conflict markers gets a `merge-conflict` finding per
    /// conflict instead (the syntax errors the markers cause are not reported besides).
    public static func parseDocument(_ bytes: [UInt8]) -> Result<Document, ReadFailure> {
        let markers = ConflictMarkers(bytes)
        if !markers.isEmpty {
            let source = SourceText(bytes: bytes)
            return .failure(ReadFailure(diagnostics: markers.regions.map { Diagnostic(conflict: $0, in: source) }))
        }
        do throws(YAMLError) {
            return .success(try Document(parsing: bytes))
        } catch {
            return .failure(ReadFailure(diagnostics: [Diagnostic(rule: .syntax, location: error.location, message: error.message)]))
        }
    }

    /// How many decimals prices have: the currency's, or 2.
    public var priceDecimals: Int { currency?.decimals ?? Currency.defaultDecimals }

    /// The items.
    public var items: ItemList { ItemList(document: document, nodes: itemNodes, decimals: priceDecimals) }

    /// Whether any finding is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Whether the file's shape is broken (syntax or structure errors): such a file is never
    /// written by the editing commands.
    public var hasStructureErrors: Bool {
        diagnostics.contains { $0.rule == .syntax || $0.rule == .structure }
    }

    /// The title to show: the `title`, else `fallback` (the file name without its extension).
    public func displayTitle(fallback: String) -> String {
        if let title, !title.trimmingWhiteSpace().isEmpty { return title }
        return fallback
    }
}

/// The items of a list, decoded on access.
public struct ItemList: RandomAccessCollection, Sendable {
    let document: Document
    let nodes: [Int32]
    let decimals: Int

    /// The first position: 0.
    public var startIndex: Int { 0 }
    /// One past the last position: the number of items.
    public var endIndex: Int { nodes.count }

    /// The item at `position`, decoded from the document.
    public subscript(position: Int) -> Item {
        document.withRawNodes { raw in
            var decoder = ItemDecoder(document: document, nodes: raw, decimals: decimals, currencyCode: nil)
            return decoder.decode(Int(nodes[position]), position: position, report: nil)
        }
    }
}

/// Why a source is not a document: its findings (one syntax error, or the merge conflicts).
public struct ReadFailure: Error, Sendable {
    /// The findings, ordered by position.
    public var diagnostics: [Diagnostic]
}

extension Diagnostic {
    /// The finding for one conflict left by a text merge.
    init(conflict: ConflictMarkers.Region, in source: SourceText) {
        let first = source.location(at: conflict.start)
        let last = source.location(at: conflict.end)
        let what: String
        if conflict.others.isEmpty && source.bytes[conflict.start] != UInt8(ascii: "<") {
            what = "a merge conflict marker is left in the file; resolve the conflict and delete the line"
        } else {
            let lines = first.line == last.line ? "line \(first.line)" : "lines \(first.line)-\(last.line)"
            what =
                "unresolved merge conflict (\(lines)): keep the lines you want from each side and delete the marker lines"
        }
        self.init(
            rule: .mergeConflict, location: first,
            message: what + "; 'shop git setup' makes git merge lists item by item")
    }
}
