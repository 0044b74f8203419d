#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unnamed temporary files, where output that must wait is kept when it is too large for memory
/// (``OutputSpool``, ``SpooledSections``): in `TMPDIR`, else `/tmp`, without a name, so that
/// nothing is left behind whatever happens.
enum TemporaryFile {
    /// The folder for temporary files in `environment`: `TMPDIR`, else `/tmp`.
    static func folder(in environment: Environment) -> String {
        environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// A new unnamed file in `folder`, open for reading and writing; -1 when none can be made.
    static func open(in folder: String) -> Int32 {
        if let unnamed = FileAccess.openUnnamedFile(in: folder, readable: true) { return unnamed }
        var template = Array((folder + "/shop-output-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return -1 }
        // Unnamed at once.
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return descriptor
    }

    /// Writes `bytes` at `offset`; returns how many were written (fewer than all when a write
    /// fails, on a full disk).
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, to file: Int32, at offset: Int) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var written = 0
        while written < bytes.count {
            let result = pwrite(file, base + written, bytes.count - written, off_t(offset + written))
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { return written }
            written += result
        }
        return written
    }

    /// Hands the bytes of `range` of `file` to `output`, in pieces of at most 64 KiB.
    static func read(_ file: Int32, _ range: Range<Int>, to output: (UnsafeBufferPointer<UInt8>) -> Void) throws(FileError) {
        var chunk = [UInt8](repeating: 0, count: min(1 << 16, range.count))
        var offset = range.lowerBound
        while offset < range.upperBound {
            let count = chunk.withUnsafeMutableBytes { buffer in
                pread(file, buffer.baseAddress, min(buffer.count, range.upperBound - offset), off_t(offset))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .system("a temporary file", "read", count == 0 ? EIO : errno) }
            chunk.withUnsafeBufferPointer { output(UnsafeBufferPointer(rebasing: $0[0..<count])) }
            offset += count
        }
    }
}
