/// Where the search of `MyersDiff` stops early, as git's xdiff does: at a promising diagonal once the
/// cost is past 256 and a long snake was seen, or at the furthest point once the cost reaches its
/// bound. Both give a correct script, perhaps not the shortest.
extension BoxSearch {
    /// A diagonal that has come much further than the cost so far, at the end of a snake of at
    /// least `snakeLength` elements, searched forward and then backward.
    func promisingSplit(
        _ box: Box, cost: Int, forwardRange: (low: Int, high: Int, middle: Int),
        backwardRange: (low: Int, high: Int, middle: Int)
    ) -> Split? {
        let snake = Self.snakeLength
        var best = 0
        var found: Split?
        var diagonal = forwardRange.high
        while diagonal >= forwardRange.low {
            let distance = abs(diagonal - forwardRange.middle)
            let oldIndex = forward[diagonal + diagonalOffset]
            let newIndex = oldIndex - diagonal
            let progress = (oldIndex - box.oldStart) + (newIndex - box.newStart) - distance
            if progress > Self.heuristicFactor * cost && progress > best
                && box.oldStart + snake <= oldIndex && oldIndex < box.oldEnd
                && box.newStart + snake <= newIndex && newIndex < box.newEnd
                && (1...snake).allSatisfy({ old[oldIndex - $0] == new[newIndex - $0] })
            {
                best = progress
                found = Split(old: oldIndex, new: newIndex, minimalBefore: true, minimalAfter: false)
            }
            diagonal -= 2
        }
        if let found { return found }

        best = 0
        diagonal = backwardRange.high
        while diagonal >= backwardRange.low {
            let distance = abs(diagonal - backwardRange.middle)
            let oldIndex = backward[diagonal + diagonalOffset]
            let newIndex = oldIndex - diagonal
            let progress = (box.oldEnd - oldIndex) + (box.newEnd - newIndex) - distance
            if progress > Self.heuristicFactor * cost && progress > best
                && box.oldStart < oldIndex && oldIndex <= box.oldEnd - snake
                && box.newStart < newIndex && newIndex <= box.newEnd - snake
                && (0..<snake).allSatisfy({ old[oldIndex + $0] == new[newIndex + $0] })
            {
                best = progress
                found = Split(old: oldIndex, new: newIndex, minimalBefore: false, minimalAfter: true)
            }
            diagonal -= 2
        }
        return found
    }

    /// The point furthest from its corner reached by either search, when the cost has run out.
    func furthestSplit(_ box: Box, forwardRange: (low: Int, high: Int), backwardRange: (low: Int, high: Int))
        -> Split
    {
        var forwardBest = -1
        var forwardBestOld = -1
        var diagonal = forwardRange.high
        while diagonal >= forwardRange.low {
            var oldIndex = min(forward[diagonal + diagonalOffset], box.oldEnd)
            var newIndex = oldIndex - diagonal
            if box.newEnd < newIndex {
                oldIndex = box.newEnd + diagonal
                newIndex = box.newEnd
            }
            if forwardBest < oldIndex + newIndex {
                forwardBest = oldIndex + newIndex
                forwardBestOld = oldIndex
            }
            diagonal -= 2
        }
        var backwardBest = Int.max
        var backwardBestOld = Int.max
        diagonal = backwardRange.high
        while diagonal >= backwardRange.low {
            var oldIndex = max(box.oldStart, backward[diagonal + diagonalOffset])
            var newIndex = oldIndex - diagonal
            if newIndex < box.newStart {
                oldIndex = box.newStart + diagonal
                newIndex = box.newStart
            }
            if oldIndex + newIndex < backwardBest {
                backwardBest = oldIndex + newIndex
                backwardBestOld = oldIndex
            }
            diagonal -= 2
        }
        if (box.oldEnd + box.newEnd) - backwardBest < forwardBest - (box.oldStart + box.newStart) {
            return Split(
                old: forwardBestOld, new: forwardBest - forwardBestOld, minimalBefore: true, minimalAfter: false)
        }
        return Split(
            old: backwardBestOld, new: backwardBest - backwardBestOld, minimalBefore: false, minimalAfter: true)
    }
}
