import Foundation
import ShopCore
import Testing
import TestSupport
import YAML

/// The hashes git names objects by, against the standard's vectors and `git hash-object`.
@Suite("git object ids")
struct GitHashTests {
    static let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    static let twoBlocks = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)

    @Test("SHA-1 of the FIPS 180 examples")
    func sha1Vectors() {
        #expect(hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(SHA1.digest(Self.twoBlocks)) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(hex(SHA1.digest(Self.million)) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test("SHA-256 of the FIPS 180 examples")
    func sha256Vectors() {
        #expect(hex(SHA256.digest([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex(SHA256.digest(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(SHA256.digest(Self.twoBlocks)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex(SHA256.digest(Self.million)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("fed in pieces of every size, the digest is the one of the whole")
    func pieces() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let whole1 = SHA1.digest(bytes)
        let whole256 = SHA256.digest(bytes)
        for size in [1, 3, 55, 56, 63, 64, 65, 127, 128, 299] {
            var sha1 = SHA1()
            var sha256 = SHA256()
            var start = 0
            while start < bytes.count {
                let piece = Array(bytes[start..<min(start + size, bytes.count)])
                sha1.update(piece)
                sha256.update(piece)
                start += size
            }
            #expect(sha1.finish() == whole1, "pieces of \(size)")
            #expect(sha256.finish() == whole256, "pieces of \(size)")
        }
    }

    @Test(
        "blob ids are git hash-object's, in SHA-1 and SHA-256 repositories, around every block boundary",
        .requires(.program("git")))
    func blobIDs() throws {
        let folder = try makeTemporaryFolder("shop-blob-ids")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sha1Repository = try GitRepository(in: folder.appendingPathComponent("sha1"), format: "sha1")
        let sha256Repository = try GitRepository(in: folder.appendingPathComponent("sha256"), format: "sha256")
        // The header `blob N\0` moves the boundaries: sizes around them, an empty file and a long one.
        let sizes = [0, 1, 2, 40, 45, 46, 47, 48, 53, 54, 55, 56, 57, 63, 64, 65, 110, 111, 118, 119, 120, 4_096, 100_003]
        for size in sizes {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ size) }
            let name = "file-\(size)"
            try Data(bytes).write(to: sha1Repository.folder.appendingPathComponent(name))
            try Data(bytes).write(to: sha256Repository.folder.appendingPathComponent(name))
            let sha1 = try sha1Repository.text("hash-object", name)
            let sha256 = try sha256Repository.text("hash-object", name)
            #expect(hex(GitObjectFormat.sha1.blobID(of: bytes)) == sha1, "\(size) bytes")
            #expect(hex(GitObjectFormat.sha256.blobID(of: bytes)) == sha256, "\(size) bytes")
        }
    }

    @Test("the object format is read from a repository's configuration as git writes it")
    func objectFormat() {
        func format(_ text: String) -> GitObjectFormat? { GitObjectFormat(configuration: Array(text.utf8)) }
        #expect(format("[core]\n\trepositoryformatversion = 0\n") == .sha1)
        #expect(format("") == .sha1)
        #expect(format("[core]\n\trepositoryformatversion = 1\n[extensions]\n\tobjectformat = sha256\n") == .sha256)
        #expect(format("[Extensions]\r\n  objectFormat=SHA256 ; as written by hand\r\n") == .sha256)
        #expect(format("[extensions] objectformat = \"sha256\"\n") == .sha256)
        #expect(format("[extensions]\n\tobjectformat = sha1\n") == .sha1)
        #expect(format("[extensions]\n\tobjectformat = sha3\n") == nil)
        // Another section's variable of that name is not the format.
        #expect(format("[core]\n\tobjectformat = sha256\n[user]\n\tname = extensions\n") == .sha1)
        #expect(format("[remote \"extensions\"]\n\tobjectformat = sha256\n") == .sha1)
    }
}

