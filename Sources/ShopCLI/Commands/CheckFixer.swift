import ShopCore
import YAML

/// `shop check --fix` for one file: under the lock, read it, apply the safe fixes of its findings,
/// write it in canonical form as an edit writes it, say what was fixed, and check it again.
enum CheckFixer {
    /// What fixing one file came to: the findings that remain (all of them, when the fixed file
    /// could not be written), and why it could not be read or written.
    struct Outcome {
        var report: FileReport?
        var failure: FileError?
    }

    /// Fixes `path`: the findings that remain, or why it could not be read or written. A file
    /// that was read but could not be written keeps every finding, reported with the failure: a
    /// report without them would say a file with errors has none. They are found in its text
    /// read again: the text as first read is let go of once the rounds have fixed it, so that
    /// it is not held beside the fixed text and list while they are printed.
    static func fix(_ path: String, console: Console) -> Outcome {
        var outcome = Outcome()
        do throws(FileError) {
            // A path that does not exist is reported as unreadable before anything else.
            if !FileAccess.exists(path) { _ = try FileAccess.read(path) }
            outcome.report = try FileAccess.withEditLock(for: path, action: "fix") { () throws(FileError) -> FileReport? in
                let displayPath = CommandContext.displayName(path)
                let (bytes, version) = try FileAccess.readVersion(path)
                // A file git holds as one side's version of an unfinished merge is not written:
                // fixed, it would no longer be that side's version byte for byte, and would pass
                // for one resolved by hand with the other side's changes still missing.
                let unmerged = ListFile.unmergedFinding(path: path, bytes: bytes)
                if unmerged?.severity == .error {
                    console.note("no fix was made in \(displayPath): git holds it as one side's version of an unfinished merge")
                    return FileReport(checking: bytes, path: path, displayPath: displayPath)
                }
                // The file as it is, which neither a fix not made nor a failed write changes.
                func unfixed() -> FileReport? {
                    (try? FileAccess.read(path)).map { FileReport(checking: $0, path: path, displayPath: displayPath) }
                }
                let applied: [AppliedFix]
                switch fixed(consume bytes, path: path, displayPath: displayPath, unmerged: unmerged, console: console) {
                case .unchanged(let report):
                    return report
                case .unreadable:
                    return unfixed()
                case .fixed(let list, let fixes):
                    applied = fixes
                    // Printed straight into the file, as an edit writes: the fixed list and its
                    // text are never held together.
                    let policy = CanonicalForm.policy(for: list)
                    do throws(FileError) {
                        try FileAccess.writeAtomically(to: path, replacing: version) { write in
                            list.document.format(policy: policy, into: write)
                        }
                    } catch {
                        outcome.failure = error
                        return unfixed()
                    }
                }
                for fix in applied {
                    console.note(
                        "fixed \(displayPath):\(fix.location.line):\(fix.location.column): \(fix.title) [\(fix.rule.rawValue)]")
                }
                // The text as written is checked again, read back once the fixed list is let go of.
                let report = FileReport(checking: try FileAccess.read(path), path: path, displayPath: displayPath)
                if report.hasErrors { console.note(noFixApplies(to: displayPath, afterFixes: true)) }
                return report
            }
        } catch {
            outcome.failure = error
        }
        return outcome
    }

    /// What fixing a text came to.
    private enum Fixing {
        /// No fix applied: the report of the text as it is.
        case unchanged(FileReport)
        /// The fixed list, to be written in canonical form, and the fixes made, in order.
        case fixed(ShoppingList, [AppliedFix])
        /// The fixed text did not read as a list (the rounds make none such): the file stays.
        case unreadable
    }

    /// Applies the safe fixes of the list `bytes` hold in rounds and reads the fixed text as a
    /// list; the rounds' findings are let go of when this returns. A file left as it is is
    /// reported with its `unmerged` finding, when git holds it as unmerged.
    private static func fixed(
        _ bytes: consuming [UInt8], path: String, displayPath: String, unmerged: Finding?, console: Console
    ) -> Fixing {
        let rounds: FixRounds
        switch FixRounds.apply(to: consume bytes) {
        case .failure(let failure):
            console.note(noFixApplies(to: displayPath, afterFixes: false))
            let loaded = ListFile.unreadable(failure, bytes: failure.source.bytes, path: path).diagnostics
            return .unchanged(
                FileReport(
                    path: displayPath, diagnostics: ResolvedFindings(loaded.findings.adding(unmerged: unmerged), in: loaded.source)))
        case .success(let made):
            rounds = made
        }
        guard !rounds.fixed.isEmpty else {
            // No round was made: the rounds' text is the text as read. They judge the list
            // alone; a list that names a catalog is reported as check reports it, resolved
            // against its catalog.
            let bytes = rounds.bytes
            if namesCatalog(bytes) {
                let report = FileReport(checking: bytes, path: path, displayPath: displayPath)
                if report.hasErrors { console.note(noFixApplies(to: displayPath, afterFixes: false)) }
                return .unchanged(report)
            }
            // Safe fixes that were not made are said to be waiting, not left to look ignored.
            let findings = rounds.findings
            if findings.contains(where: { $0.rule == .structure }), findings.contains(where: { $0.fixes.contains(where: \.isSafe) }) {
                console.note("no fix was made in \(displayPath): its structure errors must be fixed by hand first")
            } else if findings.contains(where: { $0.severity == .error }) {
                // Else `--fix` would end with the errors and no word on why none went away.
                console.note(noFixApplies(to: displayPath, afterFixes: false))
            }
            return .unchanged(
                FileReport(
                    path: displayPath, diagnostics: ResolvedFindings(findings.adding(unmerged: unmerged), in: SourceText(bytes: bytes))))
        }
        // The rounds read the fixed text as a list already, and let go of it: it reads again.
        guard case .success(let list) = ShoppingList.read(rounds.bytes) else { return .unreadable }
        return .fixed(list, Array(rounds.fixed.joined()))
    }

    /// Whether the list `bytes` hold names a catalog (looked for in the text first: most lists do
    /// not, and are not read again).
    private static func namesCatalog(_ bytes: [UInt8]) -> Bool {
        let word = Array("catalog".utf8)
        guard bytes.count >= word.count,
            (0...(bytes.count - word.count)).contains(where: { bytes[$0..<($0 + word.count)].elementsEqual(word) })
        else { return false }
        guard case .success(let list) = ShoppingList.read(bytes) else { return false }
        return list.catalogNode != nil
    }

    /// Says that the errors of a file (those left once the fixes were made, `afterFixes`) have no
    /// safe fix: they are for a person to mend.
    private static func noFixApplies(to displayPath: String, afterFixes: Bool) -> String {
        "no fix applies to the errors \(afterFixes ? "left in" : "of") \(displayPath); they must be fixed by hand"
    }
}
