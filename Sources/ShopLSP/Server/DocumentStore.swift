import JSON

/// The open documents, by URI, and how their text changes.
public struct DocumentStore: Sendable {
    private var documents: [String: TextDocument] = [:]

    /// An empty store.
    public init() {}

    /// The open document with `uri`.
    public subscript(uri: String) -> TextDocument? {
        documents[uri]
    }

    /// The URIs of the open documents.
    public var uris: [String] { Array(documents.keys) }

    /// Opens a document from the parameters of `textDocument/didOpen` and returns its URI; opening
    /// a URI again replaces the document.
    @discardableResult
    public mutating func open(_ params: JSONValue) throws(ResponseError) -> String {
        let item = try params.required("textDocument")
        let uri = try item.requiredString("uri")
        let languageID = item["languageId"]?.stringValue ?? ""
        let version = item["version"]?.intValue ?? 0
        documents[uri] = TextDocument(uri: uri, languageID: languageID, version: version, text: try item.requiredString("text"))
        return uri
    }

    /// Applies the parameters of `textDocument/didChange` and returns the URI. Every change is
    /// checked before any is applied, so a bad one leaves the document as it was.
    @discardableResult
    public mutating func change(_ params: JSONValue, encoding: PositionEncoding) throws(ResponseError) -> String {
        let identifier = try params.required("textDocument")
        let uri = try identifier.requiredString("uri")
        guard var document = documents[uri] else { throw .invalidParams("the document \(uri) is not open") }
        for change in try params.requiredArray("contentChanges") {
            try document.apply(change: change, encoding: encoding)
        }
        if let version = identifier["version"]?.intValue { document.version = version }
        documents[uri] = document
        return uri
    }

    /// Takes note of `textDocument/didSave`. The server asks for no text on save; a client that
    /// sends it anyway has the document replaced by it, and the URI is returned when that changed
    /// the text (nil when it did not).
    public mutating func save(_ params: JSONValue) throws(ResponseError) -> String? {
        let uri = try params.textDocumentURI()
        guard var document = documents[uri] else { throw .invalidParams("the document \(uri) is not open") }
        guard let text = params["text"]?.stringValue, !document.bytes.elementsEqual(text.utf8) else { return nil }
        document.replaceAll(with: text)
        documents[uri] = document
        return uri
    }

    /// Closes the document of `textDocument/didClose` and returns its URI.
    @discardableResult
    public mutating func close(_ params: JSONValue) throws(ResponseError) -> String {
        let uri = try params.textDocumentURI()
        guard documents.removeValue(forKey: uri) != nil else { throw .invalidParams("the document \(uri) is not open") }
        return uri
    }
}
