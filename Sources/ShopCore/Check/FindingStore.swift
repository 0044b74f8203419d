/// Where the findings of a list checked in parts wait while the rest of it is checked: they are
/// shown, or fixed, in order once the last part and the top level, which go around them, are
/// checked (``FindingOrder``). Memory holds them for a short list and the language server; the
/// command line packs a long list's into a temporary file (a list with a finding on each of
/// 90,000 items held 40 MB of them).
public protocol FindingStore {
    /// Why the findings could not be given back.
    associatedtype Failure: Error
    /// Forgets the findings held.
    mutating func discard()
    /// Holds a part's findings, in order, after those held.
    mutating func take(_ findings: [Finding])
    /// Hands `body` the findings held with the rest's findings, `rest`, among them in their
    /// places, as ``FindingOrder/ordered(parts:rest:)`` orders them.
    func forEach(mergedWith rest: [Finding], _ body: (Finding) -> Void) throws(Failure)
}

/// Findings held in memory. Given whole, with no rest, they are handed back in the order given.
/// They are always given back; `Failing` is the failure of the code they go with (the spool of
/// ``FixRounds``).
public struct FindingsInMemory<Failing: Error>: FindingStore, Sendable {
    public typealias Failure = Failing

    /// The findings held.
    public private(set) var findings: [Finding]

    /// A store holding `findings`.
    public init(_ findings: [Finding] = []) {
        self.findings = findings
    }

    public mutating func discard() { findings = [] }

    public mutating func take(_ more: [Finding]) { findings += more }

    public func forEach(mergedWith rest: [Finding], _ body: (Finding) -> Void) throws(Failing) {
        all(mergedWith: rest).forEach(body)
    }

    /// The findings held with the rest's among them, as ``forEach(mergedWith:_:)`` hands them over.
    public func all(mergedWith rest: [Finding]) -> [Finding] {
        rest.isEmpty ? findings : FindingOrder.ordered(parts: findings, rest: rest)
    }
}

extension ShoppingList {
    /// Checks the list `bytes` hold in parts (``checkInParts(_:rules:handing:_:)``), each part's
    /// findings into `store` (emptied first), and returns the rest, whose findings go among them.
    /// A list read whole leaves the store empty and has every finding in the rest.
    public static func checkInParts<Store: FindingStore>(
        _ bytes: [UInt8], into store: inout Store
    ) -> Result<CheckedRest, ReadFailure> {
        store.discard()
        let read = checkInParts(bytes, rules: nil, handing: { store.take($0) }, { _, _ in })
        if case .success(let rest) = read, rest.isWhole { store.discard() }
        return read
    }
}
