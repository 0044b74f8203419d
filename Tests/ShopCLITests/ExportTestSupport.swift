import Foundation
import Testing

/// Runs the built `shop` executable for the export and list tests.
enum ExportCLI {
    /// What one run did.
    struct Run {
        var status: Int32
        var stdout: [UInt8]
        var stderr: String

        var out: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The repository root: two folders above this file's folder.
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The `shop` executable: `SHOP_BINARY` when set; else the one SwiftPM built next to the test
    /// bundle (the test runner's folder on Linux, the bundle's parent folder elsewhere); else the
    /// repository's `.build/debug/shop`.
    static let executable: URL? = {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["SHOP_BINARY"], !override.isEmpty {
            candidates.append(URL(fileURLWithPath: override))
        }
        if let runner = Bundle.main.executableURL {
            candidates.append(runner.deletingLastPathComponent().appendingPathComponent("shop"))
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("shop"))
        }
        if let first = ProcessInfo.processInfo.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("shop"))
        }
        candidates.append(repositoryRoot.appendingPathComponent(".build/debug/shop"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `shop` with its standard output and error on a terminal (a pseudo-terminal that
    /// python3's pty module opens), the way colour is decided for people. The terminal turns line
    /// ends into CRLF.
    static func runOnTerminal(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws
        -> Run
    {
        let script = """
            import os, pty, sys
            pid, fd = pty.fork()
            if pid == 0:
                os.execv(sys.argv[1], sys.argv[1:])
            output = b""
            while True:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    break
                if not data:
                    break
                output += data
            _, status = os.waitpid(pid, 0)
            sys.stdout.buffer.write(output)
            sys.exit(os.waitstatus_to_exitcode(status))
            """
        guard let executable else { throw missing }
        return try run(
            ["python3", "-c", script, executable.path] + arguments, program: URL(fileURLWithPath: "/usr/bin/env"),
            in: directory, environment: environment)
    }

    static let missing = Failure(
        description: "the shop executable was not found; build it with 'swift build' or set SHOP_BINARY")

    /// Runs `shop` (or `program`) in `directory` with a clean environment (only `PATH` and `HOME`
    /// of the test's, plus `environment`), feeding `stdin`.
    static func run(
        _ arguments: [String], program: URL? = nil, in directory: URL, environment: [String: String] = [:],
        stdin: [UInt8]? = nil
    ) throws -> Run {
        guard let executable = program ?? executable else { throw missing }
        // Output goes to files, so that a large output never fills a pipe nobody reads yet.
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("shop-capture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: capture) }
        let outputFile = capture.appendingPathComponent("stdout")
        let errorFile = capture.appendingPathComponent("stderr")
        let inputFile = capture.appendingPathComponent("stdin")
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)
        try Data(stdin ?? []).write(to: inputFile)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var base = ProcessInfo.processInfo.environment.filter { ["PATH", "HOME"].contains($0.key) }
        base.merge(environment) { $1 }
        process.environment = base
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: [UInt8](try Data(contentsOf: outputFile)),
            stderr: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }
}

/// A fresh folder for one test's files, removed by `remove()`.
struct ExportCLIFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("shop-export-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
        return path(name)
    }

    func read(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: path(name))
    }

    /// The names in the folder, sorted.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// Runs `shop` in this folder.
    func run(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil) throws -> ExportCLI.Run {
        try ExportCLI.run(arguments, in: url, environment: environment, stdin: stdin.map { Array($0.utf8) })
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
