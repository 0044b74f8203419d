import YAML

/// Safe fixes applied in rounds, as `check --fix` applies them: a fix can uncover another (a key
/// respelled `price` whose value has the file's currency symbol), so rounds go on while fixes
/// apply, a few at most, and stop before a round whose result would not read as a list.
public struct FixRounds: Sendable {
    /// One round: the findings whose safe fix was applied, and the source their spans are in.
    public struct Round: Sendable {
        /// The findings fixed, in order.
        public var fixed: [Finding]
        /// The text the round started from.
        public var source: SourceText
    }

    /// How many rounds a document gets at most.
    public static let maximumRounds = 8

    /// The rounds that applied, in order; empty when no safe fix applies.
    public private(set) var rounds: [Round] = []
    /// The document after the last round (the one given when no round applied).
    public private(set) var document: Document
    /// The list read from ``document``.
    public private(set) var list: ShoppingList

    /// Applies the safe fixes of `list`'s findings in rounds.
    public init(list original: ShoppingList) {
        document = original.document
        list = original
        for _ in 0..<Self.maximumRounds {
            let outcome = Fixer.applySafeFixes(list.check(), to: document.source)
            guard !outcome.fixed.isEmpty, case .success(let fixedDocument) = ShoppingList.parseDocument(outcome.bytes) else {
                break
            }
            let fixedList = ShoppingList(document: fixedDocument)
            guard !fixedList.hasStructureErrors else { break }
            rounds.append(Round(fixed: outcome.fixed, source: document.source))
            document = fixedDocument
            list = fixedList
        }
    }
}

/// Safe fixes applied in rounds as ``FixRounds`` applies them, each round's text checked in parts
/// (``ShoppingList/checkInParts(_:rules:)``) rather than read whole: what is held is the text of the
/// round at hand, the text it makes, and a few hundred items, however long the list.
public struct FixRoundsInParts: Sendable {
    /// The findings each round fixed, in order, with their places in the text that round started
    /// from.
    public private(set) var fixed: [[Diagnostic]] = []
    /// The findings of the text the rounds started from.
    public let originalFindings: [Finding]
    /// The text after the last round (the one given when no round applied).
    public private(set) var bytes: [UInt8]

    /// Applies the safe fixes of the findings of the list `bytes` hold in rounds; fails, saying
    /// why, when `bytes` are not one readable document.
    public static func apply(to bytes: [UInt8]) -> Result<FixRoundsInParts, ReadFailure> {
        ShoppingList.checkInParts(bytes).map { findings in FixRoundsInParts(bytes, findings: findings) }
    }

    private init(_ original: [UInt8], findings originals: [Finding]) {
        originalFindings = originals
        bytes = original
        var findings = originals
        for _ in 0..<FixRounds.maximumRounds {
            let outcome = Fixer.applySafeFixes(findings, to: SourceText(bytes: bytes))
            // A round whose result does not read as a list, or breaks its shape, is not made.
            guard !outcome.fixed.isEmpty, case .success(let next) = ShoppingList.checkInParts(outcome.bytes),
                !next.contains(where: { $0.rule == .structure })
            else { break }
            fixed.append(outcome.fixed.resolved(in: SourceText(bytes: bytes)))
            bytes = outcome.bytes
            findings = next
        }
    }
}
