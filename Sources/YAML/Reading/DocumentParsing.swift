extension Document {
    /// Reads a document from UTF-8 bytes (a leading byte order mark is accepted).
    public init(parsing bytes: [UInt8], limits: ParseLimits = ParseLimits()) throws(YAMLError) {
        self = try DocumentReader.read(SourceText(bytes: bytes), limits: limits)
    }

    /// Reads a document from a string.
    public init(parsing text: String, limits: ParseLimits = ParseLimits()) throws(YAMLError) {
        try self.init(parsing: Array(text.utf8), limits: limits)
    }
}
