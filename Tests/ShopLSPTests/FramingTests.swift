import JSON
import ShopLSP
import Synchronization
import Testing

/// Content-Length framing: what is read from well-formed, odd and broken input.
@Suite struct FramingTests {
    func frames(_ text: String, maximumLength: Int = FrameReader.defaultMaximumLength, chunkSize: Int = 1 << 16)
        -> [FrameReader.Frame]
    {
        var reader = FrameReader(source: MemorySource(Array(text.utf8), chunkSize: chunkSize), maximumLength: maximumLength)
        var result: [FrameReader.Frame] = []
        while true {
            let frame = reader.next()
            result.append(frame)
            if frame == .end || result.count > 20 { return result }
        }
    }

    func body(_ text: String) -> FrameReader.Frame { .message(Array(text.utf8)) }

    @Test func wellFormedMessages() {
        let input = "Content-Length: 2\r\n\r\n{}Content-Length: 7\r\n\r\n[1,2,3]"
        #expect(frames(input) == [body("{}"), body("[1,2,3]"), .end])
        // One byte at a time gives the same.
        #expect(frames(input, chunkSize: 1) == [body("{}"), body("[1,2,3]"), .end])
    }

    @Test func headersAreRead() {
        // Content-Type tolerated, names in any case, spaces around the value, bare LF, other headers skipped.
        let input = "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length:   2  \r\n\r\n{}"
            + "CONTENT-LENGTH: 2\nX-Other: 1\n\n[]"
        #expect(frames(input) == [body("{}"), body("[]"), .end])
    }

    @Test func lengthCountsBytes() {
        let text = "\"Käse 😀\""
        #expect(frames("Content-Length: \(text.utf8.count)\r\n\r\n\(text)") == [body(text), .end])
    }

    @Test func oversizedMessagesAreSkipped() {
        let big = String(repeating: "x", count: 100)
        let input = "Content-Length: 100\r\n\r\n\(big)Content-Length: 2\r\n\r\n{}"
        #expect(frames(input, maximumLength: 99) == [.oversized(length: 100), body("{}"), .end])
        #expect(frames(input, maximumLength: 99, chunkSize: 7) == [.oversized(length: 100), body("{}"), .end])
        #expect(frames(input, maximumLength: 100).first == body(big))
    }

    @Test func brokenHeadersAreReportedAndSkipped() {
        let missing = frames("Content-Type: x\r\n\r\nContent-Length: 2\r\n\r\n{}")
        #expect(missing == [.malformed("a message header without Content-Length"), body("{}"), .end])
        let notANumber = frames("Content-Length: twelve\r\n\r\nContent-Length: 2\r\n\r\n{}")
        #expect(notANumber == [.malformed("a Content-Length that is not a byte count: 'twelve'"), body("{}"), .end])
        let negative = frames("Content-Length: -2\r\n\r\nContent-Length: 2\r\n\r\n{}")
        #expect(negative.dropFirst() == [body("{}"), .end])
        // Digits too many to count are a length over any limit.
        let overflow = frames("Content-Length: 99999999999999999999999\r\n\r\nContent-Length: 2\r\n\r\n{}")
        #expect(overflow == [.oversized(length: Int.max), body("{}"), .end])
    }

