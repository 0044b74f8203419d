#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileAccess {
    /// Runs `body` holding the locks of every file in `paths`, as ``withEditLock(for:action:_:)``
    /// holds one: each a `flock` on the folder that holds the file. The folders are locked once
    /// each, in the order of their real paths, so that two commands that lock the same folders
    /// (two lists that name one catalog) never each hold one and wait for the other.
    static func withEditLocks<Result>(
        for paths: [String], action: String = "edit", _ body: () throws(FileError) -> Result
    ) throws(FileError) -> Result {
        var folders: [(real: String, path: String, target: String)] = []
        for path in paths {
            try refuseSpecialFile(path, action: action)
            let target = try writeTarget(path)
            folders.append((try lockFolder(ofTarget: target, path: path), path, target))
        }
        var order: [String] = []
        for folder in folders.map(\.real).sorted() where order.last != folder { order.append(folder) }
        var descriptors: [Int32] = []
        defer {
            for descriptor in descriptors.reversed() {
                flock(descriptor, LOCK_UN)
                close(descriptor)
            }
        }
        for folder in order {
            let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw .system(folders.first { $0.real == folder }?.path ?? folder, "lock")
            }
            descriptors.append(descriptor)
            while flock(descriptor, LOCK_EX) != 0 {
                if errno != EINTR { throw .system(folders.first { $0.real == folder }?.path ?? folder, "lock") }
            }
        }
        for folder in folders { removeStaleTemporaryFiles(of: folder.target) }
        return try body()
    }

    /// Whether the lock of the folder that holds `path` is the lock of `other`'s: the two files
    /// are written in one folder (after their links), so one lock guards both.
    static func sharesLock(_ path: String, with other: String) throws(FileError) -> Bool {
        let first = try lockFolder(ofTarget: try writeTarget(path), path: path)
        return first == (try lockFolder(ofTarget: try writeTarget(other), path: other))
    }

    /// The real path of the folder whose lock guards writes to `target` (`path` as the user named it).
    private static func lockFolder(ofTarget target: String, path: String) throws(FileError) -> String {
        let folder = directory(of: target)
        guard let resolved = realPath(folder) else {
            let reason = errno
            if reason == ENOENT || reason == ENOTDIR {
                throw FileError(path: path, action: "write", reason: "the folder '\(folder)' does not exist", code: reason)
            }
            throw .system(path, "lock", reason)
        }
        return resolved
    }
}
