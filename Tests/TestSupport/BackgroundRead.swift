import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Reads a file handle to its end on its own thread, so that a child writing to a full pipe is
/// never blocked by a test that waits for it first.
public final class BackgroundRead: Sendable {
    private let data = Mutex(Data())
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading `handle`.
    public init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            // read(2) into a Swift array, not FileHandle.readDataToEndOfFile: Foundation's buffer
            // for that read is one LeakSanitizer reports at the test process's exit.
            let read = Self.readToEnd(handle.fileDescriptor)
            data.withLock { $0 = Data(read) }
            done.signal()
        }
    }

    /// Everything read, once the handle reached its end.
    public func wait() -> Data {
        done.wait()
        return data.withLock { $0 }
    }

    /// The bytes of `descriptor` up to its end (or its first error other than an interrupted read).
    private static func readToEnd(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[..<count])
            } else if count == 0 || errno != EINTR {
                return bytes
            }
        }
    }
}
