import JSON
import Synchronization

/// A language server on a byte stream: Content-Length framing, JSON-RPC 2.0, the LSP lifecycle,
/// document synchronisation, and the features it is given.
///
/// Messages are read on a thread of their own into a queue and handled one at a time in order on
/// the calling thread. A request cancelled while it waits is answered with `RequestCancelled`;
/// consecutive changes of one document are all applied, and its diagnostics computed once, for
/// the newest text.
public final class LanguageServer {
    /// Where the session is in the lifecycle.
    enum State {
        case waitingForInitialize
        case running
        case shutDown
    }

    /// The server's name and version, for the `initialize` result.
    public let name: String
    /// The server's version.
    public let version: String
    private let features: LanguageFeatures
    private let maximumMessageLength: Int
    private var state = State.waitingForInitialize
    private(set) var encoding = PositionEncoding.utf16
    private var clientCapabilities: JSONValue = [:]
    private var documents = DocumentStore()
    private var output: MessageWriter?
    private var queue = MessageQueue()
    private let log: @Sendable (String) -> Void

    /// A server named `name` at `version` offering `features`; messages larger than
    /// `maximumMessageLength` bytes are refused; `log` receives a line for each problem (the
    /// command writes them to standard error).
    public init(
        name: String, version: String, features: LanguageFeatures,
        maximumMessageLength: Int = FrameReader.defaultMaximumLength, log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.name = name
        self.version = version
        self.features = features
        self.maximumMessageLength = maximumMessageLength
        self.log = log
    }

    /// Serves the client on `input` and `output` until `exit` or the end of the input, and returns
    /// the exit status: 0 after `shutdown`, else 1.
    public func run(input: any ByteSource, output sink: any ByteSink) -> Int32 {
        let writer = MessageWriter(sink: sink)
        output = writer
        queue = MessageQueue()
        guard ReaderThread.start(source: input, queue: queue, maximumLength: maximumMessageLength) else {
            log("cannot start the thread that reads messages")
            return 1
        }
        while true {
            let (item, cancelled) = queue.take()
            switch item {
            case .end:
                return state == .shutDown ? 0 : 1
            case .refused(let error, let id):
                log("refused a message: \(error.message)")
                writer.send(OutgoingMessage.errorResponse(id: id, error: error))
            case .message(.request(let id, let method, let params)):
                if cancelled {
                    writer.send(OutgoingMessage.errorResponse(id: id, error: ResponseError(.requestCancelled, "the request was cancelled")))
                    continue
                }
                switch handleRequest(method, params: params ?? .null) {
                case .success(let result): writer.send(OutgoingMessage.response(id: id, result: result))
                case .failure(let error): writer.send(OutgoingMessage.errorResponse(id: id, error: error))
                }
            case .message(.notification(let method, let params)):
                if method == "exit" { return state == .shutDown ? 0 : 1 }
                handleNotification(method, params: params ?? .null)
            case .message(.response):
                break  // The one request the server sends needs no answer to go on.
            }
        }
    }

    // MARK: Requests

    private func handleRequest(_ method: String, params: JSONValue) -> Result<JSONValue, ResponseError> {
        do throws(ResponseError) {
            // `exit` is a notification; sent with an id it would otherwise be answered as if some
            // other method had been asked for.
            if method == "exit" {
                throw ResponseError(.invalidRequest, "exit is a notification: send it without an id")
            }
            switch state {
            case .waitingForInitialize:
                guard method == "initialize" else {
                    throw ResponseError(.serverNotInitialized, "the server is not initialized: send initialize first")
                }
                return .success(try initialize(params))
            case .shutDown:
                throw ResponseError(.invalidRequest, "the server is shut down: only exit is accepted")
            case .running:
                switch method {
                case "initialize":
                    throw ResponseError(.invalidRequest, "initialize may only be sent once")
                case "shutdown":
                    state = .shutDown
                    return .success(.null)
                default:
                    guard let handler = features.handler(for: method) else {
                        throw ResponseError(.methodNotFound, "unknown method \(method)")
                    }
                    let queue = self.queue
                    let request = FeatureRequest(
                        method: method, params: params, documents: documents, encoding: encoding,
                        clientCapabilities: clientCapabilities, isCancelled: { queue.isRunningRequestCancelled })
                    return .success(try handler.respond(to: request))
                }
            }
        } catch {
            return .failure(error)
        }
    }

