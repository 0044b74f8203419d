/// Something in an import's input that cannot be understood, with the line it is on, in words for
/// the person who wrote it. An import with any problem changes nothing.
public struct ImportProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line the problem is on (for a CSV record, the line the record starts on).
    public var line: Int
    /// What is wrong and, where it helps, what to write instead.
    public var message: String

    /// `line 3: MESSAGE`.
    public var description: String { "line \(line): \(message)" }
}
