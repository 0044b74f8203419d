import ShopCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The section texts of a Markdown or HTML export written in parts (see ``PartsExport``): in memory
/// up to 1 MiB in all, and beyond that the largest sections' texts go to an unnamed temporary file
/// (``TemporaryFile``), in pieces, so that a large export is never held in memory whole, however
/// many sections it has. Where no such file can be made or written, memory holds the rest.
final class SpooledSections: SectionTexts {
    /// How much text is held in memory before the largest sections' go to the file.
    static let memoryLimit = 1 << 20

    private var memory: [[UInt8]] = []
    private var held = 0
    /// Each section's pieces in the file, in order: they come before its text in memory.
    private var pieces: [[Range<Int>]] = []
    private var file: Int32 = -1
    private var fileCount = 0
    /// Whether the file failed (could not be made, or written): memory holds everything after.
    private var fileFailed = false
    /// The first failure to read the file back, which the export then reports.
    private(set) var failure: FileError?

    /// Where the temporary file goes.
    private let folder: String

    /// Sections whose temporary file, when they need one, goes in `folder`.
    init(folder: String) {
        self.folder = folder
    }

    deinit {
        if file >= 0 { close(file) }
    }

    func append(_ text: UnsafeBufferPointer<UInt8>, to section: Int) {
        while memory.count <= section {
            memory.append([])
            pieces.append([])
        }
        memory[section].append(contentsOf: text)
        held += text.count
        if held > Self.memoryLimit && !fileFailed { spill() }
    }

    func isEmpty(_ section: Int) -> Bool {
        section >= memory.count || (memory[section].isEmpty && pieces[section].isEmpty)
    }

    func deliver(_ section: Int, to output: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard section < memory.count else { return }
        for piece in pieces[section] where failure == nil {
            do throws(FileError) { try TemporaryFile.read(file, piece, to: output) } catch { failure = error }
        }
        memory[section].withUnsafeBufferPointer(output)
    }

    /// Moves the largest sections' texts to the file until memory holds half its limit.
    private func spill() {
        if file < 0 {
            file = TemporaryFile.open(in: folder)
            guard file >= 0 else {
                fileFailed = true
                return
            }
        }
        while held > Self.memoryLimit / 2 {
            guard let largest = memory.indices.max(by: { memory[$0].count < memory[$1].count }) else { return }
            let written = memory[largest].withUnsafeBufferPointer { TemporaryFile.write($0, to: file, at: fileCount) }
            guard written == memory[largest].count else {
                fileFailed = true
                return
            }
            pieces[largest].append(fileCount..<(fileCount + written))
            fileCount += written
            held -= written
            memory[largest] = []
        }
    }
}
