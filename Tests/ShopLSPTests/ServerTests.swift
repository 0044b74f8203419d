import Foundation
import JSON
import ShopLSP
import Synchronization
import Testing

/// The lifecycle and dispatch of the server, run in process on input in memory.
@Suite struct ServerTests {
    @Test func requestsBeforeInitializeAreRefused() {
        let (status, messages) = runServer(
            Frames.request(1, "textDocument/formatting") + Frames.notification("textDocument/didOpen", [:])
                + Frames.request(2, "shutdown") + Frames.initialize(3) + Frames.shutdownAndExit)
        #expect(status == 0)
        #expect(messages.count == 4)
        #expect(messages[0]["id"] == 1 && messages[0].errorCode == -32002)
        #expect(messages[1]["id"] == 2 && messages[1].errorCode == -32002)
        #expect(messages[2]["id"] == 3 && messages[2]["result"]?["capabilities"] != nil)
        #expect(messages[3] == ["jsonrpc": "2.0", "id": 999, "result": nil])
    }

    @Test func positionEncodingIsNegotiated() {
        func negotiated(_ encodings: [String]?) -> JSONValue? {
            runServer(Frames.initialize(encodings: encodings) + Frames.shutdownAndExit).messages.first?["result"]?[
                "capabilities"]?["positionEncoding"]
        }
        #expect(negotiated(nil) == "utf-16")
        #expect(negotiated([]) == "utf-16")
        #expect(negotiated(["utf-16"]) == "utf-16")
        #expect(negotiated(["utf-32", "utf-16"]) == "utf-16")
        #expect(negotiated(["utf-16", "utf-8"]) == "utf-8")
        #expect(negotiated(["utf-8"]) == "utf-8")
    }

    @Test func initializeResult() {
        let result = runServer(Frames.initialize() + Frames.shutdownAndExit).messages.first?["result"]
        #expect(result?["serverInfo"] == ["name": "test", "version": "1"])
        #expect(result?["capabilities"]?["textDocumentSync"] == ["openClose": true, "change": 2, "save": ["includeText": false]])
    }

    /// Parameters of `initialize` that are not an object, or capabilities that are not one, are
    /// refused as invalid, and the server still waits for an `initialize` it can take.
    @Test func initializeWithParametersOfTheWrongKindIsRefused() {
        let (status, messages) = runServer(
            Frames.request(1, "initialize", ["processId": nil, "capabilities": 5])
                + Frames.request(2, "initialize", [1, 2]) + Frames.request(3, "initialize", ["capabilities": "all"])
                + Frames.request(4, "textDocument/formatting") + Frames.request(5, "initialize", ["capabilities": nil])
                + Frames.shutdownAndExit)
        #expect(status == 0)
        #expect(messages.prefix(3).map { $0.errorCode } == [-32602, -32602, -32602])
        #expect(messages[0]["error"]?["message"] == "'capabilities' must be an object, not a number")
        #expect(messages[3]["id"] == 4 && messages[3].errorCode == -32002)
        #expect(messages[4]["id"] == 5 && messages[4]["result"]?["capabilities"] != nil)
    }

    @Test func exitStatus() {
        #expect(runServer(Frames.initialize() + Frames.shutdownAndExit).status == 0)
        #expect(runServer(Frames.initialize() + Frames.notification("exit")).status == 1)
        #expect(runServer(Frames.notification("exit")).status == 1)
        // The input ending counts as exit.
        #expect(runServer(Frames.initialize() + Frames.request(2, "shutdown")).status == 0)
        #expect(runServer(Frames.initialize()).status == 1)
        // `exit` sent with an id is answered that it is a notification, in every state, and the
        // server goes on.
        let asRequest = runServer(
            Frames.request(1, "exit") + Frames.initialize(2) + Frames.request(3, "exit") + Frames.request(4, "shutdown")
                + Frames.request(5, "exit") + Frames.notification("exit"))
        #expect(asRequest.status == 0)
        #expect(asRequest.messages.count == 5)
        for index in [0, 2, 4] {
            #expect(asRequest.messages[index].errorCode == -32600)
            #expect(asRequest.messages[index]["error"]?["message"] == "exit is a notification: send it without an id")
        }
        // Nothing after exit is read.
        let afterExit = runServer(Frames.initialize() + Frames.notification("exit") + Frames.request(5, "shutdown"))
        #expect(afterExit.messages.count == 1)
    }

