import YAML

/// Where each line of a text begins, as byte offsets. Lines end at LF, CRLF or CR, the line ends
/// LSP knows; a line end at the very end starts one more, empty, line.
///
/// An edit updates the index in time proportional to the lines it touches plus a shift of the
/// offsets after it, so typing in a large document does not rescan it.
public struct LineIndex: Hashable, Sendable {
    /// The byte offset at which each line begins; the first is 0.
    public private(set) var starts: [Int]

    /// The index of `bytes`.
    public init(_ bytes: [UInt8]) {
        starts = [0]
        Self.scan(bytes, from: 1, through: bytes.count, into: &starts)
    }

    /// The number of lines (at least 1).
    public var lineCount: Int { starts.count }

    /// The 0-based line that contains `offset`.
    public func line(containing offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return low
    }

    /// Where the text of `line` ends in `bytes`, before its line end.
    public func contentEnd(of line: Int, in bytes: [UInt8]) -> Int {
        guard line + 1 < starts.count else { return bytes.count }
        let next = starts[line + 1]
        if next >= 2 && bytes[next - 1] == 0x0A && bytes[next - 2] == 0x0D { return next - 2 }
        return next - 1
    }

    /// Updates the index after `replaced` (offsets in the old text) was replaced by
    /// `insertedCount` bytes, giving `bytes`.
    public mutating func update(replacing replaced: Range<Int>, insertedCount: Int, in bytes: [UInt8]) {
        let delta = insertedCount - replaced.count
        // A line start depends on the byte before it and the byte at it (CR then LF is one line
        // end). Starts up to the line holding the byte before the edit keep; starts beyond the byte
        // after the edit move by `delta`; those between are found again.
        let keptLine = line(containing: max(replaced.lowerBound - 1, 0))
        let rescanFrom = starts[keptLine] + 1
        let rescanThrough = min(replaced.lowerBound + insertedCount + 1, bytes.count)
        var updated = Array(starts[...keptLine])
        Self.scan(bytes, from: rescanFrom, through: rescanThrough, into: &updated)
        var index = keptLine + 1
        while index < starts.count && starts[index] <= replaced.upperBound + 1 { index += 1 }
        updated.reserveCapacity(updated.count + starts.count - index)
        while index < starts.count {
            updated.append(starts[index] + delta)
            index += 1
        }
        starts = updated
    }

    /// Appends every offset from `first` through `last` at which a line begins in `bytes`
    /// (``LineStarts``).
    static func scan(_ bytes: [UInt8], from first: Int, through last: Int, into starts: inout [Int]) {
        guard first <= last else { return }
        bytes.withUnsafeBufferPointer { buffer in
            LineStarts.forEach(in: buffer, after: first - 1, through: last) { starts.append($0) }
        }
    }
}
