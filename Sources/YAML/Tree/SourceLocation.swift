/// A position in a source text.
///
/// Lines and columns are 1-based; a column counts Unicode scalars (code points) from the start of its
/// line, so that it matches what a person counts in an editor for text without combining marks. The
/// offset is the 0-based byte offset into the UTF-8 source, including any byte order mark.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, counted in Unicode scalars.
    public var column: Int
    /// The 0-based byte offset into the source.
    public var offset: Int

    /// Creates a location from its three coordinates.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line:column`, the way compilers print positions.
    public var description: String { "\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.offset < rhs.offset
    }
}

/// The half-open stretch of source a node was written in.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    /// Where the node begins.
    public var start: SourceLocation
    /// Just past the node's last character.
    public var end: SourceLocation

    /// Creates a range from its two ends.
    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = end
    }

    /// `line:column-line:column`.
    public var description: String { "\(start)-\(end)" }
}
