/// Myers' O(ND) difference algorithm in linear space ("An O(ND) Difference Algorithm and Its
/// Variations", 1986): the box between two sequences is split at a point of an optimal path found
/// by searching from both corners at once, and each half is solved the same way.
///
/// The search is bounded as git's xdiff bounds it, with the same constants, so that the scripts
/// are the ones git computes: once the cost passes 256 and a long diagonal run (a "snake") has
/// been seen, a split is taken at a diagonal that has come far enough; once it reaches
/// `maximumCost` (the square root of the sizes, at least 256), the furthest-reaching point is
/// taken. Either way the script stays correct, only perhaps longer than the shortest, and the work
/// stays near O((N + M) * sqrt(N + M)) even for unrelated texts.
enum MyersDiff {
    /// Marks the elements of `old` and `new` (sequences of line numbers) that are not on the path
    /// found.
    static func mark(old: [Int], new: [Int], oldChanged: inout [Bool], newChanged: inout [Bool]) {
        let diagonals = old.count + new.count + 3
        var forward = Array(repeating: 0, count: diagonals)
        var backward = Array(repeating: 0, count: diagonals)
        // The search runs on buffers: it is the whole cost of a large diff, and bounds checks
        // would double it.
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                forward.withUnsafeMutableBufferPointer { forward in
                    backward.withUnsafeMutableBufferPointer { backward in
                        let search = BoxSearch(
                            old: old, new: new, forward: forward, backward: backward, diagonalOffset: new.count + 1,
                            maximumCost: max(maximumCostMinimum, roughSquareRoot(diagonals)))
                        search.mark(old: &oldChanged, new: &newChanged)
                    }
                }
            }
        }
    }

    private static let maximumCostMinimum = 256
}

/// The search of `MyersDiff` over its buffers.
struct BoxSearch {
    let old: UnsafeBufferPointer<Int>
    let new: UnsafeBufferPointer<Int>
    /// Furthest position in `old` reached on each diagonal by the forward search, and the
    /// smallest by the backward search, at index `diagonal + diagonalOffset`.
    let forward: UnsafeMutableBufferPointer<Int>
    let backward: UnsafeMutableBufferPointer<Int>
    let diagonalOffset: Int
    let maximumCost: Int

    static let snakeLength = 20
    static let heuristicMinimumCost = 256
    static let heuristicFactor = 4

    func mark(old oldChanged: inout [Bool], new newChanged: inout [Bool]) {
        // The halves are independent: a stack instead of recursion keeps deep splits off the
        // call stack.
        var boxes = [Box(oldStart: 0, oldEnd: old.count, newStart: 0, newEnd: new.count, minimal: false)]
        while var box = boxes.popLast() {
            while box.oldStart < box.oldEnd && box.newStart < box.newEnd
                && old[box.oldStart] == new[box.newStart]
            {
                box.oldStart += 1
                box.newStart += 1
            }
            while box.oldStart < box.oldEnd && box.newStart < box.newEnd
                && old[box.oldEnd - 1] == new[box.newEnd - 1]
            {
                box.oldEnd -= 1
                box.newEnd -= 1
            }
            // A box with an empty side is all changed; so is one whose split would leave it whole,
            // which would never end.
            guard box.oldStart < box.oldEnd && box.newStart < box.newEnd, case let split = self.split(box),
                !(split.old == box.oldStart && split.new == box.newStart), !(split.old == box.oldEnd && split.new == box.newEnd)
            else {
                for index in box.oldStart..<box.oldEnd { oldChanged[index] = true }
                for index in box.newStart..<box.newEnd { newChanged[index] = true }
                continue
            }
            boxes.append(
                Box(
                    oldStart: split.old, oldEnd: box.oldEnd, newStart: split.new, newEnd: box.newEnd,
                    minimal: split.minimalAfter))
            boxes.append(
                Box(
                    oldStart: box.oldStart, oldEnd: split.old, newStart: box.newStart, newEnd: split.new,
                    minimal: split.minimalBefore))
        }
    }

    struct Box {
        var oldStart: Int
        var oldEnd: Int
        var newStart: Int
        var newEnd: Int
        /// Whether the search in this box may not be cut short.
        var minimal: Bool
    }

    struct Split {
        var old: Int
        var new: Int
        var minimalBefore: Bool
        var minimalAfter: Bool
    }

