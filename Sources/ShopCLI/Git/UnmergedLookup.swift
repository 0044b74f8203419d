#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ShopCore
import Synchronization

/// Whether git holds a list file as unmerged, read from git's own files: the `unmerged` finding of
/// `check`, every command that refuses a file with errors, and the language server.
///
/// No git process is started: this runs for every list every command reads, and a list outside an
/// unfinished merge must cost almost nothing (the SPEC allows 1 ms; a run of git costs several).
/// The work tree is found as git finds it, by walking up from the list's real folder (symbolic
/// links resolved, as git sees the file) to the first that has `.git`: a folder, or a file saying
/// `gitdir: PATH` (a linked worktree's, a submodule's; a relative PATH is from the file's folder).
/// The index is that git folder's own `index` (a linked worktree has its own, beside the
/// `commondir` that leads to the shared configuration), read by ``GitIndex``, in the object format
/// the configuration names. `GIT_DIR`, `GIT_WORK_TREE` and `GIT_INDEX_FILE` are not consulted: they
/// are set by git for its hooks and drivers, where they name this same repository, and a person
/// who sets them by hand for another one works outside the file's own work tree.
///
/// Outside a work tree, for a file git does not hold as unmerged, and wherever git's files cannot
/// be read (a `.git` file that says no `gitdir:`, an index of a version or shape ``GitIndex`` does
/// not read, a configuration that cannot be read or names an unknown object format) it finds
/// nothing: the file is then checked as any other.
///
/// The index's unmerged paths are kept, by the index's path, with the index's version (its device,
/// inode, size and times, as ``FileVersion``): git replaces the index by renaming a new file over
/// it, so any change shows. The language server asks after each change of a document, and reads
/// the index again only when git has written it.
final class UnmergedLookup: Sendable {
    /// What git holds for a file it holds as unmerged.
    struct Found: Hashable, Sendable {
        /// The object ids of its stages.
        var stages: UnmergedStages
        /// The file's path from the top of its work tree, as git names it there.
        var pathInWorkTree: String
    }

    /// The lookup every command and the language server use.
    static let shared = UnmergedLookup()

    /// An index read: its version when read, and its unmerged paths (nil when it could not be
    /// read).
    private struct ReadIndex {
        var version: FileVersion
        var paths: [[UInt8]: UnmergedStages]?
    }

    /// The indexes read, by path; a few, for the language server's documents in a few work trees.
    private let indexes = Mutex<[String: ReadIndex]>([:])
    private static let keptIndexes = 8

    /// What git holds for the file at `path` while it holds it as unmerged; nil otherwise, and
    /// wherever that cannot be told.
    func lookup(_ path: String) -> Found? {
        guard let file = Self.realPath(of: path), let repository = Self.repository(holding: file) else { return nil }
        let prefix = repository.top == "/" ? "/" : repository.top + "/"
        guard file.hasPrefix(prefix), file.count > prefix.count else { return nil }
        let relative = String(file.dropFirst(prefix.count))
        guard let paths = unmergedPaths(gitFolder: repository.gitFolder), let stages = paths[Array(relative.utf8)] else {
            return nil
        }
        return Found(stages: stages, pathInWorkTree: relative)
    }

    /// The `unmerged` finding of the file at `path` whose text is `bytes`, naming it `name`; nil
    /// when git does not hold it as unmerged (or standard input, `-`, which no index holds).
    func finding(path: String, bytes: [UInt8], name: String) -> Finding? {
        guard path != "-", let found = lookup(path) else { return nil }
        return Finding(unmerged: found.stages, bytes: bytes, name: name)
    }

    /// The unmerged paths of the index of the repository whose git folder is `gitFolder`, read
    /// again only when the index changed.
    private func unmergedPaths(gitFolder: String) -> [[UInt8]: UnmergedStages]? {
        let indexPath = gitFolder + "/index"
        guard let now = FileVersion.current(indexPath) else { return nil }
        if let known = indexes.withLock({ $0[indexPath] }), known.version == now { return known.paths }
        guard let format = Self.objectFormat(gitFolder: gitFolder), let (version, paths) = Self.read(indexPath, format: format)
        else { return nil }
        indexes.withLock { indexes in
            if indexes.count >= Self.keptIndexes { indexes.removeAll() }
            indexes[indexPath] = ReadIndex(version: version, paths: paths)
        }
        return paths
    }