/// git's index as shop reads it, against what git says it holds (`git ls-files --stage`), in every
/// version git writes.
@Suite("git index", .requires(.program("git")))
struct GitIndexTests {
    @Test("every entry of indexes of version 2, 3 and 4, a path longer than 4095 bytes among them", arguments: [2, 3, 4])
    func entries(version: Int) throws {
        let repository = try GitRepository(format: "sha1")
        defer { repository.remove() }
        try repository.write("a\n", to: "b.txt")
        try repository.write("b\n", to: "lists/shopping.yaml")
        try repository.write("c\n", to: "lists/shopping.yml")
        try repository.write("d\n", to: "über/ä.yaml")
        try repository.write("e\n", to: "z")
        try repository.run("add", "-A")
        let blob = try repository.text("hash-object", "-w", "z")
        // Added without a file: a path that long cannot be made on most file systems.
        let long = Array(repeating: String(repeating: "d", count: 200), count: 25).joined(separator: "/")
        try repository.run("update-index", "--add", "--cacheinfo", "100644,\(blob),\(long)")
        if version == 3 {
            // Version 3 is written only with an extended flag: intent-to-add's.
            try repository.write("f\n", to: "intended.yaml")
            try repository.run("add", "--intent-to-add", "intended.yaml")
        } else {
            try repository.run("update-index", "--index-version", "\(version)")
        }
        let bytes = try repository.index()
        #expect(bytes[4..<8].elementsEqual([0, 0, 0, UInt8(version)]), "the index is of version \(version)")
        let entries = try #require(GitIndex.entries(bytes, format: .sha1))
        #expect(entries.map(Self.stageLine) == (try repository.stagedLines()))
        #expect(entries.contains { $0.path.count == long.utf8.count })
        #expect(GitIndex.unmergedPaths(bytes, format: .sha1) == [:])
    }

    @Test("the unmerged paths of a merge that stopped, in indexes of version 2 and 4, and of SHA-256", arguments: [
        ("sha1", 2), ("sha1", 4), ("sha256", 2), ("sha256", 4),
    ])
    func unmerged(format: String, version: Int) throws {
        let repository = try GitRepository(format: format)
        defer { repository.remove() }
        let objectFormat: GitObjectFormat = format == "sha1" ? .sha1 : .sha256
        try repository.write("items:\n  - name: Apples\n    price: 1\n", to: "lists/shopping.yaml")
        try repository.write("one\n", to: "kept.txt")
        try repository.write("two\n", to: "lists/both.yaml")
        try repository.commit("base")
        try repository.run("checkout", "-q", "-b", "other")
        try repository.write("items:\n  - name: Apples\n    price: 2\n", to: "lists/shopping.yaml")
        try repository.write("added here\n", to: "new.yaml")
        try repository.run("rm", "-q", "lists/both.yaml")
        try repository.commit("other")
        try repository.run("checkout", "-q", "main")
        try repository.write("items:\n  - name: Apples\n    price: 3\n", to: "lists/shopping.yaml")
        try repository.write("added there\n", to: "new.yaml")
        try repository.write("two, changed\n", to: "lists/both.yaml")
        try repository.commit("main")
        let merge = try repository.run("merge", "other", allowFailure: true)
        #expect(merge.status == 1, "\(merge.stderr)")
        try repository.run("update-index", "--index-version", "\(version)")
        let bytes = try repository.index()
        #expect(bytes[4..<8].elementsEqual([0, 0, 0, UInt8(version)]))
        let configuration = try Data(contentsOf: repository.folder.appendingPathComponent(".git/config"))
        #expect(GitObjectFormat(configuration: [UInt8](configuration)) == objectFormat)
        let entries = try #require(GitIndex.entries(bytes, format: objectFormat))
        #expect(entries.map(Self.stageLine) == (try repository.stagedLines()))
        let paths = try #require(GitIndex.unmergedPaths(bytes, format: objectFormat))
        // What `git ls-files -u` lists, path by path.
        var expected: [String: UnmergedStages] = [:]
        for line in try repository.lines("ls-files", "-u") {
            let fields = line.split(separator: "\t")[0].split(separator: " ")
            let id = try #require(hexBytes(String(fields[1])))
            let path = String(line.split(separator: "\t")[1])
            var stages = expected[path] ?? UnmergedStages(format: objectFormat)
            switch fields[2] {
            case "1": stages.base = id
            case "2": stages.ours = id
            default: stages.theirs = id
            }
            expected[path] = stages
        }
        #expect(Set(expected.keys) == ["lists/shopping.yaml", "new.yaml", "lists/both.yaml"])
        #expect(Dictionary(uniqueKeysWithValues: paths.map { (String(decoding: $0.key, as: UTF8.self), $0.value) }) == expected)
        // Added on both sides: no base; deleted on theirs: no theirs.
        #expect(expected["new.yaml"]?.base == nil)
        #expect(expected["lists/both.yaml"]?.theirs == nil)
        // A file deleted on their side is left as ours' version.
        let left = [UInt8](try Data(contentsOf: repository.folder.appendingPathComponent("lists/both.yaml")))
        #expect(paths[Array("lists/both.yaml".utf8)]?.side(of: left) == .ours)
    }

