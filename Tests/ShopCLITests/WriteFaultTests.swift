import Foundation
import Testing

/// Every command that writes a file, run on the debug binary with a failing disk: SHOP_INJECT_FAULT
/// (read only by a debug build, see Sources/ShopCLI/Files/FileAccess+Faults.swift) makes write(2) fail,
/// the disk fill half way through the file, fsync(2) fail or rename(2) fail. In each case the file
/// the command would have replaced keeps its bytes, inode, time and mode, the folder holds no
/// file it did not hold before (no temporary file is left), and the command exits with status 2
/// and names the file and the system's reason.
@Suite("writes that fail part way leave every file as it was")
struct WriteFaultTests {
    /// A command that writes one file, with the folder it runs in.
    struct WritingCommand: Sendable, CustomStringConvertible {
        /// What the test calls it.
        var description: String
        /// The arguments after `shop`.
        var arguments: [String]
        /// The files of the folder before the command runs, by name.
        var files: [String: String]
        /// The file the command writes (it may not exist yet).
        var written: String
        /// Whether the folder must be a git repository.
        var git: Bool = false
    }

    static let list = """
        title: Kitchen
        currency: EUR
        items:
          - name: Milk
            price: 1.15
            buy: true
            done: true
          - name: Bread
            price: 2.40
            buy: true
          - name: Jam
        """ + "\n"

    static let commands: [WritingCommand] = [
        WritingCommand(description: "add", arguments: ["add", "Kumquats", "--price", "3.10"], files: ["shopping.yaml": list], written: "shopping.yaml"),
        WritingCommand(description: "edit", arguments: ["edit", "Jam", "--price", "2.75"], files: ["shopping.yaml": list], written: "shopping.yaml"),
        WritingCommand(description: "rm", arguments: ["rm", "Jam"], files: ["shopping.yaml": list], written: "shopping.yaml"),
        WritingCommand(description: "buy", arguments: ["buy", "Jam"], files: ["shopping.yaml": list], written: "shopping.yaml"),
        WritingCommand(description: "unbuy", arguments: ["unbuy", "Bread"], files: ["shopping.yaml": list], written: "shopping.yaml"),
        WritingCommand(description: "done", arguments: ["done", "Bread"], files: ["shopping.yaml": list], written: "shopping.yaml"),
        WritingCommand(description: "undone", arguments: ["undone", "Milk"], files: ["shopping.yaml": list], written: "shopping.yaml"),
        WritingCommand(description: "clear", arguments: ["clear"], files: ["shopping.yaml": list], written: "shopping.yaml"),
        WritingCommand(
            description: "check --fix", arguments: ["check", "--fix", "shopping.yaml"],
            files: ["shopping.yaml": "currency: EUR\nitems:\n  - name: Tofu\n    price: 3,49\n"], written: "shopping.yaml"),
        WritingCommand(
            description: "fmt", arguments: ["fmt", "shopping.yaml"],
            files: ["shopping.yaml": "items:\n    -   name:   Tofu\n        price: 3.49\n"], written: "shopping.yaml"),
        WritingCommand(
            description: "import", arguments: ["import", "more.csv"],
            files: ["shopping.yaml": list, "more.csv": "name,price\nCoffee,7.99\nJam,2.20\n"], written: "shopping.yaml"),
        WritingCommand(description: "init", arguments: ["init"], files: [:], written: "shopping.yaml"),
        WritingCommand(
            description: "git setup", arguments: ["git", "setup"],
            files: ["shopping.yaml": list, ".gitattributes": "*.txt text\n"], written: ".gitattributes", git: true),
        WritingCommand(
            description: "export -o", arguments: ["export", "--format", "markdown", "-o", "list.md"],
            files: ["shopping.yaml": list, "list.md": "an older export\n"], written: "list.md"),
        WritingCommand(
            description: "merge (writes ours)", arguments: ["merge", "base.yaml", "ours.yaml", "theirs.yaml"],
            files: [
                "base.yaml": list, "ours.yaml": list.replacingOccurrences(of: "price: 2.40", with: "price: 2.60"),
                "theirs.yaml": list + "  - name: Figs\n",
            ], written: "ours.yaml"),
        WritingCommand(
            description: "merge -o", arguments: ["merge", "base.yaml", "ours.yaml", "theirs.yaml", "-o", "merged.yaml"],
            files: [
                "base.yaml": list, "ours.yaml": list.replacingOccurrences(of: "price: 2.40", with: "price: 2.60"),
                "theirs.yaml": list + "  - name: Figs\n", "merged.yaml": "an older merge\n",
            ], written: "merged.yaml"),
    ]

    /// The faults, with the reason the system gives for each.
    static let faults: [(name: String, reason: String)] = [
        ("write", "Input/output error"), ("enospc", "No space left on device"), ("fsync", "Input/output error"),
        ("rename", "Input/output error"),
    ]

    /// A folder holding the command's files (a git repository when it needs one).
    static func scratch(for command: WritingCommand) throws -> EditScratch {
        let scratch = try EditScratch()
        for (name, text) in command.files { try scratch.write(text, to: name) }
        if command.git {
            let result = try ShopProcess.run(
                ShopProcess.process(
                    URL(fileURLWithPath: "/usr/bin/env"), ["git", "init", "-q"], in: scratch.folder,
                    inheriting: .only(["PATH", "HOME"])))
            guard result.status == 0 else { throw TestFailure("git init: \(result)") }
        }
        return scratch
    }

    @Test("without a fault, each command writes its file", arguments: commands)
    func writesWithoutFault(_ command: WritingCommand) throws {
        let scratch = try Self.scratch(for: command)
        let before = try? EditFileSnapshot(scratch.url(command.written))
        let result = try scratch.run(command.arguments)
        #expect(result.status == 0, "\(result)")
        let after = try EditFileSnapshot(scratch.url(command.written))
        #expect(before == nil || before?.bytes != after.bytes, "\(command) did not change \(command.written)")
    }

    @Test("a failing write, a full disk, a failing fsync or rename: the file as it was, nothing left, exit 2",
        arguments: commands, 0..<faults.count)
    func failingWrite(_ command: WritingCommand, _ faultIndex: Int) throws {
        let fault = Self.faults[faultIndex]
        let scratch = try Self.scratch(for: command)
        let written = scratch.url(command.written)
        let before = try? EditFileSnapshot(written)
        let names = try scratch.names()
        let result = try scratch.run(command.arguments, environment: ["SHOP_INJECT_FAULT": fault.name])
        #expect(result.status == 2, "\(fault.name): \(result)")
        #expect(result.err.hasPrefix("shop: error: cannot write '"), "\(fault.name): \(result)")
        #expect(result.err.contains(command.written + "': " + fault.reason), "\(fault.name): \(result)")
        if let before {
            #expect(try EditFileSnapshot(written) == before, "\(fault.name): \(command.written) changed")
        } else {
            #expect(!FileManager.default.fileExists(atPath: written.path), "\(fault.name): \(command.written) was made")
        }
        #expect(try scratch.names() == names, "\(fault.name): the folder changed")
    }
}
