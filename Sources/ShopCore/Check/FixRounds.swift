import YAML

/// Safe fixes applied in rounds, as `check --fix` and the language server's "fix all" apply them: a
/// fix can uncover another (a key respelled `price` whose value has the file's currency symbol), so
/// rounds go on while fixes apply, a few at most, and stop before a round whose result would not
/// read as a list or would break its shape.
///
/// Between rounds only the text and its findings are held: each round's list is let go of once it
/// is checked, so that a round never holds two lists.
public struct FixRounds: Sendable {
    /// How many rounds a text gets at most.
    public static var maximumRounds: Int { 8 }

    /// The fixes each round made, in order, with their places in the text that round started
    /// from; empty when no safe fix applies.
    public private(set) var fixed: [[AppliedFix]] = []
    /// The text after the last round (the one given when no round applied).
    public private(set) var bytes: [UInt8]
    /// The findings of ``bytes``, in order.
    public private(set) var findings: [Finding]

    /// Applies the safe fixes of `findings`, the findings of `original` (as a list already checked
    /// has them), in rounds.
    public init(_ original: ShoppingList, findings: [Finding]) {
        self.init(bytes: original.document.source.bytes, findings: findings)
    }

    /// Applies the safe fixes of the findings of the list `bytes` hold in rounds; fails, saying
    /// why, when `bytes` are not one readable document. The rounds take `bytes`: given the only
    /// copy, the text as read is let go of once the first round has fixed it.
    public static func apply(to bytes: consuming [UInt8]) -> Result<FixRounds, ReadFailure> {
        let bytes = bytes
        switch findings(of: bytes) {
        case .failure(let failure): return .failure(failure)
        case .success(let findings): return .success(FixRounds(bytes: consume bytes, findings: findings))
        }
    }

    /// The findings of the list `bytes` hold; the list is let go of when this returns.
    private static func findings(of bytes: [UInt8]) -> Result<[Finding], ReadFailure> {
        ShoppingList.read(bytes).map { $0.check() }
    }

    private init(bytes original: [UInt8], findings: [Finding]) {
        bytes = consume original
        self.findings = findings
        for _ in 0..<Self.maximumRounds {
            let (chosen, edits) = Fixer.chooseSafeFixes(self.findings)
            guard !chosen.isEmpty else { break }
            let applied = Self.applied(chosen, in: SourceText(bytes: bytes))
            // Of the text the round started from, only what its fixes replaced is kept while the
            // fixed text is read and checked (the whole text, 11 MB for 100,000 items, was held
            // beside the fixed text and its list).
            var replaced = ReplacedText()
            let made = Fixer.apply(edits, to: bytes) { replaced.pieces.append(($0, Array($1))) }
            bytes = []
            // A round whose result does not read as a list, or breaks its shape, is not made: its
            // text is put back.
            guard case .success(let next) = Self.findings(of: made), !next.contains(where: { $0.rule == .structure })
            else {
                bytes = replaced.restored(in: made)
                break
            }
            fixed.append(applied)
            bytes = made
            self.findings = next
        }
    }

    /// The fixes of `chosen` as the report says them, placed in `source`.
    private static func applied(_ chosen: [Finding], in source: SourceText) -> [AppliedFix] {
        var previous: SourceLocation?
        return chosen.map { finding in
            let location = Finding.location(at: finding.span.start, after: previous, in: source)
            previous = location
            let title = finding.fixes.first(where: \.isSafe)?.title ?? ""
            return AppliedFix(rule: finding.rule, location: location, title: title)
        }
    }
}

/// A fix a round made, as `check --fix` says it: the rule whose finding it fixed, where the finding
/// was in the text the round started from, and what the fix did.
public struct AppliedFix: Hashable, Sendable {
    /// The rule of the finding fixed.
    public var rule: RuleID
    /// Where the finding started.
    public var location: SourceLocation
    /// What the fix did: `add "buy: true"`.
    public var title: String
}

/// What a round's fixes replaced in the text it started from, with where their replacements are
/// in the fixed text (as ``Fixer/apply(_:to:replaced:)`` tells them): enough to put that text back,
/// byte for byte.
private struct ReplacedText {
    /// In order: the range of a replacement in the fixed text, and the bytes it replaced.
    var pieces: [(fixed: Range<Int>, original: [UInt8])] = []

    /// The text the fixes were made in, from the text they made.
    func restored(in fixed: [UInt8]) -> [UInt8] {
        var text: [UInt8] = []
        var copied = 0
        for piece in pieces {
            text.append(contentsOf: fixed[copied..<piece.fixed.lowerBound])
            text.append(contentsOf: piece.original)
            copied = piece.fixed.upperBound
        }
        text.append(contentsOf: fixed[copied...])
        return text
    }
}
