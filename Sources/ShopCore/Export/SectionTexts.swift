/// Where an export in parts (``PartsExport``) keeps the text of each section of a Markdown or HTML
/// export until the whole list has been read and the sections can be written in their order.
/// Sections are numbered from 0; the text of one section is handed back in the order it came.
///
/// ``SectionTextsInMemory`` keeps them in memory; a caller that may write files can keep large
/// ones in a temporary file instead.
public protocol SectionTexts: AnyObject {
    /// Appends `text` to the text of section `section`.
    func append(_ text: UnsafeBufferPointer<UInt8>, to section: Int)
    /// Whether section `section` has any text.
    func isEmpty(_ section: Int) -> Bool
    /// Hands the text of section `section` to `output`, in pieces, in order.
    func deliver(_ section: Int, to output: (UnsafeBufferPointer<UInt8>) -> Void)
}

/// Section texts kept in memory.
public final class SectionTextsInMemory: SectionTexts {
    private var texts: [[UInt8]] = []

    /// No text yet.
    public init() {}

    /// Appends `text` to the text of section `section`.
    public func append(_ text: UnsafeBufferPointer<UInt8>, to section: Int) {
        while texts.count <= section { texts.append([]) }
        texts[section].append(contentsOf: text)
    }

    /// Whether section `section` has any text.
    public func isEmpty(_ section: Int) -> Bool {
        section >= texts.count || texts[section].isEmpty
    }

    /// Hands the text of section `section` to `output`.
    public func deliver(_ section: Int, to output: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard section < texts.count else { return }
        texts[section].withUnsafeBufferPointer(output)
    }
}
