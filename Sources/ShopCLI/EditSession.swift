import ShopCore
import YAML

/// The one path every editing command takes: lock the list file, read it, check it, apply the
/// change, check the result, write it back in canonical form atomically, unlock.
enum EditSession {
    /// Runs `change` on the list file; returns the exit status. With `preview`, nothing is
    /// written: the list as read and as it would be written go to `preview` instead, and only
    /// warnings are said.
    static func run(
        _ context: CommandContext, preview: ((_ before: ShoppingList, _ after: ShoppingList) -> Void)? = nil,
        _ change: (inout ListEditor) throws(EditRefusal) -> Void
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
                let list: ShoppingList
                switch ShoppingList.read(bytes) {
                case .failure(let failure):
                    let loaded = ListFile.unreadable(failure, bytes: bytes, path: path)
                    loaded.reportDiagnostics(to: console, errorsOnly: true)
                    console.error(loaded.unreadableAdvice)
                    return 1
                case .success(let read):
                    list = read
                }
                let document = list.document
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
                        ListFile.report(error.diagnostics, path: displayPath, source: document.source, to: console)
                    }
                    report(error, path: path, console)
                    return 1
                }
                var after = list
                let changed = editor.changed
                if changed {
                    // One re-check of the edited document: its shape must stay a list's. The
                    // editor lets go of its changes once they are made (a large import's new items).
                    let editedList = editor.takeEditedList()
                    guard editedList.check(RuleRegistry.structural).isEmpty else {
                        console.error("the change would leave \(displayPath) broken; nothing was written")
                        return 1
                    }
                    after = editedList
                }
                if let preview {
                    preview(list, after)
                    for note in editor.notes where note.kind == .warning { console.warning(note.message) }
                    return 0
                }
                if changed {
                    let edited = after.document
                    let editedList = after
                    // The decoding of the re-check tells the canonical form what to look at; the
                    // text is written as it is printed, so that a large list is never held twice.
                    let policy = CanonicalForm.policy(for: editedList)
                    try FileAccess.writeAtomically(to: path, replacing: version) { write in
                        edited.format(policy: policy, into: write)
                    }
                }
                report(editor.notes, path: path, console)
                return 0
            }
        } catch {
            report(error, console)
            return 2
        }
    }

    /// Changes the items named `names` by `change` as ``run(_:preview:_:)`` does, making the change
    /// as the list is read in parts where it can (``ListEditor/editInParts(_:names:claiming:configure:change:into:)``),
    /// so that a long list is edited in the memory of a few hundred items. A change that renames
    /// an item passes the new name as `claiming`. What cannot be done in parts (a refusal, a name
    /// not found once, a file not replaced atomically) is done on the whole list, which then says
    /// why as an edit always does.
    static func runInParts(
        _ context: CommandContext, names: [String], claiming newName: String? = nil,
        _ change: @escaping (inout ListEditor, String) throws(EditRefusal) -> Void
    ) -> Int32 {
        runInParts(context, whole: { editor throws(EditRefusal) in for name in names { try change(&editor, name) } }) {
            bytes, configure, write in
            ListEditor.editInParts(bytes, names: names, claiming: newName, configure: configure, change: change, into: write)
        }
    }

    /// `clear` (with `all`, `clear --all`) as ``runInParts(_:names:claiming:_:)`` makes changes.
    static func clearInParts(_ context: CommandContext, all: Bool) -> Int32 {
        runInParts(context, whole: { editor throws(EditRefusal) in try editor.clear(all: all) }) { bytes, configure, write in
            ListEditor.clearInParts(bytes, all: all, configure: configure, into: write)
        }
    }

    /// `rm NAME...` as ``runInParts(_:names:claiming:_:)`` makes changes.
    static func removeInParts(_ context: CommandContext, names: [String]) -> Int32 {
        runInParts(context, whole: { editor throws(EditRefusal) in for name in names { try editor.remove(name) } }) {
            bytes, configure, write in
            ListEditor.removeInParts(bytes, names: names, configure: configure, into: write)
        }
    }

    /// `add` as ``runInParts(_:names:claiming:_:)`` makes changes (reading the list twice: once to
    /// find where the item goes, once to add it).
    static func addInParts(_ context: CommandContext, values: ItemValues) -> Int32 {
        runInParts(context, whole: { editor throws(EditRefusal) in try editor.add(values) }) { bytes, configure, write in
            ListEditor.addInParts(bytes, values: values, configure: configure, into: write)
        }
    }

    /// Makes an edit in parts by `edit` (which reads `bytes`, runs `configure` on each part's
    /// editor and writes the edited list with `write`), into the file that replaces the list once
    /// all went well; else makes `change` on the whole list.
    static func runInParts(
        _ context: CommandContext, whole change: (inout ListEditor) throws(EditRefusal) -> Void,
        edit: (
            _ bytes: [UInt8], _ configure: (inout ListEditor) -> Void,
            _ write: @escaping (UnsafeBufferPointer<UInt8>) -> Void
        ) -> Result<ListEditor.PartsEdit, ReadFailure>
    ) -> Int32 {
        let path = context.listFile
        let console = context.console
        guard path != "-", FileAccess.isReplaceable(path) else { return run(context, change) }
        let named = context.arguments.value("file").map { "shop -f " + ListEditor.quotedForShell($0) }
        var refused: ListFile?
        do throws(FileError) {
            let outcome = try FileAccess.withExclusiveLock(for: path) { () throws(FileError) -> ListEditor.PartsEdit? in
                let (bytes, version) = try FileAccess.readVersion(path)
                refused = ListFile.unmergedRefusal(path: path, bytes: bytes)
                if refused != nil { return nil }
                var outcome: ListEditor.PartsEdit?
                // Written as it is edited, into the file that replaces the list once all went well.
                _ = try FileAccess.attemptAtomicWrite(to: path, replacing: version) { write in
                    let result = withoutActuallyEscaping(write) { write in
                        edit(bytes, { editor in if let named { editor.command = named } }, write)
                    }
                    guard case .success(let made) = result else { return false }
                    outcome = made
                    if case .edited(_, true) = made { return true }
                    return false
                }
                return outcome
            }
            if let refused {
                refused.reportRefusal(to: console)
                return 1
            }
            switch outcome {
            case .edited(let notes, _):
                report(notes, path: path, console)
                return 0
            case .refused(let refusal):
                report(refusal, path: path, console)
                return 1
            case .readWhole, nil:
                break
            }
        } catch {
            report(error, console)
            return 2
        }
        // Released the lock: the whole edit takes it again.
        return run(context, change)
    }

    /// Previews an edit as ``run(_:preview:_:)`` does with `preview`, worked out as the list is
    /// read in parts where it can: `edit` reads the list's bytes and says what would change
    /// (`show` prints it) and what the edit would say, of which only warnings are said. What
    /// cannot be worked out in parts is previewed on the whole list by `change`.
    static func previewInParts<Changes>(
        _ context: CommandContext, whole change: (inout ListEditor) throws(EditRefusal) -> Void,
        preview: @escaping (_ before: ShoppingList, _ after: ShoppingList) -> Void,
        show: (Changes) throws(FileError) -> Void,
        edit: (_ bytes: [UInt8]) -> Result<(changes: Changes, notes: [EditNote])?, EditRefusal>
    ) -> Int32 {
        let path = context.listFile
        let console = context.console
        guard path != "-", FileAccess.exists(path) else { return run(context, preview: preview, change) }
        var refused: ListFile?
        do throws(FileError) {
            let outcome = try FileAccess.withEditLock(for: path) {
                () throws(FileError) -> Result<(changes: Changes, notes: [EditNote])?, EditRefusal> in
                let bytes = try FileAccess.readVersion(path).bytes
                refused = ListFile.unmergedRefusal(path: path, bytes: bytes)
                return refused == nil ? edit(bytes) : .success(nil)
            }
            if let refused {
                refused.reportRefusal(to: console)
                return 1
            }
            switch outcome {
            case .success(let made?):
                try show(made.changes)
                for note in made.notes where note.kind == .warning { console.warning(note.message) }
                return 0
            case .failure(let refusal):
                report(refusal, path: path, console)
                return 1
            case .success(nil):
                break
            }
        } catch {
            report(error, console)
            return 2
        }
        return run(context, preview: preview, change)
    }

    /// Says why an edit was refused. Which file refused is said when it is not the one a reader
    /// would assume (the diagnostics, when there are some, already name it).
    private static func report(_ refusal: EditRefusal, path: String, _ console: Console) {
        let named = path == ListDiscovery.defaultName || !refusal.diagnostics.isEmpty
        console.error((named ? "" : CommandContext.displayName(path) + ": ") + refusal.message)
    }

    /// Says what an edit did; which file changed is said when it is not the one a reader would
    /// assume.
    private static func report(_ notes: [EditNote], path: String, _ console: Console) {
        let place = path == ListDiscovery.defaultName ? "" : " (\(CommandContext.displayName(path)))"
        for note in notes {
            switch note.kind {
            case .warning: console.warning(note.message)
            case .changed, .unchanged: console.note(note.message + place)
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
