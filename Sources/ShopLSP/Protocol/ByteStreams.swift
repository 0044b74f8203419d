#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a server reads its bytes from: standard input, or bytes in memory for tests.
public protocol ByteSource: AnyObject, Sendable {
    /// Reads up to `buffer.count` bytes into `buffer` and returns how many; 0 at the end of the
    /// input or when it cannot be read any more. Blocks until there is something to read.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int
}

/// Where a server writes its bytes to: standard output, or memory for tests.
public protocol ByteSink: AnyObject, Sendable {
    /// Writes all of `bytes`; returns false when the output is gone (a closed pipe).
    func write(_ bytes: [UInt8]) -> Bool
}

/// Reads a file descriptor, retrying reads that a signal interrupts.
public final class FileDescriptorSource: ByteSource {
    /// The descriptor read.
    public let descriptor: Int32

    /// A source reading `descriptor` (0 for standard input).
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Reads what the descriptor has, up to `buffer.count` bytes; 0 at its end or on an error.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let count = Glibc.read(descriptor, base, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { return 0 }
        }
    }
}

/// Writes to a file descriptor, whole writes only; a reader that went away ends the output quietly.
public final class FileDescriptorSink: ByteSink {
    /// The descriptor written.
    public let descriptor: Int32

    /// A sink writing `descriptor` (1 for standard output).
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes all of `bytes`; false when the descriptor cannot be written any more.
    public func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return true }
            var written = 0
            while written < buffer.count {
                let result = Glibc.write(descriptor, base + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += result
            }
            return true
        }
    }
}
