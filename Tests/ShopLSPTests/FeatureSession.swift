import JSON
import ShopLSP

/// A session of `shop lsp`'s features in process: one document opened, then requests about it,
/// each answered by id.
struct FeatureSession {
    static let uri = "file:///list/shopping.yaml"
    /// Everything a client can take: Markdown hovers, code action literals, symbol hierarchies.
    static let fullCapabilities: JSONObject = [
        "textDocument": [
            "hover": ["contentFormat": ["markdown", "plaintext"]],
            "codeAction": ["codeActionLiteralSupport": ["codeActionKind": ["valueSet": ["quickfix", "source"]]]],
            "documentSymbol": ["hierarchicalDocumentSymbolSupport": true],
        ]
    ]

    /// The messages the server wrote.
    let messages: [JSONValue]

    /// Opens `text` in a session offering `encodings` and `capabilities`, then sends `requests`
    /// (method and parameters without `textDocument`, which is added), numbered from 10; `before`
    /// goes between the opening and the requests.
    init(
        _ text: String, encodings: [String]? = nil, capabilities: JSONObject = fullCapabilities, before: [UInt8] = [],
        _ requests: [(String, JSONObject)]
    ) {
        var input = Frames.initialize(encodings: encodings, capabilities: capabilities) + Frames.didOpen(Self.uri, text) + before
        for (index, (method, params)) in requests.enumerated() {
            var params = params
            params["textDocument"] = ["uri": .string(Self.uri)]
            input += Frames.request(10 + index, method, .object(params))
        }
        messages = runServer(input + Frames.shutdownAndExit, features: ShopLanguageFeatures.make()).messages
    }

    /// The answer to the request at `index`.
    func response(_ index: Int = 0) -> JSONValue? {
        messages.first { $0["id"] == .int(10 + index) }
    }

    /// The result of the request at `index`.
    func result(_ index: Int = 0) -> JSONValue? {
        response(index)?["result"]
    }

    /// The diagnostics published last.
    var diagnostics: [JSONValue] {
        messages.last { $0["method"] == "textDocument/publishDiagnostics" }?["params"]?["diagnostics"]?.arrayValue ?? []
    }
}

/// A text with the place of a cursor marked by `‸`: the text without it, and the cursor's
/// position in either encoding and as a byte offset.
struct MarkedText {
    let text: String
    let offset: Int
    let line: Int
    let utf8Column: Int
    let utf16Column: Int

    init(_ marked: String) {
        let parts = marked.split(separator: "‸", maxSplits: 1, omittingEmptySubsequences: false)
        precondition(parts.count == 2, "the text needs one ‸")
        text = String(parts[0]) + String(parts[1])
        let before = String(parts[0])
        offset = before.utf8.count
        let lastLine = before.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        line = before.filter { $0 == "\n" }.count
        utf8Column = lastLine.utf8.count
        utf16Column = lastLine.utf16.count
    }

    /// The cursor as an LSP position in UTF-16.
    var position: JSONValue { ["line": .int(line), "character": .int(utf16Column)] }
}
