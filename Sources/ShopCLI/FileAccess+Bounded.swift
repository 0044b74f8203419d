#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileAccess {
    /// What a bounded read found.
    enum BoundedRead {
        /// The whole input.
        case complete([UInt8])
        /// More than the limit: the size of a regular file, nil for a pipe (read up to the limit
        /// and no further).
        case tooLarge(size: Int?)
    }

    /// Reads a whole file, or standard input for `-`, when it holds at most `limit` bytes; a larger
    /// regular file is not read at all, a pipe no further than the limit.
    static func read(_ path: String, limit: Int) throws(FileError) -> BoundedRead {
        let descriptor: Int32
        if path == "-" {
            descriptor = 0
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .system(path, "read") }
        }
        defer { if descriptor != 0 { close(descriptor) } }
        let name = path == "-" ? "<stdin>" : path
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system(name, "read") }
        if info.st_mode & S_IFMT == S_IFDIR {
            throw FileError(path: name, action: "read", reason: "it is a directory", code: EISDIR)
        }
        if info.st_mode & S_IFMT == S_IFREG && Int(info.st_size) > limit { return .tooLarge(size: Int(info.st_size)) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            let result = chunk.withUnsafeMutableBufferPointer { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                throw .system(name, "read")
            }
            if result == 0 { return .complete(bytes) }
            bytes.append(contentsOf: chunk[0..<result])
        }
        return .tooLarge(size: info.st_mode & S_IFMT == S_IFREG ? bytes.count : nil)
    }
}