    @Test func unknownMethodsAndRepeatedInitialize() {
        let (_, messages) = runServer(
            Frames.initialize() + Frames.request(2, "textDocument/hover") + Frames.request(3, "$/unknown")
                + Frames.notification("$/setTrace") + Frames.notification("unknown/notification")
                + Frames.request(4, "initialize") + Frames.shutdownAndExit)
        #expect(messages.count == 5)
        #expect(messages[1]["id"] == 2 && messages[1].errorCode == -32601)
        #expect(messages[1]["error"]?["message"] == "unknown method textDocument/hover")
        #expect(messages[2]["id"] == 3 && messages[2].errorCode == -32601)
        #expect(messages[3]["id"] == 4 && messages[3].errorCode == -32600)
    }

    @Test func requestsAfterShutdownAreInvalid() {
        let (status, messages) = runServer(
            Frames.initialize() + Frames.request(2, "shutdown") + Frames.request(3, "textDocument/formatting")
                + Frames.notification("exit"))
        #expect(status == 0)
        #expect(messages.last?["id"] == 3 && messages.last?.errorCode == -32600)
    }

    @Test func malformedMessagesAreAnsweredAndTheServerGoesOn() {
        let notJSON = Array("Content-Length: 5\r\n\r\n{bad}".utf8)
        let invalidRequest = Frames.message(["id": 7, "method": "x"])
        let oversized = Array("Content-Length: 70000\r\n\r\n".utf8) + [UInt8](repeating: 0x20, count: 70_000)
        let noLength = Array("Content-Type: text/plain\r\n\r\n".utf8)
        let (status, messages) = runServer(
            Frames.initialize() + notJSON + invalidRequest + oversized + noLength + Frames.request(2, "unknown")
                + Frames.shutdownAndExit, maximumMessageLength: 65_536)
        #expect(status == 0)
        #expect(messages.count == 7)
        #expect(messages[1]["id"]?.isNull == true && messages[1].errorCode == -32700)
        #expect(messages[1]["error"]?["message"] == "the message is not JSON: 1:2: expected a string key, found 'b'")
        #expect(messages[2]["id"] == 7 && messages[2].errorCode == -32600)
        #expect(messages[3]["id"]?.isNull == true && messages[3].errorCode == -32600)
        #expect(messages[3]["error"]?["message"] == "a message of 70000 bytes is larger than the limit of 65536 bytes")
        #expect(FrameReader.defaultMaximumLength == 64 << 20)
        #expect(messages[4].errorCode == -32700)
        #expect(messages[5]["id"] == 2 && messages[5].errorCode == -32601)
    }

    /// A request that waits until the whole input has been read, so that the messages behind it
    /// are in the queue, cancellations applied, before it returns.
    struct WaitForInput: RequestHandler {
        let source: MemorySource
        var method: String { "test/wait" }
        var serverCapability: (key: String, value: JSONValue)? { nil }
        func respond(to request: FeatureRequest) throws(ResponseError) -> JSONValue {
            source.drained.wait()
            return "waited"
        }
    }

    struct Echo: RequestHandler {
        var method: String { "test/echo" }
        var serverCapability: (key: String, value: JSONValue)? { ("echoProvider", true) }
        func respond(to request: FeatureRequest) throws(ResponseError) -> JSONValue { request.params }
    }

    /// Counts diagnostics computed, and reports the document's text as the one diagnostic.
    final class CountingDiagnostics: DiagnosticsProvider, Sendable {
        private let texts = Mutex<[String]>([])
        var computed: [String] { texts.withLock { $0 } }
        func diagnostics(for snapshot: DocumentSnapshot) -> [LSPDiagnostic] {
            texts.withLock { $0.append(snapshot.document.text) }
            let whole = snapshot.range(of: 0..<snapshot.document.bytes.count)
            return [LSPDiagnostic(range: whole, severity: .hint, code: nil, source: nil, message: snapshot.document.text)]
        }
    }

    func runWaiting(_ input: [UInt8], diagnostics: (any DiagnosticsProvider)? = nil) -> (status: Int32, messages: [JSONValue]) {
        let bytes = Frames.initialize() + Frames.request(2, "test/wait") + input + Frames.shutdownAndExit
        let source = MemorySource(bytes)
        let sink = MemorySink()
        let features = LanguageFeatures(diagnostics: diagnostics, requests: [WaitForInput(source: source), Echo()])
        let server = LanguageServer(name: "test", version: "1", features: features)
        let status = server.run(input: source, output: sink)
        return (status, sink.messages)
    }