    /// The unmerged paths of the index at `path`, with the version read; nil when it cannot be
    /// opened or mapped (an index that cannot be read has nil paths).
    ///
    /// The index is mapped, not read into an array: an index of 20,000 paths is 1.7 MB, and
    /// reading it into new memory cost `check` 2 ms, mostly in page faults, where mapping and
    /// scanning it costs 0.3 ms (git maps it too). A mapped file that shrinks under its reader kills it
    /// (SIGBUS), but git never changes an index in place: it writes `index.lock` and renames it
    /// over the index, and the file mapped here stays as it was until it is unmapped.
    private static func read(_ path: String, format: GitObjectFormat) -> (FileVersion, [[UInt8]: UnmergedStages]?)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        // An empty file is no index (mmap refuses a length of 0).
        guard size > 0 else { return (FileVersion(info), nil) }
        guard let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
            mapping != UnsafeMutableRawPointer(bitPattern: -1)
        else { return nil }
        defer { munmap(mapping, size) }
        let bytes = UnsafeBufferPointer(start: mapping.assumingMemoryBound(to: UInt8.self), count: size)
        return (FileVersion(info), GitIndex.unmergedPaths(bytes, format: format))
    }

    /// The object format the repository's configuration names: in the common git folder, which a
    /// linked worktree's git folder names in its `commondir` file (relative to itself, or
    /// absolute).
    private static func objectFormat(gitFolder: String) -> GitObjectFormat? {
        var common = gitFolder
        if let named = try? FileAccess.read(gitFolder + "/commondir") {
            let text = trimmed(named)
            guard !text.isEmpty else { return nil }
            common = text.hasPrefix("/") ? text : gitFolder + "/" + text
        }
        guard let configuration = try? FileAccess.read(common + "/config") else { return nil }
        return GitObjectFormat(configuration: configuration)
    }

    /// The work tree holding the file at `file` (a real, absolute path): its top folder and its
    /// git folder; nil outside every work tree, or when a `.git` file names no git folder.
    static func repository(holding file: String) -> (top: String, gitFolder: String)? {
        var folder = FileAccess.directory(of: file)
        while true {
            let candidate = (folder == "/" ? "" : folder) + "/.git"
            var info = stat()
            if stat(candidate, &info) == 0 {
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    return (folder, candidate)
                case S_IFREG:
                    guard let gitFolder = linkedGitFolder(candidate, in: folder) else { return nil }
                    return (folder, gitFolder)
                default:
                    break
                }
            }
            guard folder != "/" else { return nil }
            folder = FileAccess.directory(of: folder)
        }
    }

    /// The git folder a `.git` file names (`gitdir: PATH`, a relative PATH from `folder`, the
    /// file's own); nil when it names none. Such a file is a few dozen bytes: one that is larger
    /// than a path can be is not one.
    private static func linkedGitFolder(_ file: String, in folder: String) -> String? {
        guard case .complete(let bytes)? = try? FileAccess.read(file, limit: Int(PATH_MAX) + 16) else { return nil }
        let text = trimmed(bytes)
        guard text.hasPrefix("gitdir:") else { return nil }
        let named = String(text.dropFirst("gitdir:".count).drop { $0 == " " || $0 == "\t" })
        guard !named.isEmpty else { return nil }
        return named.hasPrefix("/") ? named : folder + "/" + named
    }

    /// The real path of the file at `path` (absolute, every symbolic link resolved): where git sees
    /// it. A file that does not exist yet (a document an editor has not saved) is named by its
    /// folder's real path.
    static func realPath(of path: String) -> String? {
        if let resolved = FileAccess.realPath(path) { return resolved }
        guard let folder = FileAccess.realPath(FileAccess.directory(of: path)) else { return nil }
        return (folder == "/" ? "" : folder) + "/" + FileAccess.fileName(of: path)
    }

    /// The text of a small file of git's, without the line break and blanks at its ends.
    private static func trimmed(_ bytes: [UInt8]) -> String {
        var slice = bytes[...]
        let blank: (UInt8) -> Bool = { $0 == 0x0A || $0 == 0x0D || $0 == 0x20 || $0 == 0x09 }
        while let last = slice.last, blank(last) { slice = slice.dropLast() }
        while let first = slice.first, blank(first) { slice = slice.dropFirst() }
        return String(decoding: slice, as: UTF8.self)
    }
}
