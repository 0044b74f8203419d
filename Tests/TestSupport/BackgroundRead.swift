import Foundation
import Synchronization

/// Reads a file handle to its end on its own thread, so that a child writing to a full pipe is
/// never blocked by a test that waits for it first.
public final class BackgroundRead: Sendable {
    private let data = Mutex(Data())
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading `handle`.
    public init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            let read = handle.readDataToEndOfFile()
            data.withLock { $0 = read }
            done.signal()
        }
    }

    /// Everything read, once the handle reached its end.
    public func wait() -> Data {
        done.wait()
        return data.withLock { $0 }
    }
}