    /// Answers `initialize`; parameters that are not an object, or `capabilities` that are not
    /// one, are refused with `InvalidParams` and the server still waits for its `initialize`.
    /// Capabilities left out count as none.
    private func initialize(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        guard params.isNull || params.objectValue != nil else {
            throw .invalidParams("the parameters of initialize must be an object, not \(params.kindDescription)")
        }
        if let capabilities = params["capabilities"], !capabilities.isNull, capabilities.objectValue == nil {
            throw .invalidParams("'capabilities' must be an object, not \(capabilities.kindDescription)")
        }
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        encoding = PositionEncoding.negotiate(offered: offered)
        if let capabilities = params["capabilities"], capabilities.objectValue != nil { clientCapabilities = capabilities }
        state = .running
        var capabilities: JSONObject = [
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
        ]
        for case let (key, value)? in features.requests.map(\.serverCapability) { capabilities[key] = value }
        return ["capabilities": .object(capabilities), "serverInfo": ["name": .string(name), "version": .string(version)]]
    }

    // MARK: Notifications

    private func handleNotification(_ method: String, params: JSONValue) {
        // Before initialize only exit counts; after shutdown nothing does.
        guard state == .running else { return }
        do throws(ResponseError) {
            switch method {
            case "initialized":
                registerWatchedFiles()
            case "textDocument/didSave":
                // Only a client that sends the text anyway can change it here; the file on disk
                // changed either way, for the documents that read it.
                let uri = try params.textDocumentURI()
                if let changed = try documents.save(params) { publishDiagnostics(of: changed) }
                publishDiagnostics(ofDependentsOf: [uri])
            case "textDocument/didOpen":
                let uri = try documents.open(params)
                publishDiagnostics(of: uri)
                publishDiagnostics(ofDependentsOf: [uri])
            case "textDocument/didChange":
                let uri = try documents.change(params, encoding: encoding)
                // A change waiting right behind this one makes these diagnostics old at once.
                if !queue.nextIsNotification("textDocument/didChange", about: uri) {
                    publishDiagnostics(of: uri)
                    publishDiagnostics(ofDependentsOf: [uri])
                }
            case "textDocument/didClose":
                let uri = try documents.close(params)
                output?.send(OutgoingMessage.notification(
                    method: "textDocument/publishDiagnostics", params: ["uri": .string(uri), "diagnostics": []]))
                // The documents that read it read the file on disk from now on.
                publishDiagnostics(ofDependentsOf: [uri])
            case "workspace/didChangeWatchedFiles":
                let changes = params["changes"]?.arrayValue ?? []
                publishDiagnostics(ofDependentsOf: changes.compactMap { $0["uri"]?.stringValue })
            default:
                break  // Unknown notifications, `$/` ones included, are ignored.
            }
        } catch {
            log("\(method): \(error.message)")
        }
    }

    /// The id of the one request the server sends: the registration of its file watchers.
    static let watchRegistrationID = "shop/watchedFiles"

    /// Asks a client that registers file watchers on request to watch the features' files: most
    /// clients send `workspace/didChangeWatchedFiles` only for watchers registered so. A client
    /// that cannot is not asked; its answer is not awaited.
    private func registerWatchedFiles() {
        guard !features.watchedFiles.isEmpty,
            clientCapabilities["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"] == true
        else { return }
        let watchers: [JSONValue] = features.watchedFiles.map { ["globPattern": .string($0)] }
        let registration: JSONValue = [
            "id": .string(Self.watchRegistrationID), "method": "workspace/didChangeWatchedFiles",
            "registerOptions": ["watchers": .array(watchers)],
        ]
        output?.send([
            "jsonrpc": "2.0", "id": .string(Self.watchRegistrationID), "method": "client/registerCapability",
            "params": ["registrations": [registration]],
        ])
    }

    /// Publishes again the diagnostics of the open documents that depend on the files at `uris`
    /// (each once, in the order of the URIs), the files themselves left out.
    private func publishDiagnostics(ofDependentsOf uris: [String]) {
        guard let provider = features.diagnostics, !uris.isEmpty else { return }
        var seen = Set(uris)
        for uri in uris {
            for dependent in provider.dependents(of: uri, among: documents) where seen.insert(dependent).inserted {
                publishDiagnostics(of: dependent)
            }
        }
    }

    private func publishDiagnostics(of uri: String) {
        guard let provider = features.diagnostics, let document = documents[uri] else { return }
        let diagnostics = provider.diagnostics(for: DocumentSnapshot(document: document, encoding: encoding, documents: documents))
        output?.send(OutgoingMessage.notification(
            method: "textDocument/publishDiagnostics",
            params: ["uri": .string(uri), "version": .int(document.version), "diagnostics": .array(diagnostics.map(\.json))]))
    }
}

/// Writes whole messages to the output, one at a time.
final class MessageWriter: Sendable {
    private let sink: any ByteSink
    /// Whether the output has gone away; held while a message is written, so that messages never
    /// interleave.
    private let closed = Mutex(false)

    init(sink: any ByteSink) {
        self.sink = sink
    }

    /// Sends a message, unless the output has gone away.
    func send(_ message: JSONValue) {
        let frame = FrameReader.frame(JSONWriter.bytes(message))
        closed.withLock { closed in
            guard !closed else { return }
            if !sink.write(frame) { closed = true }
        }
    }
}
