import YAML

/// A stretch of a source, as byte offsets: where a finding is, or what a fix replaces. Lines and
/// columns are worked out only when a finding is shown.
public struct SourceSpan: Hashable, Sendable, Comparable {
    /// The offset of the first byte.
    public var start: Int
    /// The offset just past the last byte (equal to `start` for a place between two bytes).
    public var end: Int

    /// A span; `end` is at least `start`.
    public init(start: Int, end: Int) {
        self.start = start
        self.end = max(start, end)
    }

    /// An empty span at `offset`.
    public init(at offset: Int) {
        self.init(start: offset, end: offset)
    }

    /// The span from `offset` to the next white space or line end: where a reader of the text
    /// stumbled, when there is no node to point at.
    public init(wordAt offset: Int, in source: SourceText) {
        let bytes = source.bytes
        var end = min(max(offset, 0), bytes.count)
        while end < bytes.count, bytes[end] != 0x20, bytes[end] != 0x09, bytes[end] != 0x0A, bytes[end] != 0x0D {
            end += 1
        }
        self.init(start: min(max(offset, 0), bytes.count), end: end)
    }

    public static func < (lhs: SourceSpan, rhs: SourceSpan) -> Bool {
        (lhs.start, lhs.end) < (rhs.start, rhs.end)
    }
}

/// What a finding says, with the lines it refers to kept as places, not as numbers written into
/// the text: they are filled in when the finding is shown.
public struct FindingMessage: Hashable, Sendable {
    /// One piece of a message.
    public enum Part: Hashable, Sendable {
        /// Words.
        case text(String)
        /// `line N`, for the line holding the byte at this offset.
        case line(ofOffset: Int)
        /// `lines N-M` for the lines from the one holding the first offset to the one holding the
        /// second, or `line N` when that is one line.
        case lines(fromOffset: Int, toOffset: Int)
    }

    /// The pieces, in order.
    public var parts: [Part]

    /// A message of words only.
    public init(_ text: String) {
        parts = [.text(text)]
    }

    /// A message of pieces.
    public init(parts: [Part]) {
        self.parts = parts
    }

    /// The message with its lines numbered as in `source`.
    public func text(in source: SourceText) -> String {
        var result = ""
        for part in parts {
            switch part {
            case .text(let text): result += text
            case .line(let offset): result += "line \(source.line(containing: offset))"
            case .lines(let first, let last):
                let (from, to) = (source.line(containing: first), source.line(containing: last))
                result += from == to ? "line \(from)" : "lines \(from)-\(to)"
            }
        }
        return result
    }
}

/// A place a finding points to besides its own, with what it is: `first defined here`.
public struct RelatedPlace: Hashable, Sendable {
    /// Where.
    public var span: SourceSpan
    /// What the place is.
    public var message: String
}

/// A change to a source's text: the bytes of `span` replaced by `replacement`.
public struct TextEdit: Hashable, Sendable {
    /// What is replaced.
    public var span: SourceSpan
    /// What replaces it.
    public var replacement: String
}

/// A way to resolve a finding: a title and text edits. A safe fix changes only what the author
/// evidently meant; `check --fix` applies those and no others.
public struct Fix: Hashable, Sendable {
    /// What the fix does, in words: `write 3.49`.
    public var title: String
    /// Whether `check --fix` applies it.
    public var isSafe: Bool
    /// The edits, which do not overlap.
    public var edits: [TextEdit]
}

/// One finding of a rule: what is wrong, where, what else it concerns, and how to fix it.
public struct Finding: Hashable, Sendable {
    /// The rule that found it.
    public var rule: RuleID
    /// Error or warning: the rule's, or for a rule with two (`unmerged`) the one it found.
    public var severity: Severity
    /// Where: the value, key or item the rule points at.
    public var span: SourceSpan
    /// What is wrong and what to do about it.
    public var message: FindingMessage
    /// Other places the finding concerns.
    public var related: [RelatedPlace]
    /// Ways to resolve it.
    public var fixes: [Fix]

    /// Creates a finding of the rule's severity, or of `severity` for a rule whose findings are
    /// errors or warnings by what it found.
    public init(
        rule: RuleID, severity: Severity? = nil, span: SourceSpan, message: FindingMessage, related: [RelatedPlace] = [],
        fixes: [Fix] = []
    ) {
        self.rule = rule
        self.severity = severity ?? rule.severity
        self.span = span
        self.message = message
        self.related = related
        self.fixes = fixes
    }
}
