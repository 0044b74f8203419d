#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Output held back until a command knows it wants it: an export of a list read in parts is
/// written as the list is read, but a list that turns out to have errors exports nothing, so the
/// export waits here. It is held in memory while it is small, then in an unnamed temporary file
/// (in `TMPDIR`, else `/tmp`), so that a large export is never held in memory whole; where no such
/// file can be made, or written, memory holds the rest.
final class OutputSpool {
    /// How much is held in memory before a temporary file takes the output.
    static let memoryLimit = 1 << 18

    private var memory: [UInt8] = []
    /// The temporary file, once the output outgrew memory; -1 before, or when none could be made.
    private var file: Int32 = -1
    /// How many bytes the file holds: they come before `memory`'s.
    private var fileCount = 0
    /// Whether a file was tried, so that it is not tried again.
    private var triedFile = false
    /// Whether the file takes more: not after a write to it failed (a full disk), when what it
    /// holds stays and memory holds what comes after.
    private var fileTakesMore = false

    deinit {
        if file >= 0 { close(file) }
    }

    /// Holds `piece` after what is held already.
    func write(_ piece: UnsafeBufferPointer<UInt8>) {
        if file < 0 && !triedFile && memory.count + piece.count > Self.memoryLimit {
            triedFile = true
            file = Self.openTemporaryFile()
            if file >= 0 {
                fileTakesMore = true
                // What memory held goes first.
                let moved = memory.withUnsafeBufferPointer { append($0) }
                memory.removeFirst(moved)
            }
        }
        if fileTakesMore && memory.isEmpty {
            let written = append(piece)
            if written == piece.count { return }
            memory.append(contentsOf: UnsafeBufferPointer(rebasing: piece[written...]))
            return
        }
        memory.append(contentsOf: piece)
    }

    /// Forgets everything held.
    func discard() {
        memory.removeAll()
        if file >= 0 { _ = ftruncate(file, 0) }
        fileCount = 0
        fileTakesMore = file >= 0
    }

    /// Hands everything held to `output`, in order, in chunks. Throws when the temporary file
    /// cannot be read back.
    func deliver(to output: (UnsafeBufferPointer<UInt8>) -> Void) throws(FileError) {
        if fileCount > 0 {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            var offset = 0
            while offset < fileCount {
                let count = chunk.withUnsafeMutableBytes { buffer in
                    pread(file, buffer.baseAddress, min(buffer.count, fileCount - offset), off_t(offset))
                }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw .system("a temporary file", "read", count == 0 ? EIO : errno) }
                chunk.withUnsafeBufferPointer { output(UnsafeBufferPointer(rebasing: $0[0..<count])) }
                offset += count
            }
        }
        if !memory.isEmpty { memory.withUnsafeBufferPointer(output) }
    }

    /// Appends to the file; returns how many bytes went there (fewer than all when a write fails,
    /// after which the file takes nothing more).
    private func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var written = 0
        while written < bytes.count {
            let result = pwrite(file, base + written, bytes.count - written, off_t(fileCount + written))
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else {
                fileCount += written
                fileTakesMore = false
                return written
            }
            written += result
        }
        fileCount += written
        return written
    }

    /// An unnamed file in the temporary folder, open for reading and writing; -1 when none can
    /// be made.
    private static func openTemporaryFile() -> Int32 {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        if let unnamed = FileAccess.openUnnamedFile(in: folder, readable: true) { return unnamed }
        var template = Array((folder + "/shop-output-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return -1 }
        // Unnamed at once: nothing is left behind, whatever happens next.
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return descriptor
    }
}
