/// The one edit that turns a text into another, over whole lines: the lines the two share at the
/// start and at the end are left alone, and the lines between are replaced.
struct LineEdit: Equatable {
    /// What is replaced, in the old text.
    var oldRange: Range<Int>
    /// What replaces it, in the new text.
    var newRange: Range<Int>

    /// The edit from `old` to `new`; nil when they are the same.
    init?(old: [UInt8], new: [UInt8]) {
        guard old != new else { return nil }
        // The longest common prefix, cut back to the start of a line.
        var prefix = 0
        let shorter = min(old.count, new.count)
        while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
        while prefix > 0 && !Self.startsLine(old, at: prefix) { prefix -= 1 }
        // The longest common suffix not overlapping it, cut forward to the start of a line.
        var suffix = 0
        while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        while suffix > 0 && !(Self.startsLine(old, at: old.count - suffix) && Self.startsLine(new, at: new.count - suffix)) {
            suffix -= 1
        }
        oldRange = prefix..<(old.count - suffix)
        newRange = prefix..<(new.count - suffix)
    }

    /// Whether a line begins at `offset`: the start of the text, or just after LF, or after a CR
    /// that is not followed by LF.
    static func startsLine(_ bytes: [UInt8], at offset: Int) -> Bool {
        if offset == 0 { return true }
        let before = bytes[offset - 1]
        return before == 0x0A || (before == 0x0D && (offset == bytes.count || bytes[offset] != 0x0A))
    }
}
