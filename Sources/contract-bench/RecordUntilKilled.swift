import ContractInterception
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `contract-bench record-until-killed DIR`: a test process that never ends. It sends the fake-backend
/// benchmark's request through a recording backend (recordings in `DIR/recordings`), one after another,
/// and prints `seen N` once the client has the Nth response. `KilledRecordingTests` kills it with SIGKILL
/// and compares the recording with the last `seen` line: what a kill -9 loses.
enum RecordUntilKilled {
    static func run(_ arguments: [String]) async throws {
        let (folder, contract) = try BenchContract.written(for: "record-until-killed", arguments)
        let backend = try ContractBackend(
            contract: contract, recording: .directory(folder.appendingPathComponent("recordings", isDirectory: true)))
        let request = try BenchContract.request()
        var seen = 0
        while true {
            _ = try await backend.session.data(for: request)
            seen += 1
            // Unbuffered, so that the line is in the pipe before the next exchange starts.
            FileHandle.standardOutput.write(Data("seen \(seen)\n".utf8))
        }
    }
}
