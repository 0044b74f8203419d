import YAML

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

/// The fixes a round made, in order, packed: they are held while the round's text is checked, and
/// as 48-byte records (and a title each) 90,000 of them took 4 MB.
public struct AppliedFixes: Sequence, Hashable, Sendable {
    /// Each fix's rule (its ``RuleID/position``), line, column, offset and title.
    private var packed: [UInt8] = []
    /// How many fixes there are.
    public private(set) var count = 0

    /// No fix.
    public init() {}

    /// Whether there is no fix.
    public var isEmpty: Bool { count == 0 }

    /// Adds `fix` after the others.
    mutating func append(_ fix: AppliedFix) {
        LEB128.append(fix.rule.position, to: &packed)
        LEB128.append(fix.location.line, to: &packed)
        LEB128.append(fix.location.column, to: &packed)
        LEB128.append(fix.location.offset, to: &packed)
        LEB128.append(fix.title, to: &packed)
        count += 1
    }

    /// The fixes in order.
    public struct Iterator: IteratorProtocol {
        private let packed: [UInt8]
        private var offset = 0

        fileprivate init(_ packed: [UInt8]) {
            self.packed = packed
        }

        /// The next fix.
        public mutating func next() -> AppliedFix? {
            packed.withUnsafeBufferPointer { bytes in
                // The fixes were written here: none is cut off.
                guard let position = LEB128.readCount(bytes, at: &offset), let rule = RuleID.at(position: position),
                    let line = LEB128.readCount(bytes, at: &offset), let column = LEB128.readCount(bytes, at: &offset),
                    let at = LEB128.readCount(bytes, at: &offset), let title = LEB128.readString(bytes, at: &offset)
                else { return nil }
                return AppliedFix(
                    rule: rule, location: SourceLocation(line: line, column: column, offset: at), title: title)
            }
        }
    }

    /// An iterator from the first fix.
    public func makeIterator() -> Iterator { Iterator(packed) }

    /// How many fixes there are.
    public var underestimatedCount: Int { count }
}
