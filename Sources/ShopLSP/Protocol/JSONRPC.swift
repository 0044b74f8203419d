import JSON

/// The id of a request: an integer or a string, as the client chose it.
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
    /// An integer id.
    case int(Int)
    /// A string id.
    case string(String)

    /// The id in a message; nil when the value is neither an integer nor a string.
    public init?(_ value: JSONValue) {
        switch value {
        case .string(let text): self = .string(text)
        case .number(let number):
            guard let integer = number.intValue else { return nil }
            self = .int(integer)
        default: return nil
        }
    }

    /// The id as JSON.
    public var json: JSONValue {
        switch self {
        case .int(let value): .int(value)
        case .string(let text): .string(text)
        }
    }

    /// The id as written in JSON: `7` or `"abc"`.
    public var description: String { JSONWriter.string(json) }
}

/// The error codes of JSON-RPC 2.0 and those LSP adds.
public struct ErrorCode: RawRepresentable, Hashable, Sendable {
    /// The number sent.
    public var rawValue: Int

    /// A code with the number `rawValue`.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The message is not JSON.
    public static let parseError = ErrorCode(rawValue: -32700)
    /// The JSON is not a valid request.
    public static let invalidRequest = ErrorCode(rawValue: -32600)
    /// No such method.
    public static let methodNotFound = ErrorCode(rawValue: -32601)
    /// The parameters are not what the method takes.
    public static let invalidParams = ErrorCode(rawValue: -32602)
    /// A request came before `initialize`.
    public static let serverNotInitialized = ErrorCode(rawValue: -32002)
    /// The client cancelled the request.
    public static let requestCancelled = ErrorCode(rawValue: -32800)
    /// The request was valid but could not be carried out.
    public static let requestFailed = ErrorCode(rawValue: -32803)
}

/// An error answered to a request.
public struct ResponseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The code.
    public var code: ErrorCode
    /// One sentence for people.
    public var message: String
    /// More information, when there is any.
    public var data: JSONValue?

    /// An error with `code` and `message`.
    public init(_ code: ErrorCode, _ message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// The parameters of a request do not fit: `InvalidParams` with `message`.
    public static func invalidParams(_ message: String) -> ResponseError {
        ResponseError(.invalidParams, message)
    }

    /// The error object of a response.
    public var json: JSONValue {
        var object: JSONObject = ["code": .int(code.rawValue), "message": .string(message)]
        if let data { object["data"] = data }
        return .object(object)
    }

    /// `message (code)`.
    public var description: String { "\(message) (\(code.rawValue))" }
}

/// A message from the client, checked against JSON-RPC 2.0.
public enum IncomingMessage: Sendable {
    /// A request, to be answered.
    case request(id: RequestID, method: String, params: JSONValue?)
    /// A notification, never answered.
    case notification(method: String, params: JSONValue?)
    /// An answer to a request of the server's.
    case response(id: RequestID?, result: JSONValue?, error: JSONValue?)

    /// A message that is JSON but not valid JSON-RPC: the error to answer with, and the id of the
    /// request when one could be read.
    public struct Invalid: Error, Sendable {
        /// What to answer.
        public var error: ResponseError
        /// The request's id, nil when there was none to read (the answer then has id null).
        public var id: RequestID?
    }

    /// The message that `value` is, or why it is not one.
    public static func parse(_ value: JSONValue) -> Result<IncomingMessage, Invalid> {
        func invalid(_ message: String, id: RequestID? = nil) -> Result<IncomingMessage, Invalid> {
            .failure(Invalid(error: ResponseError(.invalidRequest, message), id: id))
        }
        guard case .object(let object) = value else {
            if case .array = value { return invalid("batches of messages are not supported; send one message at a time") }
            return invalid("a message must be a JSON object, not \(value.kindDescription)")
        }
        var id: RequestID?
        if let idValue = object["id"], !idValue.isNull {
            guard let parsed = RequestID(idValue) else { return invalid("the id must be an integer or a string") }
            id = parsed
        }
        guard object["jsonrpc"] == "2.0" else { return invalid("the message must have \"jsonrpc\": \"2.0\"", id: id) }
        // `"params": null` is taken as no parameters, as clients send it for `shutdown` and `exit`.
        var params = object["params"]
        if params?.isNull == true { params = Optional.none }
        if let params, params.arrayValue == nil, params.objectValue == nil {
            return invalid("params must be an object or an array", id: id)
        }
        if let methodValue = object["method"] {
            guard let method = methodValue.stringValue else { return invalid("the method must be a string", id: id) }
            if let id { return .success(.request(id: id, method: method, params: params)) }
            if let idValue = object["id"], idValue.isNull {
                return invalid("a request's id must not be null")
            }
            return .success(.notification(method: method, params: params))
        }
        if object["result"] != nil || object["error"] != nil {
            return .success(.response(id: id, result: object["result"], error: object["error"]))
        }
        return invalid("a message must have a method (a request or a notification) or a result or error (a response)", id: id)
    }
}

/// The messages the server sends.
public enum OutgoingMessage {
    /// A successful answer to request `id`.
    public static func response(id: RequestID, result: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id.json, "result": result]
    }

    /// An error answer to request `id`, or to a message whose id could not be read (nil: id null).
    public static func errorResponse(id: RequestID?, error: ResponseError) -> JSONValue {
        ["jsonrpc": "2.0", "id": id?.json ?? .null, "error": error.json]
    }

    /// A notification.
    public static func notification(method: String, params: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }
}
