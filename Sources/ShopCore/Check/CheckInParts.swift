import YAML

/// Checking a list as it is read in parts (``ShoppingList/readInParts(_:limits:_:)``): what a whole
/// check finds, in the memory of a few hundred items.
extension ShoppingList {
    /// How a list checked in parts was read.
    public enum CheckedRead: Sendable {
        /// In parts: every finding, in order, and the last part (the parts before it went to the
        /// caller's `part`).
        case parts(findings: [Finding], rest: ShoppingList)
        /// Whole, since its settings come after its items: every finding, and the list. What the
        /// parts were told does not hold.
        case whole(findings: [Finding], list: ShoppingList)

        /// The findings, ordered by position.
        public var findings: [Finding] {
            switch self {
            case .parts(let findings, _), .whole(let findings, _): findings
            }
        }
    }

    /// Every finding of `rules` (all of them by default) in the list `bytes` hold, ordered by
    /// position, found as the list is read in parts: the same findings as ``check(_:)`` of the
    /// list read whole. A file that is not one readable document gets its findings as ``read(_:)``
    /// gives them.
    public static func checkInParts(_ bytes: [UInt8], rules: Set<RuleID>? = nil) -> Result<[Finding], ReadFailure> {
        checkInParts(bytes, rules: rules, chunkCapacity: nil) { _, _ in }.map(\.findings)
    }

    /// Checks the list `bytes` hold as ``checkInParts(_:rules:)`` does, handing each part before the
    /// last to `part` once it is checked, with whether any finding so far is an error.
    public static func checkInParts(
        _ bytes: [UInt8], rules: Set<RuleID>?, _ part: (ShoppingList, _ errorsSoFar: Bool) -> Void
    ) -> Result<CheckedRead, ReadFailure> {
        checkInParts(bytes, rules: rules, chunkCapacity: nil, part)
    }

    /// ``checkInParts(_:rules:_:)`` with the events handed over `chunkCapacity` at a time (for tests).
    static func checkInParts(
        _ bytes: [UInt8], rules: Set<RuleID>?, chunkCapacity: Int?, _ part: (ShoppingList, Bool) -> Void
    ) -> Result<CheckedRead, ReadFailure> {
        var found: [Finding] = []
        var errors = false
        let read = readInParts(bytes, chunkCapacity: chunkCapacity) { list in
            let findings = list.check(rules)
            found.append(contentsOf: findings)
            errors = errors || findings.contains { $0.severity == .error }
            part(list, errors)
        }
        switch read {
        case .failure(let failure):
            return .failure(failure)
        case .success(.settingsAfterItems):
            return ShoppingList.read(bytes).map { list in .whole(findings: list.check(rules), list: list) }
        case .success(.read(let rest)):
            found.append(contentsOf: rest.check(rules))
            // Each part's findings are in order, and the parts follow one another; the last part's
            // top level goes around them. At one position, an item's finding comes first, as the
            // inner node's does in a whole check. Often they are in order already (no top-level
            // finding, or none among the items'); else their places are sorted, not a copy of them
            // with their places, which with 90,000 findings held three arrays of them at once.
            let inOrder = zip(found, found.dropFirst()).allSatisfy { $0.span.start <= $1.span.start }
            guard !inOrder else { return .success(.parts(findings: found, rest: rest)) }
            let order = found.indices.sorted { (found[$0].span.start, $0) < (found[$1].span.start, $1) }
            return .success(.parts(findings: order.map { found[$0] }, rest: rest))
        }
    }
}
