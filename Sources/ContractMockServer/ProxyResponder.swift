import ContractInterception
import ContractVerify
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers for `contract-check proxy`: verifies each request, forwards it to the upstream, verifies the
/// upstream's response and hands it back as it came (unless told to add the violations header); in
/// fallback mode an operation the upstream does not implement (404, 405 or 501) is answered by the mock.
struct ProxyResponder: HTTPResponder {
    let contracts: MockedContracts
    let settings: MockServer.Settings
    let proxy: MockProxy.Settings
    let client: UpstreamClient
    let session: URLSession
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
        let verified = WireConversion.request(request, body: body)
        let contract = contracts.contract(for: verified)
        let verifier = contract.backend.verifier
        let verdict = verifier.verifyRequest(verified)
        let startedAt = Date()
        let upstream: ContractVerify.HTTPResponse
        do {
            upstream = try await client.forward(verified, session: session)
        } catch {
            settings.log(
                "\(verified.method) \(verified.path): the upstream did not answer: \(error.localizedDescription)")
            return Response(status: .badGateway)
        }
        if proxy.answersUnimplemented, verdict.route.match != nil, [404, 405, 501].contains(upstream.status) {
            return await mock.answer(verified, request: request, context: context)
        }
        var violations = verdict.violations
        if let match = verdict.route.match {
            violations += verifier.verifyResponse(upstream, for: match, request: verified)
        }
        recorder.record(
            HTTPExchange(request: verified, response: upstream), violations: violations, contract: contract,
            verifier: verifier, startedAt: startedAt)
        var extra = HTTPFields()
        if !violations.isEmpty {
            settings.log(ExchangeLog.lines(violations))
            if proxy.marksViolations, let field = ExchangeLog.violationsField(count: violations.count) {
                extra.append(field)
            }
        }
        let data = Data(upstream.body.bytes ?? [])
        return WireConversion.response(
            upstream, body: data, pieces: [], bytesPerSecond: nil, isHead: request.method == .head,
            extraHeaders: extra)
    }
}