    /// A point on a good path through `box`, whose corners differ. Diagonal `k` holds the points
    /// whose `old` index minus `new` index is `k`.
    private func split(_ box: Box) -> Split {
        let lowestDiagonal = box.oldStart - box.newEnd
        let highestDiagonal = box.oldEnd - box.newStart
        let forwardMiddle = box.oldStart - box.newStart
        let backwardMiddle = box.oldEnd - box.newEnd
        let odd = (forwardMiddle - backwardMiddle) & 1 != 0
        var forwardLow = forwardMiddle
        var forwardHigh = forwardMiddle
        var backwardLow = backwardMiddle
        var backwardHigh = backwardMiddle
        let offset = diagonalOffset
        forward[forwardMiddle + offset] = box.oldStart
        backward[backwardMiddle + offset] = box.oldEnd

        // Widens a search's range of diagonals by one on each side, or narrows it where it would
        // leave the box, so that its parity alternates; the value just outside is a sentinel.
        func widen(_ low: inout Int, _ high: inout Int, _ reached: UnsafeMutableBufferPointer<Int>, sentinel: Int) {
            if low > lowestDiagonal {
                low -= 1
                reached[low - 1 + offset] = sentinel
            } else {
                low += 1
            }
            if high < highestDiagonal {
                high += 1
                reached[high + 1 + offset] = sentinel
            } else {
                high -= 1
            }
        }

        var cost = 1
        while true {
            var sawSnake = false
            widen(&forwardLow, &forwardHigh, forward, sentinel: -1)
            var diagonal = forwardHigh
            while diagonal >= forwardLow {
                let fromAbove = forward[diagonal - 1 + offset]
                let fromBelow = forward[diagonal + 1 + offset]
                var oldIndex = fromAbove >= fromBelow ? fromAbove + 1 : fromBelow
                let snakeStart = oldIndex
                var newIndex = oldIndex - diagonal
                while oldIndex < box.oldEnd && newIndex < box.newEnd && old[oldIndex] == new[newIndex] {
                    oldIndex += 1
                    newIndex += 1
                }
                if oldIndex - snakeStart > Self.snakeLength { sawSnake = true }
                forward[diagonal + offset] = oldIndex
                if odd && backwardLow <= diagonal && diagonal <= backwardHigh
                    && backward[diagonal + offset] <= oldIndex
                {
                    return Split(old: oldIndex, new: newIndex, minimalBefore: true, minimalAfter: true)
                }
                diagonal -= 2
            }

            widen(&backwardLow, &backwardHigh, backward, sentinel: Int.max)
            diagonal = backwardHigh
            while diagonal >= backwardLow {
                let fromAbove = backward[diagonal - 1 + offset]
                let fromBelow = backward[diagonal + 1 + offset]
                var oldIndex = fromAbove < fromBelow ? fromAbove : fromBelow - 1
                let snakeStart = oldIndex
                var newIndex = oldIndex - diagonal
                while oldIndex > box.oldStart && newIndex > box.newStart
                    && old[oldIndex - 1] == new[newIndex - 1]
                {
                    oldIndex -= 1
                    newIndex -= 1
                }
                if snakeStart - oldIndex > Self.snakeLength { sawSnake = true }
                backward[diagonal + offset] = oldIndex
                if !odd && forwardLow <= diagonal && diagonal <= forwardHigh
                    && oldIndex <= forward[diagonal + offset]
                {
                    return Split(old: oldIndex, new: newIndex, minimalBefore: true, minimalAfter: true)
                }
                diagonal -= 2
            }

            if !box.minimal {
                if sawSnake && cost > Self.heuristicMinimumCost,
                    let split = promisingSplit(
                        box, cost: cost, forwardRange: (forwardLow, forwardHigh, forwardMiddle),
                        backwardRange: (backwardLow, backwardHigh, backwardMiddle))
                {
                    return split
                }
                if cost >= maximumCost {
                    return furthestSplit(
                        box, forwardRange: (forwardLow, forwardHigh), backwardRange: (backwardLow, backwardHigh))
                }
            }
            cost += 1
        }
    }
}

/// A power of two near the square root of `value` (from above), as xdiff computes its limits.
func roughSquareRoot(_ value: Int) -> Int {
    var root = 1
    var rest = value
    while rest > 0 {
        root <<= 1
        rest >>= 2
    }
    return root
}
