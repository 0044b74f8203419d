import JSON
import ShopLSP
import Testing

/// Messages checked against JSON-RPC 2.0.
@Suite struct JSONRPCTests {
    func parse(_ text: String) throws -> Result<IncomingMessage, IncomingMessage.Invalid> {
        IncomingMessage.parse(try JSONReader.read(text))
    }

    @Test func requestsNotificationsResponses() throws {
        guard case .success(.request(.int(3), "shutdown", nil)) = try parse(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#) else {
            Issue.record("request")
            return
        }
        guard case .success(.request(.string("a"), "x", .some(let params))) = try parse(#"{"jsonrpc":"2.0","id":"a","method":"x","params":[1]}"#),
            params == [1]
        else {
            Issue.record("request with a string id")
            return
        }
        // Parameters of null are none.
        guard case .success(.request(.int(4), "shutdown", nil)) = try parse(#"{"jsonrpc":"2.0","id":4,"method":"shutdown","params":null}"#)
        else {
            Issue.record("request with params null")
            return
        }
        guard case .success(.notification("exit", nil)) = try parse(#"{"jsonrpc":"2.0","method":"exit","params":null}"#) else {
            Issue.record("notification with params null")
            return
        }
        guard case .success(.notification("exit", nil)) = try parse(#"{"jsonrpc":"2.0","method":"exit"}"#) else {
            Issue.record("notification")
            return
        }
        guard case .success(.response(.int(1), .some(.null), nil)) = try parse(#"{"jsonrpc":"2.0","id":1,"result":null}"#) else {
            Issue.record("response")
            return
        }
    }

    @Test(arguments: [
        (#"[]"#, "batches of messages are not supported; send one message at a time", nil),
        (#"3"#, "a message must be a JSON object, not a number", nil),
        (#"{"id":1,"method":"x"}"#, "the message must have \"jsonrpc\": \"2.0\"", 1),
        (#"{"jsonrpc":"1.0","id":1,"method":"x"}"#, "the message must have \"jsonrpc\": \"2.0\"", 1),
        (#"{"jsonrpc":"2.0","id":1.5,"method":"x"}"#, "the id must be an integer or a string", nil),
        (#"{"jsonrpc":"2.0","id":[1],"method":"x"}"#, "the id must be an integer or a string", nil),
        (#"{"jsonrpc":"2.0","id":2,"method":7}"#, "the method must be a string", 2),
        (#"{"jsonrpc":"2.0","id":2,"method":"x","params":"p"}"#, "params must be an object or an array", 2),
        (#"{"jsonrpc":"2.0","id":null,"method":"x"}"#, "a request's id must not be null", nil),
        (#"{"jsonrpc":"2.0","id":4}"#,
         "a message must have a method (a request or a notification) or a result or error (a response)", 4),
    ] as [(String, String, Int?)])
    func invalid(_ text: String, _ message: String, _ id: Int?) throws {
        guard case .failure(let invalid) = try parse(text) else {
            Issue.record("accepted \(text)")
            return
        }
        #expect(invalid.error.code == .invalidRequest)
        #expect(invalid.error.message == message)
        #expect(invalid.id == id.map(RequestID.int))
    }

    @Test func outgoing() {
        #expect(JSONWriter.string(OutgoingMessage.response(id: .int(1), result: nil)) == #"{"jsonrpc":"2.0","id":1,"result":null}"#)
        #expect(
            JSONWriter.string(OutgoingMessage.errorResponse(id: nil, error: ResponseError(.parseError, "bad")))
                == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad"}}"#)
        #expect(
            JSONWriter.string(OutgoingMessage.notification(method: "m", params: [:])) == #"{"jsonrpc":"2.0","method":"m","params":{}}"#)
        #expect(ErrorCode.serverNotInitialized.rawValue == -32002)
        #expect(ErrorCode.requestCancelled.rawValue == -32800)
        #expect(ErrorCode.methodNotFound.rawValue == -32601)
        #expect(ErrorCode.invalidParams.rawValue == -32602)
    }
}
