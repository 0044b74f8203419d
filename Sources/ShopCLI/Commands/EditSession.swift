import ShopCore
import YAML

/// The one path every editing command takes: lock the list file, read it, check it, apply the
/// change, check the result, write it back in canonical form atomically, unlock.
enum EditSession {
    /// Runs `change` on the list file; returns the exit status. With `preview`, nothing is
    /// written: the list as read and as it would be written go to `preview` instead, and only
    /// warnings are said.
    /// With `resolvingCatalog`, the list is resolved against the catalog it names before the
    /// change sees it; the catalog is read, never written.
    static func run(
        _ context: CommandContext, preview: ((_ before: ShoppingList, _ after: ShoppingList) -> Void)? = nil,
        resolvingCatalog: Bool = false, _ change: (inout ListEditor) throws(EditRefusal) -> Void
    ) -> Int32 {
        let path = context.listFile
        let console = context.console
        // `-` reads standard input everywhere else; an edit could read it but not write it back.
        guard path != "-" else {
            console.error("an edit needs a list file, and '-' is standard input; write ./- for a file named '-'")
            return 2
        }
        // Checked before the lock, so that a missing list gets no lock file beside it.
        guard FileAccess.exists(path) else {
            report(FileError(path: path, action: "read", reason: "No such file or directory", code: ENOENTCode), console)
            return 2
        }
        do throws(FileError) {
            return try FileAccess.withEditLock(for: path) { () throws(FileError) -> Int32 in
                let (bytes, version) = try FileAccess.readVersion(path)
                if let refused = ListFile.unmergedRefusal(path: path, bytes: bytes) {
                    refused.reportRefusal(to: console)
                    return 1
                }
                switch edit(
                    bytes, path: path, context: context, keepingBefore: preview != nil, resolvingCatalog: resolvingCatalog, change)
                {
                case .ended(let status):
                    return status
                case .edited(let before, let after, let notes):
                    if let preview, let before {
                        preview(before, after ?? before)
                        for note in notes {
                            switch note.kind {
                            case .warning: console.warning(note.message)
                            case .info: console.note(note.message)
                            case .changed, .unchanged: break
                            }
                        }
                        return 0
                    }
                    if let after {
                        // The decoding of the re-check tells the canonical form what to look at; the
                        // text is written as it is printed, so that a large list is never held twice.
                        let policy = CanonicalForm.policy(for: after)
                        try FileAccess.writeAtomically(to: path, replacing: version) { write in
                            after.document.format(policy: policy, into: write)
                        }
                    }
                    report(notes, path: path, console)
                    return 0
                }
            }
        } catch {
            report(error, console)
            return 2
        }
    }

    /// What an edit came to before anything is written.
    private enum Made {
        /// The command ends with this status: the edit was refused, and why was said.
        case ended(Int32)
        /// The list as read (kept for a preview only), the list the edit makes (nil when it changes
        /// nothing), and what the edit said.
        case edited(before: ShoppingList?, after: ShoppingList?, notes: [EditNote])
    }

    /// Makes `change` on the list `bytes` hold (the file at `path`). Unless `keepingBefore`, the list
    /// as read is let go of when this returns: an edit of a long list then prints the list it makes
    /// without holding the one it read.
    private static func edit(
        _ bytes: [UInt8], path: String, context: CommandContext, keepingBefore: Bool, resolvingCatalog: Bool,
        _ change: (inout ListEditor) throws(EditRefusal) -> Void
    ) -> Made {
        let console = context.console
        let list: ShoppingList
        switch ShoppingList.read(bytes) {
        case .failure(let failure):
            let loaded = ListFile.unreadable(failure, bytes: bytes, path: path)
            loaded.reportDiagnostics(to: console, errorsOnly: true)
            console.error(loaded.unreadableAdvice)
            return .ended(1)
        case .success(let read):
            list = resolvingCatalog ? ListFile.resolvingCatalog(read, listPath: path).list : read
        }
        let displayPath = CommandContext.displayName(path)
        var editor: ListEditor
        do throws(EditRefusal) {
            // Decoded once, as it was read; the editor checks only the shape it needs.
            editor = try ListEditor(list: list)
            if let named = context.arguments.value("file") {
                editor.command = "shop -f " + ListEditor.quotedForShell(named)
            }
            try change(&editor)
        } catch {
            if !error.diagnostics.isEmpty {
                ListFile.report(error.diagnostics, path: displayPath, source: list.document.source, to: console)
            }
            report(error, path: path, console)
            return .ended(1)
        }
        guard editor.changed else { return .edited(before: keepingBefore ? list : nil, after: nil, notes: editor.notes) }
        // One re-check of the edited document: its shape must stay a list's. The editor lets go of
        // its changes once they are made (a large import's new items).
        let edited = editor.takeEditedList()
        guard edited.check(RuleRegistry.structural).isEmpty else {
            console.error("the change would leave \(displayPath) broken; nothing was written")
            return .ended(1)
        }
        return .edited(before: keepingBefore ? list : nil, after: edited, notes: editor.notes)
    }

    /// Says why an edit was refused. Which file refused is said when it is not the one a reader
    /// would assume (the diagnostics, when there are some, already name it).
    private static func report(_ refusal: EditRefusal, path: String, _ console: Console) {
        let named = path == ListDiscovery.defaultName || !refusal.diagnostics.isEmpty
        console.error((named ? "" : CommandContext.displayName(path) + ": ") + refusal.message)
    }

    /// Says what an edit did; which file changed is said when it is not the one a reader would
    /// assume. What was read (``EditNote/Kind/info``) is said by a preview only.
    private static func report(_ notes: [EditNote], path: String, _ console: Console) {
        let place = path == ListDiscovery.defaultName ? "" : " (\(CommandContext.displayName(path)))"
        for note in notes {
            switch note.kind {
            case .warning: console.warning(note.message)
            case .changed, .unchanged: console.note(note.message + place)
            case .info: break
            }
        }
    }

    /// Says why the list file could not be read or written. A missing list always gets the hint:
    /// the positional arguments of editing commands are item names, not files.
    private static func report(_ error: FileError, _ console: Console) {
        var message = error.description
        if error.code == ENOENTCode && error.action == "read" { message += ListFile.initHint(for: error.path) }
        console.error(message)
    }
}
