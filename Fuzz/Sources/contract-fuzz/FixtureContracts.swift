import Foundation

@testable import ContractSpec
@testable import ContractVerify

/// Contracts of the repository the fuzz targets verify against, found from this source file's place.
enum FixtureContracts {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A verifier for the contract at `path` (relative to the repository); stops the run if it cannot load.
    static func verifier(_ path: String) -> ContractVerifier {
        let url = repository.appendingPathComponent(path)
        guard let document = ContractLoader().load(url, checks: []).document else {
            fatalError("cannot load \(url.path) for fuzzing")
        }
        return ContractVerifier(document: document)
    }
}