    /// A source that counts the bytes the reader has taken from it.
    final class CountingSource: ByteSource, Sendable {
        let inner: MemorySource
        private let taken = Atomic(0)
        var asked: Int { taken.load(ordering: .relaxed) }
        init(_ bytes: [UInt8], chunkSize: Int) { inner = MemorySource(bytes, chunkSize: chunkSize) }
        func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
            let count = inner.read(into: buffer)
            taken.add(count, ordering: .relaxed)
            return count
        }
    }

    @Test func anOversizedMessageIsRefusedAtItsHeader() {
        // The refusal comes before any of the body is read: here the body is 10 MB, read 64 bytes
        // at a time, and the refusal comes after the header's chunk.
        let header = "Content-Length: 10000000\r\n\r\n"
        let input = Array(header.utf8) + [UInt8](repeating: 0x20, count: 10_000_000) + Array("Content-Length: 2\r\n\r\n{}".utf8)
        let source = CountingSource(input, chunkSize: 64)
        var reader = FrameReader(source: source, maximumLength: 1000)
        #expect(reader.next() == .oversized(length: 10_000_000))
        #expect(source.asked <= 64)
        #expect(reader.next() == body("{}"))
        #expect(source.asked == input.count)
        #expect(reader.next() == .end)
    }

    @Test func aRefusedBodyEndsAtTheNextHeader() {
        // A client that announces two billion bytes and sends two: the message after them is read.
        let input = "Content-Length: 2000000000\r\n\r\n{}Content-Length: 7\r\n\r\n[1,2,3]Content-Length: 2\r\n\r\n{}"
        for chunkSize in [1, 5, 1 << 16] {
            #expect(
                frames(input, maximumLength: 1000, chunkSize: chunkSize)
                    == [.oversized(length: 2_000_000_000), body("[1,2,3]"), body("{}"), .end])
        }
        // A body that ends where it said is read past whole, header-like text or not.
        let honest = "Content-Length: 30\r\n\r\n" + String(repeating: "x", count: 30) + "Content-Length: 2\r\n\r\n{}"
        #expect(frames(honest, maximumLength: 10) == [.oversized(length: 30), body("{}"), .end])
        // Text like a header that is not a line of its own in the body does not end it.
        let quoted = "Content-Length: 40\r\n\r\n[\"Content-Length: 5 is a header\"]       Content-Length: 2\r\n\r\n{}"
        #expect(frames(quoted, maximumLength: 10) == [.oversized(length: 40), body("{}"), .end])
    }

    @Test func aHeaderBlockIsBounded() {
        let lines = String(repeating: "X-Padding: " + String(repeating: "p", count: 100) + "\r\n", count: 1000)
        let result = frames(lines + "Content-Length: 2\r\n\r\n{}\r\nContent-Length: 2\r\n\r\n[]")
        // The header lines after the refused block begin the next one.
        #expect(
            result == [
                .malformed("a message header longer than \(FrameReader.maximumHeaderBlock) bytes"), body("{}"), body("[]"), .end,
            ])
    }

    @Test func junkBeforeAHeaderIsSkipped() {
        // A body longer than its Content-Length said: the rest runs into the next header.
        let input = "Content-Length: 2\r\n\r\n{}garbage}Content-Length: 2\r\n\r\n[]"
        #expect(frames(input) == [body("{}"), .malformed("bytes that are not a message header: 'garbage}'"), body("[]"), .end])
        let lines = frames("hello\r\nworld\r\n\r\nContent-Length: 2\r\n\r\n[]")
        #expect(lines == [.malformed("bytes that are not a message header: 'hello'"), body("[]"), .end])
    }

    @Test func strayEmptyLinesAreSkipped() {
        #expect(frames("\r\n\r\nContent-Length: 2\r\n\r\n{}\r\n") == [body("{}"), .end])
    }

    @Test func inputEndingEarly() {
        #expect(frames("Content-Length: 10\r\n\r\n{\"a\"") == [.end])
        #expect(frames("Content-Length: 10\r\n") == [.end])
        #expect(frames("") == [.end])
    }

    @Test func longHeaderLinesAreCut() {
        let long = String(repeating: "a", count: 200_000)
        let result = frames("X-Long: \(long)\r\n\r\nContent-Length: 2\r\n\r\n{}")
        #expect(result.dropFirst() == [body("{}"), .end])
    }

    @Test func framing() {
        #expect(FrameReader.frame(Array("{}".utf8)) == Array("Content-Length: 2\r\n\r\n{}".utf8))
    }
}
