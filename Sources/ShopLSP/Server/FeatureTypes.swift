import JSON

/// What a completion item is, as LSP numbers the kinds (the ones shop offers).
public enum CompletionItemKind: Int, Hashable, Sendable {
    /// A key of a mapping.
    case property = 10
    /// A value taken from the document: a category, a unit.
    case value = 12
    /// A word of the format: `true`, `false`.
    case keyword = 14
    /// One of a fixed set of values: a currency code.
    case enumMember = 20
}

/// One entry of a completion list.
public struct CompletionItem: Hashable, Sendable {
    /// What the list shows, and what is inserted unless `edit` says otherwise.
    public var label: String
    /// What it is.
    public var kind: CompletionItemKind
    /// A short note beside the label.
    public var detail: String?
    /// A longer text shown for the selected item.
    public var documentation: String?
    /// The key clients sort by (the label when nil).
    public var sortText: String?
    /// The text clients match what was typed against (the label when nil).
    public var filterText: String?
    /// The edit made when the item is chosen.
    public var edit: TextEdit

    /// The item as JSON.
    public var json: JSONValue {
        var object: JSONObject = ["label": .string(label), "kind": .int(kind.rawValue)]
        if let detail { object["detail"] = .string(detail) }
        if let documentation { object["documentation"] = .string(documentation) }
        if let sortText { object["sortText"] = .string(sortText) }
        if let filterText { object["filterText"] = .string(filterText) }
        object["textEdit"] = edit.json
        return .object(object)
    }
}

/// What a document symbol is, as LSP numbers the kinds (the ones shop uses).
public enum SymbolKind: Int, Hashable, Sendable {
    /// A group of symbols: a category.
    case namespace = 3
    /// A text: the title.
    case string = 15
    /// A record: an item.
    case object = 19
}

/// A named part of a document with its place, for outlines and breadcrumbs.
public struct DocumentSymbol: Hashable, Sendable {
    /// The name shown; never empty (LSP requires that).
    public var name: String
    /// A note beside the name.
    public var detail: String?
    /// What it is.
    public var kind: SymbolKind
    /// The whole of it, its children's ranges included.
    public var range: LSPRange
    /// The part to select and reveal, inside `range`.
    public var selectionRange: LSPRange
    /// The symbols inside it.
    public var children: [DocumentSymbol] = []

    /// The symbol and its children as a `DocumentSymbol` of JSON.
    public var json: JSONValue {
        var object: JSONObject = ["name": .string(name)]
        if let detail { object["detail"] = .string(detail) }
        object["kind"] = .int(kind.rawValue)
        object["range"] = range.json
        object["selectionRange"] = selectionRange.json
        if !children.isEmpty { object["children"] = .array(children.map(\.json)) }
        return .object(object)
    }

    /// The symbol and those inside it as a flat list of `SymbolInformation`, for clients that do
    /// not show a hierarchy: each names the symbol it is inside as its container.
    public func flattened(uri: String, container: String? = nil) -> [JSONValue] {
        var object: JSONObject = [
            "name": .string(name), "kind": .int(kind.rawValue), "location": ["uri": .string(uri), "range": range.json],
        ]
        if let container { object["containerName"] = .string(container) }
        return [.object(object)] + children.flatMap { $0.flattened(uri: uri, container: name) }
    }
}

/// A change offered for a range of a document: a quick fix, or one that fixes a whole file.
public struct CodeAction: Hashable, Sendable {
    /// What it does, in words.
    public var title: String
    /// `quickfix`, `source.fixAll.shop`, ...
    public var kind: String
    /// The diagnostics it resolves.
    public var diagnostics: [LSPDiagnostic]
    /// Whether it is the one to choose without asking (a safe fix).
    public var isPreferred: Bool
    /// The edits, by document URI.
    public var changes: [(uri: String, edits: [TextEdit])]

    /// The action as JSON, its edits as a `WorkspaceEdit` of `changes`.
    public var json: JSONValue {
        var object: JSONObject = ["title": .string(title), "kind": .string(kind)]
        if !diagnostics.isEmpty { object["diagnostics"] = .array(diagnostics.map(\.json)) }
        if isPreferred { object["isPreferred"] = true }
        object["edit"] = ["changes": .object(JSONObject(changes.map { JSONMember($0.uri, .array($0.edits.map(\.json))) }))]
        return .object(object)
    }

    public static func == (lhs: CodeAction, rhs: CodeAction) -> Bool { lhs.json == rhs.json }

    public func hash(into hasher: inout Hasher) { hasher.combine(json) }
}

/// What hovering over a place shows: a text, and the range it is about.
public struct Hover: Hashable, Sendable {
    /// The text.
    public var text: String
    /// Whether the text is Markdown (else plain text).
    public var isMarkdown: Bool
    /// What the text is about, for the client to highlight.
    public var range: LSPRange?

    /// The hover as JSON, its text as `MarkupContent`.
    public var json: JSONValue {
        var object: JSONObject = ["contents": ["kind": isMarkdown ? "markdown" : "plaintext", "value": .string(text)]]
        if let range { object["range"] = range.json }
        return .object(object)
    }
}
