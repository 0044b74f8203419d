import Foundation
import Testing

/// Runs the tools the documentation and ecosystem tests need (mandoc, check-jsonschema, bash, zsh,
/// fish, make, pre-commit). A missing tool fails the test that needs it: `.ci/run` installs them.
enum DocsTools {
    /// What a run of a tool did.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Standard output and standard error together, for tools that must print nothing.
        var output: String { stdout + stderr }
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// The full path of `tool` on the test's `PATH` (plus the system folders), or an error naming
    /// it and how to get it.
    static func path(of tool: String) throws -> String {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
            + ["/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"]
        for folder in folders where !folder.isEmpty {
            let candidate = folder + "/" + tool
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Missing(description: "'\(tool)' is not installed; .ci/run installs everything the tests need")
    }

    /// The `shop` executable the tests run.
    static func shop() throws -> URL {
        guard let binary = ShopProcess.binary else {
            throw Missing(description: "the shop executable was not found; build it with 'swift build' or set SHOP_BINARY")
        }
        return binary
    }

    /// Runs `tool` (looked up with ``path(of:)``) with the test's environment plus `environment`,
    /// in `directory`, feeding `stdin`. Output goes through files, so that a large output never
    /// blocks the tool.
    static func run(
        _ tool: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        stdin: String? = nil
    ) throws -> Run {
        let executable = tool.hasPrefix("/") ? tool : try path(of: tool)
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("shop-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: capture) }
        let outputFile = capture.appendingPathComponent("stdout")
        let errorFile = capture.appendingPathComponent("stderr")
        let inputFile = capture.appendingPathComponent("stdin")
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)
        try Data((stdin ?? "").utf8).write(to: inputFile)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var base = ProcessInfo.processInfo.environment
        base.merge(environment) { $1 }
        process.environment = base
        let output = try FileHandle(forWritingTo: outputFile)
        let errors = try FileHandle(forWritingTo: errorFile)
        let input = try FileHandle(forReadingFrom: inputFile)
        defer {
            try? output.close()
            try? errors.close()
            try? input.close()
        }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }

    /// Runs the built `shop`.
    static func shop(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Run {
        try run(try shop().path, arguments, in: directory, environment: environment)
    }
}

/// Paths in the repository that the documentation tests read.
enum DocsPaths {
    static let root = CLIPaths.repositoryRoot

    static func file(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: file(relativePath), encoding: .utf8)
    }

    /// The files of `examples/`, sorted.
    static func examples() throws -> [URL] {
        let folder = file("examples")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
            .sorted()
            .map { folder.appendingPathComponent($0) }
    }
}

/// What `shop --help` and `shop COMMAND --help` show, read from their output.
struct HelpPage {
    /// The text of each section, by heading (`OVERVIEW`, `USAGE`, `OPTIONS`, ...).
    var sections: [String: String] = [:]
    /// The headings in order.
    var headings: [String] = []

    /// The headings help uses; other capitals followed by a colon are text.
    static let knownHeadings: Set<String> = ["OVERVIEW", "USAGE", "ARGUMENTS", "COMMANDS", "OPTIONS", "EXAMPLES", "SEE ALSO"]

    init(_ text: String) {
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let colon = line.firstIndex(of: ":"), Self.knownHeadings.contains(String(line[..<colon])) {
                let heading = String(line[..<colon])
                current = heading
                headings.append(heading)
                sections[heading] = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces) + "\n"
            } else if let current {
                sections[current, default: ""] += line + "\n"
            }
        }
    }

    /// The first word of each entry of a section (`COMMANDS`), for entries indented by two.
    func entries(_ heading: String) -> [String] {
        (sections[heading] ?? "").split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }
    }

    /// Every option spelling in the OPTIONS section: `-o`, `--output`, `--strict`, ...
    var options: [String] {
        (sections["OPTIONS"] ?? "").split(separator: "\n").flatMap { line -> [String] in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return [] }
            // The label ends where two spaces separate it from the help text.
            let label = line.dropFirst(2).components(separatedBy: "  ").first ?? ""
            return label.split(whereSeparator: { $0 == " " || $0 == "," })
                .filter { $0.hasPrefix("-") }
                .map(String.init)
        }
    }

    /// `shop --help` or `shop COMMAND --help`, read.
    static func of(_ command: String?) throws -> HelpPage {
        let run = try DocsTools.shop((command.map { [$0] } ?? []) + ["--help"])
        guard run.status == 0 else {
            throw DocsTools.Missing(description: "shop \(command ?? "") --help failed: \(run.stderr)")
        }
        return HelpPage(run.stdout)
    }
}

/// A fresh folder for one test, removed afterwards (resolved, so paths compare equal).
func withDocsFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("shop-docs-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url.resolvingSymlinksInPath())
}
