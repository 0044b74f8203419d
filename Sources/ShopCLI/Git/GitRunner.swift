#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why git could not be run.
struct GitError: Error, CustomStringConvertible {
    var description: String
}

/// Runs git and collects what it says: `git` found on the `PATH`, started with posix_spawn, its
/// standard input fed and its standard output and error read together (with poll, so that a
/// large output never blocks it), and its exit status.
struct GitRunner {
    /// What one run of git did.
    struct Output {
        var status: Int32
        var stdout: [UInt8]
        var stderr: [UInt8]

        /// Standard output as text, without the final line feed.
        var text: String {
            var bytes = stdout[...]
            while bytes.last == 0x0A || bytes.last == 0x0D { bytes = bytes.dropLast() }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Standard error as text, trimmed.
        var errorText: String {
            String(decoding: stderr, as: UTF8.self).split(separator: "\n").joined(separator: "; ")
        }
    }

    /// The folder git runs in (`git -C FOLDER`); nil for the current one.
    var folder: String?

    /// Runs `git ARGUMENTS` with `input` on its standard input.
    /// `stdoutCapacity` is room made for standard output at the start, when its size is known:
    /// a long output then never holds the old and the new buffer at once while it grows.
    func run(_ arguments: [String], input: [UInt8] = [], stdoutCapacity: Int = 0) throws(GitError) -> Output {
        var argumentList = ["git"]
        if let folder { argumentList += ["-C", folder] }
        argumentList += arguments
        var pipes: [[Int32]] = []
        for _ in 0..<3 {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw GitError(description: "cannot run git: \(String(cString: strerror(errno)))") }
            pipes.append(ends)
        }
        defer {
            for ends in pipes {
                for end in ends where end >= 0 { close(end) }
            }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipes[0][0], 0)
        posix_spawn_file_actions_adddup2(&actions, pipes[1][1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipes[2][1], 2)
        for ends in pipes {
            for end in ends { posix_spawn_file_actions_addclose(&actions, end) }
        }
        let cArguments = argumentList.map { strdup($0) }
        defer { for argument in cArguments { free(argument) } }
        var argv = cArguments + [nil]
        var pid: pid_t = 0
        let spawned = argv.withUnsafeMutableBufferPointer { buffer in
            posix_spawnp(&pid, "git", &actions, nil, buffer.baseAddress!, environ)
        }
        guard spawned == 0 else {
            if spawned == ENOENT {
                throw GitError(description: "git is not installed (it was not found on the PATH)")
            }
            throw GitError(description: "cannot run git: \(String(cString: strerror(spawned)))")
        }
        // The child's ends are the child's: closed here so that its exit ends the reads.
        for (pair, end) in [(0, 0), (1, 1), (2, 1)] {
            close(pipes[pair][end])
            pipes[pair][end] = -1
        }
        var output = Output(status: 0, stdout: [], stderr: [])
        output.stdout.reserveCapacity(stdoutCapacity)
        var (stdin, stdout, stderr) = (pipes[0][1], pipes[1][0], pipes[2][0])
        exchange(input: input, stdin: &stdin, stdout: &stdout, stderr: &stderr, output: &output)
        (pipes[0][1], pipes[1][0], pipes[2][0]) = (stdin, stdout, stderr)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { throw GitError(description: "cannot wait for git: \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        output.status = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return output
    }

    /// Feeds `input` and reads both outputs until git closes them.
    private func exchange(
        input: [UInt8], stdin: inout Int32, stdout: inout Int32, stderr: inout Int32, output: inout Output
    ) {
        var written = 0
        if input.isEmpty {
            close(stdin)
            stdin = -1
        } else {
            _ = fcntl(stdin, F_SETFL, fcntl(stdin, F_GETFL) | O_NONBLOCK)
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while stdout >= 0 || stderr >= 0 {
            var descriptors: [pollfd] = []
            if stdin >= 0 { descriptors.append(pollfd(fd: stdin, events: Int16(POLLOUT), revents: 0)) }
            if stdout >= 0 { descriptors.append(pollfd(fd: stdout, events: Int16(POLLIN), revents: 0)) }
            if stderr >= 0 { descriptors.append(pollfd(fd: stderr, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            for descriptor in descriptors where descriptor.revents != 0 {
                if descriptor.fd == stdin {
                    let result = input.withUnsafeBufferPointer { bytes in
                        write(stdin, bytes.baseAddress! + written, bytes.count - written)
                    }
                    if result > 0 { written += result }
                    if (result < 0 && errno != EAGAIN && errno != EINTR) || written == input.count {
                        close(stdin)
                        stdin = -1
                    }
                    continue
                }
                let count = buffer.withUnsafeMutableBufferPointer { read(descriptor.fd, $0.baseAddress!, $0.count) }
                if count > 0 {
                    if descriptor.fd == stdout {
                        output.stdout += buffer[0..<count]
                    } else {
                        output.stderr += buffer[0..<count]
                    }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    close(descriptor.fd)
                    if descriptor.fd == stdout { stdout = -1 } else { stderr = -1 }
                }
            }
        }
        if stdin >= 0 {
            close(stdin)
            stdin = -1
        }
    }
}
