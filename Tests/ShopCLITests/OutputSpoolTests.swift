import Foundation
import ShopCore
import Testing

@testable import ShopCLI

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

    @Test func aFileThatCannotBeReadBackIsAnError() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spool = OutputSpool(folder: folder)
        Self.fill(spool)
        let files = Self.openFiles(in: folder)
        try #require(files.count == 1)
        Self.breakReading(files[0])
        #expect(throws: FileError.self) { try Self.delivered(spool) }
        // The findings of check wait in such a spool too.
        let findings = FindingSpool(folder: folder)
        findings.take((0..<9_000).map { FindingSpoolTests.finding(at: $0, .badPrice, "a finding") })
        let held = Self.openFiles(in: folder).filter { $0 != files[0] }
        try #require(held.count == 1)
        Self.breakReading(held[0])
        #expect(throws: FileError.self) { try findings.forEach(mergedWith: []) { _ in } }
    }
}
