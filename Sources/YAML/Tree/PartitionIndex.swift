extension RandomAccessCollection {
    /// The index of the first element for which `isAfter` holds, in a collection where every such
    /// element comes after every other (it is sorted by what `isAfter` asks); `endIndex` when there
    /// is none. A binary search: the collection is not walked.
    @inlinable
    public func partitionIndex(where isAfter: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var length = count
        while length > 0 {
            let half = length / 2
            let middle = index(low, offsetBy: half)
            if try isAfter(self[middle]) {
                length = half
            } else {
                low = index(after: middle)
                length -= half + 1
            }
        }
        return low
    }
}
