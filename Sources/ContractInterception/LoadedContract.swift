import ContractSpec
import ContractVerify
import Foundation

/// A contract loaded and prepared once: the verifier, the response synthesis and the names stubs may use.
/// Immutable, so every backend (and every parallel test) for the same file and options shares one; the
/// contracts of other option sets share all of it but the verifier's options (see `ContractLibrary`).
final class LoadedContract: Sendable {
    let verifier: ContractVerifier
    let synthesis: ResponseSynthesis
    /// `operationId`s and `"GET /pets/{petId}"` names, to the key scenarios are stored under.
    let operationKeys: [String: String]
    /// Each operation's key and reference, by its position in the document (`RouteMatch.operationIndex`):
    /// built once, not per request.
    let keysByIndex: [String]
    /// The reverse of `keysByIndex`: the index of the operation a key names (to count a stubbed operation's
    /// calls afresh, which are kept by index).
    let indexesByKey: [String: Int]
    let referencesByIndex: [OperationReference]

    init(verifier: ContractVerifier) {
        self.verifier = verifier
        synthesis = ResponseSynthesis(document: verifier.document)
        var keys: [String: String] = [:]
        for operation in verifier.document.operations {
            let key = Self.key(operation)
            keys[key] = key
            keys["\(operation.method) \(operation.template.text)"] = key
            // An id written twice (a lint error that leaves the contract in use) names the first.
            if let operationId = operation.operationId, keys[operationId] == nil { keys[operationId] = key }
        }
        operationKeys = keys
        keysByIndex = verifier.document.operations.map(Self.key)
        indexesByKey = Dictionary(keysByIndex.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        referencesByIndex = verifier.document.operations.map(OperationReference.init)
    }

    /// `other`'s contract verified with `options`: the document, compiled schemas, prepared operations,
    /// response synthesis and names are `other`'s own, not copies.
    init(sharing other: LoadedContract, options: VerifierOptions) {
        verifier = ContractVerifier(sharingPreparationOf: other.verifier, options: options)
        // Answers are synthesized from the schemas as the options read `nullable`: another reading has
        // its own.
        synthesis =
            other.verifier.options.nullable == options.nullable
            ? other.synthesis : ResponseSynthesis(document: verifier.document)
        operationKeys = other.operationKeys
        keysByIndex = other.keysByIndex
        indexesByKey = other.indexesByKey
        referencesByIndex = other.referencesByIndex
    }

    /// The reference of a matched operation.
    func reference(_ match: RouteMatch) -> OperationReference {
        let index = match.operationIndex
        return index < referencesByIndex.count ? referencesByIndex[index] : OperationReference(match.operation)
    }

    /// Why the schemas of the operation at `index` (`RouteMatch.operationIndex`) do not compile, one line
    /// each; empty when they all do. The backend loads a contract without compiling it (see
    /// `ContractLibrary`) and tells a test of these the first time it requests the operation.
    func schemaProblems(ofOperationAt index: Int) -> [String] {
        let document = verifier.document
        guard index < document.operations.count else { return [] }
        let operation = document.operations[index]
        return document.schemaProblems(of: operation).map { diagnostic in
            "\(Self.key(operation)): a schema of this operation does not compile, so what it describes is not "
                + "checked: \(diagnostic.location): \(diagnostic.message); fix the contract "
                + "(`contract-check lint` lists every such error)"
        }
    }

    /// The key of a matched operation.
    func key(_ match: RouteMatch) -> String {
        match.operationIndex < keysByIndex.count ? keysByIndex[match.operationIndex] : Self.key(match.operation)
    }

    /// The key of an operation: its method and path as written, unique in a document.
    static func key(_ operation: Spec.Operation) -> String {
        "\(operation.method) \(operation.path)"
    }

    /// The key for a name a test used (`getPet`, `GET /pets/{petId}`, `get /pets/{petId}`).
    func operationKey(named name: String) -> String? {
        if let key = operationKeys[name] { return key }
        guard let space = name.firstIndex(of: " ") else { return nil }
        return operationKeys[name[..<space].uppercased() + name[space...]]
    }
}
