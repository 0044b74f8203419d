#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way shop reads an input: every list, version, import and standard input goes through
/// ``FileAccess/readBounded(_:from:name:limit:)``, which never holds more than its limit. A regular
/// file larger than the limit is refused before a byte of it is read; a pipe, a device or a named
/// pipe is read as a stream, no further than the limit, so that `/dev/zero` or an endless pipe is
/// refused after a bounded read instead of growing until memory runs out.
extension FileAccess {
    /// The largest input shop reads: 256 MiB. A shopping list of a million items is about 100 MiB,
    /// and reading a list takes a few times its size in memory, so the limit leaves room for any
    /// list a household keeps while bounding what one input can cost.
    static let maximumInputBytes = 256 << 20

    /// What a bounded read found.
    enum BoundedRead {
        /// The whole input.
        case complete([UInt8])
        /// More than the limit: the size of a regular file, nil for a stream (read up to the limit
        /// and no further).
        case tooLarge(size: Int?)
    }

    /// Reads a whole file, or standard input for `-`, when it holds at most `limit` bytes; a larger
    /// regular file is not read at all, a stream no further than the limit.
    static func read(_ path: String, limit: Int) throws(FileError) -> BoundedRead {
        if path == "-" { return try readBounded(0, from: .stream, name: standardInputName, limit: limit) }
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        return try readBounded(descriptor, from: try kind(of: descriptor, path), name: path, limit: limit)
    }

    /// Reads a whole file, or standard input for `-`, of at most ``maximumInputBytes``; a larger
    /// one is refused with the reason.
    static func read(_ path: String) throws(FileError) -> [UInt8] {
        if path == "-" {
            return try refusingTooLarge(
                readBounded(0, from: .stream, name: standardInputName, limit: maximumInputBytes), standardInputName)
        }
        return try readVersion(path).bytes
    }

    /// Reads a whole file (not standard input) of at most ``maximumInputBytes``, with the version
    /// read (nil for what is not a regular file).
    static func readVersion(_ path: String) throws(FileError) -> (bytes: [UInt8], version: FileVersion?) {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }
        let kind = try kind(of: descriptor, path)
        let bytes = try refusingTooLarge(readBounded(descriptor, from: kind, name: path, limit: maximumInputBytes), path)
        // Read again after the bytes: a write that came during the read shows as a changed version.
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system(path, "read") }
        return (bytes, info.st_mode & S_IFMT == S_IFREG ? FileVersion(info) : nil)
    }

    /// How standard input is named in messages.
    static let standardInputName = "<stdin>"

    /// Why an input over `limit` bytes is not read: its size when known (a regular file's).
    static func tooLargeReason(size: Int?, limit: Int = maximumInputBytes) -> String {
        let most = "larger than \(binarySize(limit)) (\(grouped(limit)) bytes), the most shop reads from one input"
        guard let size else { return "it is " + most }
        return "it is \(grouped(size)) bytes, " + most
    }

    /// `268435456` as `256 MiB`, `8388608` as `8 MiB`.
    static func binarySize(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// `52428800` as `52,428,800`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    /// The bytes of a complete read; the refusal, naming `name`, of one over the limit.
    private static func refusingTooLarge(_ read: BoundedRead, _ name: String) throws(FileError) -> [UInt8] {
        switch read {
        case .complete(let bytes):
            return bytes
        case .tooLarge(let size):
            throw FileError(path: name, action: "read", reason: tooLargeReason(size: size), code: EFBIG)
        }
    }

    /// What a descriptor reads from: a regular file, whose size is known before it is read, or a
    /// stream (a pipe, a device, a named pipe, a socket), read to its end.
    enum InputKind: Equatable {
        case regular(size: Int)
        case stream
    }

    /// Opens `path` for reading. A named pipe is opened as `cat` opens it: the open waits for a
    /// writer, as the reader of a pipe must.
    private static func openForReading(_ path: String) throws(FileError) -> Int32 {
        var descriptor: Int32
        repeat { descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw .system(path, "read") }
        return descriptor
    }

    /// What `descriptor` (opened from `path`) reads; a folder is refused.
    private static func kind(of descriptor: Int32, _ path: String) throws(FileError) -> InputKind {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system(path, "read") }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            throw FileError(path: path, action: "read", reason: "it is a directory", code: EISDIR)
        case S_IFREG:
            return .regular(size: Int(info.st_size))
        default:
            return .stream
        }
    }

    /// Reads `descriptor` to its end, holding at most `limit` bytes and one chunk: a regular file
    /// of more than `limit` bytes is not read at all. A regular file is read straight into a buffer
    /// of its size; a stream, and a file that grows while it is read, in chunks into a buffer that
    /// doubles, up to the limit.
    static func readBounded(
        _ descriptor: Int32, from kind: InputKind, name: String, limit: Int
    ) throws(FileError) -> BoundedRead {
        var bytes: [UInt8] = []
        var failure: Int32 = 0
        if case .regular(let size) = kind {
            if size > limit { return .tooLarge(size: size) }
            bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                count = 0
                while count < size {
                    let result = Glibc.read(descriptor, buffer.baseAddress! + count, size - count)
                    if result < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        break
                    }
                    if result == 0 { break }
                    count += result
                }
            }
            if failure != 0 { throw .system(name, "read", failure) }
            // A file that ended early was cut while it was read: what it holds now was read.
            if bytes.count < size { return .complete(bytes) }
        }
        // Pipes, devices, and files that grew while being read, are read in chunks to the end.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let result = chunk.withUnsafeMutableBufferPointer { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                throw .system(name, "read")
            }
            if result == 0 { return .complete(bytes) }
            if bytes.count + result > limit { return .tooLarge(size: nil) }
            if bytes.count + result > bytes.capacity {
                // Grown by hand so that the buffer never passes the limit.
                bytes.reserveCapacity(min(max(bytes.capacity * 2, bytes.count + result), limit))
            }
            bytes.append(contentsOf: chunk[0..<result])
        }
    }
}
