import JSON
import ShopLSP
import Testing

/// The shop features stop with RequestCancelled when the client has cancelled the request by the
/// time the document has been analysed.
@Suite struct FeatureCancellationTests {
    static let requests: [(String, JSONObject)] = [
        ("textDocument/hover", ["position": ["line": 2, "character": 6]]),
        ("textDocument/documentSymbol", [:]),
        (
            "textDocument/codeAction",
            ["range": ["start": ["line": 0, "character": 0], "end": ["line": 4, "character": 0]], "context": ["diagnostics": []]]
        ),
        ("textDocument/completion", ["position": ["line": 2, "character": 14]]),
    ]

    @Test(arguments: requests)
    func cancelledRequestsStop(method: String, params: JSONObject) throws {
        var documents = DocumentStore()
        try documents.open([
            "textDocument": [
                "uri": "file:///a.yaml", "languageId": "yaml", "version": 1,
                "text": "categories: [Tea]\nitems:\n  - category: \n    prize: 2\n",
            ]
        ])
        var params = params
        params["textDocument"] = ["uri": "file:///a.yaml"]
        let handler = try #require(ShopLanguageFeatures.make().handler(for: method))
        for cancelled in [false, true] {
            let request = FeatureRequest(
                method: method, params: .object(params), documents: documents, encoding: .utf16,
                clientCapabilities: .object(FeatureSession.fullCapabilities), isCancelled: { cancelled })
            do {
                let result = try handler.respond(to: request)
                #expect(!cancelled, "\(method) answered \(result) though cancelled")
                #expect(result != [] && result != .null && result["items"] != [])
            } catch {
                #expect(cancelled && error.code == .requestCancelled, "\(method): \(error)")
            }
        }
    }
}
