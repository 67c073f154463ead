import ContractSpec

/// Names the operation a violation concerns: `[getPet] GET /pets/{petId}`.
public struct OperationReference: Hashable, Sendable, CustomStringConvertible {
    /// `operationId`, when the contract gives one.
    public var operationId: String?
    /// The upper-case method.
    public var method: String
    /// The path template as written (`/pets/{petId}`).
    public var path: String

    /// Creates a reference.
    public init(operationId: String?, method: String, path: String) {
        self.operationId = operationId
        self.method = method
        self.path = path
    }

    /// A reference to a model operation.
    public init(_ operation: Spec.Operation) {
        self.init(operationId: operation.operationId, method: operation.method, path: operation.template.text)
    }

    /// `[getPet] GET /pets/{petId}`, or `GET /pets/{petId}` without an `operationId`.
    public var description: String {
        let route = "\(method) \(path)"
        guard let operationId else { return route }
        return "[\(operationId)] \(route)"
    }

    /// `getPet`, or `GET /pets/{petId}`: the name scenarios and reports use.
    public var name: String { operationId ?? "\(method) \(path)" }
}
