import Foundation
import Testing

@testable import ShopCLI
@testable import ShopCore

/// A spool holds what it is given in memory while it is small, then in an unnamed file in its
/// folder, and gives it all back in order; a file that cannot be read back is an error, not
/// output lost in silence.
@Suite struct OutputSpoolTests {
    /// A new empty folder of its own.
    static func folder() throws -> String {
        // As the system names it (no `//`): `/proc` gives the paths of open files so.
        let path = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("shop-spool-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The descriptors this process has open on files in `folder` (unnamed ones included, which
    /// `/proc` shows by the folder they were made in).
    static func openFiles(in folder: String) -> [Int32] {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.compactMap { name in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name),
                target.hasPrefix(folder + "/")
            else { return nil }
            return Int32(name)
        }
    }

    /// Makes the file open at `descriptor` unreadable, as a failing disk would: the descriptor
    /// now writes to /dev/null and cannot be read.
    static func breakReading(_ descriptor: Int32) {
        let writeOnly = open("/dev/null", O_WRONLY)
        _ = dup2(writeOnly, descriptor)
        close(writeOnly)
    }

    static let pieces: [[UInt8]] = (0..<300).map { number in Array("piece \(number) ".utf8) + Array(repeating: UInt8(number % 200 + 32), count: 3_000) }

    static func fill(_ spool: OutputSpool) {
        for piece in pieces { piece.withUnsafeBufferPointer(spool.write) }
    }

    static func delivered(_ spool: OutputSpool) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try spool.deliver { bytes.append(contentsOf: $0) }
        return bytes
    }

    @Test func largeOutputWaitsInAnUnnamedFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spool = OutputSpool(folder: folder)
        Self.pieces[0].withUnsafeBufferPointer(spool.write)
        #expect(Self.openFiles(in: folder).isEmpty, "a small output waits in memory")
        spool.discard()
        Self.fill(spool)
        #expect(Self.openFiles(in: folder).count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "the file has no name")
        #expect(try Self.delivered(spool) == Array(Self.pieces.joined()))
        // Without a folder for the file, it all waits in memory.
        let inMemory = OutputSpool(folder: folder + "/missing")
        Self.fill(inMemory)
        #expect(try Self.delivered(inMemory) == Array(Self.pieces.joined()))
    }

    /// What `read(from:into:)` gives for each slice (`offset`, `length`) of `expected`: by default,
    /// slices at the start, across the memory limit, at the end, and the whole.
    static func expectSlices(of spool: OutputSpool, _ expected: [UInt8], at slices: [(offset: Int, length: Int)]? = nil) throws {
        let slices = slices ?? [(0, 0), (0, 1), (5, 70_000), (262_100, 200), (262_144, 10), (expected.count - 3, 3), (0, expected.count)]
        for (offset, length) in slices {
            var slice = [UInt8](repeating: 0, count: length)
            try slice.withUnsafeMutableBytes { buffer in try spool.read(from: offset, into: buffer) }
            #expect(slice == Array(expected[offset..<(offset + length)]), "\(length) bytes from \(offset)")
        }
    }

    @Test func anySliceOfWhatWasHeldIsReadBack() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expected = Array(Self.pieces.joined())
        let spool = OutputSpool(folder: folder)
        Self.fill(spool)
        try #require(Self.openFiles(in: folder).count == 1)
        try Self.expectSlices(of: spool, expected)
        let inMemory = OutputSpool(folder: folder + "/missing")
        Self.fill(inMemory)
        try Self.expectSlices(of: inMemory, expected)
        // How history sets its state aside: arrays written, and read back in order after a
        // restart forgot what came before.
        var state = HistoryCommand.StateSpool(spool: spool)
        state.restart()
        let texts = (0..<200_000).map { UInt8($0 % 251) }
        let starts = (0..<70_000).map { Int32($0 * 3) }
        SetAsideArrays.write(texts, to: &state)
        SetAsideArrays.write([Int64](), to: &state)
        SetAsideArrays.write(starts, to: &state)
        #expect(try SetAsideArrays.read(UInt8.self, from: &state) == texts)
        #expect(try SetAsideArrays.read(Int64.self, from: &state) == [])
        #expect(try SetAsideArrays.read(Int32.self, from: &state) == starts)
    }

    @Test func whatAFileStoppedTakingIsReadBackFromMemory() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spool = OutputSpool(folder: folder)
        let half = Self.pieces.count / 2
        for piece in Self.pieces[..<half] { piece.withUnsafeBufferPointer(spool.write) }
        let files = Self.openFiles(in: folder)
        try #require(files.count == 1)
        // The same file opened again read-only in its place: it can be read, not written, as a
        // full disk would have it. What comes next waits in memory.
        let readOnly = open("/proc/self/fd/\(files[0])", O_RDONLY)
        try #require(readOnly >= 0)
        _ = dup2(readOnly, files[0])
        close(readOnly)
        for piece in Self.pieces[half...] { piece.withUnsafeBufferPointer(spool.write) }
        let expected = Array(Self.pieces.joined())
        #expect(try Self.delivered(spool) == expected)
        // Slices across the end of the file and the start of memory.
        let fileEnd = Self.pieces[..<half].reduce(0) { $0 + $1.count }
        try Self.expectSlices(of: spool, expected, at: [(fileEnd - 10, 20), (fileEnd, 5), (fileEnd - 1, 1), (0, expected.count)])
    }

    @Test func aFileThatCannotBeReadBackIsAnError() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spool = OutputSpool(folder: folder)
        Self.fill(spool)
        let files = Self.openFiles(in: folder)
        try #require(files.count == 1)
        Self.breakReading(files[0])
        #expect(throws: FileError.self) { try Self.delivered(spool) }
        var bytes = [UInt8](repeating: 0, count: 10)
        #expect(throws: FileError.self) { try bytes.withUnsafeMutableBytes { try spool.read(from: 0, into: $0) } }
        // History's state set aside there does not come back: the command fails as on a file.
        var state = HistoryCommand.StateSpool(spool: spool)
        #expect(throws: CommandFailure.self) { try SetAsideArrays.read(UInt8.self, from: &state) }
    }
}
