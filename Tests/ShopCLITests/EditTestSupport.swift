import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `shop` program for the tests of the editing commands.
enum EditCLI {
    /// A process that runs `shop` (after `prefix`, a command that runs it, when given) in `folder`
    /// with a clean environment (`PATH`, `LANG`, `LC_ALL`, `NO_COLOR=1`) plus `environment`; not
    /// yet started.
    static func process(
        _ arguments: [String], in folder: URL, environment: [String: String] = [:], prefix: [String] = []
    ) throws -> Process {
        let binary = try ShopProcess.requireBinary()
        let executable = prefix.first.map(URL.init(fileURLWithPath:)) ?? binary
        let fullArguments = prefix.isEmpty ? arguments : Array(prefix.dropFirst()) + [binary.path] + arguments
        return ShopProcess.process(
            executable, fullArguments, in: folder, inheriting: .only(["PATH", "LANG", "LC_ALL"]),
            environment: ["NO_COLOR": "1"].merging(environment) { $1 })
    }

    /// The `prefix` that runs `shop` under strace with `options`. LeakSanitizer stops a traced
    /// program with an error of its own, so a `shop` built with AddressSanitizer is told to leave
    /// leaks out (`detect_leaks=0`, after the test's own `ASAN_OPTIONS`) and still checks every
    /// address; a build without the sanitizer ignores the variable.
    static func strace(_ options: [String]) -> [String] {
        let inherited = ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { [$0] } ?? []
        let sanitizer = (inherited + ["detect_leaks=0"]).filter { !$0.isEmpty }.joined(separator: ":")
        return ["/usr/bin/env", "ASAN_OPTIONS=\(sanitizer)", "strace"] + options
    }

    /// Runs `shop` to its end and returns what it said.
    static func run(
        _ arguments: [String], in folder: URL, environment: [String: String] = [:], prefix: [String] = []
    ) throws -> ShopProcess.Result {
        try ShopProcess.run(process(arguments, in: folder, environment: environment, prefix: prefix))
    }

    /// What runs a program so that folder permissions apply to it: nothing for a user who is not
    /// root; for root, `setpriv` or `runuser` (util-linux) as the unprivileged user `nobody`.
    static func unprivileged() throws -> [String] {
        if geteuid() != 0 { return [] }
        for setpriv in ["/usr/bin/setpriv", "/bin/setpriv", "/usr/sbin/setpriv"]
        where FileManager.default.isExecutableFile(atPath: setpriv) {
            return [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
        }
        for runuser in ["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser"]
        where FileManager.default.isExecutableFile(atPath: runuser) {
            return [runuser, "-u", "nobody", "--"]
        }
        throw TestFailure(
            "neither setpriv nor runuser was found (package util-linux): the unwritable-folder test cannot run as an unprivileged user")
    }
}

/// A fresh folder for one test (mode 0755, so that an unprivileged user can enter it), removed
/// afterwards.
final class EditScratch {
    let folder: URL

    init() throws {
        let url = URL(fileURLWithPath: "/tmp", isDirectory: true)
            .appendingPathComponent("shop-edit-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        folder = url
    }

    deinit {
        _ = chmod(folder.path, 0o755)
        try? FileManager.default.removeItem(at: folder)
    }

    func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    @discardableResult
    func write(_ text: String, to name: String) throws -> URL {
        let url = url(name)
        try Files.write(text, to: url)
        return url
    }

    func text(_ name: String) throws -> String {
        try Files.text(url(name))
    }

    /// Every name in the folder, hidden ones included, sorted.
    func names() throws -> [String] {
        try Files.names(in: folder)
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ShopProcess.Result {
        try EditCLI.run(arguments, in: folder, environment: environment)
    }
}

/// What must not change when a command leaves a file alone: its bytes, its inode (a rename gives
/// a new one), its modification time to the nanosecond, its mode.
struct EditFileSnapshot: Equatable, CustomStringConvertible {
    var bytes: [UInt8]
    var inode: UInt64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int
    var mode: UInt32

    init(_ url: URL) throws {
        var info = stat()
        guard stat(url.path, &info) == 0 else { throw TestFailure("cannot stat \(url.path)") }
        bytes = [UInt8](try Data(contentsOf: url))
        inode = UInt64(info.st_ino)
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        mode = UInt32(info.st_mode & 0o7777)
    }

    var description: String {
        "\(bytes.count) bytes, inode \(inode), modified \(modifiedSeconds).\(modifiedNanoseconds), mode \(String(mode, radix: 8))"
    }
}
