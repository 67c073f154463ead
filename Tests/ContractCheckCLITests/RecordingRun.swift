import ContractInterception
import Foundation

extension CLITests {
    /// A temporary folder holding a fixture contract (`Tests/Fixtures/contracts/<fixture>`) at
    /// `contracts/<name>`, and a fake backend for it that records where the default run reads.
    func recordingRun(fixture: String, as name: String) throws -> (folder: URL, backend: ContractBackend) {
        let contract = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Tests/Fixtures/contracts/\(fixture)"), encoding: .utf8)
        let folder = try temporaryFolder(["contracts/\(name)": contract])
        let recordings = folder.appendingPathComponent(".build/contract-check/recordings", isDirectory: true)
        let backend = try ContractBackend(
            contract: folder.appendingPathComponent("contracts/\(name)"), recording: .directory(recordings))
        return (folder, backend)
    }
}
