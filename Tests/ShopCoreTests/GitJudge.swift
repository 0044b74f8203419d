import Foundation
@testable import ShopCore
import Testing
import TestSupport

/// git as the judge of line diffs and merges: runs `git merge-file` and `git diff --no-index` on
/// files in a temporary folder, with no user or system configuration.
struct GitJudge {
    let git: String
    let folder: URL

    /// git, or nil after telling why not: a printed line when it is not installed, a failure
    /// under `CI=true`.
    static func make(sourceLocation: SourceLocation = #_sourceLocation) throws -> GitJudge? {
        guard let git = programPath("git") else {
            if isContinuousIntegration {
                Issue.record("git is not installed (CI=true)", sourceLocation: sourceLocation)
            } else {
                print("skipped: git is not installed, so line merges are not compared with git merge-file")
            }
            return nil
        }
        return GitJudge(git: git, folder: try makeTemporaryFolder("shop-line-merge"))
    }

    func removeFolder() {
        try? FileManager.default.removeItem(at: folder)
    }

    private static let environment = [
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "HOME": "/nonexistent", "LC_ALL": "C",
    ]

    private func write(_ bytes: [UInt8], _ name: String) throws {
        try Data(bytes).write(to: folder.appendingPathComponent(name))
    }

    /// `git merge-file -p` on the three texts: the merged text and the conflict count.
    func mergeFile(
        base: [UInt8], ours: [UInt8], theirs: [UInt8], labels: (String, String, String) = ("ours", "base", "theirs"),
        markerSize: Int = 7
    ) throws -> LineMerge.Result {
        try write(base, "base")
        try write(ours, "ours")
        try write(theirs, "theirs")
        let result = try runProgram(
            git,
            [
                "merge-file", "-p", "--marker-size=\(markerSize)", "-L", labels.0, "-L", labels.1, "-L", labels.2,
                "ours", "base", "theirs",
            ], in: folder, environment: Self.environment)
        // The exit status is the number of conflicts, up to 127: count the markers (the generated
        // texts have no lines like them) and check that the status agrees.
        let opening = Array(String(repeating: "<", count: markerSize).utf8) + [0x20] + Array(labels.0.utf8)
        let conflicts = result.stdout.split(separator: 0x0A, omittingEmptySubsequences: false)
            .count { $0.starts(with: opening) && ($0.count == opening.count || $0.last == 0x0D) }
        guard Int(result.status) == min(conflicts, 127) else {
            throw GitFailure(message: "git merge-file exited with \(result.status) for \(conflicts) conflicts: \(result.stderr)")
        }
        return LineMerge.Result(merged: result.stdout, conflicts: conflicts)
    }

    /// The changes `git diff --no-index -U0` finds (git's default algorithm, with or without its
    /// indent heuristic), read from its hunk headers.
    func diff(old: [UInt8], new: [UInt8], indentHeuristic: Bool) throws -> [LineDiff.Change] {
        try write(old, "old")
        try write(new, "new")
        let result = try runProgram(
            git,
            [
                "diff", "--no-index", "--no-color", "-U0", "--diff-algorithm=myers",
                indentHeuristic ? "--indent-heuristic" : "--no-indent-heuristic", "old", "new",
            ], in: folder, environment: Self.environment)
        guard result.status == 0 || result.status == 1 else {
            throw GitFailure(message: "git diff exited with \(result.status): \(result.stderr)")
        }
        // Split as bytes: a String would take CR LF for one character.
        return result.stdout.split(separator: 0x0A)
            .map { String(decoding: $0, as: UTF8.self) }
            .filter { $0.hasPrefix("@@ ") }
            .map { header in
                let fields = header.split(separator: " ")
                let (oldStart, oldCount) = Self.range(fields[1].dropFirst())
                let (newStart, newCount) = Self.range(fields[2].dropFirst())
                return LineDiff.Change(oldStart: oldStart, oldCount: oldCount, newStart: newStart, newCount: newCount)
            }
    }

    /// A hunk header's `START[,COUNT]`, as a 0-based first line and a count (an empty range names
    /// the line before it).
    private static func range(_ field: Substring) -> (Int, Int) {
        let parts = field.split(separator: ",").compactMap { Int($0) }
        let start = parts.first ?? 0
        let count = parts.count > 1 ? parts[1] : 1
        return (count == 0 ? start : start - 1, count)
    }
}

struct GitFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
