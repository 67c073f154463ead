import ContractSpec
import ContractVerify
import Foundation

/// Loads contracts for backends, once per file and options: loading and preparing a contract takes
/// milliseconds, and a test suite makes a backend per test.
enum ContractLibrary {
    private static let cache = Locked<[String: LoadedContract]>([:])

    /// The prepared contract at `url`; relative paths resolve against `root`, else the working directory.
    static func contract(at url: URL, options: VerifierOptions) throws(ContractLoadError) -> LoadedContract {
        let key = url.standardizedFileURL.path + "\u{0}" + String(describing: options)
        if let loaded = cache.withLock({ $0[key] }) { return loaded }
        let result = ContractLoader().load(url, checks: [])
        let errors = result.diagnostics.filter { $0.severity == .error }
        guard let document = result.document, errors.isEmpty else {
            throw ContractLoadError(path: url.path, diagnostics: errors)
        }
        let loaded = LoadedContract(verifier: ContractVerifier(document: document, options: options))
        return cache.withLock { cache in
            if let existing = cache[key] { return existing }
            cache[key] = loaded
            return loaded
        }
    }
}
