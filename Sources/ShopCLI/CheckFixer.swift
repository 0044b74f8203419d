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
    /// report without them would say a file with errors has none.
    static func fix(_ path: String, console: Console) -> Outcome {
        var outcome = Outcome()
        do throws(FileError) {
            // A path that does not exist is reported as unreadable before anything else.
            if !FileAccess.exists(path) { _ = try FileAccess.read(path) }
            outcome.report = try FileAccess.withExclusiveLock(for: path) { () throws(FileError) -> FileReport in
                let (bytes, version) = try FileAccess.readVersion(path)
                let loaded = ListFile.decode(bytes, path: path)
                let unfixed = FileReport(path: loaded.displayPath, diagnostics: loaded.diagnostics, source: loaded.source)
                guard let list = loaded.list else { return unfixed }
                let fixes = FixRounds(list: list)
                var notes: [String] = []
                for round in fixes.rounds {
                    for diagnostic in round.fixed.resolved(in: round.source) {
                        let title = diagnostic.fixes.first(where: \.isSafe)?.title ?? ""
                        notes.append(
                            "fixed \(loaded.displayPath):\(diagnostic.location.line):\(diagnostic.location.column): "
                                + "\(title) [\(diagnostic.rule.rawValue)]")
                    }
                }
                guard !notes.isEmpty else {
                    // Safe fixes that were not made are said to be waiting, not left to look ignored.
                    if list.hasStructureErrors, loaded.diagnostics.contains(where: { $0.fixes.contains(where: \.isSafe) }) {
                        console.note(
                            "no fix was made in \(loaded.displayPath): its structure errors must be fixed by hand first")
                    }
                    return unfixed
                }
                let formatted = CanonicalForm.format(fixes.document)
                do throws(FileError) {
                    try FileAccess.writeAtomically(formatted, to: path, replacing: version)
                } catch {
                    outcome.failure = error
                    return unfixed
                }
                for note in notes { console.note(note) }
                let written = ListFile.decode(formatted, path: path)
                return FileReport(path: written.displayPath, diagnostics: written.diagnostics, source: written.source)
            }
        } catch {
            outcome.failure = error
        }
        return outcome
    }
}
