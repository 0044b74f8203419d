import Threads

/// A merge of long lists that reads whole only what changed. Most of a long list is the same in
/// all three versions of a merge: items no side touched, in the same order. Holding all three
/// versions whole, their node tables included, would take several times the size of the files.
///
/// Instead, each version is read in parts into an outline (``VersionOutline``). Runs of plain
/// items that all three versions have with the same lines, one after the other in each, are
/// settled (``SettledRuns``): each run stands in every version as one placeholder item, named
/// ``placeholderPrefix`` and its number. The versions so shortened are merged item by item as
/// any others, and each placeholder of the result is replaced by its run's canonical text, as
/// ours' print gave it.
///
/// The shortened merge is the whole one: a settled run is unchanged on both sides, it matches no
/// other item, and no name can clash with its items' (each version's names are its own). Which
/// items a side moved depends on how many items there are: the order is worked out with each
/// placeholder counted as the items it stands for (``OrderMerge/order(_:weights:)``). What could
/// tell the two merges apart is declined, and the versions are then merged whole: a version that
/// is not read in parts or breaks a merge rule, currencies with other decimals (the prices of
/// settled items would print otherwise), a text that holds a carriage return or the
/// placeholder's name, and a result whose placeholders are not each on a line of their own.
enum SettledMerge {
    /// The name of a placeholder, before its run's number. A text that holds it is merged whole.
    static let placeholderPrefix = Array("shop-settled-run-".utf8)

    /// The size of the texts from which items are set aside (by merge and diff): below it, the
    /// versions are small enough to hold whole.
    static let minimumSize = 1 << 20

    /// The merged result with its text in pieces, or nil when the versions are to be merged whole.
    static func mergeInPieces(
        base: [UInt8], ours: [UInt8], theirs: [UInt8], labels: LineMerge.Labels, markerSize: Int
    ) -> ListMerge.Output? {
        guard !base.isEmpty else { return nil }
        // Ours is read first, as it is also printed: the longest of the three reads.
        let texts = [ours, base, theirs]
        let outlines = SharedWork.map(texts.count) { index in
            VersionOutline.read(texts[index], printing: index == 0, reserved: placeholderPrefix)
        }
        guard let oursOutline = outlines[0], let baseOutline = outlines[1], let theirsOutline = outlines[2],
            oursOutline.decimals == baseOutline.decimals, oursOutline.decimals == theirsOutline.decimals
        else { return nil }
        let runs = SettledRuns(
            base: SettledRuns.Version(text: base, outline: baseOutline),
            ours: SettledRuns.Version(text: ours, outline: oursOutline),
            theirs: SettledRuns.Version(text: theirs, outline: theirsOutline))
        guard !runs.runs.isEmpty else { return nil }
        let outcome = ListMerge.itemByItem(
            base: runs.shortened(base, baseOutline, \.base), ours: runs.shortened(ours, oursOutline, \.ours),
            theirs: runs.shortened(theirs, theirsOutline, \.theirs), labels: labels, markerSize: markerSize,
            weights: runs.placeholderWeights(baseOutline, \.base))
        guard case .merged(let merged, let conflicts) = outcome,
            let pieces = runs.filledIn(merged, printed: oursOutline)
        else { return nil }
        let text = FilledText(merged: merged, printed: oursOutline.printed, pieces: pieces)
        return ListMerge.Output(text: .filled(text), conflicts: conflicts, lineMergeReason: nil)
    }
}

/// The text of a merge of long versions, in pieces: the shortened merge's text around each
/// placeholder's line, and each placeholder's run as ours' print has it. It is written piece by
/// piece, never held whole.
struct FilledText: Sendable {
    /// A piece of the text.
    enum Piece: Sendable {
        /// Bytes of the shortened merge's text.
        case merged(Range<Int>)
        /// Bytes of ours' print.
        case printed(Range<Int>)
    }

    let merged: [UInt8]
    let printed: [UInt8]
    let pieces: [Piece]

    /// Hands the text to `write`, piece by piece.
    func write(_ write: (UnsafeBufferPointer<UInt8>) -> Void) {
        for piece in pieces {
            switch piece {
            case .merged(let range): merged.withUnsafeBufferPointer { write(UnsafeBufferPointer(rebasing: $0[range])) }
            case .printed(let range): printed.withUnsafeBufferPointer { write(UnsafeBufferPointer(rebasing: $0[range])) }
            }
        }
    }

    /// How many bytes the text has.
    var count: Int {
        pieces.reduce(0) { total, piece in
            switch piece {
            case .merged(let range), .printed(let range): total + range.count
            }
        }
    }
}
