import Foundation
import ShopCore

/// The merge benchmark's pairs: `merge-pairs COUNT` generates COUNT pairs of concurrent household
/// edits on realistic lists (Tests/ShopCoreTests/Household*.swift), merges each with `git
/// merge-file` and with shop's merge, works out what the rules of the merge say on the model, and
/// prints how many pairs each merges cleanly, how many true conflicts shop reports, and whether
/// anything was lost. Exit status 1 when a pair that should merge cleanly conflicts, a true
/// conflict is missed, or a change of either side is lost.
@main
struct MergePairs {
    static func main() throws {
        let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 1000 : 1000
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shop-merge-pairs-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var gitConflicts = 0
        var shopClean = 0
        var expectedConflicts = 0
        var reported = 0
        var missed: [String] = []
        var spurious: [String] = []
        var lost: [String] = []
        var items = 0
        var edits = 0
        var shopSeconds = 0.0
        for number in 0..<count {
            let pair = HouseholdPair(seed: 0x4245_4E43_4800 + UInt64(number), items: 20...300, edits: 1...8)
            let (base, sides) = (pair.base, [pair.ours, pair.theirs])
            items += base.items.count
            edits += pair.edits.map(\.count).reduce(0, +)
            let texts = [base.text, sides[0].text, sides[1].text]
            for (name, text) in zip(["base", "ours", "theirs"], texts) {
                try Data(text.utf8).write(to: folder.appendingPathComponent(name))
            }
            if try gitMergeFile(in: folder) > 0 { gitConflicts += 1 }
            let start = Date()
            let result = ListMerge.merge(base: Array(texts[0].utf8), ours: Array(texts[1].utf8), theirs: Array(texts[2].utf8))
            shopSeconds += Date().timeIntervalSince(start)
            let merged = String(decoding: result.merged, as: UTF8.self)
            let expected = HouseholdMergeOracle.merge(base: base, ours: sides[0], theirs: sides[1])
            if result.conflicts == 0 { shopClean += 1 }
            if expected.conflicts {
                expectedConflicts += 1
                if result.conflicts > 0 { reported += 1 } else { missed.append("pair \(number)") }
            } else if result.conflicts > 0 {
                spurious.append("pair \(number)")
            }
            for (takingOurs, wanted, title) in [(true, expected.ours, expected.oursTitle), (false, expected.theirs, expected.theirsTitle)] {
                let read = HouseholdReading.read(HouseholdReading.resolve(merged, takingOurs: takingOurs))
                if read?.items.map(HouseholdMergeOracle.describe).sorted() != wanted || read?.title != title {
                    lost.append("pair \(number) taking \(takingOurs ? "ours" : "theirs")")
                }
            }
        }
        func percent(_ part: Int) -> String { String(format: "%.1f%%", 100 * Double(part) / Double(max(count, 1))) }
        print("pairs: \(count) (lists of 20 to 300 items, \(items / max(count, 1)) on average; \(edits) edits, 1 to 8 a side)")
        print("git merge-file: conflicts on \(gitConflicts) pairs (\(percent(gitConflicts)))")
        print("shop merge: clean on \(shopClean) pairs (\(percent(shopClean))), conflicts on \(count - shopClean)")
        print("true conflicts (both sides changed one thing differently, by the rules worked out apart): \(expectedConflicts); shop reports \(reported)")
        print("pairs whose edits touch different keys or items but conflict: \(spurious.count)")
        print("true conflicts missed: \(missed.count)")
        print("changes lost (a side's change neither in the result nor between markers): \(lost.count)")
        print(String(format: "shop's merge time: %.1f ms per pair on average", 1000 * shopSeconds / Double(max(count, 1))))
        for failure in (spurious + missed + lost).prefix(10) { print("  failed: \(failure)") }
        if !spurious.isEmpty || !missed.isEmpty || !lost.isEmpty { exit(1) }
    }

    /// `git merge-file -p` on the three files: the number of conflicts (its exit status).
    static func gitMergeFile(in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "merge-file", "-p", "ours", "base", "theirs"]
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus >= 0, process.terminationStatus < 128 else {
            throw NSError(domain: "git merge-file failed", code: Int(process.terminationStatus))
        }
        return process.terminationStatus
    }
}
