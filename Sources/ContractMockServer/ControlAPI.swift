import ContractInterception
import ContractJSON
import ContractVerify
import Foundation
import HTTPTypes
import HummingbirdCore
import NIOCore

/// The mock server's control API, under a prefix no contract uses, for UI tests that set up stubs as a
/// unit test does:
///
/// - `PUT /__contract-check/stubs/{operation}` with a stub (see `ScenarioJSON`): the operation answers
///   so from now on (`operation` an `operationId` or `GET /pets/{petId}`, percent-encoded);
/// - `POST /__contract-check/reset`: forgets every stub and exchange;
/// - `GET /__contract-check/exchanges`: the exchanges since the last reset, as a JSON array;
/// - `GET /__contract-check/health`: 200 and the contracts served.
struct ControlAPI: Sendable {
    /// Where the control API lives.
    static let prefix = "/__contract-check/"

    let contracts: MockedContracts

    func respond(to request: Request) async -> Response {
        let target = request.head.path ?? "/"
        let path = String(target.dropFirst(Self.prefix.count).prefix { $0 != "?" })
        switch (request.method, path) {
        case (.get, "health"):
            return json(.object(["contracts": .array(contracts.all.map { .string($0.url.path) })]))
        case (.post, "reset"):
            for contract in contracts.all { contract.reset() }
            return Response(status: .noContent)
        case (.get, "exchanges"):
            let exchanges = contracts.all.flatMap { contract in
                contract.exchanges.map { ExchangeJSON.value($0, contract: contract.url.path) }
            }
            return json(.array(exchanges))
        case (.put, _) where path.hasPrefix("stubs/"), (.post, _) where path.hasPrefix("stubs/"):
            var request = request
            let body = (try? await request.collectBody(upTo: 1 << 20)) ?? ByteBuffer()
            return stub(String(path.dropFirst("stubs/".count)), body: Array(buffer: body))
        default:
            return problem(
                404, "No such control endpoint",
                "the control API has PUT stubs/{operation}, POST reset, GET exchanges and GET health under "
                    + Self.prefix)
        }
    }

    private func stub(_ encoded: String, body: [UInt8]) -> Response {
        let operation = encoded.removingPercentEncoding ?? encoded
        guard let contract = contracts.contract(naming: operation) else {
            return problem(404, "Unknown operation", "no contract served here has an operation \"\(operation)\"")
        }
        let scenario: Scenario
        do {
            scenario = try ScenarioJSON.scenario(from: try JSONParser.parse(body))
        } catch let invalid as ScenarioJSON.Invalid {
            return problem(400, "Invalid stub", invalid.message)
        } catch {
            return problem(400, "Invalid stub", "the body is not JSON: \(error)")
        }
        contract.stub(operation, scenario)
        return Response(status: .noContent)
    }

    private func json(_ value: JSONValue, status: HTTPTypes.HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(
            status: status, headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: JSONWriter.bytes(from: value))))
    }

    private func problem(_ status: Int, _ title: String, _ detail: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = ProblemDocument.contentType
        return Response(
            status: HTTPTypes.HTTPResponse.Status(code: status), headers: headers,
            body: ResponseBody(byteBuffer: ProblemDocument.body(status: status, title: title, detail: detail)))
    }
}
