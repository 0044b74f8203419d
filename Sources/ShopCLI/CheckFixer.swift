import ShopCore
import YAML

/// `shop check --fix` for one file: under the lock, read it, apply the safe fixes of its findings,
/// write it in canonical form as an edit writes it, say what was fixed, and check it again.
enum CheckFixer {
    /// The findings that remain after fixing `path`, or why it could not be read or written.
    static func fix(_ path: String, console: Console) -> Result<FileReport, FileError> {
        do throws(FileError) {
            // A path that does not exist is reported as unreadable before anything else.
            if !FileAccess.exists(path) { _ = try FileAccess.read(path) }
            return .success(
                try FileAccess.withExclusiveLock(for: path) { () throws(FileError) -> FileReport in
                    let loaded = ListFile.decode(try FileAccess.read(path), path: path)
                    guard let list = loaded.list else {
                        return FileReport(path: loaded.displayPath, diagnostics: loaded.diagnostics, source: loaded.source)
                    }
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
                        return FileReport(path: loaded.displayPath, diagnostics: loaded.diagnostics, source: loaded.source)
                    }
                    let formatted = CanonicalForm.format(fixes.document)
                    try FileAccess.writeAtomically(formatted, to: path)
                    for note in notes { console.note(note) }
                    let written = ListFile.decode(formatted, path: path)
                    return FileReport(path: written.displayPath, diagnostics: written.diagnostics, source: written.source)
                })
        } catch {
            return .failure(error)
        }
    }
}
