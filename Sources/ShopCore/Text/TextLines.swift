/// A text cut into lines. A line is the bytes up to and including its line feed; the last line may
/// have none (a text that does not end with a line feed). Lines compare as bytes, line end
/// included, so `a` at the end of a text without a final line feed differs from `a\n`, and
/// `a\r\n` differs from `a\n`: this is how git compares lines.
public struct TextLines: Sendable, Equatable {
    /// The whole text.
    public let bytes: [UInt8]
    /// Where each line starts in `bytes`, followed by `bytes.count`: line `i` is
    /// `bytes[starts[i]..<starts[i + 1]]`.
    let starts: [Int]

    /// Cuts `bytes` into lines.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where buffer[index] == 0x0A {
                starts.append(index + 1)
            }
        }
        if starts.last != bytes.count { starts.append(bytes.count) }
        self.starts = starts
    }

    /// The number of lines; 0 for an empty text.
    public var count: Int { starts.count - 1 }

    /// Line `index` with its line feed, if it has one.
    public subscript(index: Int) -> ArraySlice<UInt8> {
        bytes[starts[index]..<starts[index + 1]]
    }

    /// The bytes of lines `range`, line ends included.
    public func text(of range: Range<Int>) -> ArraySlice<UInt8> {
        bytes[starts[range.lowerBound]..<starts[range.upperBound]]
    }

    /// Whether line `index` ends with a line feed (only the last line of a text can lack one).
    public func hasLineFeed(_ index: Int) -> Bool {
        starts[index + 1] > starts[index] && bytes[starts[index + 1] - 1] == 0x0A
    }

    /// Whether line `index` ends with a carriage return and a line feed.
    public func endsWithCRLF(_ index: Int) -> Bool {
        let end = starts[index + 1]
        return end - starts[index] >= 2 && bytes[end - 1] == 0x0A && bytes[end - 2] == 0x0D
    }
}
