/// `unmerged`: git still holds the file as unmerged, after a merge, rebase, cherry-pick, revert or
/// `stash pop` that stopped on it.
///
/// The rule reads git's state, not the list: the command that reads the file looks the path up
/// in git's index (``GitIndex``) and makes the finding here from what it found and the file's
/// bytes. Its findings have two severities, so each carries its own:
/// - an error when the file is byte for byte one side's version: the other side's changes are
///   not in it. This is what git leaves when it could not run the merge driver (shop not on the
///   `PATH` of a GUI client, say): no conflict markers, `git status` says `UU`, and without this
///   error every command would take the file, and `git commit -am` would drop the other side's
///   edits without a word. Every command that refuses a file with errors refuses it.
/// - a warning otherwise: resolved by hand, but not yet added, so that git still holds it.
enum UnmergedRule {
    static let rule = Rule(
        id: .unmerged,
        summary: "Git still holds the file as unmerged: an error while it is one side's version as it was (the other "
            + "side's changes are not in it), a warning once it is resolved by hand and not yet added.",
        check: nil)
}

extension Finding {
    /// The `unmerged` finding of a file whose text is `bytes` and which git holds as unmerged
    /// with `stages`, named `name` in the message (as the reader would name it to git). It is at
    /// the file's first line, which it covers: the finding is about the whole file.
    public init(unmerged stages: UnmergedStages, bytes: [UInt8], name: String) {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var end = start
        while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
        let quoted = ListEditor.quotedForShell(name)
        let side = stages.side(of: bytes)
        let message =
            side.map {
                "git still holds \(name) as unmerged, and it is byte for byte one side's version (\($0.rawValue)): "
                    + "the other side's changes are not in it, as when git could not run the merge driver; "
                    + "'git checkout -m \(quoted)' makes the merge again (with shop's driver once 'shop git setup' has run)"
            } ?? "git still holds \(name) as unmerged: 'git add \(quoted)' once it is resolved"
        self.init(
            rule: .unmerged, severity: side == nil ? .warning : .error, span: SourceSpan(start: start, end: end),
            message: FindingMessage(message))
    }
}

extension Array where Element == Finding {
    /// These findings of a file, ordered by position, with its `unmerged` finding, if any, first
    /// (it is at the file's start). Where the file has conflict markers the warning is left out:
    /// their `merge-conflict` errors already say what to resolve, and a file with markers is not
    /// resolved yet; the error is kept, as the markers would then be one side's own.
    public func adding(unmerged: Finding?) -> [Finding] {
        guard let unmerged else { return self }
        if unmerged.severity == .warning && contains(where: { $0.rule == .mergeConflict }) { return self }
        return [unmerged] + self
    }
}
