/// Which rows of an edited document are rows of the document it was made from, copied as they
/// were: runs of old rows, each moved by as many rows as the edit inserted or removed before it.
/// Whatever was decoded from a subtree the edit did not touch still holds in the edited document,
/// at rows moved by its run's shift.
public struct RowCorrespondence: Sendable {
    /// Old rows copied together, and how far they moved.
    struct Run: Sendable {
        var old: Range<Int>
        var shift: Int

        var new: Range<Int> { (old.lowerBound + shift)..<(old.upperBound + shift) }
    }

    /// In order: by old rows and by new rows alike.
    private(set) var runs: [Run] = []

    /// Every row of a document of `count` rows, unmoved: a document no edit changed.
    static func identity(count: Int) -> RowCorrespondence {
        var rows = RowCorrespondence()
        if count > 0 { rows.runs = [Run(old: 0..<count, shift: 0)] }
        return rows
    }

    mutating func add(old rows: Range<Int>, shift: Int) {
        guard !rows.isEmpty else { return }
        runs.append(Run(old: rows, shift: shift))
    }

    /// The new row of old row `row`, when it was copied.
    func newRow(ofOld row: Int) -> Int? {
        // The last run that starts at or before the row.
        let low = runs.partitionIndex { $0.old.lowerBound > row }
        guard low > 0, runs[low - 1].old.contains(row) else { return nil }
        return row + runs[low - 1].shift
    }

    /// The first old row of new rows `rows` when all of them were copied from one run, so that
    /// they are the old rows from there on, unchanged; nil when any of them is new or changed.
    public func oldRow(ofCopied rows: Range<Int>) -> Int? {
        // The last run that starts at or before the rows.
        let low = runs.partitionIndex { $0.new.lowerBound > rows.lowerBound }
        guard low > 0 else { return nil }
        let run = runs[low - 1]
        guard rows.upperBound <= run.new.upperBound else { return nil }
        return rows.lowerBound - run.shift
    }
}
