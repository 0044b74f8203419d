import ShopCore
import YAML

/// The one path every editing command takes: lock the list file (and the catalog it names), read
/// it, check it, apply the change, check the result, write it back in canonical form atomically,
/// unlock. A list that names a catalog is edited as it reads, resolved: each change goes to the
/// file that owns the value, and when both files change, both new texts are written out in full
/// before either replaces its file.
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
            // A named pipe or a device is refused before anything reads it: a read would wait.
            try FileAccess.refuseSpecialFile(path, action: "edit")
            // The list's folder is locked first; a list that names a catalog in another folder is
            // then edited again with both folders locked together (in one order, so that two edits
            // never each hold one and wait for the other), and must still name that catalog.
            var catalog: String?
            for _ in 0..<3 {
                let status = try FileAccess.withEditLocks(for: [path] + (catalog.map { [$0] } ?? [])) {
                    () throws(FileError) -> Int32? in
                    try editLocked(path: path, context: context, preview: preview, locked: &catalog, change)
                }
                if let status { return status }
            }
            console.error("\(CommandContext.displayName(path)) kept changing the catalog it names while it was being edited; nothing was written")
            return 2
        } catch {
            report(error, console)
            return 2
        }
    }

    /// The edit, with the list's lock held, and the lock of `locked` (a catalog in another folder,
    /// when it exists). Nil when the list names a catalog in another folder that is not the one
    /// locked (`locked` then says which): the edit is to be made again with that one's lock too.
    private static func editLocked(
        path: String, context: CommandContext, preview: ((ShoppingList, ShoppingList) -> Void)?,
        locked: inout String?, _ change: (inout ListEditor) throws(EditRefusal) -> Void
    ) throws(FileError) -> Int32? {
        let console = context.console
        let (bytes, version) = try FileAccess.readVersion(path)
        if let refused = ListFile.unmergedRefusal(path: path, bytes: bytes) {
            refused.reportRefusal(to: console)
            return 1
        }
        var list: ShoppingList
        switch ShoppingList.read(bytes) {
        case .failure(let failure):
            ListFile.unreadable(failure, bytes: bytes, path: path).reportRefusal(to: console)
            return 1
        case .success(let read):
            list = read
        }
        var named: String?
        var catalogVersion: FileVersion?
        if let written = list.namedCatalog {
            let catalog = ListFile.catalogPath(written, listPath: path)
            if catalog != locked, FileAccess.exists(catalog), !(try FileAccess.sharesLock(catalog, with: path)) {
                locked = catalog
                return nil
            }
            named = catalog
            // A named pipe or a device is refused before anything reads it: a read would wait.
            try FileAccess.refuseSpecialFile(catalog, action: "edit")
            let read = ListFile.readingCatalog { () throws(FileError) in try FileAccess.readVersion(catalog) }
            catalogVersion = try? read.get().version
            list = list.resolvingCatalog(read.map(\.bytes))
        }
        let made = edit(consume list, path: path, catalog: named, context: context, keepingBefore: preview != nil, change)
        switch made {
        case .ended(let status):
            return status
        case .edited(let before, let after, let catalogAfter, let notes):
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
            var writes: [(FileAccess.PreparedWrite, FileVersion?)] = []
            var committed = 0
            defer { for (write, _) in writes.dropFirst(committed) { write.discard() } }
            // Both texts are written out in full first: a failing disk then changes neither file.
            // The catalog is put in place first: a list's change can rest on it (a category
            // added there), never the other way round.
            if let catalogAfter, let catalog = named {
                let policy = CanonicalForm.policy(for: catalogAfter)
                writes.append(
                    (try FileAccess.prepareAtomicWrite(to: catalog) { write in catalogAfter.document.format(policy: policy, into: write) },
                     catalogVersion))
            }
            if let after {
                // The decoding of the re-check tells the canonical form what to look at; the
                // text is written as it is printed, so that a large list is never held twice.
                let policy = CanonicalForm.policy(for: after)
                writes.append(
                    (try FileAccess.prepareAtomicWrite(to: path) { write in after.document.format(policy: policy, into: write) },
                     version))
            }
            for (write, expected) in writes {
                try FileAccess.checkUnchanged(write.target, since: expected, displayPath: write.path)
            }
            for (write, expected) in writes {
                do throws(FileError) {
                    try write.commit(replacing: expected)
                    committed += 1
                } catch {
                    committed += 1
                    guard committed > 1 else { throw error }
                    // The catalog has its part of the change, the list not: said as it is.
                    report(notes.filter { $0.file == .catalog }, path: path, catalog: named, console)
                    console.error(
                        error.description + "; \(CommandContext.displayName(writes[0].0.path)) has its part of the change, "
                            + "\(CommandContext.displayName(write.path)) does not")
                    return 2
                }
            }
            report(notes, path: path, catalog: catalogAfter == nil ? nil : named, console)
            return 0
        }
    }

    /// What an edit came to before anything is written.
    private enum Made {
        /// The command ends with this status: the edit was refused, and why was said.
        case ended(Int32)
        /// The list as read (kept for a preview only), the list the edit makes (nil when it changes
        /// nothing), the catalog it makes (nil when it does not change it), and what the edit said.
        case edited(before: ShoppingList?, after: ShoppingList?, catalog: ShoppingList?, notes: [EditNote])
    }

    /// Makes `change` on `list`, read from the file at `path`. Unless `keepingBefore`, the list
    /// as read is let go of when this returns: an edit of a long list then prints the list it makes
    /// without holding the one it read.
    private static func edit(
        _ list: consuming ShoppingList, path: String, catalog: String?, context: CommandContext, keepingBefore: Bool,
        _ change: (inout ListEditor) throws(EditRefusal) -> Void
    ) -> Made {
        let console = context.console
        let displayPath = CommandContext.displayName(path)
        // Kept here for a preview only: else the editor holds the only copy of the list as read.
        let before = keepingBefore ? copy list : nil
        guard let editor = changed(list, path: path, catalog: catalog, context: context, change) else { return .ended(1) }
        guard editor.changed else {
            return .edited(before: before, after: nil, catalog: nil, notes: editor.notes)
        }
        let editedCatalog = editor.editedCatalog
        if let editedCatalog, !editedCatalog.check(RuleRegistry.structural).isEmpty {
            console.error("the change would leave \(catalog.map(CommandContext.displayName) ?? "the catalog") broken; nothing was written")
            return .ended(1)
        }
        guard editor.listChanged else {
            return .edited(before: before, after: nil, catalog: editedCatalog, notes: editor.notes)
        }
        // One re-check of the edited document: its shape must stay a list's. The editor ends
        // here, and with it its changes (a large import's new items) and its hold on the list as
        // read: unless a preview shows it, the tree read is freed before the edited one is decoded.
        let notes = editor.notes
        let edited = (consume editor).takeEditedList()
        guard edited.check(RuleRegistry.structural).isEmpty else {
            console.error("the change would leave \(displayPath) broken; nothing was written")
            return .ended(1)
        }
        return .edited(before: before, after: edited, catalog: editedCatalog, notes: notes)
    }

    /// The editor of `list` with `change` made, which holds the list from then on; nil when the
    /// list or the change is refused, and why was said.
    private static func changed(
        _ list: consuming ShoppingList, path: String, catalog: String?, context: CommandContext,
        _ change: (inout ListEditor) throws(EditRefusal) -> Void
    ) -> ListEditor? {
        let list = list
        do throws(EditRefusal) {
            // Decoded once, as it was read; the editor checks only the shape it needs.
            var editor = try ListEditor(list: list)
            if let named = context.arguments.value("file") {
                editor.command = "shop -f " + ListEditor.quotedForShell(named)
            }
            if let catalog { editor.catalogName = CommandContext.displayName(catalog) }
            try change(&editor)
            return editor
        } catch {
            if !error.diagnostics.isEmpty {
                ListFile.report(
                    error.diagnostics, path: CommandContext.displayName(path), source: list.document.source, to: context.console)
            }
            report(error, path: path, context.console)
            return nil
        }
    }

    /// Says why an edit was refused. Which file refused is said when it is not the one a reader
    /// would assume (the diagnostics, when there are some, already name it).
    private static func report(_ refusal: EditRefusal, path: String, _ console: Console) {
        let named = path == ListDiscovery.defaultName || !refusal.diagnostics.isEmpty
        console.error((named ? "" : CommandContext.displayName(path) + ": ") + refusal.message)
    }

    /// Says what an edit did; which file changed is said when it is not the one a reader would
    /// assume: always when the edit changed `catalog`, for each note. What was read
    /// (``EditNote/Kind/info``) is said by a preview only.
    private static func report(_ notes: [EditNote], path: String, catalog: String? = nil, _ console: Console) {
        let listPlace = path == ListDiscovery.defaultName && catalog == nil ? "" : " (\(CommandContext.displayName(path)))"
        let catalogPlace = " (\(catalog.map(CommandContext.displayName) ?? "catalog"))"
        for note in notes {
            let place = note.file == .catalog ? catalogPlace : listPlace
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
