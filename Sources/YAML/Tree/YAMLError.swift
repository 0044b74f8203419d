/// Why a YAML source could not be turned into a document, with where it happened.
///
/// Every error carries a position and a message in plain language that says what to do about it.
public struct YAMLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of problems the reader distinguishes.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The text is not valid YAML (libyaml's scanner or parser stopped).
        case syntax
        /// The bytes are not valid UTF-8, or contain characters YAML does not allow.
        case encoding
        /// An anchor (`&name`): shop files do not share nodes.
        case anchor
        /// An alias (`*name`); aliases are never expanded.
        case alias
        /// A tag (`!!str`, `!custom`).
        case tag
        /// A directive (`%YAML`, `%TAG`).
        case directive
        /// A second document in the same stream.
        case multipleDocuments
        /// Collections nested deeper than the limit.
        case nestingTooDeep
        /// An input larger than the reader can address.
        case tooLarge
    }

    /// What kind of problem this is.
    public var kind: Kind
    /// Where the problem was found.
    public var location: SourceLocation
    /// A plain-language explanation.
    public var message: String

    /// Creates an error.
    public init(kind: Kind, location: SourceLocation, message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    /// `line:column: message`.
    public var description: String { "\(location): \(message)" }
}
