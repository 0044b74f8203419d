import TestSupport

/// Generates three versions of a YAML-like text for merge tests: a base, and two sides each made
/// from it by a few random line edits (inserts, removals, changes, at the ends too), some made on
/// both sides alike, some right next to the other side's; any version may lack its final line
/// feed, and some use CRLF line ends. Lines come from a small pool, so that equal lines recur as
/// they do in real lists (and give the diff several equally short scripts to choose from).
struct TextTripleGenerator {
    private var random: SeededGenerator
    private var uniqueCounter = 0

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    private static let pool = [
        "items:", "  - name: Apples", "    price: 3.49", "    buy: true", "    done: true", "  - name: Bread",
        "", "# weekly", "    quantity: 2", "    category: Produce", "title: Groceries", "    notes: |",
        "      Barista edition.", "  - name: Oat milk", "    unit: pcs", "---", "  -", "    x-barcode: \"4006381333931\"",
    ]

    /// What one triple holds and how it was made.
    struct Triple {
        var base: [UInt8]
        var ours: [UInt8]
        var theirs: [UInt8]
        var description: String
    }

    mutating func triple() -> Triple {
        let base = lines(count: Int.random(in: 0...18, using: &random))
        var ours = base
        var theirs = base
        var steps: [String] = []
        // Edits made alike on both sides.
        for _ in 0..<weighted([3, 2, 1]) {
            let (position, removed, inserted) = edit(in: ours.count)
            ours.replaceSubrange(position..<min(position + removed, ours.count), with: inserted)
            theirs.replaceSubrange(position..<min(position + removed, theirs.count), with: inserted)
            steps.append("both \(position)-\(removed)+\(inserted.count)")
        }
        // Edits next to each other: ours at a line, theirs at the one after (or before).
        if Int.random(in: 0..<4, using: &random) == 0 && !ours.isEmpty && ours == theirs {
            let position = Int.random(in: 0..<ours.count, using: &random)
            ours[position] = unique()
            let neighbour = position + (Bool.random(using: &random) ? 1 : -1)
            if theirs.indices.contains(neighbour) {
                theirs[neighbour] = unique()
            } else {
                theirs.insert(unique(), at: max(0, neighbour))
            }
            steps.append("adjacent \(position)")
        }
        for _ in 0..<weighted([1, 3, 3, 2, 1]) {
            let (position, removed, inserted) = edit(in: ours.count)
            ours.replaceSubrange(position..<min(position + removed, ours.count), with: inserted)
            steps.append("ours \(position)-\(removed)+\(inserted.count)")
        }
        for _ in 0..<weighted([1, 3, 3, 2, 1]) {
            let (position, removed, inserted) = edit(in: theirs.count)
            theirs.replaceSubrange(position..<min(position + removed, theirs.count), with: inserted)
            steps.append("theirs \(position)-\(removed)+\(inserted.count)")
        }
        let crlf = Int.random(in: 0..<10, using: &random) == 0
        let texts = [base, ours, theirs].map { text($0, crlf: crlf && Int.random(in: 0..<4, using: &random) != 0) }
        return Triple(base: texts[0], ours: texts[1], theirs: texts[2], description: steps.joined(separator: ", "))
    }

    /// A long triple made of segments, each a base of `count` lines and sides with `edits`
    /// random edits each: enough for the diff's search to hit its cost bounds, from either end
    /// when the segments differ in how dense their edits are.
    mutating func largeTriple(_ segments: [(count: Int, edits: Int)]) -> Triple {
        var texts = [[String]](repeating: [], count: 3)
        for segment in segments {
            let base = lines(count: segment.count)
            var sides = [base, base]
            for side in sides.indices {
                for _ in 0..<segment.edits {
                    let (position, removed, inserted) = edit(in: sides[side].count)
                    sides[side].replaceSubrange(position..<min(position + removed, sides[side].count), with: inserted)
                }
            }
            texts[0] += base
            texts[1] += sides[0]
            texts[2] += sides[1]
        }
        let bytes = texts.map { text($0, crlf: false) }
        return Triple(base: bytes[0], ours: bytes[1], theirs: bytes[2], description: "\(segments)")
    }

    /// One edit of a text of `count` lines: where, how many lines go, which lines come. The ends
    /// of the text are picked more often than their share.
    private mutating func edit(in count: Int) -> (Int, Int, [String]) {
        let position: Int
        switch Int.random(in: 0..<6, using: &random) {
        case 0: position = 0
        case 1: position = count
        default: position = Int.random(in: 0...count, using: &random)
        }
        let available = count - position
        switch Int.random(in: 0..<3, using: &random) {
        case 0:  // insert
            return (position, 0, lines(count: Int.random(in: 1...3, using: &random)))
        case 1:  // remove
            return (position, min(available, Int.random(in: 1...3, using: &random)), [])
        default:  // change
            let removed = min(available, Int.random(in: 1...3, using: &random))
            return (position, removed, lines(count: max(1, removed + Int.random(in: -1...1, using: &random))))
        }
    }

    private mutating func lines(count: Int) -> [String] {
        (0..<count).map { _ in
            Int.random(in: 0..<4, using: &random) == 0 ? unique() : Self.pool.randomElement(using: &random)!
        }
    }

    private mutating func unique() -> String {
        uniqueCounter += 1
        return "  - name: Item \(uniqueCounter)"
    }

    /// An index picked with the given weights.
    private mutating func weighted(_ weights: [Int]) -> Int {
        var pick = Int.random(in: 0..<weights.reduce(0, +), using: &random)
        for (index, weight) in weights.enumerated() {
            if pick < weight { return index }
            pick -= weight
        }
        return weights.count - 1
    }

    /// The lines as a text, each ended by LF or CRLF; a quarter of the texts lack the last one.
    private mutating func text(_ lines: [String], crlf: Bool) -> [UInt8] {
        let end = crlf ? "\r\n" : "\n"
        var text = lines.map { $0 + end }.joined()
        if !lines.isEmpty && Int.random(in: 0..<4, using: &random) == 0 {
            text.removeLast()
            if crlf && Bool.random(using: &random) { text += "\n" }
        }
        return Array(text.utf8)
    }
}
