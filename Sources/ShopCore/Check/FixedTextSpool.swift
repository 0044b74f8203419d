/// Where a round of fixes puts the text it makes while it lets go of the text it started from, so
/// that the two are never held at once: memory for a short text, a file for a long one.
public protocol FixedTextSpool {
    /// Why a text could not be given back.
    associatedtype Failure: Error
    /// Forgets the text taken before: a new one follows.
    mutating func restart()
    /// Takes the next piece of the text.
    mutating func take(_ piece: UnsafeBufferPointer<UInt8>)
    /// The text taken since the last restart, whole.
    mutating func text() throws(Failure) -> [UInt8]
}

/// A spool in memory: the text is held as it is made (for short texts, and the language server).
public struct FixedTextInMemory: FixedTextSpool {
    private var bytes: [UInt8] = []

    /// An empty spool.
    public init() {}

    /// Forgets the text held.
    public mutating func restart() { bytes = [] }
    /// Holds `piece` after what is held.
    public mutating func take(_ piece: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: piece) }
    /// The text held.
    public mutating func text() -> [UInt8] { bytes }
}
