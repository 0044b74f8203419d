#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the list a command works on when none is named, the way git finds `.git`: `shopping.yaml`
/// or `shopping.yml` in the current folder, else in the nearest folder above it that has one.
enum ListDiscovery {
    /// The name of a new list, and of the list looked for first.
    static let defaultName = "shopping.yaml"
    /// The names looked for in each folder, in order: `shopping.yaml` wins over `shopping.yml`.
    static let names = [defaultName, "shopping.yml"]
    /// How many folders up the search goes at most, so that a loop of links cannot keep it going.
    static let maximumDepth = 256

    /// The path of the nearest list, relative to the current folder (`shopping.yml`,
    /// `../../shopping.yaml`); nil when no folder up to the root has one.
    static func find() -> String? {
        var prefix = ""
        var folder = currentFolder()
        for _ in 0..<maximumDepth {
            for name in names where isFile(prefix + name) {
                return prefix + name
            }
            guard let current = folder, current != "/" else { return nil }
            folder = FileAccess.directory(of: current)
            prefix += "../"
        }
        return nil
    }

    /// Whether a path names a regular file (following links).
    private static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    private static func currentFolder() -> String? {
        guard let pointer = getcwd(nil, 0) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
