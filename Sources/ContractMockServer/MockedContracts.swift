import ContractVerify

/// The contracts one server answers for, each under its servers' base paths.
final class MockedContracts: Sendable {
    let all: [MockedContract]

    init(_ all: [MockedContract]) {
        self.all = all
    }

    /// The contract a request is for: the first that routes it to an operation, else the first whose
    /// servers take its URL (which answers with its 404 or 405), else the first.
    func contract(for request: HTTPRequest) -> MockedContract {
        guard all.count > 1 else { return all[0] }
        var claimed: MockedContract?
        for contract in all {
            switch contract.backend.verifier.route(request) {
            case .matched: return contract
            case .pathNotFound, .methodNotAllowed: if claimed == nil { claimed = contract }
            case .serverNotFound: continue
            }
        }
        return claimed ?? all[0]
    }

    /// The contract with an operation of this name (an `operationId` or `"GET /pets/{petId}"`).
    func contract(naming operation: String) -> MockedContract? {
        all.first { $0.hasOperation(named: operation) }
    }
}
