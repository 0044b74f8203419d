import YAML

/// Safe fixes applied in rounds, as `check --fix` and the language server's "fix all" apply them: a
/// fix can uncover another (a key respelled `price` whose value has the file's currency symbol), so
/// rounds go on while fixes apply, a few at most, and stop before a round whose result would not
/// read as a list or would break its shape.
///
/// A round holds one text at a time. The text it makes goes to a ``FixedTextSpool`` (a file, for a
/// large list on the command line) while the text it started from is let go of, and comes back
/// from it to be checked in parts (``ShoppingList/checkInParts(_:rules:)``). To go back from a
/// round that breaks the list, the round keeps only the bytes its edits replaced. So what is held
/// is one text, a few hundred items, and the findings, however long the list.
public struct FixRounds: Sendable {
    /// How many rounds a text gets at most.
    public static let maximumRounds = 8

    /// The findings each round fixed, in order, with their places in the text that round started
    /// from; empty when no safe fix applies.
    public private(set) var fixed: [[AppliedFix]] = []
    /// The findings of the text after the last round: those of the text given when no round
    /// applied.
    public private(set) var findings: [Finding]
    /// The text after the last round (the one given when no round applied).
    public private(set) var bytes: [UInt8]

    /// Applies the safe fixes of the findings of the list `bytes` hold in rounds, in memory; fails,
    /// saying why, when `bytes` are not one readable document.
    public static func apply(to bytes: [UInt8]) -> Result<FixRounds, ReadFailure> {
        ShoppingList.checkInParts(bytes).map { findings in FixRounds(bytes, findings: findings) }
    }

    /// Applies the safe fixes of `findings`, the findings of the list `original` holds (as a list
    /// already checked has them), in rounds, in memory.
    public init(_ original: [UInt8], findings originals: [Finding]) {
        var spool = FixedTextInMemory()
        self.init(original, findings: originals, spool: &spool)
    }

    /// Applies the safe fixes of `findings`, the findings of the list `original` holds, in rounds,
    /// each round's text made into `spool`; throws when the spool cannot give it back (and the
    /// text the rounds started from stays as it was wherever it came from).
    public init<Spool: FixedTextSpool>(
        _ original: consuming [UInt8], findings originals: consuming [Finding], spool: inout Spool
    ) throws(Spool.Failure) {
        bytes = consume original
        findings = consume originals
        for _ in 0..<Self.maximumRounds {
            let (applied, splices) = Self.chooseSafeFixes(findings, in: bytes)
            guard !applied.isEmpty else { break }
            spool.restart()
            let undo = splices.apply(to: bytes) { spool.take($0) }
            // The text the round started from is let go of before the one it made comes back, and
            // its findings before that one's are found.
            bytes = []
            findings = []
            let made = try spool.text()
            // A round whose result does not read as a list, or breaks its shape, is not made: the
            // text goes back to what it was, and its findings are found again.
            guard case .success(let next) = ShoppingList.checkInParts(made), !next.contains(where: { $0.rule == .structure })
            else {
                bytes = undo.applied(to: made)
                if case .success(let again) = ShoppingList.checkInParts(bytes) { findings = again }
                break
            }
            fixed.append(applied)
            bytes = made
            findings = next
        }
    }

    /// The safe fixes of `findings` that can be made together, as the report says them (placed in
    /// `text`), and their edits.
    private static func chooseSafeFixes(_ findings: [Finding], in text: [UInt8]) -> ([AppliedFix], Splices) {
        let (fixedFindings, splices) = Fixer.chooseSafeFixes(findings)
        let source = SourceText(bytes: text)
        var previous: SourceLocation?
        let applied = fixedFindings.map { finding in
            let location = Finding.location(at: finding.span.start, after: previous, in: source)
            previous = location
            return AppliedFix(rule: finding.rule, location: location, title: finding.fixes.first(where: \.isSafe)?.title ?? "")
        }
        return (applied, splices)
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
