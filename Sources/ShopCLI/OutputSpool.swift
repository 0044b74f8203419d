#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ShopCore

/// Output held back until a command knows it wants it: an export of a list read in parts is
/// written as the list is read, but a list that turns out to have errors exports nothing, so the
/// export waits here. It is held in memory while it is small, then in an unnamed temporary file
/// (``TemporaryFile``), so that a large export is never held in memory whole; where no such file
/// can be made, or written, memory holds the rest.
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

    /// Where the temporary file goes.
    private let folder: String

    /// A spool whose temporary file, when it needs one, goes in `folder`.
    init(folder: String) {
        self.folder = folder
    }

    deinit {
        if file >= 0 { close(file) }
    }

    /// Holds `piece` after what is held already.
    func write(_ piece: UnsafeBufferPointer<UInt8>) {
        if file < 0 && !triedFile && memory.count + piece.count > Self.memoryLimit {
            triedFile = true
            file = TemporaryFile.open(in: folder)
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
        if fileCount > 0 { try TemporaryFile.read(file, 0..<fileCount, to: output) }
        if !memory.isEmpty { memory.withUnsafeBufferPointer(output) }
    }

    /// Fills `buffer` with the bytes held from `offset` on. Throws when the temporary file cannot
    /// be read back.
    func read(from offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(FileError) {
        var filled = 0
        if offset < fileCount {
            try TemporaryFile.read(file, offset..<min(fileCount, offset + buffer.count)) { piece in
                UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<(filled + piece.count)])
                    .copyMemory(from: UnsafeRawBufferPointer(piece))
                filled += piece.count
            }
        }
        guard filled < buffer.count else { return }
        let start = offset + filled - fileCount
        precondition(start + buffer.count - filled <= memory.count, "more bytes read back than were held")
        memory.withUnsafeBytes { held in
            UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: held[start..<(start + buffer.count - filled)]))
        }
    }

    /// Appends to the file; returns how many bytes went there (fewer than all when a write fails,
    /// after which the file takes nothing more).
    private func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let written = TemporaryFile.write(bytes, to: file, at: fileCount)
        fileCount += written
        if written < bytes.count { fileTakesMore = false }
        return written
    }
}
