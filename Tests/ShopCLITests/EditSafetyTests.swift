import Foundation
import ShopCore
import TestSupport
import Testing
import YAML

#if canImport(Glibc)
import Glibc
#endif

/// Writers running at once, and writers killed while they write.
@Suite("shop editing commands: concurrent and killed writers", .serialized)
struct EditSafetyTests {
    @Test("20 shop add started at once: all succeed, all 20 items are there, the file passes check")
    func concurrentAdds() throws {
        let scratch = try EditScratch()
        try scratch.write(EditCommandTests.list, to: "list.yaml")
        // Half of the writers go through a symbolic link: the lock belongs to the target.
        try FileManager.default.createSymbolicLink(atPath: scratch.url("link.yaml").path, withDestinationPath: "list.yaml")
        var processes: [(process: Process, errors: URL)] = []
        for index in 0..<20 {
            let path = index.isMultiple(of: 2) ? "list.yaml" : "link.yaml"
            let process = try EditCLI.process(
                ["-f", path, "add", "Item \(index)", "--price", "\(index).5"] + (index.isMultiple(of: 3) ? ["--buy"] : []),
                in: scratch.folder)
            let errors = URL(fileURLWithPath: "/tmp/shop-edit-concurrent-\(UUID().uuidString)")
            try Data().write(to: errors)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: errors)
            processes.append((process, errors))
        }
        defer { for (_, errors) in processes { try? FileManager.default.removeItem(at: errors) } }
        for (process, _) in processes { try process.run() }
        for (process, _) in processes { process.waitUntilExit() }

