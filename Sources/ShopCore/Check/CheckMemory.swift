/// What a check remembers from rule call to rule call: one per check of a whole list, one for all
/// the parts of a list read in parts, so that checking in parts finds what a whole check finds.
///
/// It is a reference so that the parts share it. Only the `unknown-category` rule uses it, and a
/// check runs each rule once at a time: it is never used by two threads at once.
final class CheckMemory: @unchecked Sendable {
    /// The categories suggested for each unknown one (nil: none is close), so that each is worked
    /// out once.
    var categories: [String: String?] = [:]
    /// How many comparisons of a name with a category suggestions may still make: a bound on the
    /// work of a file with thousands of categories and unknown ones.
    var comparisonsLeft = 200_000
}
