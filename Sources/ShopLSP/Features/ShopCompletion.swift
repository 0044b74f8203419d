import JSON
import ShopCore
import YAML

/// `textDocument/completion`: the top-level keys and the item keys the mapping does not have yet,
/// and the values the item schema names for a key: the file's categories after `category:`, the
/// units its items use after `unit:`, `true`/`false` after `buy:` and `done:`, currency codes after
/// `currency:`, the catalog's item names after `name:` in a list that names a catalog, the categories
/// again in a store's list under `stores:`. A list that names a catalog offers the categories and
/// values in force (its own, else the catalog's). The place is read from the lines around it (``CompletionContext``), so that a line
/// half typed still gets completions; values that come from the list need the list, read from the
/// document or, when that does not read, from the document without the line being typed, or else
/// from the last text of the document that did read.
struct ShopCompletion: RequestHandler {
    let cache: ShopAnalysisCache

    var method: String { "textDocument/completion" }

    var serverCapability: (key: String, value: JSONValue)? {
        ("completionProvider", ["triggerCharacters": [":", " "], "resolveProvider": false])
    }

    func respond(to request: FeatureRequest) throws(ResponseError) -> JSONValue {
        let snapshot = try request.textDocument()
        let position = try Position(json: try request.params.required("position"))
        let document = snapshot.document
        var items: [CompletionItem] = []
        if let context = CompletionContext(bytes: document.bytes, lines: document.lines, offset: snapshot.offset(of: position)) {
            items = try completions(in: context, snapshot: snapshot, request: request)
        }
        return ["isIncomplete": false, "items": .array(items.map(\.json))]
    }

    func completions(in context: CompletionContext, snapshot: DocumentSnapshot, request: FeatureRequest) throws(ResponseError)
        -> [CompletionItem]
    {
        let range = snapshot.range(of: context.replaced)
        let source: CompletionSource
        switch context.target {
        case .listKey:
            return ListKey.allCases.filter { !context.presentKeys.contains($0.rawValue) }.map { key in
                let text = context.hasColon ? key.rawValue : key.rawValue + Self.afterListKey(key)
                return CompletionItem(
                    label: key.rawValue, kind: .property, detail: "top-level key", documentation: key.meaning,
                    sortText: Self.sortText(key.rank), edit: TextEdit(range: range, newText: text))
            }
        case .itemKey:
            return ItemKey.allCases.filter { !context.presentKeys.contains($0.rawValue) }.map { key in
                CompletionItem(
                    label: key.rawValue, kind: .property, detail: Self.describe(key.kind), documentation: key.definition.meaning,
                    sortText: Self.sortText(key.rank),
                    edit: TextEdit(
                        range: range, newText: (context.needsSpace ? " " : "") + key.rawValue + (context.hasColon ? "" : ": ")))
            }
        case .listValue(let key): source = ListKey(rawValue: key)?.completion ?? .none
        case .itemValue(let key): source = ItemKey(rawValue: key)?.definition.completion ?? .none
        case .storeCategory: source = .categories
        }
        return try values(source, context: context, range: range, snapshot: snapshot, request: request)
    }

    private func values(
        _ source: CompletionSource, context: CompletionContext, range: LSPRange, snapshot: DocumentSnapshot, request: FeatureRequest
    ) throws(ResponseError) -> [CompletionItem] {
        var list: ShoppingList?
        if source == .categories || source == .unitsInFile || source == .sizesInFile || source == .catalogNames {
            list =
                cache.analysis(of: snapshot).list
                ?? Self.list(without: context.cursor, in: snapshot.document).map { list in
                    cache.resolved(list, uri: snapshot.document.uri, documents: snapshot.documents)
                } ?? cache.lastList(of: snapshot.document.uri)
            try request.checkCancellation()
        }
        // Clients match what was typed against the filter text: a value begun with a quote is
        // matched with that quote.
        let first = context.replaced.isEmpty ? nil : snapshot.document.bytes[context.replaced.lowerBound]
        let typedQuote: String? =
            switch first {
            case UInt8(ascii: "\""): "\""
            case UInt8(ascii: "'"): "'"
            default: nil
            }
        var typed = String(decoding: snapshot.document.bytes[context.replaced], as: UTF8.self)
        if let typedQuote, typed.hasPrefix(typedQuote) { typed.removeFirst() }
        if let typedQuote, typed.hasSuffix(typedQuote) { typed.removeLast() }
        return CompletionValues(list: list).values(for: source, typing: typed).enumerated().map { index, value in
            CompletionItem(
                label: value.text, kind: value.kind, detail: value.detail, sortText: Self.sortText(index),
                filterText: typedQuote.map { $0 + value.text },
                edit: TextEdit(
                    range: range,
                    newText: (context.needsSpace ? " " : "") + (value.isText ? Self.written(value.text, inFlow: context.inFlow) : value.text)))
        }
    }

    /// The list of `document` read without the line that holds `offset`: a line being typed is
    /// what most often stops a document from reading.
    static func list(without offset: Int, in document: TextDocument) -> ShoppingList? {
        let line = document.lines.line(containing: offset)
        var bytes = document.bytes
        bytes.removeSubrange(document.lines.starts[line]..<document.lines.contentEnd(of: line, in: bytes))
        guard case .success(let parsed) = ShoppingList.parseDocument(bytes) else { return nil }
        return ShoppingList(document: parsed)
    }

    /// `value` as a YAML scalar that reads back as itself: plain where that is safe, else quoted;
    /// in a flow collection also quoted when it holds `,` or a bracket.
    static func written(_ value: String, inFlow: Bool) -> String {
        let text = ScalarAnalysis.quotedIfNeeded(value)
        guard inFlow, text == value, value.contains(where: { ",[]{}".contains($0) }) else { return text }
        var escaped = "\""
        for character in value {
            if character == "\"" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped + "\""
    }

    /// What follows a top-level key chosen: its value starts on the same line, or, for a list,
    /// on the next one.
    static func afterListKey(_ key: ListKey) -> String {
        switch key {
        case .title, .currency, .catalog: ": "
        case .categories: ":\n  - "
        case .stores: ":\n  "
        case .items: ":\n  - name: "
        }
    }

    /// The kind of value a key holds, in words.
    static func describe(_ kind: ValueKind) -> String {
        switch kind {
        case .text: "text"
        case .price: "price"
        case .quantity: "quantity"
        case .flag: "true or false"
        }
    }

    /// A sort key that keeps items in the order given: `0003`.
    static func sortText(_ index: Int) -> String {
        let digits = String(index)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