        for (index, (process, errors)) in processes.enumerated() {
            let message = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
            #expect(process.terminationReason == .exit && process.terminationStatus == 0, "writer \(index): \(message)")
            // The writers name the list (or the link to it) with -f, so the messages name it too.
            #expect(message.hasPrefix("added \"Item \(index)\" (") && message.hasSuffix(".yaml)\n"), "\(message)")
        }
        let text = try scratch.text("list.yaml")
        let list = ShoppingList(document: try Document(parsing: text))
        let names = list.items.compactMap(\.name)
        #expect(names.count == 23, "\(names)")
        #expect(Set(names) == Set(["Apples", "Oat milk", "Crème fraîche"] + (0..<20).map { "Item \($0)" }))
        for index in 0..<20 {
            let item = list.items.first { $0.name == "Item \(index)" }
            #expect(item?.price == DecimalNumber("\(index).5"))
            #expect(item?.buy == index.isMultiple(of: 3))
        }
        #expect(text.hasSuffix("x-store: Corner shop\n"), "items are added to the list, before the keys after it")
        let check = try scratch.run(["check", "list.yaml"])
        #expect(check.status == 0, "\(check)")
        #expect(try scratch.run(["fmt", "--check", "list.yaml"]).status == 0)
        #expect(try scratch.names() == ["link.yaml", "list.yaml"])
    }

    /// A list of a few megabytes that shop reads quickly: most of it is one long block scalar, so
    /// that the new text is written in many pieces.
    static func largeList() -> [UInt8] {
        var text = "# A large list\ntitle: Archive\ncurrency: EUR\nitems:\n"
        for index in 0..<300 {
            text += "  # item \(index)\n  - name: Item \(index)\n    price: \(index).99\n"
        }
        text += "  - name: Old receipts\n    notes: |\n"
        let line = "      a line of an old receipt, kept for the records, with some words to make it long\n"
        text += String(repeating: line, count: 18_000)
        return Array(text.utf8)
    }

    static func temporaryFiles(in scratch: EditScratch) throws -> [String] {
        try scratch.names().filter { $0.hasPrefix(".list.yaml.tmp-") }
    }

    /// A moment of a write at which the writer is killed: strace kills it as it enters the
    /// `when`th call of `call`, before the call does anything; `finished` is whether the new file
    /// is in place by then (nil where either may be, for writes that may be the file's or a
    /// message's).
    struct KillPoint: CustomStringConvertible {
        var call: String
        var when: Int
        var finished: Bool?
        var description: String { "\(call) #\(when)" }
    }

    static let killPoints: [KillPoint] = [
        // The new text is written in pieces (at least two: the old items, then the new one), and
        // a message follows the rename: the third write is one or the other.
        KillPoint(call: "write", when: 1, finished: false), KillPoint(call: "write", when: 2, finished: false),
        KillPoint(call: "write", when: 3, finished: nil),
        KillPoint(call: "fchmod", when: 1, finished: false),
        // The file's fsync, then (after the rename) the folder's.
        KillPoint(call: "fsync", when: 1, finished: false), KillPoint(call: "rename", when: 1, finished: false),
        KillPoint(call: "fsync", when: 2, finished: true),
    ]

    @Test(
        "a writer killed at each step of its write leaves the complete old or the complete new file",
        .requires(.program("strace")))
    func killedWriters() throws {
        let scratch = try EditScratch()
        let old = Self.largeList()
        #expect(old.count > 1_500_000)
        // The new content: the same command run to its end on a copy with the same name.
        try FileManager.default.createDirectory(at: scratch.url("reference"), withIntermediateDirectories: true)
        try Data(old).write(to: scratch.url("reference/list.yaml"))
        let arguments = ["-f", "list.yaml", "add", "Shoe polish", "--price", "4.5", "--buy"]
        let reference = try EditCLI.run(arguments, in: scratch.url("reference"))
        try #require(reference.status == 0, "\(reference)")
        let new = [UInt8](try Data(contentsOf: scratch.url("reference/list.yaml")))
        try #require(new != old && new.count > old.count)

        var killedWhileWriting = 0
        var finished = 0
        for point in Self.killPoints {
            try Data(old).write(to: scratch.url("list.yaml"))
            // The kill lands at a chosen system call, not at a chosen time: every run is the same.
            let run = try EditCLI.run(
                arguments, in: scratch.folder,
                prefix: EditCLI.strace(["-f", "-o", "/dev/null", "-e", "inject=\(point.call):signal=SIGKILL:when=\(point.when)"]))
            #expect(run.status != 0, "\(point): the writer was not killed: \(run)")

            let bytes = [UInt8](try Data(contentsOf: scratch.url("list.yaml")))
            let leftovers = try Self.temporaryFiles(in: scratch)
            #expect(bytes == old || bytes == new, "\(point): \(bytes.count) bytes, neither the old nor the new file")
            #expect(leftovers.count <= 1, "\(point): \(leftovers)")
            if let expected = point.finished {
                #expect((bytes == new) == expected, "\(point): the \(expected ? "new" : "old") file was expected")
            }
            if bytes == old {
                killedWhileWriting += 1
                // A writer killed between naming its new file and the rename leaves that file;
                // the next one removes it (see below). Removed here so that each round starts clean.
                for name in leftovers { try FileManager.default.removeItem(at: scratch.url(name)) }
            } else {
                finished += 1
                #expect(leftovers.isEmpty, "\(point): a finished writer left \(leftovers)")
            }
        }
        #expect(killedWhileWriting >= 5, "killed before the rename: \(killedWhileWriting)")
        #expect(finished >= 1, "killed after the rename: \(finished)")

        // After the kills, the next writer succeeds and nothing of the killed ones remains.
        let next = try EditCLI.run(["-f", "list.yaml", "buy", "item 7"], in: scratch.folder)
        #expect(next.status == 0, "\(next)")
        #expect(try Self.temporaryFiles(in: scratch).isEmpty)
        #expect(try scratch.names() == ["list.yaml", "reference"])
    }

    @Test("a temporary file a killed writer left is removed by the next write; other files stay")
    func staleTemporaryFileRemoved() throws {
        let scratch = try EditScratch()
        try scratch.write(EditCommandTests.list, to: "list.yaml")
        let kept = [".list.yaml.tmp-1234567", ".list.yaml.tmp-12345", ".other.yaml.tmp-Ab12Cd", "list.yaml.tmp-Ab12Cd", ".list.yaml.lock2"]
        for name in [".list.yaml.tmp-Ab12Cd", ".list.yaml.tmp-zzzzzz"] + kept {
            try scratch.write("partial", to: name)
        }
        let run = try scratch.run(["-f", "list.yaml", "buy", "crème fraîche"])
        #expect(run.status == 0, "\(run)")
        #expect(try scratch.names() == (["list.yaml"] + kept).sorted())
    }

    /// Each way of writing a list back: an edit, an import, `fmt` in place, `check --fix`.
    static let writers: [[String]] = [
        ["-f", "list.yaml", "buy", "crème fraîche"], ["-f", "list.yaml", "import", "--format", "text", "more.txt"],
        ["fmt", "list.yaml"], ["check", "--fix", "list.yaml"],
    ]

    @Test(
        "a list another program saves while shop writes it keeps that save: nothing written, exit 2",
        .requires(.program("strace")), arguments: writers)
    func aSaveDuringTheWriteIsKept(_ arguments: [String]) throws {
        let scratch = try EditScratch()
        // Not in canonical form, so that fmt has something to write; with a safe fix for check --fix.
        let list = arguments[0] == "check" ? "items:\n  - name: Tea\n    price: 1,50\n" : "items: [{name: Crème fraîche}]\n"
        try scratch.write(list, to: "list.yaml")
        try scratch.write("2 kg flour\n", to: "more.txt")
        // The write is stopped at its fsync, after the read (strace stops it there); meanwhile an
        // editor saves the list, and only then is the write let go on.
        let gate = try StopGate()
        defer { gate.remove() }
        let held = try EditCLI.process(
            arguments, in: scratch.folder,
            prefix: EditCLI.strace(["-f", "-o", gate.path, "-e", "trace=fsync", "-e", "inject=fsync:signal=SIGSTOP:when=1"]))
        let errors = Pipe()
        held.standardError = errors
        held.standardOutput = FileHandle.nullDevice
        try held.run()
        let errorsRead = BackgroundRead(errors.fileHandleForReading)
        let shop = try gate.waitForStop()
        let saved = "items:\n  - name: Saved by an editor\n"
        try scratch.write(saved, to: "saved.tmp")
        #expect(rename(scratch.url("saved.tmp").path, scratch.url("list.yaml").path) == 0)
        gate.resume(shop)
        held.waitUntilExit()
        let message = String(decoding: errorsRead.wait(), as: UTF8.self)
        #expect(held.terminationStatus == 2, "\(arguments): \(message)")
        #expect(message.contains("another program changed it while it was being edited; nothing was written"), "\(message)")
        #expect(try scratch.text("list.yaml") == saved)
        #expect(try scratch.names() == ["list.yaml", "more.txt"])
    }
}

