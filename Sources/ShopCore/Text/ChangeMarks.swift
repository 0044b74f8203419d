/// Which lines of a text a diff marks as changed (removed from the old text, or added in the new
/// one). Asking about the line before the first or after the last answers "unchanged", which
/// spares the walks over groups of changed lines a bounds check at each end.
struct ChangeMarks {
    private var flags: [Bool]
    /// The number of lines of the text.
    let count: Int

    init(count: Int) {
        self.count = count
        flags = Array(repeating: false, count: count + 2)
    }

    /// Whether line `line` (from -1 to `count`) is changed.
    subscript(line: Int) -> Bool {
        get { flags[line + 1] }
        set { flags[line + 1] = newValue }
    }
}
