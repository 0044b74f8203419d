/// Why an import was refused: every line that cannot be read or applied, in line order. A refused
/// import changes nothing.
public struct ImportRefusal: Error, Hashable, Sendable {
    /// The problems, in line order.
    public var problems: [ImportProblem]

    /// A refusal for `problems`, sorted by line (the sort is stable: the order of problems on one
    /// line is kept).
    public init(_ problems: [ImportProblem]) {
        self.problems = problems.sorted { $0.line < $1.line }
    }
}
