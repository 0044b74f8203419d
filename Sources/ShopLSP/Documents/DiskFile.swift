#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a file the server has not been sent, such as the catalog a list names when the editor
/// does not have it open. Only regular files are read, and none larger than the most `shop` reads
/// from one input: a named pipe or a device would make the server wait or read without end, and
/// the server must answer every message.
enum DiskFile {
    /// Why a file could not be read, as `shop check` says it.
    struct Failure: Error, Sendable, Equatable {
        /// The system's words (`No such file or directory`), or the server's own.
        var reason: String
    }

    /// The largest file read: 256 MiB, as for any input of `shop`.
    static let maximumBytes = 256 << 20

    /// The bytes of the regular file at `path`.
    static func read(_ path: String) -> Result<[UInt8], Failure> {
        var descriptor: Int32
        // Non-blocking: opening a named pipe must not wait for a writer.
        repeat { descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { return .failure(Failure(reason: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(Failure(reason: String(cString: strerror(errno)))) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .failure(Failure(reason: "it is a directory"))
        case S_IFREG: break
        default: return .failure(Failure(reason: "it is not a regular file"))
        }
        let size = Int(info.st_size)
        guard size <= maximumBytes else {
            return .failure(Failure(reason: "it is \(size) bytes, larger than 256 MiB, the most shop reads from one input"))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count <= maximumBytes {
            let count = chunk.withUnsafeMutableBytes { buffer in Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(reason: String(cString: strerror(errno))))
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return .failure(Failure(reason: "it grew larger than 256 MiB while it was read, the most shop reads from one input"))
    }
}
