/// Why an import was refused: every line that cannot be read or applied, in line order. A refused
/// import changes nothing.
public struct ImportRefusal: Error, Hashable, Sendable {
    /// The problems, in line order.
    public var problems: [ImportProblem]

    /// A refusal for `problems`, sorted by line (the order of problems on one line is kept).
    public init(_ problems: [ImportProblem]) {
        self.problems = problems.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
            .map(\.element)
    }
}
