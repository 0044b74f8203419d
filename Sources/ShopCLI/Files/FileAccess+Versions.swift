#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which version of a file a command read: an edit writes its result only over that version.
///
/// The lock keeps shop's own writers apart; an editor or a sync tool that saves the list takes no
/// lock. When one saves between an edit's read and its rename, renaming would throw that save away
/// unseen, so the edit is refused instead and says so: the list keeps what the other program wrote.
struct FileVersion: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    /// The last change of the contents, and of the inode (which a write that restores the
    /// modification time still moves), to the nanosecond.
    var modified: timespec
    var changed: timespec

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = info.st_mtim
        changed = info.st_ctim
    }

    static func == (lhs: FileVersion, rhs: FileVersion) -> Bool {
        lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
            && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
            && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
    }

    /// The version of the file at `path` now (through a link, its target's); nil when there is
    /// no file there.
    static func current(_ path: String) -> FileVersion? {
        var info = stat()
        return stat(path, &info) == 0 ? FileVersion(info) : nil
    }
}

extension FileAccess {
    /// Refuses to replace `target` when it is no longer the version `expected` that was read.
    static func checkUnchanged(_ target: String, since expected: FileVersion?, displayPath: String) throws(FileError) {
        guard let expected, FileVersion.current(target) != expected else { return }
        throw FileError(
            path: displayPath, action: "write",
            reason: "another program changed it while it was being edited; nothing was written, so its change stays (run the command again)",
            code: EAGAIN)
    }
}
