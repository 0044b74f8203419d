/// The conflict markers a text merge (git's) leaves in a file: lines that begin, in their first
/// column, with seven or more of one of `<`, `|`, `=`, `>` followed by a space or the end of the
/// line. A file with them is no list until they are resolved.
public struct ConflictMarkers: Sendable {
    /// One conflict: the lines of its markers.
    public struct Region: Hashable, Sendable {
        /// Byte offset of the line that opens it (`<<<<<<<`), or of the first marker line of a
        /// region without an opening.
        public var start: Int
        /// Byte offsets of its other marker lines (`|||||||`, `=======`, `>>>>>>>`), in order.
        public var others: [Int]
        /// Byte offset just past the end of its last marker line (before the line break).
        public var end: Int
        /// Whether it begins with its `<<<<<<<` line.
        public var opens: Bool
    }

    /// The regions, in order.
    public let regions: [Region]

    /// Finds the markers in `bytes`.
    public init(_ bytes: [UInt8]) {
        var regions: [Region] = []
        var open: Region?
        bytes.withUnsafeBufferPointer { buffer in
            var lineStart = 0
            while lineStart < buffer.count {
                var lineEnd = lineStart
                while lineEnd < buffer.count && buffer[lineEnd] != 0x0A && buffer[lineEnd] != 0x0D { lineEnd += 1 }
                if let marker = Self.marker(buffer, lineStart, lineEnd) {
                    switch marker {
                    case UInt8(ascii: "<"):
                        if let region = open { regions.append(region) }
                        open = Region(start: lineStart, others: [], end: lineEnd, opens: true)
                    case UInt8(ascii: ">"):
                        var region = open ?? Region(start: lineStart, others: [], end: lineEnd, opens: false)
                        if open != nil { region.others.append(lineStart) }
                        region.end = lineEnd
                        regions.append(region)
                        open = nil
                    default:
                        if open != nil {
                            open?.others.append(lineStart)
                            open?.end = lineEnd
                        } else {
                            regions.append(Region(start: lineStart, others: [], end: lineEnd, opens: false))
                        }
                    }
                }
                lineStart = lineEnd
                if lineStart < buffer.count && buffer[lineStart] == 0x0D { lineStart += 1 }
                if lineStart < buffer.count && buffer[lineStart] == 0x0A { lineStart += 1 }
            }
        }
        if let open { regions.append(open) }
        self.regions = regions
    }

    /// Whether there are none.
    public var isEmpty: Bool { regions.isEmpty }

    /// The marker character of a marker line, or nil.
    private static func marker(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt8? {
        guard end - start >= 7 else { return nil }
        let first = bytes[start]
        guard first == UInt8(ascii: "<") || first == UInt8(ascii: "|") || first == UInt8(ascii: "=")
            || first == UInt8(ascii: ">")
        else { return nil }
        var index = start + 1
        while index < end && bytes[index] == first { index += 1 }
        guard index - start >= 7, index == end || bytes[index] == 0x20 else { return nil }
        return first
    }
}
