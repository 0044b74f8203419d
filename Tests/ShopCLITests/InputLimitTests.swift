import Foundation
import Testing

@testable import ShopCLI

#if canImport(Glibc)
import Glibc
#endif

/// Every input is bounded: standard input, a device or a named pipe is read no further than
/// 256 MiB, a larger regular file is refused before it is read, and the answer is a `shop: error:`
/// line with exit status 2, never a crash. The inputs are made as the test runs: `/dev/zero`
/// through a pipe, and sparse files that take no room on disk.
@Suite struct InputLimitTests {
    static let limitWords = "larger than 256 MiB (268,435,456 bytes), the most shop reads from one input"

    /// Runs `shop ARGUMENTS` in `folder` with `/dev/zero` piped into its standard input by `cat`.
    func runFedZeros(_ arguments: [String], in folder: URL) throws -> ShopProcess.Result {
        let shop = try ShopProcess.requireBinary()
        let quoted = arguments.map { "'" + $0 + "'" }.joined(separator: " ")
        let process = ShopProcess.process(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "cat /dev/zero | \"$0\" \(quoted)", shop.path], in: folder,
            inheriting: .only(["PATH", "LANG", "LC_ALL"]), environment: ["NO_COLOR": "1"])
        return try ShopProcess.run(process, timeout: 120)
    }

    @Test(
        "standard input that never ends is refused at the limit",
        arguments: [
            ["check", "-"], ["fmt", "-"], ["fmt", "--check", "-"], ["export", "-", "--format", "json"],
            ["list", "-f", "-"], ["diff", "-", "list.yaml"], ["merge", "list.yaml", "-", "list.yaml", "-o", "out.yaml"],
        ])
    func endlessStandardInput(_ arguments: [String]) throws {
        let scratch = try EditScratch()
        try scratch.write("items:\n  - name: Milk\n", to: "list.yaml")
        let run = try runFedZeros(arguments, in: scratch.folder)
        #expect(!run.signaled && run.status == 2, "\(run)")
        #expect(run.err.contains("shop: error: cannot read '<stdin>': it is " + Self.limitWords), "\(run)")
        #expect(run.out.isEmpty, "\(run)")
        #expect(!FileManager.default.fileExists(atPath: scratch.url("out.yaml").path))
    }

    @Test(
        "a device named as a file is read no further than the limit",
        arguments: [
            ["check", "/dev/zero"], ["export", "/dev/zero", "--format", "csv"], ["list", "-f", "/dev/zero"],
            ["merge", "/dev/zero", "/dev/urandom", "/dev/zero", "-o", "out.yaml"],
            ["merge", "list.yaml", "list.yaml", "/dev/urandom", "-o", "out.yaml"], ["diff", "list.yaml", "/dev/zero"],
        ])
    func devices(_ arguments: [String]) throws {
        let scratch = try EditScratch()
        try scratch.write("items:\n  - name: Milk\n", to: "list.yaml")
        let run = try EditCLI.run(arguments, in: scratch.folder)
        let device = arguments.first { $0.hasPrefix("/dev/") } ?? ""
        #expect(!run.signaled && run.status == 2, "\(run)")
        #expect(run.err.contains("shop: error: cannot read '\(device)': it is " + Self.limitWords), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: scratch.url("out.yaml").path))
    }

    /// A sparse file of `size` bytes named `name` in `scratch`: it reads as zeros and takes no room.
    func sparseFile(_ name: String, size: Int, in scratch: EditScratch) throws {
        let path = scratch.url(name).path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("items: []\n".utf8)))
        #expect(truncate(path, off_t(size)) == 0)
    }

    @Test(
        "a 600 MB file is refused before it is read, by every command that reads it",
        arguments: [
            ["check", "big.yaml"], ["fmt", "big.yaml"], ["fmt", "--stdout", "big.yaml"], ["export", "big.yaml", "--format", "json"],
            ["list", "-f", "big.yaml"], ["-f", "big.yaml", "add", "Milk"], ["-f", "big.yaml", "rm", "Milk"],
            ["-f", "big.yaml", "import", "--dry-run", "items.txt"], ["check", "--fix", "big.yaml"], ["diff", "big.yaml", "list.yaml"],
            ["merge", "list.yaml", "big.yaml", "list.yaml", "-o", "out.yaml"], ["-f", "list.yaml", "import", "big.yaml"],
        ])
    func aLargeFile(_ arguments: [String]) throws {
        let scratch = try EditScratch()
        try scratch.write("items:\n  - name: Milk\n", to: "list.yaml")
        try scratch.write("bread\n", to: "items.txt")
        try sparseFile("big.yaml", size: 600_000_000, in: scratch)
        let run = try EditCLI.run(arguments, in: scratch.folder)
        #expect(!run.signaled && run.status != 0, "\(run)")
        if arguments.contains("import") && arguments.last == "big.yaml" {
            // Import has a limit of its own, said its own way.
            #expect(run.err.contains("big.yaml: the input is 600,000,000 bytes; shop imports at most 8 MiB"), "\(run)")
            return
        }
        #expect(run.status == 2, "\(run)")
        #expect(run.err.contains("cannot read 'big.yaml': it is 600,000,000 bytes, " + Self.limitWords), "\(run)")
        #expect(try Files.bytes(scratch.url("list.yaml")) == Data("items:\n  - name: Milk\n".utf8))
        #expect(!FileManager.default.fileExists(atPath: scratch.url("out.yaml").path))
    }

    // MARK: Named pipes

    /// Holds the lock every edit of a list in `folder` takes, until `body` returns.
    func holdingTheFolderLock<T>(_ folder: URL, _ body: () throws -> T) throws -> T {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX) == 0)
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    @Test(
        "an edit of a named pipe is refused before the folder lock is taken",
        arguments: [
            (["add", "Milk"], "edit"), (["rm", "Milk"], "edit"), (["buy", "Milk"], "edit"), (["clear"], "edit"),
            (["edit", "Milk", "--price", "2"], "edit"), (["import", "--dry-run", "items.txt"], "edit"),
            (["import", "items.txt"], "edit"),
        ])
    func editsOfANamedPipe(_ arguments: [String], _ action: String) throws {
        let scratch = try EditScratch()
        try scratch.write("bread\n", to: "items.txt")
        #expect(mkfifo(scratch.url("list.yaml").path, 0o644) == 0)
        // With the lock held here, an edit that waited for it would never end (nor would one that
        // opened the pipe, which has no writer).
        let run = try holdingTheFolderLock(scratch.folder) { try EditCLI.run(["-f", "list.yaml"] + arguments, in: scratch.folder) }
        #expect(!run.signaled && run.status == 2, "\(run)")
        #expect(
            run.err.hasSuffix(
                "shop: error: cannot \(action) 'list.yaml': it is a named pipe (FIFO), not a regular file; "
                    + "shop changes only regular files, which it replaces with the new text\n"), "\(run)")
    }

    @Test("check --fix and fmt of a named pipe are refused as edits are", arguments: [(["check", "--fix"], "fix"), (["fmt"], "reformat")])
    func fixingANamedPipe(_ arguments: [String], _ action: String) throws {
        let scratch = try EditScratch()
        #expect(mkfifo(scratch.url("list.yaml").path, 0o644) == 0)
        let run = try holdingTheFolderLock(scratch.folder) { try EditCLI.run(arguments + ["list.yaml"], in: scratch.folder) }
        #expect(!run.signaled && run.status == 2, "\(run)")
        #expect(run.err.contains("shop: error: cannot \(action) 'list.yaml': it is a named pipe (FIFO)"), "\(run)")
    }

    @Test("a named pipe is read as a stream by the commands that only read")
    func readingANamedPipe() throws {
        let scratch = try EditScratch()
        let pipe = scratch.url("list.yaml").path
        #expect(mkfifo(pipe, 0o644) == 0)
        for (arguments, expected) in [(["check", "list.yaml"], "no problems in 1 file"), (["list", "-f", "list.yaml"], "Milk")] {
            // The writer opens the pipe once shop opens it to read, writes a list and closes it.
            let writer = Thread {
                let descriptor = open(pipe, O_WRONLY)
                guard descriptor >= 0 else { return }
                let text = Array("items:\n  - name: Milk\n    buy: true\n".utf8)
                _ = text.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
            }
            writer.start()
            let run = try EditCLI.run(arguments, in: scratch.folder)
            #expect(run.status == 0, "\(run)")
            #expect(run.out.contains(expected), "\(run)")
        }
    }

    // MARK: The bounded read

    /// Reads `bytes` through a pipe with `limit`.
    func readPipe(_ bytes: [UInt8], limit: Int) throws -> FileAccess.BoundedRead {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let writeEnd = ends[1]
        let writer = Thread {
            _ = bytes.withUnsafeBufferPointer { write(writeEnd, $0.baseAddress, $0.count) }
            close(writeEnd)
        }
        writer.start()
        defer { close(ends[0]) }
        return try FileAccess.readBounded(ends[0], from: .stream, name: "pipe", limit: limit)
    }

    @Test("a stream is read whole up to the limit, and refused one byte past it")
    func streamsAtTheLimit() throws {
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0) }
        guard case .complete(let read) = try readPipe(bytes, limit: 100_000) else {
            Issue.record("refused at the limit")
            return
        }
        #expect(read == bytes)
        guard case .tooLarge(size: nil) = try readPipe(bytes + [0], limit: 100_000) else {
            Issue.record("read past the limit")
            return
        }
    }

    @Test("a regular file over the limit is refused without a byte of it read; one at the limit is read")
    func filesAtTheLimit() throws {
        let scratch = try EditScratch()
        let bytes = (0..<5000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        try Data(bytes).write(to: scratch.url("file"))
        let descriptor = open(scratch.url("file").path, O_RDONLY)
        defer { close(descriptor) }
        guard case .tooLarge(size: 5000) = try FileAccess.readBounded(descriptor, from: .regular(size: 5000), name: "file", limit: 4999)
        else {
            Issue.record("a file over the limit was read")
            return
        }
        #expect(lseek(descriptor, 0, SEEK_CUR) == 0)
        guard case .complete(let read) = try FileAccess.read(scratch.url("file").path, limit: 5000) else {
            Issue.record("a file at the limit was refused")
            return
        }
        #expect(read == bytes)
    }
}

/// `history` reads versions from git: one over the limit is refused before any is read.
@Suite("history of a version over the limit", .requires(.program("git")))
struct HistoryLimitTests {
    @Test("a committed version of 270 MB is refused by its size, before any version is read")
    func aLargeVersion() throws {
        let repository = try GitScratch()
        let path = repository.folder.appendingPathComponent("shopping.yaml").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("items: []\n".utf8)))
        #expect(truncate(path, 270_000_000) == 0)
        try repository.commit("too large")
        let large = try repository.git("rev-parse", "HEAD").out.trimmingCharacters(in: .whitespacesAndNewlines)
        try repository.write("items:\n  - name: Milk\n    price: 1.20\n")
        try repository.commit("the list")
        let run = try repository.shop("history")
        #expect(run.status == 2, "\(run)")
        #expect(
            run.err == "shop: error: cannot read '\(large):shopping.yaml': it is 270,000,000 bytes, "
                + InputLimitTests.limitWords + "\n", "\(run)")
        #expect(run.out.isEmpty)
    }
}
