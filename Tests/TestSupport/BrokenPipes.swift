import Foundation

/// Writes `data` to a child's standard input and closes it. A child that exits before reading
/// all of it (a usage error, a refusal) closes the pipe first: with SIGPIPE ignored, that write
/// fails with EPIPE, which is the child's business, instead of killing the whole test process.
public func feedStandardInput(_ handle: FileHandle, _ data: Data) {
    _ = brokenPipesIgnored
    try? handle.write(contentsOf: data)
    try? handle.close()
}

/// Ignores SIGPIPE in the test process, once.
private let brokenPipesIgnored: Void = {
    signal(SIGPIPE, SIG_IGN)
}()