    @Test("an index shop cannot read with certainty is not read: cut short, of another format, split")
    func unreadable() throws {
        let repository = try GitRepository(format: "sha1")
        defer { repository.remove() }
        try repository.write("a\n", to: "shopping.yaml")
        try repository.write("b\n", to: "other.yaml")
        try repository.commit("base")
        let bytes = try repository.index()
        let whole = try #require(GitIndex.entries(bytes, format: .sha1))
        #expect(whole.count == 2)
        // Cut in its entries, it is not read. Cut in its extensions, it may read as an index
        // without them (the checksum is not verified): never as other entries.
        let entriesEnd = 12 + 2 * 72
        for length in 0..<bytes.count {
            let read = GitIndex.entries(Array(bytes[..<length]), format: .sha1)
            #expect(read == nil || (length >= entriesEnd && read == whole), "cut at \(length)")
        }
        #expect(GitIndex.entries(bytes, format: .sha256) == nil)
        var version = bytes
        version[7] = 5
        #expect(GitIndex.entries(version, format: .sha1) == nil)
        var signature = bytes
        signature[0] = UInt8(ascii: "X")
        #expect(GitIndex.entries(signature, format: .sha1) == nil)
        try repository.run("update-index", "--split-index")
        #expect(GitIndex.unmergedPaths(try repository.index(), format: .sha1) == nil)
    }

    /// An entry as `git ls-files --stage` prints it.
    static func stageLine(_ entry: GitIndex.Entry) -> String {
        "\(String(entry.mode, radix: 8)) \(hex(entry.objectID)) \(entry.stage)\t\(String(decoding: entry.path, as: UTF8.self))"
    }
}

/// The stage ids of an unmerged path, and which side a file is.
@Suite("unmerged stages")
struct UnmergedStagesTests {
    static let ours = Array("items:\n  - name: Apples\n".utf8)
    static let theirs = Array("items:\n  - name: Pears\n".utf8)
    static let stages = UnmergedStages(
        format: .sha1, base: GitObjectFormat.sha1.blobID(of: []), ours: GitObjectFormat.sha1.blobID(of: ours),
        theirs: GitObjectFormat.sha1.blobID(of: theirs))

    @Test("a file is a side's version byte for byte, or with CRLF line ends, and otherwise neither")
    func side() {
        #expect(Self.stages.side(of: Self.ours) == .ours)
        #expect(Self.stages.side(of: Self.theirs) == .theirs)
        #expect(Self.stages.side(of: Array("items:\r\n  - name: Pears\r\n".utf8)) == .theirs)
        #expect(Self.stages.side(of: Array("items:\n  - name: Apples\n  - name: Pears\n".utf8)) == nil)
        #expect(Self.stages.side(of: Self.ours + [0x0A]) == nil)
        #expect(Self.stages.side(of: []) == nil, "the base is no side")
        let deletedByThem = UnmergedStages(format: .sha1, base: Self.stages.base, ours: Self.stages.ours)
        #expect(deletedByThem.side(of: Self.theirs) == nil)
    }

