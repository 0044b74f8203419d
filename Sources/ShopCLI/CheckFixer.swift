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
    /// report without them would say a file with errors has none. The rounds of fixes check the
    /// text in parts, and the fixed text is printed in parts into `temporaryFolder` (when it is
    /// large) before it replaces the file.
    static func fix(_ path: String, console: Console, temporaryFolder: String) -> Outcome {
        var outcome = Outcome()
        do throws(FileError) {
            // A path that does not exist is reported as unreadable before anything else.
            if !FileAccess.exists(path) { _ = try FileAccess.read(path) }
            outcome.report = try FileAccess.withEditLock(for: path, action: "fix") { () throws(FileError) -> FileReport in
                let displayPath = CommandContext.displayName(path)
                let spool = OutputSpool(folder: temporaryFolder)
                // Fixed and printed; the texts are let go of before the printed one is checked.
                switch try fixAndWrite(
                    path, displayPath: displayPath, into: spool, temporaryFolder: temporaryFolder, console: console)
                {
                case .unchanged(let report):
                    return report
                case .failed(let error):
                    outcome.failure = error
                    // The file as it is, read again (the text was let go of while it was fixed):
                    // one that could not be written keeps every finding it has.
                    return FileReport(
                        checking: (try? FileAccess.read(path)) ?? [], path: path, displayPath: displayPath,
                        temporaryFolder: temporaryFolder)
                case .written:
                    break
                }
                let report = FileReport(
                    checking: try spool.text(), path: path, displayPath: displayPath, temporaryFolder: temporaryFolder)
                if report.hasErrors { console.note(noFixApplies(to: displayPath, afterFixes: true)) }
                return report
            }
        } catch {
            outcome.failure = error
        }
        return outcome
    }

    /// What ``fixAndWrite(_:displayPath:into:console:)`` did.
    private enum Fixing {
        /// No fix applied: the report of the file as it was read.
        case unchanged(FileReport)
        /// The fixed file could not be written, and why.
        case failed(FileError)
        /// The fixed text is written, and held in the spool.
        case written
    }

    /// Applies the safe fixes of `path` in rounds, each round's text made into `spool` and, when
    /// one applied, prints the fixed text in canonical form into `spool`, writes it over the file
    /// and says what was fixed.
    private static func fixAndWrite(
        _ path: String, displayPath: String, into spool: OutputSpool, temporaryFolder: String, console: Console
    ) throws(FileError) -> Fixing {
        LargeBuffers.giveBackWhenFreed()
        let (bytes, version) = try FileAccess.readVersion(path)
        // A file git holds as one side's version of an unfinished merge is not written: fixed, it
        // would no longer be that side's version byte for byte, and would pass for one resolved
        // by hand with the other side's changes still missing.
        let unmerged = ListFile.unmergedFinding(path: path, bytes: bytes)
        if unmerged?.severity == .error {
            console.note("no fix was made in \(displayPath): git holds it as one side's version of an unfinished merge")
            return .unchanged(FileReport(checking: bytes, path: path, displayPath: displayPath, temporaryFolder: temporaryFolder))
        }
        // The findings wait packed, in a temporary file when they are many, while the text is
        // checked, and the fixes are chosen as they come back.
        var store = FindingSpool(folder: temporaryFolder)
        let rest: [Finding]
        switch ShoppingList.checkInParts(bytes, into: &store) {
        case .failure(let failure):
            let loaded = ListFile.unreadable(failure, bytes: bytes, path: path).diagnostics
            console.note(noFixApplies(to: displayPath, afterFixes: false))
            return .unchanged(
                FileReport(
                    path: displayPath, diagnostics: ResolvedFindings(loaded.findings.adding(unmerged: unmerged), in: loaded.source)))
        case .success(let checked):
            rest = checked.findings
        }
        let applied: [AppliedFixes]
        do throws(FileError) {
            var roundSpool = spool
            // The rounds take the text over: it is let go of while each round's text is made.
            let rounds = try FixRounds(consume bytes, checked: store, rest: rest, spool: &roundSpool)
            guard !rounds.fixed.isEmpty else {
                // Safe fixes that were not made are said to be waiting, not left to look ignored.
                var structure = false
                var safe = false
                var errors = false
                try rounds.forEachFinding { finding in
                    structure = structure || finding.rule == .structure
                    safe = safe || finding.fixes.contains(where: \.isSafe)
                    errors = errors || finding.severity == .error
                }
                if structure && safe {
                    console.note("no fix was made in \(displayPath): its structure errors must be fixed by hand first")
                } else if errors {
                    // Else `--fix` would end with the errors and no word on why none went away.
                    console.note(noFixApplies(to: displayPath, afterFixes: false))
                }
                return .unchanged(
                    FileReport(
                        path: displayPath, spooled: rounds.store, rest: rounds.rest.adding(unmerged: unmerged),
                        source: SourceText(bytes: rounds.bytes)))
            }
            applied = rounds.fixed
            // The rounds checked that the fixed text reads. The spool, which held their texts,
            // takes the printed one.
            spool.discard()
            _ = CanonicalForm.formatInParts(rounds.bytes, restart: spool.discard, into: spool.write)
        } catch {
            return .failed(error)
        }
        var failure: FileError?
        do throws(FileError) {
            try FileAccess.writeAtomically(to: path, replacing: version) { write in
                do throws(FileError) { try spool.deliver(to: write) } catch { failure = error }
            }
            if let failure { throw failure }
        } catch {
            return .failed(error)
        }
        for fix in applied.joined() {
            console.note(
                "fixed \(displayPath):\(fix.location.line):\(fix.location.column): \(fix.title) [\(fix.rule.rawValue)]")
        }
        return .written
    }

    /// Says that the errors of a file (those left once the fixes were made, `afterFixes`) have no
    /// safe fix: they are for a person to mend.
    private static func noFixApplies(to displayPath: String, afterFixes: Bool) -> String {
        "no fix applies to the errors \(afterFixes ? "left in" : "of") \(displayPath); they must be fixed by hand"
    }

}
