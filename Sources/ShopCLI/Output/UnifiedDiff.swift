import ShopCore

/// A unified diff between two texts, line by line, with three lines of context, in the form
/// `git apply` and `patch -p1` read. The changes are `LineDiff`'s with the indent heuristic, so
/// that they sit where `git diff` puts them.
enum UnifiedDiff {
    static let context = 3

    /// The diff from `old` to `new`, headed `--- a/PATH` and `+++ b/NEWPATH` (`b/PATH` when no
    /// new path is given); empty when the texts are the same. The lines keep their bytes, those
    /// that are not UTF-8 too, so that the diff applies back to the file.
    static func make(old: [UInt8], new: [UInt8], path: String, newPath: String? = nil) -> [UInt8] {
        let oldLines = TextLines(old)
        let newLines = TextLines(new)
        let changes = LineDiff.changes(from: oldLines, to: newLines, indentHeuristic: true)
        guard !changes.isEmpty else { return [] }
        var output = Array("--- a/\(path)\n+++ b/\(newPath ?? path)\n".utf8)
        var first = 0
        while first < changes.count {
            // A hunk holds the changes whose contexts touch or overlap.
            var last = first
            while last + 1 < changes.count
                && changes[last + 1].oldStart - changes[last].oldLines.upperBound <= 2 * context
            {
                last += 1
            }
            let hunk = changes[first...last]
            hunkText(hunk, oldLines, newLines, into: &output)
            first = last + 1
        }
        return output
    }

    private static func hunkText(
        _ hunk: ArraySlice<LineDiff.Change>, _ old: TextLines, _ new: TextLines, into output: inout [UInt8]
    ) {
        let firstChange = hunk[hunk.startIndex]
        let lastChange = hunk[hunk.endIndex - 1]
        let oldStart = max(0, firstChange.oldStart - context)
        let oldEnd = min(old.count, lastChange.oldLines.upperBound + context)
        // The context lines around the changes are unchanged: as many in the new text.
        let newStart = firstChange.newStart - (firstChange.oldStart - oldStart)
        let newEnd = lastChange.newLines.upperBound + (oldEnd - lastChange.oldLines.upperBound)
        output += Array("@@ -\(range(oldStart, oldEnd - oldStart)) +\(range(newStart, newEnd - newStart)) @@\n".utf8)
        var next = oldStart
        for change in hunk {
            lines(old, next..<change.oldStart, prefix: UInt8(ascii: " "), into: &output)
            lines(old, change.oldLines, prefix: UInt8(ascii: "-"), into: &output)
            lines(new, change.newLines, prefix: UInt8(ascii: "+"), into: &output)
            next = change.oldLines.upperBound
        }
        lines(old, next..<oldEnd, prefix: UInt8(ascii: " "), into: &output)
    }

    private static func lines(_ text: TextLines, _ range: Range<Int>, prefix: UInt8, into output: inout [UInt8]) {
        for index in range {
            var line = text[index]
            let hasLineFeed = text.hasLineFeed(index)
            if hasLineFeed { line = line.dropLast() }
            output.append(prefix)
            output += line
            output.append(0x0A)
            if !hasLineFeed { output += Array("\\ No newline at end of file\n".utf8) }
        }
    }

    static func range(_ start: Int, _ count: Int) -> String {
        let first = count == 0 ? start : start + 1
        return count == 1 ? "\(first)" : "\(first),\(count)"
    }
}
