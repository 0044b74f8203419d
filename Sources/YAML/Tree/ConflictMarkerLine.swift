/// The lines a text merge (git's) writes around a conflict: seven or more of one of `<`, `|`, `=`,
/// `>` at the start of a line, then a space or the end of the line. The printer keeps scalars
/// from starting that way where they would begin a line, and shop's check finds them in a file:
/// both ask this one rule.
public enum ConflictMarkerLine {
    /// The marker character of `line` (a line without its line break) when it is a marker line;
    /// nil when it is not.
    @inlinable
    public static func marker(_ line: UnsafeBufferPointer<UInt8>) -> UInt8? {
        guard line.count >= 7, let first = line.first, isMarkerCharacter(first) else { return nil }
        var run = 1
        while run < line.count && line[run] == first { run += 1 }
        guard run >= 7, run == line.count || line[run] == 0x20 else { return nil }
        return first
    }

    /// Whether `byte` is one of the four marker characters.
    @inlinable @inline(__always)
    public static func isMarkerCharacter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: "|") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: ">")
    }
}
