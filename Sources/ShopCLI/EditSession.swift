import ShopCore

/// The one path every editing command takes: lock the list file, read it, check it, apply the
/// change, check the result, write it back in canonical form atomically, unlock.
enum EditSession {
    /// Runs `change` on the list file; returns the exit status.
    static func run(
        _ context: CommandContext, _ change: (inout ListEditor) throws(EditRefusal) -> Void
    ) -> Int32 {
        let path = context.listFile
        let console = context.console
        guard FileAccess.exists(path) else {
            ListFile.reportUnreadable(
                FileError(path: path, action: "read", reason: "No such file or directory", code: ENOENTCode),
                path: path, context: context)
            return 2
        }
        do throws(FileError) {
            return try FileAccess.withExclusiveLock(for: path) { () throws(FileError) -> Int32 in
                let bytes = try FileAccess.read(path)
                let loaded = ListFile.decode(bytes, path: path)
                guard let document = loaded.document else {
                    loaded.reportDiagnostics(to: console, errorsOnly: true)
                    console.error("\(loaded.displayPath) is not valid YAML; fix it by hand first (see 'shop check')")
                    return 1
                }
                var editor: ListEditor
                do throws(EditRefusal) {
                    editor = try ListEditor(document: document)
                    try change(&editor)
                } catch {
                    if !error.diagnostics.isEmpty {
                        ListFile(path: path, bytes: bytes, document: document, list: nil, diagnostics: error.diagnostics)
                            .reportDiagnostics(to: console)
                    }
                    console.error(error.message)
                    return 1
                }
                let formatted = CanonicalForm.format(editor.document)
                let result = ListFile.decode(formatted, path: path)
                if result.document == nil || result.list?.hasStructureErrors != false {
                    console.error("the change would leave \(loaded.displayPath) broken; nothing was written")
                    return 1
                }
                if formatted != bytes {
                    try FileAccess.writeAtomically(formatted, to: path)
                }
                for note in editor.notes {
                    if note.hasPrefix("warning: ") {
                        console.warning(String(note.dropFirst("warning: ".count)))
                    } else {
                        console.note(note)
                    }
                }
                return 0
            }
        } catch {
            ListFile.reportUnreadable(error, path: path, context: context)
            return 2
        }
    }
}