    @Test("the finding: an error naming the side and the command that merges again, else a warning to add the file")
    func finding() {
        let error = Finding(unmerged: Self.stages, bytes: [0xEF, 0xBB, 0xBF] + Self.ours, name: "our list.yaml")
        #expect(error.rule == .unmerged)
        #expect(error.severity == .warning, "a byte order mark makes it another text than ours")
        let taken = Finding(unmerged: Self.stages, bytes: Self.theirs, name: "our list.yaml")
        #expect(taken.severity == .error)
        #expect(taken.span == SourceSpan(start: 0, end: 6), "the first line")
        let message = taken.message.text(in: SourceText(bytes: Self.theirs))
        #expect(message.contains("one side's version (theirs)"), "\(message)")
        #expect(message.contains("the other side's changes are not in it"), "\(message)")
        #expect(message.contains("'git checkout -m \"our list.yaml\"' makes the merge again"), "\(message)")
        let resolved = Finding(unmerged: Self.stages, bytes: Array("items: []\n".utf8), name: "shopping.yaml")
        #expect(resolved.severity == .warning)
        #expect(
            resolved.message.text(in: SourceText(bytes: []))
                == "git still holds shopping.yaml as unmerged: 'git add shopping.yaml' once it is resolved")
    }

    @Test("the finding goes first; a warning gives way to conflict markers, an error does not")
    func joining() {
        let markers = Array("<<<<<<< ours\na: 1\n=======\na: 2\n>>>>>>> theirs\n".utf8)
        guard case .failure(let failure) = ShoppingList.read(markers) else {
            Issue.record("a file with markers reads")
            return
        }
        let warning = Finding(unmerged: Self.stages, bytes: markers, name: "shopping.yaml")
        #expect(warning.severity == .warning)
        #expect(failure.findings.adding(unmerged: warning) == failure.findings)
        let error = Finding(unmerged: Self.stages, bytes: Self.ours, name: "shopping.yaml")
        #expect(failure.findings.adding(unmerged: error) == [error] + failure.findings)
        let others = [Finding(rule: .unknownKey, span: SourceSpan(start: 8, end: 9), message: FindingMessage("x"))]
        #expect(others.adding(unmerged: warning) == [warning] + others)
        #expect(others.adding(unmerged: nil) == others)
    }
}

/// A git repository in a temporary folder, with no user or system configuration.
struct GitRepository {
    let folder: URL
    let git: String

    init(in folder: URL? = nil, format: String) throws {
        self.folder = try folder ?? makeTemporaryFolder("shop-git-index")
        git = try #require(programPath("git"))
        try FileManager.default.createDirectory(at: self.folder, withIntermediateDirectories: true)
        try run("init", "-q", "-b", "main", "--object-format=\(format)")
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    static let environment = [
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "HOME": "/nonexistent", "LC_ALL": "C",
        "GIT_AUTHOR_NAME": "Sam", "GIT_AUTHOR_EMAIL": "sam@example.org", "GIT_COMMITTER_NAME": "Sam",
        "GIT_COMMITTER_EMAIL": "sam@example.org",
    ]

    @discardableResult
    func run(_ arguments: String..., allowFailure: Bool = false) throws -> ToolResult {
        let result = try runProgram(git, arguments, in: folder, environment: Self.environment)
        if !allowFailure && result.status != 0 {
            throw GitFailure(message: "git \(arguments.joined(separator: " ")): \(result.stderr)")
        }
        return result
    }

    /// What git prints, without its last line feed.
    func text(_ arguments: String...) throws -> String {
        let result = try runProgram(git, arguments, in: folder, environment: Self.environment)
        guard result.status == 0 else { throw GitFailure(message: "git \(arguments.joined(separator: " ")): \(result.stderr)") }
        return String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    /// What git prints, line by line (paths unquoted: `-z` would split them on NULs).
    func lines(_ arguments: String...) throws -> [String] {
        let result = try runProgram(git, ["-c", "core.quotePath=false"] + arguments, in: folder, environment: Self.environment)
        guard result.status == 0 else { throw GitFailure(message: "git \(arguments.joined(separator: " ")): \(result.stderr)") }
        return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// `git ls-files --stage`, line by line.
    func stagedLines() throws -> [String] {
        try lines("ls-files", "--stage")
    }

    func write(_ text: String, to name: String) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func commit(_ message: String) throws {
        try run("add", "-A")
        try run("commit", "-q", "-m", message)
    }

    /// The index's bytes.
    func index() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(".git/index")))
    }
}

/// Lowercase hexadecimal, as git prints object ids.
func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}

/// The bytes of lowercase or uppercase hexadecimal; nil for anything else.
func hexBytes(_ hex: String) -> [UInt8]? {
    let digits = Array(hex.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var result: [UInt8] = []
    for index in stride(from: 0, to: digits.count, by: 2) {
        guard let byte = UInt8(String(decoding: digits[index..<(index + 2)], as: UTF8.self), radix: 16) else { return nil }
        result.append(byte)
    }
    return result
}
