import YAML

/// Safe fixes applied in rounds, as `check --fix` and the language server's "fix all" apply them: a
/// fix can uncover another (a key respelled `price` whose value has the file's currency symbol), so
/// rounds go on while fixes apply, a few at most, and stop before a round whose result would not
/// read as a list or would break its shape. Each round's text is checked in parts
/// (``ShoppingList/checkInParts(_:rules:)``): what is held is the text of the round at hand, the
/// text it makes, and a few hundred items, however long the list.
public struct FixRounds: Sendable {
    /// How many rounds a text gets at most.
    public static let maximumRounds = 8

    /// The findings each round fixed, in order, with their places in the text that round started
    /// from; empty when no safe fix applies.
    public private(set) var fixed: [[Diagnostic]] = []
    /// The findings of the text the rounds started from.
    public let originalFindings: [Finding]
    /// The text after the last round (the one given when no round applied).
    public private(set) var bytes: [UInt8]

    /// Applies the safe fixes of the findings of the list `bytes` hold in rounds; fails, saying
    /// why, when `bytes` are not one readable document.
    public static func apply(to bytes: [UInt8]) -> Result<FixRounds, ReadFailure> {
        ShoppingList.checkInParts(bytes).map { findings in FixRounds(bytes, findings: findings) }
    }

    /// Applies the safe fixes of `findings`, the findings of the list `original` holds (as a list
    /// already checked has them), in rounds.
    public init(_ original: [UInt8], findings originals: [Finding]) {
        originalFindings = originals
        bytes = original
        var findings = originals
        for _ in 0..<Self.maximumRounds {
            let source = SourceText(bytes: bytes)
            let outcome = Fixer.applySafeFixes(findings, to: source)
            // A round whose result does not read as a list, or breaks its shape, is not made.
            guard !outcome.fixed.isEmpty, case .success(let next) = ShoppingList.checkInParts(outcome.bytes),
                !next.contains(where: { $0.rule == .structure })
            else { break }
            fixed.append(outcome.fixed.resolved(in: source))
            bytes = outcome.bytes
            findings = next
        }
    }
}
