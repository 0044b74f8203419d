import Foundation


/// What one run of a program did.
public struct ToolResult: Sendable {
    /// The exit status.
    public var status: Int32
    /// Everything written to standard output.
    public var stdout: [UInt8]
    /// Everything written to standard error, as text.
    public var stderr: String
}

/// Runs `executable` with `arguments` in `directory`, with no standard input, and waits for it;
/// `environment` is added to the test's environment. Standard output and error are read on their
/// own threads, so that a full pipe never blocks it.
public func runProgram(
    _ executable: String, _ arguments: [String], in directory: URL, environment: [String: String] = [:]
) throws -> ToolResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let output = BackgroundRead(stdout.fileHandleForReading)
    let errors = BackgroundRead(stderr.fileHandleForReading)
    process.waitUntilExit()
    return ToolResult(
        status: process.terminationStatus, stdout: [UInt8](output.wait()),
        stderr: String(decoding: errors.wait(), as: UTF8.self))
}

/// A new empty folder in the temporary folder; the caller removes it.
public func makeTemporaryFolder(_ prefix: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
