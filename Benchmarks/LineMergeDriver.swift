import Foundation

/// The line merge on three files, for the benchmark: `line-merge BASE OURS THEIRS` writes the
/// merged text to standard output and exits with the number of conflicts (at most 127), as
/// `git merge-file -p` does.
@main
struct LineMergeDriver {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 3 else {
            FileHandle.standardError.write(Data("usage: line-merge BASE OURS THEIRS\n".utf8))
            exit(2)
        }
        let texts = try arguments.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) }
        let result = LineMerge.merge(
            base: texts[0], ours: texts[1], theirs: texts[2], labels: .init(ours: "ours", base: "base", theirs: "theirs"))
        FileHandle.standardOutput.write(Data(result.merged))
        exit(Int32(min(result.conflicts, 127)))
    }
}
