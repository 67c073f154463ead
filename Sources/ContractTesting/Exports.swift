// A test target imports only `ContractTesting`: the backend, its scenarios and options, and the types a
// stub reads and builds come with it. The verifier's request and response types are offered under the
// names `ContractRequest` and `ContractResponse`, because their own names (`HTTPRequest`,
// `HTTPResponse`) would clash with swift-http-types' in clients built on it.
@_exported import ContractInterception
@_exported import ContractMockClient
import ContractVerify

// The JSON value request and response modifiers patch (`.jsonMember("name", "Biscuit")`).
@_exported import enum ContractJSON.JSONValue
@_exported import struct ContractVerify.ContractViolation
@_exported import enum ContractVerify.ExchangeLocation
@_exported import enum ContractVerify.HTTPBody
@_exported import struct ContractVerify.HTTPHeaders
@_exported import struct ContractVerify.OperationReference
@_exported import struct ContractVerify.VerifierOptions
@_exported import struct ContractVerify.ViolationKind

/// A request as the fake backend received it: what a `.respond { request in … }` closure reads and
/// `RecordedExchange.request` holds.
public typealias ContractRequest = ContractVerify.HTTPRequest

/// A response a stub answers with: `.response(ContractResponse(status: 201, headers: …, body: …))`.
public typealias ContractResponse = ContractVerify.HTTPResponse
