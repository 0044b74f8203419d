/// A string compared and hashed by its Unicode scalars, as JSON compares strings. Swift's `String`
/// equality treats canonically equivalent strings (`é` precomposed and `e` + combining accent) as
/// equal; two JSON keys or strings are only the same when they are written with the same scalars.
struct ExactString: Hashable, Sendable {
    var string: String

    init(_ string: String) {
        self.string = string
    }

    static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        exactlyEqual(lhs.string, rhs.string)
    }

    func hash(into hasher: inout Hasher) {
        var copy = string
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(string.utf8.count)
    }

    /// Whether two strings have the same Unicode scalars.
    static func exactlyEqual(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && lhs.utf8.elementsEqual(rhs.utf8)
    }
}
