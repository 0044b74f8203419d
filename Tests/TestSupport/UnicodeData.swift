import Foundation

/// The Unicode Character Database the generated tables come from, read by Python through
/// scripts/unicode_data.py: the same module, packages and version as the generators use.
public enum UnicodeData {
    /// The folder holding the generators and unicode_data.py.
    public static let scriptsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts")

    /// Why the data cannot be read (python3 or its packages missing, another Unicode version), or
    /// nil when it can.
    public static let unavailability: String? = {
        guard let result = try? runPython(prelude + "sys.stdout.write(unicode_data.VERSION)", input: []) else {
            return "python3 cannot be started"
        }
        guard result.status == 0 else {
            return result.stderr.split(separator: "\n").last.map(String.init) ?? "unicode_data.py failed"
        }
        return nil
    }()

    /// Runs a Python script that starts with `unicode_data` imported (and `sys`).
    public static func run(_ script: String) throws -> PythonResult {
        try runPython(prelude + script, input: [])
    }

    private static var prelude: String {
        "import sys\nsys.path.insert(0, \(String(reflecting: scriptsDirectory.path)))\nimport unicode_data\n"
    }
}

