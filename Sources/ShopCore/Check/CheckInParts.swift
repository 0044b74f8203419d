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
        let read = checkInParts(bytes, rules: rules, chunkCapacity: chunkCapacity, handing: { found += $0 }, part)
        return read.map { rest in
            guard !rest.isWhole else { return .whole(findings: rest.findings, list: rest.list) }
            return .parts(findings: FindingOrder.ordered(parts: found, rest: rest.findings), rest: rest.list)
        }
    }

    /// What a check in parts found last, when the parts' findings went on as each was checked
    /// (``checkInParts(_:rules:handing:_:)``): the findings of the last part and of the top
    /// level, which ``FindingOrder`` places among the parts' findings.
    public struct CheckedRest: Sendable {
        /// The findings of the last part and the top level, in order; of the whole list when
        /// `isWhole`.
        public var findings: [Finding]
        /// The last part, or the whole list.
        public var list: ShoppingList
        /// Whether the list was read whole, since its settings come after its items: then
        /// `findings` are all of them, and those handed on before this was known do not count.
        public var isWhole: Bool
        /// Whether a finding handed on for the parts is a structure error (false when
        /// `isWhole`): with `findings`, whether the list breaks its shape, known without going
        /// through the findings handed on again.
        public var structureErrorHandedOn = false

        /// Whether a structure error was found anywhere in the list.
        public var hasStructureErrors: Bool {
            structureErrorHandedOn || findings.contains { $0.rule == .structure }
        }
    }

    /// Checks the list `bytes` hold as ``checkInParts(_:rules:)`` does, handing each part's
    /// findings, in order, to `handing` as soon as the part is checked, so that they need not be
    /// held; then each part but the last to `part`, with whether any finding so far is an error.
    /// Returns the rest. When the rest is the whole list (``CheckedRest/isWhole``), what was
    /// handed on is void.
    public static func checkInParts(
        _ bytes: [UInt8], rules: Set<RuleID>?, handing partFindings: ([Finding]) -> Void,
        _ part: (ShoppingList, _ errorsSoFar: Bool) -> Void
    ) -> Result<CheckedRest, ReadFailure> {
        checkInParts(bytes, rules: rules, chunkCapacity: nil, handing: partFindings, part)
    }

    /// ``checkInParts(_:rules:handing:_:)`` with the events handed over `chunkCapacity` at a time
    /// (for tests).
    static func checkInParts(
        _ bytes: [UInt8], rules: Set<RuleID>?, chunkCapacity: Int?, handing partFindings: ([Finding]) -> Void,
        _ part: (ShoppingList, Bool) -> Void
    ) -> Result<CheckedRest, ReadFailure> {
        var errors = false
        var structure = false
        let read = readInParts(bytes, chunkCapacity: chunkCapacity) { list in
            let findings = list.check(rules)
            errors = errors || findings.contains { $0.severity == .error }
            structure = structure || findings.contains { $0.rule == .structure }
            partFindings(findings)
            part(list, errors)
        }
        switch read {
        case .failure(let failure):
            return .failure(failure)
        case .success(.settingsAfterItems):
            return ShoppingList.read(bytes).map { list in CheckedRest(findings: list.check(rules), list: list, isWhole: true) }
        case .success(.read(let rest)):
            return .success(
                CheckedRest(findings: rest.check(rules), list: rest, isWhole: false, structureErrorHandedOn: structure))
        }
    }
}
