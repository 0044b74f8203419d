/// The settled runs of three versions (see ``SettledMerge``): runs of plain items that each
/// version has with the same lines, one after the other, with the same lines between them.
struct SettledRuns {
    /// A version's text and outline.
    struct Version {
        let text: [UInt8]
        let outline: VersionOutline
    }

    /// One run: the indexes of its first item in each version, and how many items it has.
    struct Run {
        var base: Int
        var ours: Int
        var theirs: Int
        var count: Int
    }

    /// The runs, in ours' order.
    private(set) var runs: [Run] = []

    /// The settled runs of three versions.
    init(base: Version, ours: Version, theirs: Version) {
        var baseByDigest: [UInt64: Int32] = [:]
        baseByDigest.reserveCapacity(base.outline.items.count)
        for (index, item) in base.outline.items.enumerated() where item.isPlain {
            // Two items with one digest (a repeated item, or digests that collide) are left alone.
            let known = baseByDigest[item.digest]
            baseByDigest[item.digest] = known == nil ? Int32(truncatingIfNeeded: index) : -1
        }
        func baseItem(sameAs item: VersionOutline.Item, in version: Version) -> Int? {
            guard item.isPlain, let found = baseByDigest[item.digest], found >= 0 else { return nil }
            let index = Int(found)
            return Self.sameBytes(base.text, base.outline.items[index].lines, version.text, item.lines) ? index : nil
        }
        var theirsForBase = [Int32](repeating: -1, count: base.outline.items.count)
        for (index, item) in theirs.outline.items.enumerated() {
            if let found = baseItem(sameAs: item, in: theirs) { theirsForBase[found] = Int32(truncatingIfNeeded: index) }
        }
        // The base's and theirs' items that ours' item `index` is, when it is settled.
        func settled(_ index: Int) -> (base: Int, theirs: Int)? {
            guard let found = baseItem(sameAs: ours.outline.items[index], in: ours), theirsForBase[found] >= 0 else {
                return nil
            }
            return (found, Int(theirsForBase[found]))
        }
        // Whether the items can start a run: no comment of theirs above their lines.
        func opensRun(_ oursIndex: Int, _ baseIndex: Int, _ theirsIndex: Int) -> Bool {
            [(ours, oursIndex), (base, baseIndex), (theirs, theirsIndex)].allSatisfy { version, index in
                version.outline.items[index].head == version.outline.items[index].start
            }
        }
        // Whether the items follow the ones before them with the same lines between, in all three
        // (their comments above them among those lines).
        func follows(_ oursIndex: Int, _ baseIndex: Int, _ theirsIndex: Int) -> Bool {
            let gaps = [(ours, oursIndex), (base, baseIndex), (theirs, theirsIndex)].map { version, index in
                let (previous, item) = (version.outline.items[index - 1], version.outline.items[index])
                return item.head >= previous.end ? Int(previous.end)..<Int(item.start) : nil
            }
            guard let oursGap = gaps[0], let baseGap = gaps[1], let theirsGap = gaps[2] else { return false }
            return Self.sameBytes(ours.text, oursGap, base.text, baseGap)
                && Self.sameBytes(ours.text, oursGap, theirs.text, theirsGap)
        }
        var index = 0
        let count = ours.outline.items.count
        while index < count {
            guard let first = settled(index), opensRun(index, first.base, first.theirs) else {
                index += 1
                continue
            }
            var run = Run(base: first.base, ours: index, theirs: first.theirs, count: 1)
            index += 1
            while index < count, let next = settled(index), next.base == run.base + run.count,
                next.theirs == run.theirs + run.count,
                follows(index, next.base, next.theirs)
            {
                run.count += 1
                index += 1
            }
            runs.append(run)
        }
    }

    /// Whether the bytes of `left` in `leftRange` are those of `right` in `rightRange`.
    static func sameBytes(_ left: [UInt8], _ leftRange: Range<Int>, _ right: [UInt8], _ rightRange: Range<Int>) -> Bool {
        leftRange.count == rightRange.count && left[leftRange].elementsEqual(right[rightRange])
    }

