import JSON

/// Reading the parameters of a message, with an `InvalidParams` error that names what is wrong.
extension JSONValue {
    /// The member `key`, which must be there.
    public func required(_ key: String) throws(ResponseError) -> JSONValue {
        guard let value = self[key], !value.isNull else { throw .invalidParams("'\(key)' is missing") }
        return value
    }

    /// The string member `key`, which must be there.
    public func requiredString(_ key: String) throws(ResponseError) -> String {
        let value = try required(key)
        guard let text = value.stringValue else { throw .invalidParams("'\(key)' must be a string, not \(value.kindDescription)") }
        return text
    }

    /// The member `key`, an integer of 0 or more that must be there.
    public func requiredCount(_ key: String) throws(ResponseError) -> Int {
        guard let number = try required(key).intValue else { throw .invalidParams("'\(key)' must be an integer") }
        guard number >= 0 else { throw .invalidParams("'\(key)' must not be negative") }
        return number
    }

    /// The array member `key`, which must be there.
    public func requiredArray(_ key: String) throws(ResponseError) -> [JSONValue] {
        let value = try required(key)
        guard let elements = value.arrayValue else { throw .invalidParams("'\(key)' must be an array, not \(value.kindDescription)") }
        return elements
    }

    /// The URI of the `textDocument` member, which must be there.
    public func textDocumentURI() throws(ResponseError) -> String {
        try required("textDocument").requiredString("uri")
    }
}
