import ShopCore

/// One fuzzing input for the line merge: three texts made from it (split at its first two NUL
/// bytes when it has them, else the input and two versions of it edited by a generator seeded
/// from its bytes). Whatever they are, the merge and the diff end without a crash; a side that
/// did not change the base gives the other side, two equal sides give that side, all without
/// conflicts; and each diff rebuilds the text it leads to.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let (base, ours, theirs) = texts(from: bytes)
    let clean = { (merged: [UInt8]) in LineMerge.Result(merged: merged, conflicts: 0) }
    guard LineMerge.merge(base: base, ours: ours, theirs: base) == clean(ours) else {
        fatalError("merge(b, x, b) is not x")
    }
    guard LineMerge.merge(base: base, ours: base, theirs: theirs) == clean(theirs) else {
        fatalError("merge(b, b, y) is not y")
    }
    guard LineMerge.merge(base: base, ours: ours, theirs: ours) == clean(ours) else {
        fatalError("merge(b, x, x) is not x")
    }
    _ = LineMerge.merge(base: base, ours: ours, theirs: theirs, markerSize: size % 12)
    for (old, new) in [(base, ours), (base, theirs), (ours, theirs)] {
        for heuristic in [false, true] {
            guard rebuilds(old, new, LineDiff.changes(from: old, to: new, indentHeuristic: heuristic)) else {
                fatalError("a diff does not rebuild its new text")
            }
        }
    }
    return 0
}

/// The three texts of an input.
func texts(from bytes: [UInt8]) -> ([UInt8], [UInt8], [UInt8]) {
    let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    if parts.count == 3 {
        return (Array(parts[0]), Array(parts[1]), Array(parts[2]))
    }
    var random = Random(seed: bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 })
    let lines = TextLines(bytes)
    let baseLines = (0..<lines.count).map { Array(lines[$0]) }
    return (bytes, edited(baseLines, &random), edited(baseLines, &random))
}

/// `lines` after a few random edits: lines removed, repeated, moved, changed, added.
func edited(_ lines: [[UInt8]], _ random: inout Random) -> [UInt8] {
    var lines = lines
    for _ in 0..<random.next(below: 5) {
        let position = random.next(below: lines.count + 1)
        switch random.next(below: 5) {
        case 0 where position < lines.count:
            lines.removeSubrange(position..<min(lines.count, position + 1 + random.next(below: 3)))
        case 1 where position < lines.count:
            lines.insert(lines[position], at: random.next(below: lines.count + 1))
        case 2 where position < lines.count:
            lines[position] = Array("changed \(random.next(below: 1000))\n".utf8)
        case 3 where position < lines.count && !lines[position].isEmpty:
            lines[position].removeLast()
        default:
            lines.insert(Array("added \(random.next(below: 1000))\n".utf8), at: position)
        }
    }
    return lines.flatMap { $0 }
}

/// Whether the changes turn `old` into `new`.
func rebuilds(_ old: [UInt8], _ new: [UInt8], _ changes: [LineDiff.Change]) -> Bool {
    let oldLines = TextLines(old)
    let newLines = TextLines(new)
    var rebuilt: [UInt8] = []
    var next = 0
    for change in changes {
        guard change.oldStart >= next, change.oldLines.upperBound <= oldLines.count,
            change.newLines.upperBound <= newLines.count
        else { return false }
        rebuilt += oldLines.text(of: next..<change.oldStart)
        rebuilt += newLines.text(of: change.newLines)
        next = change.oldLines.upperBound
    }
    rebuilt += oldLines.text(of: next..<oldLines.count)
    return rebuilt == new
}

/// SplitMix64, so that an input always makes the same texts.
struct Random {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return bound <= 0 ? 0 : Int(mixed % UInt64(bound))
    }
}
