import YAML

/// Writes the conflicts of a merge into its canonical text, with git's markers around the smallest
/// whole lines that hold them:
///
///     <<<<<<< ours
///         price: 3.99
///     =======
///         price: 3.79
///     >>>>>>> theirs
///
/// the conflicting key lines of one item, a whole item, a top-level entry, or a block of comment
/// lines merged as text (whose own markers are kept). The result's text holds ours' side of each
/// conflict (theirs' where ours has nothing); theirs' side is taken from theirs' canonical text.
/// Conflicts that touch are written as one.
struct ConflictRenderer {
    /// Lines of the result replaced by the two sides, or by lines already merged with markers.
    struct Region {
        var lines: Range<Int>
        var ours: [ArraySlice<UInt8>] = []
        var theirs: [ArraySlice<UInt8>] = []
        /// Lines written as they are instead of the two sides.
        var raw: [String]?
        var rawConflicts = 0
    }

    let plan: MergePlan
    let result: OutputLines
    let theirs: OutputLines
    let labels: LineMerge.Labels
    let markerSize: Int

    /// The text with the conflicts written in, and how many there are.
    func render() -> (text: [UInt8], conflicts: Int) {
        var regions = commentRegions() + topLevelRegions() + whole(itemRegions())
        regions.sort { ($0.lines.lowerBound, $0.lines.upperBound) < ($1.lines.lowerBound, $1.lines.upperBound) }
        var joined: [Region] = []
        for region in regions {
            if var last = joined.last, last.raw == nil, region.raw == nil, region.lines.lowerBound <= last.lines.upperBound,
                !last.lines.isEmpty, !region.lines.isEmpty
            {
                last.lines = last.lines.lowerBound..<max(last.lines.upperBound, region.lines.upperBound)
                last.ours += region.ours
                last.theirs += region.theirs
                joined[joined.count - 1] = last
            } else {
                joined.append(region)
            }
        }
        var output: [UInt8] = []
        output.reserveCapacity(result.lines.bytes.count + 256)
        var next = 0
        var conflicts = 0
        for region in joined where region.lines.lowerBound >= next {
            output += result.lines.text(of: next..<region.lines.lowerBound)
            if let raw = region.raw {
                for line in raw { output += Array((line + "\n").utf8) }
                conflicts += region.rawConflicts
            } else {
                output += marker(0x3C, labels.ours)
                for line in region.ours { output += line }
                output += marker(0x3D, nil)
                for line in region.theirs { output += line }
                output += marker(0x3E, labels.theirs)
                conflicts += 1
            }
            next = region.lines.upperBound
        }
        output += result.lines.text(of: next..<result.lines.count)
        return (output, conflicts)
    }

    private func marker(_ character: UInt8, _ label: String?) -> [UInt8] {
        var line = [UInt8](repeating: character, count: markerSize)
        if let label {
            line.append(0x20)
            line += Array(label.utf8)
        }
        line.append(0x0A)
        return line
    }

    // MARK: Comment blocks

    private func commentRegions() -> [Region] {
        var regions: [Region] = []
        let rootTrivia = result.version.root.map { result.document.node(NodeID(index: $0)).trivia } ?? Trivia()
        if let lines = plan.header.conflictLines {
            let span = result.span(of: rootTrivia.leading) ?? 0..<0
            regions.append(Region(lines: span, raw: lines, rawConflicts: plan.header.conflicts))
        }
        if let lines = plan.itemsEnd.conflictLines, let items = result.version.itemsNode {
            let end = result.document.node(NodeID(index: items)).trivia.end
            let itemsSpan = result.span(ofSubtree: items)
            let lastItem = result.version.items.last.map { result.span(ofSubtree: $0.node).upperBound }
            let span = result.span(of: end) ?? ((lastItem ?? itemsSpan.upperBound)..<(lastItem ?? itemsSpan.upperBound))
            let indented = lines.map { $0.hasPrefix("#") ? "  " + $0 : $0 }
            regions.append(Region(lines: span, raw: indented, rawConflicts: plan.itemsEnd.conflicts))
        }
        if let lines = plan.footer.conflictLines {
            let count = result.lines.count
            let span = result.span(of: rootTrivia.end) ?? count..<count
            regions.append(Region(lines: span, raw: lines, rawConflicts: plan.footer.conflicts))
        }
        return regions
    }

    // MARK: Top level

    private func topLevelRegions() -> [Region] {
        var regions: [Region] = []
        var conflicting = plan.topKeys.filter { $0.outcome == .conflict }.map { ($0.key, $0.ours != nil, $0.theirs != nil) }
        if plan.categories?.conflict == true { conflicting.append((ListKey.categories.rawValue, true, true)) }
        for (key, oursHas, theirsHas) in conflicting {
            guard let entry = result.version.topEntry(key) else { continue }
            let lines = result.span(of: entry)
            var region = Region(lines: lines)
            if oursHas { region.ours = result.text(lines) }
            if theirsHas, let other = theirs.version.topEntry(key) { region.theirs = theirs.text(theirs.span(of: other)) }
            regions.append(region)
        }
        if plan.itemsComments == nil, let entry = result.version.topEntry(ListKey.items.rawValue),
            let other = theirs.version.topEntry(ListKey.items.rawValue)
        {
            let lines = result.span(ofSubtree: entry.keyNode).lowerBound..<(result.line(of: result.startOffset(entry.keyNode)) + 1)
            let theirsLines =
                theirs.span(ofSubtree: other.keyNode).lowerBound..<(theirs.line(of: theirs.startOffset(other.keyNode)) + 1)
            regions.append(Region(lines: lines, ours: result.text(lines), theirs: theirs.text(theirsLines)))
        }
        return regions
    }

