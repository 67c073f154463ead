import ContractTestSupport
import Foundation
import Testing

/// `contract-check` on generated hostile inputs: each case must end with its outcome (exit status and
/// message) within its CPU time and peak memory, measured for the child process alone. Without the guard
/// a case tests (the nesting limit, the alias budget, the regex step budget, the synthesis caps), the
/// child would crash, run far past its CPU bound (it is killed after two minutes) or outgrow its memory.
@Suite("hostile inputs")
struct HostileInputTests {
    @Test(arguments: HostileInput.contractFiles + HostileInput.instancesAndExamples + HostileInput.traffic)
    func boundedOutcome(_ input: HostileInput) throws {
        let folder = try Scratch.folder("hostile")
        for (name, bytes) in input.files() {
            try Data(bytes).write(to: folder.appendingPathComponent(name))
        }
        let arguments = input.arguments.map { argument in
            argument.hasPrefix("@") ? folder.appendingPathComponent(String(argument.dropFirst())).path : argument
        }
        let run = try BoundedProcess.run(CLITests.binary, arguments, wallLimit: 120)
        #expect(!run.killed, "still running after 120 s")
        #expect(run.status == input.status, "\(run.output)")
        for text in input.contains {
            #expect(run.output.contains(text), "\(run.output)")
        }
        for text in input.excludes {
            #expect(!run.output.contains(text), "\(run.output)")
        }
        if let occurrences = input.occurrences, let text = input.contains.first {
            #expect(run.output.components(separatedBy: text).count - 1 == occurrences, "\(run.output)")
        }
        #expect(run.cpuSeconds < input.cpuSeconds, "\(run.cpuSeconds) s of CPU")
        #expect(run.peakMemoryMiB < input.memoryMiB, "\(run.peakMemoryMiB) MiB at peak")
        // The peak was measured (a child that lived long enough to read its /proc entry has some memory).
        #expect(run.peakMemoryMiB > 1 || !FileManager.default.fileExists(atPath: "/proc/self/status"))
    }
}
