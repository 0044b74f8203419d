import ShopCore

/// The one path every editing command takes: lock the list file, read it, check it, apply the
/// change, check the result, write it back in canonical form atomically, unlock.
enum EditSession {
    /// Runs `change` on the list file; returns the exit status. With `preview`, nothing is
    /// written (and no lock taken): the list as read and as it would be written go to `preview`
    /// instead, and only warnings are said.
    static func run(
        _ context: CommandContext, preview: ((_ before: ShoppingList, _ after: ShoppingList) -> Void)? = nil,
        _ change: (inout ListEditor) throws(EditRefusal) -> Void
    ) -> Int32 {
        let path = context.listFile
        let console = context.console
        // Checked before the lock, so that a missing list gets no lock file beside it.
        guard FileAccess.exists(path) else {
            report(FileError(path: path, action: "read", reason: "No such file or directory", code: ENOENTCode), console)
            return 2
        }
        func session() throws(FileError) -> Int32 {
            let bytes = try FileAccess.read(path)
            let loaded = ListFile.decode(bytes, path: path)
            guard let document = loaded.document else {
                loaded.reportDiagnostics(to: console, errorsOnly: true)
                console.error(loaded.unreadableAdvice)
                return 1
            }
            var editor: ListEditor
            do throws(EditRefusal) {
                // The list read above is the one edited, so that it is not decoded twice.
                if let list = loaded.list {
                    editor = try ListEditor(list: list)
                } else {
                    editor = try ListEditor(document: document)
                }
                try change(&editor)
            } catch {
                if !error.diagnostics.isEmpty {
                    ListFile(path: path, bytes: bytes, document: document, list: nil, diagnostics: error.diagnostics)
                        .reportDiagnostics(to: console)
                }
                console.error(error.message)
                return 1
            }
            var after = editor.list
            if editor.changed {
                let formatted = CanonicalForm.format(editor.document)
                let result = ListFile.decode(formatted, path: path)
                guard let list = result.list, result.document != nil, !list.hasStructureErrors else {
                    console.error("the change would leave \(loaded.displayPath) broken; nothing was written")
                    return 1
                }
                after = list
                if preview == nil && !FileAccess.sameBytes(formatted, bytes) {
                    try FileAccess.writeAtomically(formatted, to: path)
                }
            }
            if let preview {
                preview(editor.list, after)
                for note in editor.notes where note.kind == .warning { console.warning(note.message) }
                return 0
            }
            // Which file changed is said when it is not the one a reader would assume.
            let place = path == ListDiscovery.defaultName ? "" : " (\(loaded.displayPath))"
            for note in editor.notes {
                switch note.kind {
                case .warning: console.warning(note.message)
                case .changed, .unchanged: console.note(note.message + place)
                }
            }
            return 0
        }
        do throws(FileError) {
            return try preview == nil ? FileAccess.withExclusiveLock(for: path, session) : session()
        } catch {
            report(error, console)
            return 2
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