    // MARK: Items

    private func itemRegions() -> [Region] {
        var regions: [Region] = []
        for (position, index) in plan.order.enumerated() {
            let item = plan.items[index]
            guard item.conflict != nil || !item.clashes.isEmpty, position < result.version.items.count else { continue }
            let node = result.version.items[position].node
            if item.conflictsAsWhole {
                let lines = result.span(ofSubtree: node)
                var region = Region(lines: lines)
                switch item.conflict {
                case .removedByOurs:
                    region.theirs = result.text(lines)
                case .removedByTheirs:
                    region.ours = result.text(lines)
                default:
                    region.ours = result.text(lines)
                    if let theirsItem = item.theirs { region.theirs = theirsItemLines(theirsItem) }
                }
                for clash in item.clashes { region.theirs += theirsItemLines(clash) }
                regions.append(region)
                continue
            }
            guard case .keys(let keys) = item.conflict, case .oursEdited(let merges, _) = item.content else { continue }
            regions += keyRegions(position: position, item: item, keys: Set(keys), merges: merges)
        }
        return regions
    }

    /// When every item stands in a conflict and one side of them all is empty, taking that side
    /// would leave `items:` without a value: then the `items:` line goes between the markers too,
    /// written `items: []` on the side that has no items.
    private func whole(_ regions: [Region]) -> [Region] {
        let items = result.version.items
        guard !items.isEmpty, let entry = result.version.topEntry(ListKey.items.rawValue) else { return regions }
        let itemLines = items.map { result.span(ofSubtree: $0.node) }
        let covered = itemLines.allSatisfy { span in regions.contains { $0.lines.lowerBound <= span.lowerBound && span.upperBound <= $0.lines.upperBound } }
        let oursEmpty = regions.allSatisfy { $0.ours.isEmpty }
        let theirsEmpty = regions.allSatisfy { $0.theirs.isEmpty }
        guard covered, oursEmpty || theirsEmpty else { return regions }
        let keyLine = result.line(of: result.startOffset(entry.keyNode))
        let line = result.lines[keyLine]
        var empty = Array("items: []".utf8)
        if let hash = line.firstIndex(of: UInt8(ascii: "#")) {
            empty += [0x20] + line[hash...]
        } else {
            empty.append(0x0A)
        }
        let emptyLine = empty.last == 0x0A ? empty[...] : (empty + [0x0A])[...]
        var combined = Region(lines: keyLine..<(itemLines.map(\.upperBound).max() ?? keyLine + 1))
        combined.ours = oursEmpty ? [emptyLine] : [line] + regions.flatMap(\.ours)
        combined.theirs = theirsEmpty ? [emptyLine] : [line] + regions.flatMap(\.theirs)
        return [combined]
    }

    private func theirsItemLines(_ index: Int) -> [ArraySlice<UInt8>] {
        guard index < theirs.version.items.count else { return [] }
        return theirs.text(theirs.span(ofSubtree: theirs.version.items[index].node))
    }

    /// The regions of an item's conflicting keys: one for each run of them that stand together.
    private func keyRegions(position: Int, item: MergedItem, keys: Set<String>, merges: [KeyMerge]) -> [Region] {
        let entries = result.version.entries(ofItem: position)
        var runs: [[ListVersion.Entry]] = []
        var current: [ListVersion.Entry] = []
        for entry in entries.sorted(by: { result.span(of: $0).lowerBound < result.span(of: $1).lowerBound }) {
            if let key = entry.key, keys.contains(key) {
                current.append(entry)
            } else if !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        let theirsEntries = item.theirs.flatMap { index in
            index < theirs.version.items.count ? theirs.version.entries(ofItem: index) : nil
        } ?? []
        return runs.map { run in
            let spans = run.map(result.span(of:))
            let lines = (spans.map(\.lowerBound).min() ?? 0)..<(spans.map(\.upperBound).max() ?? 0)
            var region = Region(lines: lines)
            let runKeys = Set(run.compactMap(\.key))
            for (entry, span) in zip(run, spans) {
                let oursHas = merges.first { $0.key == entry.key }?.ours != nil
                if oursHas { region.ours += result.text(span) }
            }
            let theirsRun = theirsEntries.filter { $0.key.map(runKeys.contains) ?? false }
                .sorted { theirs.span(of: $0).lowerBound < theirs.span(of: $1).lowerBound }
            for entry in theirsRun { region.theirs += theirs.text(theirs.span(of: entry)) }
            return region
        }
    }
}

extension OutputLines {
    /// Where a node starts (0 for one without a place, which a document read back never has).
    func startOffset(_ node: Int) -> Int {
        document.withRawNodes { $0.startOffset(node) } ?? 0
    }
}
