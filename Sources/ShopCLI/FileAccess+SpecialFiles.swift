#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileAccess {
    /// What a path that is about to be written names, following links.
    enum WriteDestination {
        /// A regular file, or nothing yet: replaced atomically.
        case replaceable
        /// A device or a named pipe (`/dev/null`, `/dev/stdout`, a FIFO): written as it stands.
        /// Such a file cannot be replaced by another, and renaming a new file over it would
        /// remove it (a writer running as root would replace `/dev/null` with a plain file).
        case special
    }

    /// Where writing `path` goes; a folder is refused.
    static func writeDestination(_ path: String) throws(FileError) -> WriteDestination {
        var info = stat()
        guard stat(path, &info) == 0 else { return .replaceable }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return .replaceable
        case S_IFDIR:
            throw FileError(path: path, action: "write", reason: "it is a folder", code: EISDIR)
        default:
            return .special
        }
    }

    /// Writes the text `produce` hands over to a device or named pipe, in pieces, without creating,
    /// truncating or replacing it.
    static func writeInPlace(
        to path: String, producing produce: (_ write: (UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) throws(FileError) {
        var descriptor: Int32
        repeat { descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw .system(path, "write") }
        var failure: FileError?
        produce { piece in
            guard failure == nil else { return }
            do throws(FileError) {
                try writeAll(piece, to: descriptor, path: path)
            } catch {
                failure = error
            }
        }
        let closed = close(descriptor) == 0
        if let failure { throw failure }
        guard closed else { throw .system(path, "write") }
    }
}
