/// Where lines begin in UTF-8 text: just past each line break, which is LF, CR LF, or a CR that
/// no LF follows (the line ends editors show and the Language Server Protocol knows).
///
/// The one scan for line breaks: the source text's table of lines and the language server's
/// line index, which it updates as a document is edited, are both made by it.
public enum LineStarts {
    /// Calls `body`, in order, with every offset from `start + 1` through `last` (at most the
    /// end of `buffer`) at which a line begins.
    @inlinable
    public static func forEach(
        in buffer: UnsafeBufferPointer<UInt8>, after start: Int, through last: Int, _ body: (Int) -> Void
    ) {
        let end = min(last, buffer.count)
        var index = max(start, 0)
        while index < end {
            let byte = buffer[index]
            if byte == 0x0A {
                body(index + 1)
            } else if byte == 0x0D {
                if index + 1 < buffer.count && buffer[index + 1] == 0x0A {
                    index += 1
                    if index < end { body(index + 1) }
                } else {
                    body(index + 1)
                }
            }
            index += 1
        }
    }
}
