/// Why a JSON text was refused, and where: the byte offset of the problem and its line and column.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of problem, for programs that act on them.
    public enum Kind: String, Hashable, Sendable {
        /// The text is larger than the size limit.
        case tooLarge
        /// Arrays and objects are nested deeper than the depth limit.
        case tooDeep
        /// The text ends where more is needed.
        case unexpectedEnd
        /// A character that cannot stand where it is.
        case unexpectedCharacter
        /// A number that breaks the grammar: leading zeros, a missing digit.
        case invalidNumber
        /// A string with a control character or a bad escape, or a string that never ends.
        case invalidString
        /// Bytes that are not UTF-8.
        case invalidUTF8
        /// A key written twice in one object.
        case duplicateKey
        /// More text after the value.
        case trailingContent
    }

    /// What is wrong.
    public var kind: Kind
    /// A sentence for people: `expected ':' after an object key`.
    public var message: String
    /// The 0-based byte offset of the problem in the input.
    public var offset: Int
    /// The 1-based line of the problem; lines end at LF, CR or CRLF.
    public var line: Int
    /// The 1-based column of the problem, counted in Unicode scalars.
    public var column: Int

    /// An error at `offset` of `bytes`, its line and column counted there.
    init(_ kind: Kind, _ message: String, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var lineStart = 0
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        var column = 1
        for position in lineStart..<end where bytes[position] & 0xC0 != 0x80 {
            column += 1
        }
        self.kind = kind
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}