    @Test func aRequestCancelledWhileItWaitsIsAnsweredAsCancelled() {
        let cancel = Frames.notification("$/cancelRequest", ["id": 3])
        let (_, messages) = runWaiting(Frames.request(3, "test/echo", ["a": 1]) + cancel + Frames.request(4, "test/echo", ["b": 2]))
        #expect(messages.count == 5)
        #expect(messages[1]["result"] == "waited")
        #expect(messages[2]["id"] == 3 && messages[2].errorCode == -32800)
        #expect(messages[3] == ["jsonrpc": "2.0", "id": 4, "result": ["b": 2]])
        // A cancellation of a request already answered, or never sent, changes nothing.
        let late = runWaiting(Frames.request(3, "test/echo") + Frames.notification("$/cancelRequest", ["id": 99]))
        #expect(late.messages[2]["id"] == 3 && late.messages[2]["result"] != nil)
    }

    @Test func consecutiveChangesOfADocumentGetDiagnosticsOnce() {
        let counter = CountingDiagnostics()
        func change(_ uri: String, _ version: Int, _ text: String) -> [UInt8] {
            Frames.notification(
                "textDocument/didChange",
                ["textDocument": ["uri": .string(uri), "version": .int(version)], "contentChanges": [["text": .string(text)]]])
        }
        let open = Frames.didOpen("file:///a", "v1") + Frames.didOpen("file:///b", "b1")
        let bytes = Frames.initialize() + open + Frames.request(2, "test/wait") + change("file:///a", 2, "v2")
            + change("file:///a", 3, "v3") + change("file:///a", 4, "v4") + change("file:///b", 2, "b2")
            + change("file:///a", 5, "v5") + Frames.shutdownAndExit
        let source = MemorySource(bytes)
        let sink = MemorySink()
        let features = LanguageFeatures(diagnostics: counter, requests: [WaitForInput(source: source)])
        _ = LanguageServer(name: "test", version: "1", features: features).run(input: source, output: sink)
        #expect(counter.computed == ["v1", "b1", "v4", "b2", "v5"])
        let published = sink.messages.filter { $0["method"] == "textDocument/publishDiagnostics" }
        #expect(published.map { $0["params"]?["version"] } == [1, 1, 4, 2, 5])
    }

