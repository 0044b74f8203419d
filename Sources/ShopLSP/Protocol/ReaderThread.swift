import JSON
import Threads

/// The thread that reads messages: frames from the input, parsed as JSON and checked as JSON-RPC,
/// into the queue. Cancellations are applied to the queue as soon as they are read, so that a
/// request still waiting is answered as cancelled.
enum ReaderThread {
    /// Starts reading `source` into `queue` on a new detached thread; false when the system refuses one.
    static func start(source: any ByteSource, queue: MessageQueue, maximumLength: Int) -> Bool {
        let thread = JoinableThread.start {
            var reader = FrameReader(source: source, maximumLength: maximumLength)
            while true {
                guard let item = read(&reader, queue: queue) else { continue }
                queue.push(item)
                if case .end = item { return }
            }
        }
        thread?.detach()
        return thread != nil
    }

    /// The next item for the queue; nil for a cancellation, which is applied at once.
    static func read(_ reader: inout FrameReader, queue: MessageQueue) -> QueuedItem? {
        switch reader.next() {
        case .end:
            return .end
        case .oversized(let length):
            // Refused at its header, before its body is read: the client hears at once.
            let size = length == Int.max ? "a message whose length is too long to count" : "a message of \(length) bytes"
            return .refused(
                ResponseError(.invalidRequest, "\(size) is larger than the limit of \(reader.maximumLength) bytes"),
                id: nil)
        case .malformed(let problem):
            return .refused(ResponseError(.parseError, "unreadable message framing: \(problem)"), id: nil)
        case .message(let body):
            let value: JSONValue
            do {
                // Half a character (a lone surrogate) from a client that counts UTF-16 units is
                // one unit still: U+FFFD keeps the document's positions where the client has them.
                value = try JSONReader.read(
                    body, limits: JSONReader.Limits(maximumBytes: reader.maximumLength, replacesLoneSurrogates: true))
            } catch {
                return .refused(ResponseError(.parseError, "the message is not JSON: \(error)"), id: nil)
            }
            switch IncomingMessage.parse(value) {
            case .failure(let invalid):
                return .refused(invalid.error, id: invalid.id)
            case .success(.notification(method: "$/cancelRequest", let params)):
                if let id = params?["id"].flatMap(RequestID.init) { queue.cancel(id) }
                return nil
            case .success(let message):
                return .message(message)
            }
        }
    }
}
