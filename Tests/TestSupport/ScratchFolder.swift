import Foundation

/// A new empty folder in the temporary folder for one test, removed when the test lets go of it;
/// files in it are named by their paths relative to it (`shared/catalog.yaml`).
public final class ScratchFolder: Sendable {
    /// The folder, its links resolved (so that paths a program prints from it compare equal).
    public let url: URL

    /// A new folder, its name beginning with `prefix`.
    public init(_ prefix: String = "shop-tests") throws {
        url = try makeTemporaryFolder(prefix).resolvingSymlinksInPath()
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The file `name` in the folder.
    public func url(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The `file:` URI of the file `name` in the folder.
    public func uri(_ name: String) -> String { url(name).absoluteURL.absoluteString }

    /// Writes `text` as the file `name`, making the folders it is in.
    public func write(_ text: String, to name: String) throws {
        let file = url(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// The text of the file `name`.
    public func text(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: url(name)), as: UTF8.self)
    }

    /// Makes the folder `name` (and the folders it is in).
    public func makeFolder(_ name: String) throws {
        try FileManager.default.createDirectory(at: url(name), withIntermediateDirectories: true)
    }
}
