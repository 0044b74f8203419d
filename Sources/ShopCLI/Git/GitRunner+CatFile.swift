/// Reading many objects with one git process: `git cat-file --batch-check` for their sizes and
/// `git cat-file --batch` for their contents, each asked for by a line of `REVISION:PATH`.
extension GitRunner {
    /// The sizes of the objects `git cat-file --batch-check` is asked for (lines of
    /// `REVISION:PATH`), one per request line;
    /// nil for one git does not have.
    func objectSizes(_ requests: [UInt8]) throws(GitError) -> [Int?] {
        try catFile("--batch-check", requests).split(separator: 0x0A).map { line in
            let fields = String(decoding: line, as: UTF8.self).split(separator: " ")
            return fields.count == 3 && fields[1] == "blob" ? Int(fields[2]) : nil
        }
    }

    /// The contents of the objects `git cat-file --batch` is asked for, one per request line;
    /// nil for one git does not have.
    /// `capacity` is what git's output is expected to take: a single version's text is then its
    /// output read into a buffer of its size, the header taken off in place.
    func objectContents(_ requests: [UInt8], capacity: Int = 0) throws(GitError) -> [[UInt8]?] {
        var contents: [[UInt8]?] = []
        var bytes = try catFile("--batch", requests, capacity: capacity)
        if requests.filter({ $0 == 0x0A }).count == 1, let lineEnd = bytes.firstIndex(of: 0x0A) {
            let header = String(decoding: bytes[..<lineEnd], as: UTF8.self).split(separator: " ")
            guard header.count == 3, header[1] == "blob", let size = Int(header[2]), lineEnd + 1 + size <= bytes.count else {
                return [nil]
            }
            bytes.removeSubrange((lineEnd + 1 + size)...)
            bytes.removeSubrange(...lineEnd)
            return [bytes]
        }
        var position = 0
        while position < bytes.count {
            guard let lineEnd = bytes[position...].firstIndex(of: 0x0A) else { break }
            let header = String(decoding: bytes[position..<lineEnd], as: UTF8.self).split(separator: " ")
            position = lineEnd + 1
            guard header.count == 3, header[1] == "blob", let size = Int(header[2]), position + size <= bytes.count else {
                contents.append(nil)
                continue
            }
            contents.append(Array(bytes[position..<(position + size)]))
            position += size + 1
        }
        return contents
    }

    /// What `git cat-file MODE` writes for the request lines `requests`.
    private func catFile(_ mode: String, _ requests: [UInt8], capacity: Int = 0) throws(GitError) -> [UInt8] {
        try run(["cat-file", mode], input: requests, stdoutCapacity: capacity).stdout
    }
}
