#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileAccess {
    /// Creates `folder` and the folders above it that do not exist yet (as `mkdir -p`).
    static func makeFolders(_ folder: String) throws(FileError) {
        guard !folder.isEmpty, folder != "/", folder != "." else { return }
        var info = stat()
        if stat(folder, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw FileError(path: folder, action: "create the folder", reason: "a file of that name is in the way")
            }
            return
        }
        try makeFolders(directory(of: folder))
        if mkdir(folder, 0o777) != 0 && errno != EEXIST { throw .system(folder, "create the folder") }
    }
}
