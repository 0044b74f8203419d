#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How other programs (git) can start this very `shop`: by its absolute path, always. git runs
/// drivers from graphical clients, editors, hooks and cron jobs, whose `PATH` may not have shop.
enum ShopExecutable {
    /// The absolute path of the running program, as it was started when that path names it (a
    /// package manager's link, such as /usr/local/bin/shop, outlives the versioned file it points
    /// to), else with every link resolved; nil when it cannot be told.
    static func path(_ environment: Environment) -> String? {
        let started = startedAs(environment)
        guard let own = ownFile() ?? started.flatMap(FileAccess.realPath) else { return nil }
        if let started, FileAccess.sameFile(started, own) { return started }
        return own
    }

    /// The running program's file, every link resolved, as the system tells it.
    static func ownFile() -> String? {
        guard let path = FileAccess.linkTarget("/proc/self/exe") else { return nil }
        // A program whose file was removed or replaced while it runs: the name is no longer it.
        return path.hasSuffix(" (deleted)") ? nil : path
    }

    /// The absolute path the program was started by: its first argument, made absolute, or, for a
    /// bare name, the first executable of that name on the `PATH`, as a shell finds it.
    static func startedAs(_ environment: Environment) -> String? {
        guard let first = CommandLine.arguments.first, !first.isEmpty else { return nil }
        if first.contains("/") { return absolute(first) }
        return find(first, onPath: environment["PATH"] ?? "").flatMap(absolute)
    }

    /// The first executable file named `name` in the folders of `path` (a `PATH` value), as a
    /// shell finds it.
    static func find(_ name: String, onPath path: String) -> String? {
        path.split(separator: ":", omittingEmptySubsequences: false).lazy
            .map { ($0.isEmpty ? "." : String($0)) + "/" + name }.first(where: isExecutableFile)
    }

    /// `path` from the root: the current folder before a relative path, `.` and `..` taken out
    /// (``FileAccess/sameFile(_:_:)`` then tells whether the result is still the file meant).
    static func absolute(_ path: String) -> String? {
        var base = ""
        if !path.hasPrefix("/") {
            guard let folder = getcwd(nil, 0) else { return nil }
            defer { free(folder) }
            base = String(cString: folder)
        }
        var parts: [Substring] = []
        for part in (base + "/" + path).split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Whether `path` is a regular file (links followed) that may be run.
    static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }

    /// The program's absolute path quoted for a shell (git runs drivers with one); nil when the
    /// path cannot be told.
    static func command(_ environment: Environment) -> String? {
        path(environment).map(shellQuoted)
    }

    /// A word for a POSIX shell: as it is when it has only safe characters, else in single quotes.
    static func shellQuoted(_ word: String) -> String {
        let safe = word.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "/._-+,:@".utf8.contains(byte)
        }
        if safe && !word.isEmpty { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
