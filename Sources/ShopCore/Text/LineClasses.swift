/// The lines of two texts numbered by content: equal lines, in either text, get the same number,
/// so that the diff compares numbers instead of bytes.
struct LineClasses {
    /// The number of each line of the old text.
    var old: [Int]
    /// The number of each line of the new text.
    var new: [Int]
    /// For each number, how many lines of the old text have it.
    var oldCounts: [Int]
    /// For each number, how many lines of the new text have it.
    var newCounts: [Int]

    init(_ oldText: TextLines, _ newText: TextLines) {
        var table = LineTable(capacity: oldText.count + newText.count)
        old = table.numbers(of: oldText, textIndex: 0)
        new = table.numbers(of: newText, textIndex: 1)
        oldCounts = Array(repeating: 0, count: table.count)
        newCounts = Array(repeating: 0, count: table.count)
        for number in old { oldCounts[number] += 1 }
        for number in new { newCounts[number] += 1 }
    }
}

/// An open-addressing hash table from line content to its number. Lines are not copied: each
/// number remembers where its first line is.
private struct LineTable {
    private var slots: [Int]
    private var hashes: [UInt64] = []
    private var firstLine: [(text: Int, line: Int)] = []
    private var texts: [TextLines] = []
    private let mask: Int

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: -1, count: size)
        mask = size - 1
    }

    /// How many distinct lines there are.
    var count: Int { hashes.count }

    mutating func numbers(of text: TextLines, textIndex: Int) -> [Int] {
        texts.append(text)
        var result: [Int] = []
        result.reserveCapacity(text.count)
        for line in 0..<text.count {
            result.append(number(of: text, line: line, textIndex: textIndex))
        }
        return result
    }

    private mutating func number(of text: TextLines, line: Int, textIndex: Int) -> Int {
        let start = text.starts[line]
        let end = text.starts[line + 1]
        let hash = text.bytes.withUnsafeBufferPointer { Self.hash($0[start..<end]) }
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let candidate = slots[slot]
            if hashes[candidate] == hash && sameBytes(candidate, text, start, end) { return candidate }
            slot = (slot + 1) & mask
        }
        let number = hashes.count
        slots[slot] = number
        hashes.append(hash)
        firstLine.append((textIndex, line))
        return number
    }

    private func sameBytes(_ number: Int, _ text: TextLines, _ start: Int, _ end: Int) -> Bool {
        let (otherText, otherLine) = firstLine[number]
        let other = texts[otherText]
        let otherStart = other.starts[otherLine]
        guard other.starts[otherLine + 1] - otherStart == end - start else { return false }
        return text.bytes.withUnsafeBufferPointer { bytes in
            other.bytes.withUnsafeBufferPointer { otherBytes in
                var offset = 0
                while offset < end - start {
                    if bytes[start + offset] != otherBytes[otherStart + offset] { return false }
                    offset += 1
                }
                return true
            }
        }
    }

    /// FNV-1a, then a final mix so that the low bits used for the slot depend on every byte.
    private static func hash(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        hash ^= hash >> 29
        hash = hash &* 0xBF58_476D_1CE4_E5B9
        return hash ^ (hash >> 32)
    }
}
