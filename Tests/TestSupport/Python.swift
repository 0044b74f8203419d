import Foundation

/// What one run of a Python script did.
public struct PythonResult: Sendable {
    /// The exit status.
    public var status: Int32
    /// Everything written to standard output.
    public var stdout: [UInt8]
    /// Everything written to standard error, as text.
    public var stderr: String
}

/// Runs `python3 -c script` with `input` on its standard input. Throws when python3 cannot be
/// started. Standard output and error are read on their own threads, so that a full pipe never
/// blocks the script.
public func runPython(_ script: String, input: [UInt8]) throws -> PythonResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script]
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let output = BackgroundRead(stdout.fileHandleForReading)
    let errors = BackgroundRead(stderr.fileHandleForReading)
    feedStandardInput(stdin.fileHandleForWriting, Data(input))
    process.waitUntilExit()
    return PythonResult(
        status: process.terminationStatus, stdout: [UInt8](output.wait()),
        stderr: String(decoding: errors.wait(), as: UTF8.self))
}

/// Whether `python3 -c code` runs without error.
public func pythonRuns(_ code: String) -> Bool {
    guard let result = try? runPython(code, input: []) else { return false }
    return result.status == 0
}

/// Whether Python can import `module`.
public func pythonHasModule(_ module: String) -> Bool {
    pythonRuns("import \(module)")
}