    @Test("half an emoji sent as a lone surrogate counts as one UTF-16 unit, and the next change lands where the client means it")
    func loneSurrogateInAChange() {
        let counter = CountingDiagnostics()
        // JSON text written by hand: a Swift string cannot hold a lone surrogate.
        func rawChange(_ version: Int, _ start: Int, _ end: Int, _ text: String) -> [UInt8] {
            let body =
                #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///s","version":"#
                + "\(version)},\"contentChanges\":[{\"range\":{\"start\":{\"line\":0,\"character\":\(start)},"
                + "\"end\":{\"line\":0,\"character\":\(end)}},\"text\":\"\(text)\"}]}}"
            return Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
        }
        // The client inserts the high surrogate of 😀 between "te" and "a", then replaces that
        // one unit with the whole character.
        let input = Frames.didOpen("file:///s", "tea") + rawChange(2, 2, 2, #"\uD83D"#) + rawChange(3, 2, 3, #"\uD83D\uDE00"#)
        let bytes = Frames.initialize() + input + Frames.shutdownAndExit
        let sink = MemorySink()
        let features = LanguageFeatures(diagnostics: counter)
        _ = LanguageServer(name: "test", version: "1", features: features).run(input: MemorySource(bytes), output: sink)
        #expect(counter.computed.last == "te😀a", "\(counter.computed)")
        #expect(!sink.messages.contains { $0.errorCode == -32700 }, "\(sink.messages)")
    }

    @Test func documentsOpenChangeAndClose() {
        let counter = CountingDiagnostics()
        let uri: JSONValue = "file:///doc.yaml"
        let incremental = Frames.notification(
            "textDocument/didChange",
            [
                "textDocument": ["uri": uri, "version": 2],
                "contentChanges": [
                    ["range": ["start": ["line": 0, "character": 6], "end": ["line": 0, "character": 11]], "text": "Käse"],
                    ["range": ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 0]], "text": "😀 "],
                ],
            ])
        let (_, messages) = runServer(
            Frames.initialize(encodings: ["utf-8"]) + Frames.didOpen("file:///doc.yaml", "hello world\nsecond\n") + incremental
                + Frames.notification("textDocument/didSave", ["textDocument": ["uri": uri]])
                + Frames.notification("textDocument/didClose", ["textDocument": ["uri": uri]])
                + Frames.notification("textDocument/didChange", ["textDocument": ["uri": uri], "contentChanges": []])
                + Frames.shutdownAndExit,
            features: LanguageFeatures(diagnostics: counter))
        #expect(counter.computed == ["hello world\nsecond\n", "hello Käse\n😀 second\n"])
        let published = messages.filter { $0["method"] == "textDocument/publishDiagnostics" }
        #expect(published.count == 3)
        #expect(published[1]["params"]?["diagnostics"]?[0]?["range"]?["end"] == ["line": 2, "character": 0])
        // Closing clears the diagnostics.
        #expect(published[2]["params"] == ["uri": uri, "diagnostics": []])
    }

    /// A request that lets the rest of the input be read once it runs, waits until it has been,
    /// and then checks whether it was cancelled meanwhile.
    struct CancellableWork: RequestHandler {
        let source: GatedSource
        var method: String { "test/work" }
        var serverCapability: (key: String, value: JSONValue)? { nil }
        func respond(to request: FeatureRequest) throws(ResponseError) -> JSONValue {
            source.open()
            source.drained.wait()
            try request.checkCancellation()
            return "finished"
        }
    }

    func runWork(after: [UInt8]) -> [JSONValue] {
        let source = GatedSource([Frames.initialize() + Frames.request(2, "test/work"), after + Frames.shutdownAndExit])
        let sink = MemorySink()
        let features = LanguageFeatures(requests: [CancellableWork(source: source), Echo()])
        _ = LanguageServer(name: "test", version: "1", features: features).run(input: source, output: sink)
        return sink.messages
    }

    @Test func aRequestCancelledWhileItRunsStopsWhereItChecks() {
        let cancelled = runWork(after: Frames.notification("$/cancelRequest", ["id": 2]) + Frames.request(3, "test/echo", ["c": 3]))
        #expect(cancelled.count == 4)
        #expect(cancelled[1]["id"] == 2 && cancelled[1].errorCode == ErrorCode.requestCancelled.rawValue)
        #expect(cancelled[2] == ["jsonrpc": "2.0", "id": 3, "result": ["c": 3]])
        let other = runWork(after: Frames.notification("$/cancelRequest", ["id": 3]))
        #expect(other[1] == ["jsonrpc": "2.0", "id": 2, "result": "finished"])
    }

    /// Answers with the client capabilities it was given.
    struct Capabilities: RequestHandler {
        var method: String { "test/capabilities" }
        var serverCapability: (key: String, value: JSONValue)? { nil }
        func respond(to request: FeatureRequest) throws(ResponseError) -> JSONValue {
            ["all": request.clientCapabilities, "hover": request.capability("textDocument", "hover") ?? "none"]
        }
    }

    @Test func featuresSeeTheClientsCapabilities() {
        let capabilities: JSONObject = ["textDocument": ["hover": ["contentFormat": ["markdown"]]]]
        let (_, messages) = runServer(
            Frames.initialize(capabilities: capabilities) + Frames.request(2, "test/capabilities") + Frames.shutdownAndExit,
            features: LanguageFeatures(requests: [Capabilities()]))
        #expect(messages[1]["result"] == ["all": .object(capabilities), "hover": ["contentFormat": ["markdown"]]])
    }

    @Test func aTextSentOnSaveReplacesTheDocument() {
        let counter = CountingDiagnostics()
        let uri: JSONValue = "file:///doc.yaml"
        func save(_ text: String?) -> [UInt8] {
            var params: JSONObject = ["textDocument": ["uri": uri]]
            if let text { params["text"] = .string(text) }
            return Frames.notification("textDocument/didSave", .object(params))
        }
        let (_, messages) = runServer(
            Frames.initialize() + Frames.didOpen("file:///doc.yaml", "one") + save(nil) + save("one") + save("two")
                + Frames.notification("textDocument/didSave", ["textDocument": ["uri": "file:///other.yaml"], "text": "x"])
                + Frames.shutdownAndExit,
            features: LanguageFeatures(diagnostics: counter))
        #expect(counter.computed == ["one", "two"])
        #expect(messages.filter { $0["method"] == "textDocument/publishDiagnostics" }.count == 2)
    }

    @Test func featuresAnnounceTheirCapabilities() {
        let result = runWaiting([]).messages.first?["result"]
        #expect(result?["capabilities"]?["echoProvider"] == true)
    }
}
