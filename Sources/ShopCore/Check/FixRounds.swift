import YAML

/// Safe fixes applied in rounds, as `check --fix` and the language server's "fix all" apply them: a
/// fix can uncover another (a key respelled `price` whose value has the file's currency symbol), so
/// rounds go on while fixes apply, a few at most, and stop before a round whose result would not
/// read as a list or would break its shape.
///
/// A round holds one text at a time. The text it makes goes to a ``FixedTextSpool`` (a file, for a
/// large list on the command line) while the text it started from is let go of, and comes back
/// from it to be checked in parts (``ShoppingList/checkInParts(_:into:)``), the findings going to
/// a ``FindingStore`` (a file, for many). The fixes are chosen as the findings come back from the
/// store, one at a time. To go back from a round that breaks the list, the round keeps only the
/// bytes its edits replaced, packed. So what is held is one text, a few hundred items, and a few
/// bytes for each fix made, however long the list and however many its findings.
public struct FixRounds<Store: FindingStore> {
    /// How many rounds a text gets at most.
    public static var maximumRounds: Int { 8 }

    /// The fixes each round made, in order, with their places in the text that round started
    /// from; empty when no safe fix applies.
    public private(set) var fixed: [AppliedFixes] = []
    /// The findings of the text after the last round (the one given when no round applied): the
    /// store holds its parts', ``rest`` the others.
    public private(set) var store: Store
    /// The findings of the last part and the top level of the text after the last round, which go
    /// among those of `store`.
    public private(set) var rest: [Finding]
    /// The text after the last round (the one given when no round applied).
    public private(set) var bytes: [UInt8]

    /// Applies the safe fixes of the findings of the list `original` holds, `store` and `rest`
    /// (as ``ShoppingList/checkInParts(_:into:)`` found them), in rounds, each round's text made
    /// into `spool`; throws when the spool cannot give a text back, or the store its findings
    /// (and the text the rounds started from stays as it was wherever it came from).
    public init<Spool: FixedTextSpool>(
        _ original: consuming [UInt8], checked store: consuming Store, rest: [Finding], spool: inout Spool
    ) throws(Spool.Failure) where Store.Failure == Spool.Failure {
        bytes = consume original
        self.store = consume store
        self.rest = rest
        for _ in 0..<Self.maximumRounds {
            let (applied, splices) = try Self.chooseSafeFixes(self.store, self.rest, in: bytes)
            guard !applied.isEmpty else { break }
            spool.restart()
            let undo = splices.apply(to: bytes) { spool.take($0) }
            // The text the round started from is let go of before the one it made comes back, and
            // its findings before that one's are found.
            bytes = []
            self.store.discard()
            self.rest = []
            let made = try spool.text()
            // A round whose result does not read as a list, or breaks its shape, is not made: the
            // text goes back to what it was, and its findings are found again.
            guard case .success(let next) = ShoppingList.checkInParts(made, into: &self.store), !next.hasStructureErrors
            else {
                bytes = undo.applied(to: made)
                if case .success(let again) = ShoppingList.checkInParts(bytes, into: &self.store) {
                    self.rest = again.findings
                } else {
                    self.store.discard()
                }
                break
            }
            fixed.append(applied)
            bytes = made
            self.rest = next.findings
        }
    }

    /// Hands `body` the findings of the text after the last round, in order.
    public func forEachFinding(_ body: (Finding) -> Void) throws(Store.Failure) {
        try store.forEach(mergedWith: rest, body)
    }

    /// The safe fixes of the findings `store` and `rest` that can be made together, as the report
    /// says them (placed in `text`), and their edits.
    private static func chooseSafeFixes(
        _ store: Store, _ rest: [Finding], in text: [UInt8]
    ) throws(Store.Failure) -> (AppliedFixes, Splices) {
        var choice = Fixer.SafeFixChoice()
        var applied = AppliedFixes()
        let source = SourceText(bytes: text)
        var previous: SourceLocation?
        try store.forEach(mergedWith: rest) { finding in
            guard let fix = choice.take(finding) else { return }
            let location = Finding.location(at: finding.span.start, after: previous, in: source)
            previous = location
            applied.append(AppliedFix(rule: finding.rule, location: location, title: fix.title))
        }
        return (applied, choice.splices())
    }
}

extension FixRounds: Sendable where Store: Sendable {}

extension FixRounds {
    /// Applies the safe fixes of `findings`, the findings of the list `original` holds (as a list
    /// already checked has them), in rounds, each round's text made into `spool`.
    public init<Spool: FixedTextSpool, Failure>(
        _ original: [UInt8], findings: [Finding], spool: inout Spool
    ) throws(Failure) where Store == FindingsInMemory<Failure>, Spool.Failure == Failure {
        try self.init(original, checked: FindingsInMemory(findings), rest: [], spool: &spool)
    }

    /// The findings of the text after the last round, in order (for a store in memory).
    public func findings<Failure>() -> [Finding] where Store == FindingsInMemory<Failure> {
        store.all(mergedWith: rest)
    }
}

extension FixRounds where Store == FindingsInMemory<Never> {
    /// Applies the safe fixes of the findings of the list `bytes` hold in rounds, in memory; fails,
    /// saying why, when `bytes` are not one readable document.
    public static func apply(to bytes: [UInt8]) -> Result<FixRounds, ReadFailure> {
        var store = FindingsInMemory<Never>()
        return ShoppingList.checkInParts(bytes, into: &store).map { rest in
            var spool = FixedTextInMemory()
            return FixRounds(bytes, checked: store, rest: rest.findings, spool: &spool)
        }
    }

    /// Applies the safe fixes of `findings`, the findings of the list `original` holds (as a list
    /// already checked has them), in rounds, in memory.
    public init(_ original: [UInt8], findings: [Finding]) {
        var spool = FixedTextInMemory()
        self.init(original, findings: findings, spool: &spool)
    }
}
