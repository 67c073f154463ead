import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program as a child of its own and measures that child alone: the CPU time `wait4` reports for
/// exactly the child it waits for (Foundation's `Process` reaps its children itself, and
/// `getrusage(RUSAGE_CHILDREN)` would mix in every other test's children), and its peak resident memory,
/// read from `/proc/<pid>/status` (`VmHWM`) while it runs. Not `ru_maxrss`: Linux carries the peak of
/// the memory a process had before `exec` into it, and a spawned child starts as the test process's
/// memory, hundreds of MiB. CPU time rather than wall time is the bound, so a busy machine does not fail
/// a case; a child still running after `wallLimit` seconds is killed, and the outcome says so.
struct BoundedProcess {
    struct Outcome {
        /// The exit status, or 128 plus the signal that ended the child.
        let status: Int32
        /// Standard output and standard error together.
        let output: String
        /// User and system CPU time.
        let cpuSeconds: Double
        /// Peak resident memory.
        let peakMemoryMiB: Double
        /// Whether the child outlived `wallLimit` and was killed.
        let killed: Bool
    }

    struct SpawnError: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "posix_spawn failed: \(String(cString: strerror(code)))" }
    }

    static func run(_ executable: URL, _ arguments: [String], wallLimit: Double) throws -> Outcome {
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let pid = try spawn(executable.path, arguments, outputPath: outputFile.path)
        var status: Int32 = 0
        var usage = rusage()
        var killed = false
        let deadline = Date().addingTimeInterval(wallLimit)
        var peakKiB = 0
        while true {
            // Read before asking whether it ended: once it is reaped, its /proc entry is gone.
            peakKiB = max(peakKiB, peakResidentKiB(of: pid))
            guard wait4(pid, &status, WNOHANG, &usage) == 0 else { break }
            if Date() > deadline {
                kill(pid, SIGKILL)
                killed = true
                _ = wait4(pid, &status, 0, &usage)
                break
            }
            usleep(5_000)
        }
        let signal = status & 0x7f
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return Outcome(
            status: signal == 0 ? (status >> 8) & 0xff : 128 + signal,
            output: String(decoding: (try? Data(contentsOf: outputFile)) ?? Data(), as: UTF8.self),
            cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
            peakMemoryMiB: Double(peakKiB) / 1_024, killed: killed)
    }

    /// The `VmHWM` line of `/proc/<pid>/status`, in KiB; 0 where there is no such file.
    private static func peakResidentKiB(of pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        // "VmHWM:\t   26048 kB": a tab, then the number right-aligned in 8 columns (no spaces once it fills them).
        return Int(line.dropFirst("VmHWM:".count).split(whereSeparator: \.isWhitespace).first ?? "") ?? 0
    }

    /// Starts the child with standard output and standard error both written to `outputPath`.
    private static func spawn(_ path: String, _ arguments: [String], outputPath: String) throws -> pid_t {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var pid: pid_t = 0
        let code = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard code == 0 else { throw SpawnError(code: code) }
        return pid
    }
}
