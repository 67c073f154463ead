import Foundation
import Testing

/// `URLSession.shared` first used before `installGlobally()`, in a process of its own (the shared session is
/// made once per process, and the tests of this process run in parallel): `contract-bench shared-session`.
@Suite struct SharedSessionProcessTests {
    let cli = CLITests()

    @Test("a shared session used before installGlobally() is intercepted after it, with no problem reported")
    func sharedSessionUsedBeforeInstallationIsIntercepted() throws {
        let folder = try cli.temporaryFolder([:])
        // A process that hangs is killed after 120 s, and the expectations below fail.
        let bench = try BenchProcess.start(["shared-session", folder.path])
        let process = bench.process
        let text = String(decoding: bench.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("exchanges 1"), "\(text)")
        #expect(lines.contains("intercepts true"), "\(text)")
        #expect(!lines.contains("status none"), "\(text)")
        #expect(!lines.contains { $0.hasPrefix("problem ") }, "\(text)")
    }
}
