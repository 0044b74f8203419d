import YAML

/// The conflict markers a text merge (git's) leaves in a file: lines that begin, in their first
/// column, with seven or more of one of `<`, `|`, `=`, `>` followed by a space or the end of the
/// line (``ConflictMarkerLine``). A file with them is no list until they are resolved.
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
        var scan = Scan()
        bytes.withUnsafeBufferPointer { buffer in
            // A marker line begins with a run of at least seven marker characters, and every run
            // of seven covers exactly one offset of the form 7k + 6: looking at those bytes alone
            // finds every candidate, and in a list, where the characters are rare, costs a seventh
            // of a look at each byte.
            let count = buffer.count
            var probe = 6
            while probe < count {
                let byte = buffer[probe]
                guard ConflictMarkerLine.isMarkerCharacter(byte) else {
                    probe += 7
                    continue
                }
                var runStart = probe
                while runStart > 0 && buffer[runStart - 1] == byte { runStart -= 1 }
                guard runStart == 0 || buffer[runStart - 1] == 0x0A || buffer[runStart - 1] == 0x0D else {
                    probe += 7
                    continue
                }
                var lineEnd = probe
                while lineEnd < count && buffer[lineEnd] != 0x0A && buffer[lineEnd] != 0x0D { lineEnd += 1 }
                scan.line(buffer, runStart, lineEnd)
                // On to the first probe after the line, so that no line is looked at twice.
                probe += (lineEnd - probe) / 7 * 7 + 7
            }
        }
        regions = scan.finish()
    }

    /// The regions found so far, and the one still open.
    private struct Scan {
        var regions: [Region] = []
        var open: Region?

        mutating func line(_ buffer: UnsafeBufferPointer<UInt8>, _ lineStart: Int, _ lineEnd: Int) {
            let line = UnsafeBufferPointer(rebasing: buffer[lineStart..<lineEnd])
            guard let marker = ConflictMarkerLine.marker(line) else { return }
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

        mutating func finish() -> [Region] {
            if let open { regions.append(open) }
            return regions
        }
    }

    /// Whether there are none.
    public var isEmpty: Bool { regions.isEmpty }
}
