#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import JSON

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
public final class MessageQueue: @unchecked Sendable {
    private struct Entry {
        var item: QueuedItem
        var cancelled = false
    }

    // The state below is only touched with `mutex` held.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let available = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var entries: [Entry] = []
    private var head = 0
    private var running: RequestID?
    private var runningCancelled = false

    /// An empty queue.
    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(available, nil)
    }

    deinit {
        pthread_cond_destroy(available)
        pthread_mutex_destroy(mutex)
        available.deallocate()
        mutex.deallocate()
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Adds an item at the end.
    public func push(_ item: QueuedItem) {
        locked {
            entries.append(Entry(item: item))
            pthread_cond_signal(available)
        }
    }

    /// Marks the waiting request `id` as cancelled, or the request being handled; returns whether
    /// there was such a request.
    @discardableResult
    public func cancel(_ id: RequestID) -> Bool {
        locked {
            if running == id {
                runningCancelled = true
                return true
            }
            for index in head..<entries.count {
                if case .message(.request(let queued, _, _)) = entries[index].item, queued == id {
                    entries[index].cancelled = true
                    return true
                }
            }
            return false
        }
    }

    /// Takes the first item, waiting for one; for a request, whether it was cancelled while it
    /// waited. The request taken counts as being handled until the next take.
    public func take() -> (item: QueuedItem, cancelled: Bool) {
        locked {
            while head == entries.count {
                pthread_cond_wait(available, mutex)
            }
            let entry = entries[head]
            head += 1
            if head > 1024 && head * 2 > entries.count {
                entries.removeFirst(head)
                head = 0
            }
            if case .message(.request(let id, _, _)) = entry.item {
                running = id
            } else {
                running = nil
            }
            runningCancelled = false
            return (entry.item, entry.cancelled)
        }
    }

    /// Whether the request being handled has been cancelled.
    public var isRunningRequestCancelled: Bool {
        locked { runningCancelled }
    }

    /// Whether the next item waiting is a notification `method` whose parameters name the
    /// document `uri` (`params.textDocument.uri`).
    public func nextIsNotification(_ method: String, about uri: String) -> Bool {
        locked {
            guard head < entries.count, case .message(.notification(let queued, let params)) = entries[head].item else {
                return false
            }
            return queued == method && params?["textDocument"]?["uri"]?.stringValue == uri
        }
    }
}
