import ContractInterception
import ContractVerify
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Answers for `contract-check proxy`: verifies each request, forwards it to the upstream, verifies the
/// upstream's response and hands it back byte for byte (unless told to add the violations header); in
/// fallback mode an operation the upstream does not implement (404, 405 or 501) is answered by the mock.
/// A compressed body is verified decoded and passed on as it came.
struct ProxyResponder: HTTPResponder {
    let contracts: MockedContracts
    let settings: MockServer.Settings
    let proxy: MockProxy.Settings
    let client: UpstreamClient
    let recorder: ProxyRecorder
    let mock: MockResponder

    func respond(to request: Request, context: MockRequestContext) async throws -> Response {
        if (request.head.path ?? "/").hasPrefix(ControlAPI.prefix) {
            return try await mock.respond(to: request, context: context)
        }
        var request = request
        if let length = request.headers[.contentLength].flatMap(Int.init), length > settings.maximumBodyBytes {
            return mock.tooLarge(context)
        }
        let body: ByteBuffer
        do { body = try await request.collectBody(upTo: settings.maximumBodyBytes) } catch {
            return mock.tooLarge(context)
        }
        var verified = WireConversion.request(request, body: body)
        let requestView = VerifiedView(fields: verified.headers, body: body, limit: settings.maximumBodyBytes)
        verified.headers = requestView.headers
        verified.body = requestView.body
        let contract = contracts.contract(for: verified)
        let verifier = contract.backend.verifier
        let verdict = verifier.verifyRequest(verified)
        let startedAt = Date()
        let upstream: UpstreamClient.Response
        do {
            upstream = try await client.forward(ProxyWire.forwarded(request, body: body, host: client.host))
        } catch {
            settings.log("\(verified.method) \(verified.path): the upstream did not answer: \(error)")
            return Response(status: .badGateway)
        }
        let status = Int(upstream.status.code)
        if proxy.answersUnimplemented, verdict.route.match != nil, [404, 405, 501].contains(status) {
            return await mock.answer(verified, request: request, context: context)
        }
        let responseView = VerifiedView(
            fields: ContractVerify.HTTPHeaders(upstream.headers.map { .init(name: $0.name, value: $0.value) }),
            body: upstream.body, limit: settings.maximumBodyBytes)
        let response = ContractVerify.HTTPResponse(
            status: status, headers: responseView.headers, body: responseView.body)
        var violations = requestView.explaining(verdict.violations)
        if let match = verdict.route.match {
            violations += responseView.explaining(verifier.verifyResponse(response, for: match, request: verified))
        }
        // The recording keeps the exchange as it was verified (bodies decoded), so that `contract-check`
        // reading it again comes to the same verdict.
        recorder.record(
            HTTPExchange(request: verified, response: response), violations: violations, contract: contract,
            verifier: verifier, startedAt: startedAt)
        var extra = HTTPFields()
        if !violations.isEmpty {
            settings.log(ExchangeLog.lines(violations))
            if proxy.marksViolations, let field = ExchangeLog.violationsField(count: violations.count) {
                extra.append(field)
            }
        }
        return ProxyWire.handedBack(upstream, isHead: request.method == .head, extraHeaders: extra)
    }
}
