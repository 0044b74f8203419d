/// Writes the result of a three-way merge as `git merge-file` does: the lines no side changed and
/// the changes taken are copied, each conflict is written as
///
///     <<<<<<< OURS-LABEL
///     ours' lines
///     =======
///     theirs' lines
///     >>>>>>> THEIRS-LABEL
///
/// A side whose last line has no line feed gets one inside the conflict. Markers and those added
/// line ends are CRLF when the lines before the conflict on both sides end so (or cannot tell)
/// and the base's first line does too; LF otherwise.
struct ConflictWriter {
    let base: TextLines
    let ours: TextLines
    let theirs: TextLines
    let labels: LineMerge.Labels
    let markerSize: Int

    func write(_ regions: [MergeRegion]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(ours.bytes.count + theirs.bytes.count / 8)
        // The next line of ours not yet written: everything outside regions is taken from ours.
        var next = 0
        for region in regions {
            switch region.kind {
            case .same:
                continue
            case .ours:
                copy(ours, next..<region.ours.upperBound, to: &output)
            case .theirs:
                copy(ours, next..<region.ours.lowerBound, to: &output)
                copy(theirs, region.theirs, to: &output)
            case .conflict:
                copy(ours, next..<region.ours.lowerBound, to: &output)
                writeConflict(region, to: &output)
            }
            next = max(next, region.ours.upperBound)
        }
        copy(ours, next..<ours.count, to: &output)
        return output
    }

    private func writeConflict(_ region: MergeRegion, to output: inout [UInt8]) {
        let lineEnd: [UInt8] = needsCRLF(region) ? [0x0D, 0x0A] : [0x0A]
        writeMarker(0x3C, label: labels.ours, lineEnd: lineEnd, to: &output)
        copy(ours, region.ours, to: &output, closingWith: lineEnd)
        writeMarker(0x3D, label: nil, lineEnd: lineEnd, to: &output)
        copy(theirs, region.theirs, to: &output, closingWith: lineEnd)
        writeMarker(0x3E, label: labels.theirs, lineEnd: lineEnd, to: &output)
    }

    private func writeMarker(_ character: UInt8, label: String?, lineEnd: [UInt8], to output: inout [UInt8]) {
        output.append(contentsOf: repeatElement(character, count: markerSize))
        if let label {
            output.append(0x20)
            output.append(contentsOf: label.utf8)
        }
        output.append(contentsOf: lineEnd)
    }

    /// Copies lines `range` of `text` (clamped to the text); with `closingWith`, ends the copy
    /// with that line end when the last line copied has none.
    private func copy(_ text: TextLines, _ range: Range<Int>, to output: inout [UInt8], closingWith lineEnd: [UInt8]? = nil) {
        let start = min(max(range.lowerBound, 0), text.count)
        let end = min(max(range.upperBound, start), text.count)
        guard start < end else { return }
        output.append(contentsOf: text.text(of: start..<end))
        if let lineEnd, !text.hasLineFeed(end - 1) { output.append(contentsOf: lineEnd) }
    }

    private func needsCRLF(_ region: MergeRegion) -> Bool {
        // Each side's line before the conflict says true, false or nothing (nil): a false settles
        // it; else the base's first line does.
        let sides = [
            lineEndIsCRLF(ours, max(region.ours.lowerBound - 1, 0)), lineEndIsCRLF(theirs, max(region.theirs.lowerBound - 1, 0)),
        ]
        return !sides.contains(false) && lineEndIsCRLF(base, 0) == true
    }

    /// Whether line `index` ends with CRLF; for a last line without a line end, the line before
    /// it tells; nil when there is no line that tells.
    private func lineEndIsCRLF(_ text: TextLines, _ index: Int) -> Bool? {
        guard text.count > 0 else { return nil }
        let index = min(index, text.count - 1)
        if index < text.count - 1 || text.hasLineFeed(index) { return text.endsWithCRLF(index) }
        return index == 0 ? nil : text.endsWithCRLF(index - 1)
    }
}
