import ContractSpec
import ContractVerify
import Foundation

/// Loads contracts for backends: one copy of each file in the process, whatever the option sets, kept
/// while a backend uses it. Loading and preparing a contract takes a while, a test suite makes a backend
/// per test (often many at once when parallel tests start), and a large contract's copy is hundreds of MB
/// until it is no longer used.
///
/// The library holds contracts weakly: backends hold them. Each option set gets a `LoadedContract` of
/// its own that shares the document, compiled schemas, prepared operations and response synthesis of
/// the first one loaded; once no backend of any option set holds the file's contract, it is released
/// `holdSeconds` after its last backend went away: tests that run one after another then load it once,
/// not once each.
enum ContractLibrary {
    /// One file's contracts by option set: the first caller loads while holding the lock, callers for the
    /// same file wait for that result instead of loading it again; other files load in parallel.
    private final class Slot: Sendable {
        /// By the options themselves, not a description of them, which reflection would spell for every
        /// backend made.
        let contracts = Locked<[VerifierOptions: WeakContract]>([:])
    }

    private struct WeakContract {
        weak var contract: LoadedContract?
    }

    private static let slots = Locked<[String: Slot]>([:])

    /// How long a contract stays loaded after the last backend that used it went away.
    static let holdSeconds = 2

    /// Keeps `contract` for `holdSeconds` more, for a backend that goes away.
    static func holdBriefly(_ contract: LoadedContract) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(holdSeconds)) {
            withExtendedLifetime(contract) {}
        }
    }

    /// The prepared contract at `url`. A failed load is not kept, so a later test may find the file.
    static func contract(at url: URL, options: VerifierOptions) throws(ContractLoadError) -> LoadedContract {
        let path = url.standardizedFileURL.path
        let slot = slots.withLock { slots in
            if let slot = slots[path] { return slot }
            let slot = Slot()
            slots[path] = slot
            return slot
        }
        let result = slot.contracts.withLock { contracts -> Result<LoadedContract, ContractLoadError> in
            if let kept = contracts[options]?.contract { return .success(kept) }
            let loaded: Result<LoadedContract, ContractLoadError>
            if let sibling = contracts.values.lazy.compactMap(\.contract).first {
                loaded = .success(LoadedContract(sharing: sibling, options: options))
            } else {
                contracts.removeAll()
                loaded = load(url, options: options)
            }
            if case .success(let contract) = loaded { contracts[options] = WeakContract(contract: contract) }
            return loaded
        }
        return try result.get()
    }

    /// Loads without compiling the schemas: each compiles when an operation that uses it is first
    /// requested, so a test waits for the few operations it uses rather than for the whole contract (most
    /// of a large contract's first use in a debug build). A schema that does not compile is reported to
    /// the test that requests its operation (`ContractBackend.keep`); `contract-check lint` reports them all.
    private static func load(_ url: URL, options: VerifierOptions) -> Result<LoadedContract, ContractLoadError> {
        let result = ContractLoader().load(url, checks: [])
        let errors = result.blockingErrors
        guard let document = result.document, errors.isEmpty else {
            return .failure(ContractLoadError(path: url.path, diagnostics: errors))
        }
        return .success(LoadedContract(verifier: ContractVerifier(document: document, options: options)))
    }
}