/// The gate of a test that stops a program at a chosen system call (strace's
/// `inject=CALL:signal=SIGSTOP`, its trace written to ``path``): strace writes a line when the
/// program has stopped, and the test waits for that line, reading a named pipe, so that what it
/// does next happens while the program is stopped, whatever the timing.
final class StopGate {
    /// The named pipe strace writes its trace to (`-o`).
    let path: String
    private let folder: URL
    private var trace: FileHandle?

    init() throws {
        folder = try makeTemporaryFolder("shop-stop-gate")
        path = folder.appendingPathComponent("trace").path
        guard mkfifo(path, 0o600) == 0 else { throw TestFailure("cannot make a named pipe at \(path)") }
    }

    /// Waits until the traced program has stopped, and returns its process id. Throws when the
    /// trace ends first.
    func waitForStop() throws -> pid_t {
        // Opening the pipe waits for strace to open it; each read, for its next line.
        guard let handle = FileHandle(forReadingAtPath: path) else { throw TestFailure("cannot open \(path)") }
        trace = handle
        var pending = ""
        while true {
            let data = handle.availableData
            guard !data.isEmpty else { throw TestFailure("the trace ended before the program stopped:\n\(pending)") }
            pending += String(decoding: data, as: UTF8.self)
            if let line = pending.split(separator: "\n").first(where: { $0.hasSuffix("--- stopped by SIGSTOP ---") }),
                let process = line.split(separator: " ").first.flatMap({ pid_t($0) })
            {
                return process
            }
        }
    }

    /// Lets the stopped program go on, and reads the rest of the trace, so that strace never
    /// waits for room in the pipe.
    func resume(_ process: pid_t) {
        kill(process, SIGCONT)
        if let trace { _ = BackgroundRead(trace) }
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
