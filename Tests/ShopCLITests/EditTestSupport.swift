import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `shop` program for the tests of the editing commands.
enum EditCLI {
    /// What one run did.
    struct Run: CustomStringConvertible {
        var status: Int32
        var out: String
        var err: String

        var description: String { "exit \(status)\nstdout: \(out.debugDescription)\nstderr: \(err.debugDescription)" }
    }

    /// The `shop` executable: `SHOP_BINARY` when set, else the one in the products folder next to
    /// the test bundle (on Linux the bundle is the test executable itself), else `.build/debug/shop`.
    static let binary: URL? = {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["SHOP_BINARY"] {
            candidates.append(URL(fileURLWithPath: override))
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("shop"))
        }
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("shop"))
        }
        if let first = ProcessInfo.processInfo.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("shop"))
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/shop"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static func requireBinary() throws -> URL {
        guard let binary else {
            throw EditTestFailure("the shop executable was not found; build it with 'swift build' or set SHOP_BINARY")
        }
        return binary
    }

    /// A process that runs `shop` in `folder` with a clean environment plus `environment`; not yet
    /// started. Its output goes to files in `folder`'s parent, so that a full pipe never blocks it.
    static func process(
        _ arguments: [String], in folder: URL, environment: [String: String] = [:], prefix: [String] = []
    ) throws -> Process {
        let binary = try requireBinary()
        let process = Process()
        if prefix.isEmpty {
            process.executableURL = binary
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: prefix[0])
            process.arguments = Array(prefix.dropFirst()) + [binary.path] + arguments
        }
        var base = ProcessInfo.processInfo.environment.filter { ["PATH", "LANG", "LC_ALL"].contains($0.key) }
        base["NO_COLOR"] = "1"
        base.merge(environment) { $1 }
        process.environment = base
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        return process
    }

    /// Runs `shop` to its end and returns what it said.
    static func run(
        _ arguments: [String], in folder: URL, environment: [String: String] = [:], prefix: [String] = []
    ) throws -> Run {
        let process = try process(arguments, in: folder, environment: environment, prefix: prefix)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("shop-edit-out-\(UUID().uuidString)")
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("shop-edit-err-\(UUID().uuidString)")
        try Data().write(to: output)
        try Data().write(to: errors)
        defer {
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(at: errors)
        }
        let outputHandle = try FileHandle(forWritingTo: output)
        let errorHandle = try FileHandle(forWritingTo: errors)
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        try process.run()
        process.waitUntilExit()
        try outputHandle.close()
        try errorHandle.close()
        return Run(
            status: process.terminationStatus,
            out: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            err: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
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
        throw EditTestFailure(
            "neither setpriv nor runuser was found (package util-linux): the unwritable-folder test cannot run as an unprivileged user")
    }
}

struct EditTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
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
        try Data(text.utf8).write(to: url)
        return url
    }

    func text(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: url(name)), as: UTF8.self)
    }

    /// Every name in the folder, hidden ones included, sorted.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> EditCLI.Run {
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
        guard stat(url.path, &info) == 0 else { throw EditTestFailure("cannot stat \(url.path)") }
        bytes = [UInt8](try Data(contentsOf: url))
        inode = UInt64(info.st_ino)
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        mode = UInt32(info.st_mode & 0o7777)
    }

    var description: String {
        "\(bytes.count) bytes, inode \(inode), modified \(modifiedSeconds).\(modifiedNanoseconds), mode \(String(mode, radix: 8))"
    }

    /// Sets a file's modification time an hour back, so that any rewrite shows in it.
    static func age(_ url: URL) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: url.path)
    }
}

/// A deterministic random number generator (SplitMix64) for reproducible timings.
struct EditSeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
