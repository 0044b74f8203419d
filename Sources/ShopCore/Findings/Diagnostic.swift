import YAML

/// A finding with its positions resolved to lines and columns, and its message written out: what
/// the reports (text, JSON, SARIF) and the language server show.
public struct Diagnostic: Hashable, Sendable {
    /// A related place, resolved.
    public struct Place: Hashable, Sendable {
        /// Where it starts.
        public var location: SourceLocation
        /// Just past where it ends.
        public var end: SourceLocation
        /// What the place is.
        public var message: String
    }

    /// A text edit of a fix, resolved.
    public struct Edit: Hashable, Sendable {
        /// Where the replaced text starts.
        public var location: SourceLocation
        /// Just past where it ends.
        public var end: SourceLocation
        /// The new text.
        public var text: String
    }

    /// A fix, resolved.
    public struct Repair: Hashable, Sendable {
        /// What it does.
        public var title: String
        /// Whether `check --fix` applies it.
        public var isSafe: Bool
        /// Its edits.
        public var edits: [Edit]
    }

    /// The rule that found it.
    public var rule: RuleID
    /// Error or warning.
    public var severity: Severity
    /// Where it starts.
    public var location: SourceLocation
    /// Just past where it ends (as in LSP, exclusive).
    public var end: SourceLocation
    /// What is wrong and what to do about it.
    public var message: String
    /// Other places it concerns.
    public var related: [Place]
    /// Ways to resolve it.
    public var fixes: [Repair]
}

extension Finding {
    /// The finding with its places as lines and columns of `source`.
    public func resolved(in source: SourceText) -> Diagnostic {
        resolved(in: source, after: nil)
    }

    /// The finding resolved, its start counted on from `previous` when both are on one line.
    fileprivate func resolved(in source: SourceText, after previous: SourceLocation?) -> Diagnostic {
        let start = Self.location(at: span.start, after: previous, in: source)
        return Diagnostic(
            rule: rule, severity: severity, location: start, end: Self.location(at: span.end, after: start, in: source),
            message: message.text(in: source),
            related: related.map {
                Diagnostic.Place(
                    location: source.location(at: $0.span.start), end: source.location(at: $0.span.end),
                    message: $0.message)
            },
            fixes: fixes.map { fix in
                Diagnostic.Repair(
                    title: fix.title, isSafe: fix.isSafe,
                    edits: fix.edits.map {
                        Diagnostic.Edit(
                            location: source.location(at: $0.span.start), end: source.location(at: $0.span.end),
                            text: $0.replacement)
                    })
            })
    }

    /// The location of `offset`, counted on from the previous one when both are on one line.
    static func location(at offset: Int, after previous: SourceLocation?, in source: SourceText) -> SourceLocation {
        let bytes = source.bytes
        guard let previous, previous.offset <= offset, offset <= bytes.count else { return source.location(at: offset) }
        var column = previous.column
        for index in previous.offset..<offset {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D { return source.location(at: offset) }
            if byte & 0xC0 != 0x80 { column += 1 }
        }
        return SourceLocation(line: previous.line, column: column, offset: offset)
    }
}

extension Array where Element == Finding {
    /// The findings resolved against `source`, in order. Findings on one long line are located by
    /// counting on from the previous one, so that thousands of them on one line (a file in flow
    /// style) cost time in proportion to the line, not to the line times the findings.
    public func resolved(in source: SourceText) -> [Diagnostic] {
        [Diagnostic](ResolvedFindings(self, in: source))
    }
}

/// A file's findings, resolved to lines and columns one at a time as they are read (as
/// ``Swift/Array/resolved(in:)`` resolves them): a report of thousands of findings holds the
/// findings, not a resolved copy of each besides. On a list with a finding on each of 90,000
/// items, the copy doubled what `check` held.
public struct ResolvedFindings: Sequence, Sendable {
    /// The findings, ordered by position.
    public let findings: [Finding]
    /// The text they were found in.
    public let source: SourceText

    /// `findings` of `source`, to be resolved as they are read.
    public init(_ findings: [Finding], in source: SourceText) {
        self.findings = findings
        self.source = source
    }

    /// Whether there is no finding.
    public var isEmpty: Bool { findings.isEmpty }

    /// Whether a finding is an error.
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// The findings `isIncluded` keeps, of the same source.
    public func only(_ isIncluded: (Finding) -> Bool) -> ResolvedFindings {
        ResolvedFindings(findings.filter(isIncluded), in: source)
    }

    /// An iterator that resolves the findings in order, each located by counting on from the one
    /// before when both are on one line.
    public func makeIterator() -> UnfoldSequence<Diagnostic, (index: Int, previous: SourceLocation?)> {
        sequence(state: (index: 0, previous: nil)) { state in
            guard state.index < findings.count else { return nil }
            let diagnostic = findings[state.index].resolved(in: source, after: state.previous)
            state = (state.index + 1, diagnostic.location)
            return diagnostic
        }
    }

    /// How many findings there are, for a buffer of their size.
    public var underestimatedCount: Int { findings.count }
}
