import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A running `contract-bench` (built beside `contract-check`) with its standard output in a pipe and its
/// standard error discarded; killed with SIGKILL after `limit` seconds, so a process that hangs cannot
/// hang its test.
struct BenchProcess {
    let process: Process
    let output: Pipe

    static func start(_ arguments: [String], limit: Int = 120) throws -> BenchProcess {
        let process = Process()
        process.executableURL = CLITests.binary.deletingLastPathComponent().appendingPathComponent("contract-bench")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(limit)) { kill(pid, SIGKILL) }
        return BenchProcess(process: process, output: output)
    }
}
