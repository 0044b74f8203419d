/// The order of the findings of a list checked in parts: by position, as a whole check orders
/// them. Each part's findings are in order, and the parts follow one another; the last part's
/// top level goes around them. At one position an item's finding comes first, as the inner
/// node's does in a whole check.
public enum FindingOrder {
    /// Whether `findings` are ordered by where they start.
    public static func isOrdered(_ findings: [Finding]) -> Bool {
        zip(findings, findings.dropFirst()).allSatisfy { $0.span.start <= $1.span.start }
    }

    /// The parts' findings and the rest's, in one order.
    public static func ordered(parts: [Finding], rest: [Finding]) -> [Finding] {
        guard isOrdered(parts), isOrdered(rest) else {
            // Not met in practice: a stable sort of both by place, which the merge below equals when
            // each is in order. Their places are sorted, not a copy of them with their places,
            // which with 90,000 findings held three arrays of them at once.
            let found = parts + rest
            let order = found.indices.sorted { (found[$0].span.start, $0) < (found[$1].span.start, $1) }
            return order.map { found[$0] }
        }
        guard !rest.isEmpty else { return parts }
        var result: [Finding] = []
        result.reserveCapacity(parts.count + rest.count)
        var merge = Merge(rest: rest)
        for finding in parts { merge.take(finding) { result.append($0) } }
        merge.finish { result.append($0) }
        return result
    }

    /// Places the rest's findings among the parts' as the parts' come, one at a time: the parts'
    /// findings need not be held.
    public struct Merge: Sendable {
        private let rest: [Finding]
        private var next = 0

        /// A merge of the rest's findings, `rest`, in order.
        public init(rest: [Finding]) {
            self.rest = rest
        }

        /// Hands `body` the rest's findings that come before `finding`, a part's, then `finding`.
        /// The parts' findings come in order.
        public mutating func take<Failure: Error>(
            _ finding: Finding, _ body: (Finding) throws(Failure) -> Void
        ) throws(Failure) {
            while next < rest.count && rest[next].span.start < finding.span.start {
                try body(rest[next])
                next += 1
            }
            try body(finding)
        }

        /// Hands `body` the rest's findings after the parts' last.
        public mutating func finish<Failure: Error>(_ body: (Finding) throws(Failure) -> Void) throws(Failure) {
            while next < rest.count {
                try body(rest[next])
                next += 1
            }
        }
    }
}
