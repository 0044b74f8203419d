import Foundation

/// A tool a test needs is missing where it must be there: under `CI=true`.
public struct MissingTool: Error, CustomStringConvertible {
    /// What is missing.
    public var description: String
}

/// Whether a test that needs `tool` can run. When `available` is false it prints a line saying the
/// test is skipped and why, and returns false, except when the environment has `CI=true`: there a
/// missing tool is a failure, and it throws.
public func requireTool(_ available: Bool, _ tool: String, for test: String) throws -> Bool {
    if available { return true }
    if ProcessInfo.processInfo.environment["CI"] == "true" {
        throw MissingTool(description: "\(tool) is needed by \(test) and is missing (CI=true)")
    }
    print("skipped \(test): \(tool) is not installed")
    return false
}
