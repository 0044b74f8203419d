/// When work done item by item is shared with a second thread: checking, decoding and merging a
/// list's items each cost some 150 ns to 1 µs an item, starting a thread some 50 µs, so from a
/// few thousand items on the second thread pays for itself. One size for all of them, so that a
/// list is handled alike whichever command reads it.
enum SharedItemWork {
    /// The number of items from which a second thread takes its share.
    static let minimumItems = 2_000
}
