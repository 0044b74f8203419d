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

extension FileAccess {
    /// Runs `body` holding the lock for the list file at `path`, as ``withExclusiveLock(for:_:)``
    /// does, once the file is known to be one an edit can change: a named pipe, a device or a
    /// socket is refused before the lock is taken. Reading a named pipe waits for a writer, and
    /// an edit that waited holding the lock would stop every other edit of the folder with it.
    /// `action` says what was refused ("edit", "fix", "reformat").
    static func withEditLock<Result>(
        for path: String, action: String = "edit", _ body: () throws(FileError) -> Result
    ) throws(FileError) -> Result {
        try refuseSpecialFile(path, action: action)
        return try withExclusiveLock(for: path, body)
    }

    /// Refuses a path that names (through links) a named pipe, a device or a socket, which an edit
    /// can neither read as a file nor replace. A path that does not exist, a regular file and a
    /// folder pass: what they get is said where they are read.
    static func refuseSpecialFile(_ path: String, action: String) throws(FileError) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        let what: String
        switch info.st_mode & S_IFMT {
        case S_IFIFO: what = "a named pipe (FIFO)"
        case S_IFCHR: what = "a character device"
        case S_IFBLK: what = "a block device"
        case S_IFSOCK: what = "a socket"
        default: return
        }
        throw FileError(
            path: path, action: action,
            reason: "it is \(what), not a regular file; shop changes only regular files, which it replaces with the new text",
            code: EINVAL)
    }
}
