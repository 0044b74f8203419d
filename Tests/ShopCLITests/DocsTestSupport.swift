import Foundation
import Testing
import TestSupport

/// Runs the tools the documentation and ecosystem tests need (mandoc, check-jsonschema, bash, zsh,
/// fish, make, pre-commit). Tests that run one require it (`.requires(.program(NAME))`); a tool
/// missing all the same fails the test.
enum DocsTools {
    /// The full path of `tool` (see ``programPath(_:)``), or an error naming it and how to get it.
    static func path(of tool: String) throws -> String {
        guard let path = programPath(tool) else {
            throw TestFailure("'\(tool)' is not installed; `make test` installs everything the tests need")
        }
        return path
    }

    /// The `shop` executable the tests run.
    static func shop() throws -> URL {
        try ShopProcess.requireBinary()
    }

    /// Runs `tool` (looked up with ``path(of:)``) with the `inheriting` variables of the test's
    /// environment (all of them unless given) plus `environment`, in `directory`, reading `stdin`
    /// (or nothing) from a file.
    static func run(
        _ tool: String, _ arguments: [String], in directory: URL? = nil, inheriting: ShopProcess.Inherited = .all,
        environment: [String: String] = [:], stdin: String? = nil
    ) throws -> ShopProcess.Result {
        let executable = tool.hasPrefix("/") ? tool : try path(of: tool)
        let process = ShopProcess.process(
            URL(fileURLWithPath: executable), arguments, in: directory, inheriting: inheriting, environment: environment)
        return try ShopProcess.run(process, stdin: .file(Data((stdin ?? "").utf8)))
    }

    /// Runs the built `shop`.
    static func shop(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws
        -> ShopProcess.Result
    {
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
            throw TestFailure("shop \(command ?? "") --help failed: \(run.err)")
        }
        return HelpPage(run.out)
    }
}
