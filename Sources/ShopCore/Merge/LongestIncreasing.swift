/// A longest strictly increasing subsequence, found by patience sorting in O(n log n): what stays
/// in place when a list is reordered (the positions outside it are the items that moved).
enum LongestIncreasing {
    /// The positions in `values` of a longest strictly increasing subsequence, in order. Of the
    /// longest ones, it keeps the earliest values where there is a choice.
    static func indices(_ values: [Int]) -> [Int] {
        guard !values.isEmpty else { return [] }
        // tails[k]: the position of the smallest value that ends an increasing run of length k + 1.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var result: [Int] = []
        var position = tails.last ?? -1
        while position >= 0 {
            result.append(position)
            position = previous[position]
        }
        return result.reversed()
    }
}
