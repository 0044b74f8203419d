import Foundation
import Testing
import TestSupport

/// Runs programs for the end-to-end tests, above all the built `shop` the way a user does,
/// capturing everything they say. Every helper that starts a process goes through here.
enum ShopProcess {
    /// What one run did.
    struct Result: CustomStringConvertible {
        var status: Int32
        /// Whether the process died of a signal (then `status` is the signal number).
        var signaled: Bool
        var stdout: Data
        var stderr: Data

        var out: String { String(decoding: stdout, as: UTF8.self) }
        var err: String { String(decoding: stderr, as: UTF8.self) }
        /// Standard output and standard error together, for tools that must print nothing.
        var output: String { out + err }

        var description: String {
            "\(signaled ? "signal" : "exit") \(status)\nstdout: \(out.debugDescription)\nstderr: \(err.debugDescription)"
        }
    }

    /// What a program reads on standard input.
    enum Input {
        /// Nothing: `/dev/null`.
        case none
        /// These bytes through a pipe, written while the program runs.
        case pipe(Data)
        /// These bytes in a regular file, as `< file` gives them. shop reads a regular file and a
        /// pipe in different ways, so tests choose.
        case file(Data)
    }

    /// Which variables of the test's environment a program sees, before those a test adds.
    enum Inherited {
        case all
        case only(Set<String>)
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

    /// ``binary``, or an error that says how to get it.
    static func requireBinary() throws -> URL {
        guard let binary else {
            throw TestFailure("the shop executable was not found; build it with 'swift build' or set SHOP_BINARY")
        }
        return binary
    }

    /// Runs `shop` with `arguments`, feeding `stdin` through a pipe (or nothing) and adding
    /// `environment` to a clean environment (no `SHOP_FILE`, no colour settings unless given). A
    /// run that takes longer than `timeout` seconds is killed.
    static func run(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:], in directory: URL? = nil,
        timeout: Double = 30
    ) throws -> Result {
        let process = process(
            try requireBinary(), arguments, in: directory,
            inheriting: .only(["PATH", "HOME", "LANG", "LC_ALL", "TMPDIR"]), environment: environment)
        return try run(process, stdin: stdin.map(Input.pipe) ?? .none, timeout: timeout)
    }

    static func run(
        _ arguments: [String], input: String, environment: [String: String] = [:], in directory: URL? = nil
    ) throws -> Result {
        try run(arguments, stdin: Data(input.utf8), environment: environment, in: directory)
    }

    /// A process that runs `executable` with `arguments` in `directory` (else the test's own), with
    /// the `inheriting` variables of the test's environment plus `environment`, reading `/dev/null`.
    /// Not started: give it to ``run(_:stdin:errorsInOutput:timeout:)``, or set its output and
    /// start it yourself.
    static func process(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, inheriting: Inherited,
        environment: [String: String] = [:]
    ) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var base = ProcessInfo.processInfo.environment
        if case .only(let names) = inheriting {
            base = base.filter { names.contains($0.key) }
        }
        base.merge(environment) { $1 }
        process.environment = base
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = FileHandle.nullDevice
        return process
    }

    /// Runs `process` to its end, feeding it `stdin` and capturing its standard output and error
    /// (both in `stdout`, interleaved as written, when `errorsInOutput`). Output is read on its
    /// own threads, so that a full pipe never blocks the program. A run that takes longer than
    /// `timeout` seconds, when given, is killed: a guard that keeps a hung program from holding
    /// the whole suite, set far above any run's time. It is no measure of speed: the run then
    /// ends by a signal, which the test's assertions on the status catch, and no test compares
    /// how long a run took with a limit.
    static func run(_ process: Process, stdin: Input = .none, errorsInOutput: Bool = false, timeout: Double? = nil)
        throws -> Result
    {
        let output = Pipe()
        let errors = errorsInOutput ? nil : Pipe()
        process.standardOutput = output
        process.standardError = errors ?? output
        var feed: (handle: FileHandle, data: Data)?
        switch stdin {
        case .none:
            process.standardInput = FileHandle.nullDevice
        case .pipe(let data):
            let input = Pipe()
            process.standardInput = input
            feed = (input.fileHandleForWriting, data)
        case .file(let data):
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("shop-stdin-\(UUID().uuidString)")
            try data.write(to: file)
            // The open handle keeps the bytes readable once the name is gone.
            defer { try? FileManager.default.removeItem(at: file) }
            process.standardInput = try FileHandle(forReadingFrom: file)
        }
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let stdoutReader = BackgroundRead(output.fileHandleForReading)
        let stderrReader = errors.map { BackgroundRead($0.fileHandleForReading) }
        if let feed {
            let (handle, data) = feed
            let writer = Thread { feedStandardInput(handle, data) }
            writer.start()
        }
        if exited.wait(timeout: timeout.map { .now() + $0 } ?? .distantFuture) == .timedOut {
            process.terminate()
            exited.wait()
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
            stdout: stdoutReader.wait(), stderr: stderrReader?.wait() ?? Data())
    }
}

/// Why a test cannot go on: a program it needs is missing or failed, a file cannot be examined.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

enum CLIPaths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The repository root: two levels above `Tests/ShopCLITests`.
    static let repositoryRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    /// The YAML test suite, read in place (see ``TestCorpus``).
    static var corpus: URL { TestCorpus.yamlTestSuite }
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

/// Runs another program (patch, git) in a folder, found on the `PATH`, with the test's
/// environment; its standard output and error together are `output`.
func runTool(_ executable: String, _ arguments: [String], in directory: URL, stdin: Data? = nil) throws
    -> ShopProcess.Result
{
    let process = ShopProcess.process(
        URL(fileURLWithPath: "/usr/bin/env"), [executable] + arguments, in: directory, inheriting: .all)
    return try ShopProcess.run(process, stdin: stdin.map(ShopProcess.Input.pipe) ?? .none, errorsInOutput: true)
}
