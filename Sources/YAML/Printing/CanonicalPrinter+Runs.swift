import Threads

/// Long block sequences (a list's items) printed on two threads: the items are cut into runs of
/// ``CanonicalPrinter/runLength`` items; this thread prints the even runs where they go, and a
/// second thread prints each odd run into a text of its own, ahead of time, which this thread then
/// appends. At most two printed runs wait, so a print of any size holds only a few runs' text more.
///
/// A run printed apart starts as the output stands between two items in nearly every case (see
/// ``PrintOutput/isBetweenItems``); when the run before it ended otherwise (with a `|+` literal,
/// whose trailing blank lines change what may follow), this thread prints that run again itself.
/// Either way the text is byte for byte the one a print on one thread makes.
extension CanonicalPrinter {
    /// Items per run: enough that handing a run over costs little beside printing it, few enough
    /// that the two threads share the work evenly.
    static let defaultRunLength = 256

    /// The fewest items a sequence needs to be printed in runs by default. Below, starting the
    /// second thread and handing runs over costs more than it saves: measured with `fmt -`,
    /// 1,000 items took 7% longer in runs and `shop buy` 12% longer; 2,000 to 10,000 items took
    /// about as long either way; 20,000 items 10% less and 100,000 items 14% less in runs.
    static let defaultMinimumItems = 4_096

    /// What happened to the runs printed apart during one print: the one-thread text does not
    /// show it, and the tests hold the second thread to its work with it.
    struct RunTally: Equatable {
        /// Runs printed on the second thread and appended as they were printed there.
        var appended = 0
        /// Runs meant for the second thread that this thread printed itself, because the run
        /// before did not end between items (it ended with a `|+` literal).
        var reprinted = 0
    }

    /// A run of consecutive items of a block sequence.
    struct ItemRun {
        /// The rows of its items, from the first item's to just past the last one's subtree.
        var items: Range<Int>
        /// The position of its first item in the sequence.
        var firstPosition: Int
    }

    /// The runs of `length` items that `sequence`'s items make in `table`, when there are at
    /// least two and `sequence` has at least `minimumItems` items; empty otherwise, and when
    /// `length` is nil.
    static func itemRuns(of sequence: Int, in table: NodeTable, length: Int?, minimumItems: Int = 0) -> [ItemRun] {
        guard let length, length > 0 else { return [] }
        let end = table.subtreeEnd(sequence)
        var runs: [ItemRun] = []
        var item = sequence + 1
        var position = 0
        var runStart = item
        var runFirstPosition = 0
        while item < end {
            item = table.subtreeEnd(item)
            position += 1
            if position - runFirstPosition == length || item >= end {
                runs.append(ItemRun(items: runStart..<item, firstPosition: runFirstPosition))
                runStart = item
                runFirstPosition = position
            }
        }
        return runs.count >= 2 && position >= minimumItems ? runs : []
    }

    /// Prints `runs`, the items of one block sequence at `indent`, as the type's comment says.
    /// Returns false, having printed nothing, when there are fewer than two runs or no second
    /// thread can be started.
    mutating func printInRuns(_ runs: [ItemRun], indent: Int, depth: Int) -> Bool {
        guard runs.count >= 2 else { return false }
        let printed = Handoff<PrintOutput>(capacity: 2)
        var apart = self
        // Runs are not cut into runs again, on either thread.
        apart.runLength = nil
        // The helper reads the same tables as this thread and writes only its own outputs; it is
        // joined before this function returns, while everything it reads is alive.
        let helper = JoinableThread.start {
            for index in stride(from: 1, to: runs.count, by: 2) {
                apart.output = PrintOutput(runApartFrom: apart.output)
                apart.printItems(runs[index], indent: indent, depth: depth)
                printed.send(apart.output)
            }
        }
        guard let helper else { return false }
        let length = runLength
        runLength = nil
        for index in stride(from: 0, to: runs.count, by: 2) {
            printItems(runs[index], indent: indent, depth: depth)
            guard index + 1 < runs.count else { continue }
            if let next = printed.receive(), output.isBetweenItems {
                output.append(run: next)
                runTally.appended += 1
            } else {
                printItems(runs[index + 1], indent: indent, depth: depth)
                runTally.reprinted += 1
            }
        }
        helper.join()
        runLength = length
        return true
    }
}
