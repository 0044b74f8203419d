import Foundation
import Testing

/// Runs the built `shop` program the way a user does, capturing everything it says.
enum ShopProcess {
    /// What one run of `shop` did.
    struct Result {
        var status: Int32
        /// Whether the process died of a signal (then `status` is the signal number).
        var signaled: Bool
        var stdout: Data
        var stderr: Data
        var duration: Duration

        var out: String { String(decoding: stdout, as: UTF8.self) }
        var err: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// The `shop` executable: `SHOP_BINARY` when set, else the one built next to the test bundle
    /// (SwiftPM puts products and test bundles in one folder), else `.build/debug/shop`.
    static let binary: URL? = {
        let fileManager = FileManager.default
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["SHOP_BINARY"] {
            candidates.append(URL(fileURLWithPath: override))
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("shop"))
        }
        if let executable = Bundle.main.executableURL {
            // On Linux the test bundle is itself the executable that runs the tests.
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("shop"))
        }
        let arguments = ProcessInfo.processInfo.arguments
        if let first = arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("shop"))
        }
        candidates.append(CLIPaths.repositoryRoot.appendingPathComponent(".build/debug/shop"))
        return candidates.first { fileManager.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `shop` with `arguments`, feeding `stdin` (or nothing) and adding `environment` to a
    /// clean environment (no `SHOP_FILE`, no colour settings unless given). A run that takes longer
    /// than `timeout` seconds is killed.
    static func run(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:], in directory: URL? = nil,
        timeout: Double = 30
    ) throws -> Result {
        guard let binary else {
            throw ShopProcessError("the shop executable was not found; build it with 'swift build' or set SHOP_BINARY")
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var base = ProcessInfo.processInfo.environment.filter { ["PATH", "HOME", "LANG", "LC_ALL", "TMPDIR"].contains($0.key) }
        base.merge(environment) { $1 }
        process.environment = base
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let input = stdin.map { _ in Pipe() }
        process.standardInput = input ?? FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        let start = ContinuousClock.now
        try process.run()
        let stdoutReader = BackgroundReader(output.fileHandleForReading)
        let stderrReader = BackgroundReader(errors.fileHandleForReading)
        if let input, let stdin {
            let handle = input.fileHandleForWriting
            let writer = Thread {
                handle.write(stdin)
                try? handle.close()
            }
            writer.start()
        }
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            exited.wait()
        }
        process.waitUntilExit()
        let duration = ContinuousClock.now - start
        return Result(
            status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
            stdout: stdoutReader.wait(), stderr: stderrReader.wait(), duration: duration)
    }

    static func run(
        _ arguments: [String], input: String, environment: [String: String] = [:], in directory: URL? = nil
    ) throws -> Result {
        try run(arguments, stdin: Data(input.utf8), environment: environment, in: directory)
    }
}

struct ShopProcessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Reads a file handle to its end on its own thread, so that a full pipe never blocks the child.
final class BackgroundReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        let thread = Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
        thread.start()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

enum CLIPaths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The repository root: two levels above `Tests/ShopCLITests`.
    static let repositoryRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    /// The YAML test suite, next to the repository, read in place.
    static let corpus = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/yaml-test-suite")
}

/// A fresh folder for one test, removed afterwards.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("shop-cli-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url.resolvingSymlinksInPath())
}

/// File helpers for the end-to-end tests.
enum Files {
    static func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }

    static func bytes(_ url: URL) throws -> Data {
        try Data(contentsOf: url)
    }

    static func text(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    /// The names in a folder, sorted, hidden ones included.
    static func names(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    struct Identity: Equatable {
        var inode: UInt64
        var modified: Date
        var permissions: Int
    }

    /// The inode, modification time and permission bits of a file (following links).
    static func identity(_ url: URL) throws -> Identity {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        return Identity(
            inode: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0,
            modified: attributes[.modificationDate] as? Date ?? .distantPast,
            permissions: (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1)
    }

    /// Sets a file's modification time an hour back, so that any rewrite shows.
    static func age(_ url: URL) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: url.path)
    }

    static func setPermissions(_ url: URL, _ mode: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }
}

/// Runs another program (patch, git) in a folder.
func runTool(_ executable: String, _ arguments: [String], in directory: URL, stdin: Data? = nil) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [executable] + arguments
    process.currentDirectoryURL = directory
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    let input = Pipe()
    process.standardInput = stdin == nil ? FileHandle.nullDevice : input
    try process.run()
    let reader = BackgroundReader(output.fileHandleForReading)
    if let stdin {
        input.fileHandleForWriting.write(stdin)
        try input.fileHandleForWriting.close()
    }
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: reader.wait(), as: UTF8.self))
}

/// Whether a program is on the `PATH`.
func isInstalled(_ program: String) -> Bool {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
}
