import Foundation
import Testing

/// Runs the built `shop` executable for the export and list tests.
enum ExportCLI {
    /// Runs `shop` (or `program` with `shop`'s path among `arguments`) in `directory` with a clean
    /// environment (only `PATH` and `HOME` of the test's, plus `environment`), reading `stdin` (or
    /// nothing) from a file.
    static func run(
        _ arguments: [String], program: URL? = nil, in directory: URL, environment: [String: String] = [:],
        stdin: [UInt8]? = nil
    ) throws -> ShopProcess.Result {
        let process = ShopProcess.process(
            try program ?? ShopProcess.requireBinary(), arguments, in: directory, inheriting: .only(["PATH", "HOME"]),
            environment: environment)
        return try ShopProcess.run(process, stdin: .file(Data(stdin ?? [])))
    }

    /// Runs `shop` with its standard output and error on a terminal (a pseudo-terminal that
    /// python3's pty module opens), the way colour is decided for people. The terminal turns line
    /// ends into CRLF.
    static func runOnTerminal(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws
        -> ShopProcess.Result
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
        return try run(
            ["python3", "-c", script, try ShopProcess.requireBinary().path] + arguments,
            program: URL(fileURLWithPath: "/usr/bin/env"), in: directory, environment: environment)
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
        try Files.write(text, to: url.appendingPathComponent(name))
        return path(name)
    }

    func read(_ name: String) throws -> [UInt8] {
        [UInt8](try Files.bytes(url.appendingPathComponent(name)))
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: path(name))
    }

    /// The names in the folder, sorted.
    func contents() throws -> [String] {
        try Files.names(in: url)
    }

    /// Runs `shop` in this folder.
    func run(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil) throws
        -> ShopProcess.Result
    {
        try ExportCLI.run(arguments, in: url, environment: environment, stdin: stdin.map { Array($0.utf8) })
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
