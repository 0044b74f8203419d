#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How other programs (git) can start this very `shop`: by its name when the first `shop` on the
/// `PATH` is this program, else by its absolute path.
enum ShopExecutable {
    /// The absolute path of the running program, links resolved; nil when it cannot be told.
    static func path() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 {
            return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return CommandLine.arguments.first.flatMap(resolved)
    }

    /// The path with every link and `..` resolved; nil when it does not exist.
    static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// The first `shop` on `PATH`, resolved.
    static func onPath(_ environment: Environment) -> String? {
        for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/shop"
            if access(candidate, X_OK) == 0, let found = resolved(candidate) { return found }
        }
        return nil
    }

    /// `shop`, or the program's absolute path quoted for a shell (git runs drivers with one).
    static func command(_ environment: Environment) -> String {
        guard let own = path() else { return "shop" }
        if onPath(environment) == resolved(own) { return "shop" }
        return shellQuoted(own)
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