    /// How many items each placeholder of the shortened version (see ``shortened(_:_:_:)``) stands
    /// for, by its index among the shortened version's items.
    func placeholderWeights(_ outline: VersionOutline, _ side: KeyPath<Run, Int>) -> [Int: Int] {
        var weights: [Int: Int] = [:]
        var removed = 0
        for run in runs.sorted(by: { $0[keyPath: side] < $1[keyPath: side] }) {
            weights[run[keyPath: side] - removed] = run.count
            removed += run.count - 1
        }
        return weights
    }

    /// `text` (of the version whose runs start at `side`) with each run's lines replaced by its
    /// placeholder, at the indentation of the run's first item.
    func shortened(_ text: [UInt8], _ outline: VersionOutline, _ side: KeyPath<Run, Int>) -> [UInt8] {
        let spans = runs.enumerated().map { number, run in
            let first = outline.items[run[keyPath: side]]
            let last = outline.items[run[keyPath: side] + run.count - 1]
            return (lines: Int(first.start)..<Int(last.end), number: number)
        }.sorted { $0.lines.lowerBound < $1.lines.lowerBound }
        var result: [UInt8] = []
        result.reserveCapacity(text.count / 8)
        var next = 0
        for span in spans {
            result += text[next..<span.lines.lowerBound]
            let indent = text[span.lines].prefix { $0 == UInt8(ascii: " ") }
            result += indent
            result += Array("- name: ".utf8) + SettledMerge.placeholderPrefix + Array(String(span.number).utf8)
            result.append(UInt8(ascii: "\n"))
            next = span.lines.upperBound
        }
        result += text[next...]
        return result
    }

    /// The pieces of the merged text with each placeholder's line replaced by its run's canonical
    /// text, ours' print of its items (less the blank line before the first, which the
    /// placeholder's print has kept); nil when a placeholder is not on a line of its own as the
    /// canonical form prints an item (`  - name: NAME`), or a run's is missing.
    func filledIn(_ merged: [UInt8], printed: VersionOutline) -> [FilledText.Piece]? {
        let prefix = Array("  - name: ".utf8) + SettledMerge.placeholderPrefix
        var seen = [Bool](repeating: false, count: runs.count)
        var pieces: [FilledText.Piece] = []
        var kept = 0
        let lines = TextLines(merged)
        for index in 0..<lines.count {
            let line = lines[index]
            guard ByteSearch.contains(line, SettledMerge.placeholderPrefix) else { continue }
            guard line.starts(with: prefix), line.last == UInt8(ascii: "\n"),
                let number = Int(String(decoding: line.dropFirst(prefix.count).dropLast(), as: UTF8.self)),
                runs.indices.contains(number), let text = runText(runs[number], printed)
            else { return nil }
            seen[number] = true
            if kept < line.startIndex { pieces.append(.merged(kept..<line.startIndex)) }
            pieces.append(.printed(text))
            kept = line.endIndex
        }
        if kept < merged.count { pieces.append(.merged(kept..<merged.count)) }
        return seen.allSatisfy { $0 } ? pieces : nil
    }

    /// Where a run's text is in ours' print: its items' texts follow one another there, the first
    /// from its `-` line. Nil when they do not.
    private func runText(_ run: Run, _ printed: VersionOutline) -> Range<Int>? {
        let ranges = printed.printedRanges[run.ours..<(run.ours + run.count)]
        guard let first = ranges.first, let last = ranges.last,
            zip(ranges, ranges.dropFirst()).allSatisfy({ $0.upperBound == $1.lowerBound })
        else { return nil }
        var start = Int(first.lowerBound)
        // The placeholder's line stands where the first item's `-` line goes.
        if printed.printed[start...].first == UInt8(ascii: "\n") { start += 1 }
        guard printed.printed[start...].starts(with: Array("  - ".utf8)) else { return nil }
        return start..<Int(last.upperBound)
    }
}
