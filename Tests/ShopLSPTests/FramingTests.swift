import JSON
import ShopLSP
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
        let overflow = frames("Content-Length: 99999999999999999999999\r\n\r\nContent-Length: 2\r\n\r\n{}")
        #expect(overflow.dropFirst() == [body("{}"), .end])
        guard case .malformed = overflow.first else {
            Issue.record("\(overflow)")
            return
        }
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
