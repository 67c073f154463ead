import ContractReport
import ContractSpec
import ContractTestSupport
import ContractVerify
import Foundation

/// The bundled clinic contract, loaded once for every test.
enum Clinic {
    static let contractURL = Corpus.packageRoot.appendingPathComponent("contracts/clinic.yaml")

    static let document: Spec.Document = {
        let result = ContractLoader(rootDirectory: Corpus.packageRoot).load(contractURL, checks: [])
        guard let document = result.document else { preconditionFailure("clinic.yaml did not load: \(result.diagnostics)") }
        return document
    }()

    static let verifier = ContractVerifier(document: document)
    static let strictVerifier = ContractVerifier(document: document, options: VerifierOptions(strict: true))

    static func har(_ path: String) throws -> [HTTPExchange] {
        // The production HAR reader (ContractReport), so the recordings are read as the CLI reads them.
        try HARReader.read(url: Corpus.packageRoot.appendingPathComponent(path), path: path).map(\.exchange)
    }
}
