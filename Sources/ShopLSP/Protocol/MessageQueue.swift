import JSON
import Threads

/// What the reading thread hands to the thread that handles messages.
public enum QueuedItem: Sendable {
    /// A message.
    case message(IncomingMessage)
    /// Something that is not a valid message, to be answered with this error (id null when nil).
    case refused(ResponseError, id: RequestID?)
    /// The input ended.
    case end
}

/// Messages read but not handled yet, in order, between the thread that reads them and the thread
/// that handles them. Requests cancelled while they wait are marked, so that they are answered
/// with `RequestCancelled` instead of being carried out.
public final class MessageQueue: Sendable {
    private struct Entry {
        var item: QueuedItem
        var cancelled = false
    }

    private struct State {
        var entries: [Entry] = []
        var head = 0
        var running: RequestID?
        var runningCancelled = false
    }

    private let state = ConditionLock(State())

    /// An empty queue.
    public init() {}

    /// Adds an item at the end.
    public func push(_ item: QueuedItem) {
        state.withLock { $0.entries.append(Entry(item: item)) }
    }

    /// Marks the waiting request `id` as cancelled, or the request being handled; returns whether
    /// there was such a request.
    @discardableResult
    public func cancel(_ id: RequestID) -> Bool {
        state.withLock { state in
            if state.running == id {
                state.runningCancelled = true
                return true
            }
            for index in state.head..<state.entries.count {
                if case .message(.request(let queued, _, _)) = state.entries[index].item, queued == id {
                    state.entries[index].cancelled = true
                    return true
                }
            }
            return false
        }
    }

    /// Takes the first item, waiting for one; for a request, whether it was cancelled while it
    /// waited. The request taken counts as being handled until the next take.
    public func take() -> (item: QueuedItem, cancelled: Bool) {
        state.withLock(waitingUntil: { $0.head < $0.entries.count }) { state in
            let entry = state.entries[state.head]
            state.head += 1
            if state.head > 1024 && state.head * 2 > state.entries.count {
                state.entries.removeFirst(state.head)
                state.head = 0
            }
            if case .message(.request(let id, _, _)) = entry.item {
                state.running = id
            } else {
                state.running = nil
            }
            state.runningCancelled = false
            return (entry.item, entry.cancelled)
        }
    }

    /// Whether the request being handled has been cancelled.
    public var isRunningRequestCancelled: Bool {
        state.withLock { $0.runningCancelled }
    }

    /// Whether the next item waiting is a notification `method` whose parameters name the
    /// document `uri` (`params.textDocument.uri`).
    public func nextIsNotification(_ method: String, about uri: String) -> Bool {
        state.withLock { state in
            guard state.head < state.entries.count,
                case .message(.notification(let queued, let params)) = state.entries[state.head].item
            else {
                return false
            }
            return queued == method && params?["textDocument"]?["uri"]?.stringValue == uri
        }
    }
}
