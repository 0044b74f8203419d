import JSON
import Synchronization

/// A document as a feature sees it: its text and the position encoding of the session, with the
/// conversions between the two.
public struct DocumentSnapshot: Sendable {
    /// The document.
    public let document: TextDocument
    /// How the client counts characters.
    public let encoding: PositionEncoding
    /// The documents open with it, for a feature whose answer depends on another file (the
    /// catalog a list names).
    public let documents: DocumentStore
    /// Where the last conversion to a position ended, for the next to go on from (see
    /// ``TextDocument/position(of:in:resuming:)``).
    private let lastPosition = PositionMemo()

    /// A snapshot of `document` for a session using `encoding`, among the open `documents`.
    public init(document: TextDocument, encoding: PositionEncoding, documents: DocumentStore = DocumentStore()) {
        self.document = document
        self.encoding = encoding
        self.documents = documents
    }

    /// The LSP range of the byte offsets `range`.
    public func range(of range: Range<Int>) -> LSPRange {
        LSPRange(start: position(of: range.lowerBound), end: position(of: range.upperBound))
    }

    /// The LSP position of a byte offset.
    public func position(of offset: Int) -> Position {
        lastPosition.mark.withLock { mark in document.position(of: offset, in: encoding, resuming: &mark) }
    }

    /// The byte offset of an LSP position.
    public func offset(of position: Position) -> Int {
        document.offset(of: position, in: encoding)
    }
}

/// Computes the findings published for a document after each change.
public protocol DiagnosticsProvider: Sendable {
    /// The diagnostics of the document's current text.
    func diagnostics(for snapshot: DocumentSnapshot) -> [LSPDiagnostic]
    /// The open documents whose diagnostics depend on the file at `uri` besides their own text
    /// (the lists that name it as their catalog), to be published again when it changes: in the
    /// editor, on disk, or by being opened or closed.
    func dependents(of uri: String, among documents: DocumentStore) -> [String]
}

extension DiagnosticsProvider {
    /// None: a document's diagnostics depend on its text alone.
    public func dependents(of uri: String, among documents: DocumentStore) -> [String] { [] }
}

/// A request as a feature sees it.
public struct FeatureRequest: Sendable {
    /// The request's method.
    public let method: String
    /// Its parameters (null when it had none).
    public let params: JSONValue
    /// The open documents.
    public let documents: DocumentStore
    /// How the client counts characters.
    public let encoding: PositionEncoding
    /// The `capabilities` the client sent with `initialize` (an empty object when it sent none).
    public let clientCapabilities: JSONValue
    private let cancellation: @Sendable () -> Bool

    /// A request; `isCancelled` tells whether the client has cancelled it since.
    public init(
        method: String, params: JSONValue, documents: DocumentStore, encoding: PositionEncoding,
        clientCapabilities: JSONValue = [:], isCancelled: @escaping @Sendable () -> Bool = { false }
    ) {
        self.method = method
        self.params = params
        self.documents = documents
        self.encoding = encoding
        self.clientCapabilities = clientCapabilities
        cancellation = isCancelled
    }

    /// Whether the client has cancelled the request; a long computation may stop and throw
    /// `RequestCancelled`.
    public var isCancelled: Bool { cancellation() }

    /// Throws `RequestCancelled` when the client has cancelled the request: a handler calls it
    /// between the steps of a long computation, so that work nobody waits for stops early.
    public func checkCancellation() throws(ResponseError) {
        if cancellation() { throw ResponseError(.requestCancelled, "the request was cancelled") }
    }

    /// The client capability at `path` (`["textDocument", "hover", "contentFormat"]`); nil when
    /// the client did not send it.
    public func capability(_ path: String...) -> JSONValue? {
        var value: JSONValue? = clientCapabilities
        for key in path { value = value?[key] }
        return value
    }

    /// The open document named by `params.textDocument.uri`; `InvalidParams` when it is not open.
    public func textDocument() throws(ResponseError) -> DocumentSnapshot {
        let uri = try params.textDocumentURI()
        guard let document = documents[uri] else { throw .invalidParams("the document \(uri) is not open") }
        return DocumentSnapshot(document: document, encoding: encoding, documents: documents)
    }
}

/// Answers the requests of one method.
public protocol RequestHandler: Sendable {
    /// The method answered: `textDocument/formatting`.
    var method: String { get }
    /// What the server announces for the method in the `capabilities` of the `initialize` result,
    /// as a key and its value (`documentFormattingProvider: true`); nil for nothing.
    var serverCapability: (key: String, value: JSONValue)? { get }
    /// The result of a request, or the error to answer it with.
    func respond(to request: FeatureRequest) throws(ResponseError) -> JSONValue
}

/// What a server offers beyond the protocol itself: diagnostics and the requests it answers.
public struct LanguageFeatures: Sendable {
    /// What computes diagnostics; nil for a server without any.
    public var diagnostics: (any DiagnosticsProvider)?
    /// The request handlers; the first for a method answers it.
    public var requests: [any RequestHandler]
    /// Glob patterns of the files whose changes on disk the server wants to hear of
    /// (`workspace/didChangeWatchedFiles`), asked of a client that registers watchers on request.
    public var watchedFiles: [String]

    /// Features of `diagnostics` and `requests`, told of changes to `watchedFiles`.
    public init(diagnostics: (any DiagnosticsProvider)? = nil, requests: [any RequestHandler] = [], watchedFiles: [String] = []) {
        self.diagnostics = diagnostics
        self.requests = requests
        self.watchedFiles = watchedFiles
    }

    /// The handler of `method`.
    public func handler(for method: String) -> (any RequestHandler)? {
        requests.first { $0.method == method }
    }
}

/// The last position a snapshot worked out, shared by its copies.
private final class PositionMemo: Sendable {
    let mark = Mutex<PositionMark?>(nil)
}
