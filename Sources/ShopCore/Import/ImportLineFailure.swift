/// Why a line of an import cannot be read, in words for the person who wrote it.
public struct ImportLineFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reason.
    public var reason: String

    /// Creates a failure.
    public init(_ reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}
