import ContractSpec
import ContractVerify
import Foundation

/// Loads contracts for backends, once per file and options: loading and preparing a contract takes
/// milliseconds, and a test suite makes a backend per test, often many at once when parallel tests start.
enum ContractLibrary {
    /// One contract's load: the first caller loads while holding its lock, callers for the same contract
    /// wait for that result instead of loading it again; other contracts load in parallel.
    private final class Slot: Sendable {
        let result = Locked<Result<LoadedContract, ContractLoadError>?>(nil)
    }

    private static let slots = Locked<[String: Slot]>([:])

    /// The prepared contract at `url`. A failed load is not kept, so a later test may find the file.
    static func contract(at url: URL, options: VerifierOptions) throws(ContractLoadError) -> LoadedContract {
        let key = url.standardizedFileURL.path + "\u{0}" + String(describing: options)
        let slot = slots.withLock { slots in
            if let slot = slots[key] { return slot }
            let slot = Slot()
            slots[key] = slot
            return slot
        }
        let result = slot.result.withLock { stored in
            if let stored { return stored }
            let loaded = load(url, options: options)
            if case .success = loaded { stored = loaded }
            return loaded
        }
        return try result.get()
    }

    private static func load(_ url: URL, options: VerifierOptions) -> Result<LoadedContract, ContractLoadError> {
        let result = ContractLoader().load(url, checks: .schemas)
        let errors = result.diagnostics.filter { $0.severity == .error }
        guard let document = result.document, errors.isEmpty else {
            return .failure(ContractLoadError(path: url.path, diagnostics: errors))
        }
        return .success(LoadedContract(verifier: ContractVerifier(document: document, options: options)))
    }
}
