import ContractTestSupport
import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// A real server on 127.0.0.1 for the proxy tests that writes its answers exactly as given, with no field
/// of a framework's own (no `Date` stamped on), so a test can tell whether the proxy changed one.
/// `GET /v1/pets/{id}` answers what its `X-Answer` request field names:
///
/// | `X-Answer` | answer |
/// | --- | --- |
/// | `dated` | a valid `Pet`, with `Date` and `Server` fields no server would stamp today |
/// | `large` | `VerbatimUpstream.largeBody`, in chunks, with no length |
/// | `large-length` | the same, with its `Content-Length` |
/// | `broken-large` | the head of `large-length` and its first 128 KiB, then the connection closes |
/// | `broken-small` | a head announcing 1,000 bytes, then 100 of them, then the connection closes |
struct VerbatimUpstream: Sendable {
    /// The `Date` of the `dated` answer.
    static let date = "Sun, 06 Nov 1994 08:49:37 GMT"
    /// The `large` answers' body: a `Pet` whose `name` is a megabyte long, sent in 16 KiB chunks.
    static let largeBody: [UInt8] = Array(
        (#"{"id":"8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f","name":""# + String(repeating: "abcdefgh", count: 131_072)
            + #"","species":"dog","status":"active"}"#).utf8)

    /// The port it listens on.
    let port: Int
    private let task: Task<Void, any Error>

    /// Starts a server; it runs until `stop()`.
    static func start() async throws -> VerbatimUpstream {
        var logger = Logger(label: "VerbatimUpstream")
        logger.logLevel = .critical
        let (port, task) = try await LoopbackServerTask.start(label: "VerbatimUpstream") { [logger] listening in
            let server = try HTTPServerBuilder.http1().buildServer(
                configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger,
                responder: { request, writer, _ in try await answer(request, on: writer) },
                onServerRunning: { await listening($0.localAddress?.port ?? 0) })
            let group = ServiceGroup(
                configuration: .init(services: [server], gracefulShutdownSignals: [], logger: logger))
            try await group.run()
        }
        return VerbatimUpstream(port: port, task: task)
    }

    /// Stops the server.
    func stop() async {
        task.cancel()
        _ = await task.result
    }

    private static func answer(_ request: Request, on writer: consuming ResponseWriter) async throws {
        let answer = HTTPField.Name("X-Answer").flatMap { request.headers[$0] } ?? "dated"
        var fields: HTTPFields = [.contentType: "application/json"]
        switch answer {
        case "large", "large-length":
            if answer == "large-length" { fields[.contentLength] = String(largeBody.count) }
            var body = try await writer.writeHead(HTTPResponse(status: .ok, headerFields: fields))
            var offset = 0
            while offset < largeBody.count {
                let end = min(offset + 16_384, largeBody.count)
                try await body.write(ByteBuffer(bytes: largeBody[offset..<end]))
                offset = end
            }
            try await body.finish(nil)
        case "broken-large", "broken-small":
            let sent = answer == "broken-large" ? 131_072 : 100
            fields[.contentLength] = answer == "broken-large" ? String(largeBody.count) : "1000"
            var body = try await writer.writeHead(HTTPResponse(status: .ok, headerFields: fields))
            try await body.write(ByteBuffer(bytes: largeBody.prefix(sent)))
            // Thrown out of the responder, the server closes the connection with the body cut short.
            throw CancellationError()
        default:
            fields[.date] = date
            fields[.server] = "verbatim-upstream/1.0"
            let pet = ByteBuffer(string: ClinicSamples.pet)
            fields[.contentLength] = String(pet.readableBytes)
            try await writer.write(
                response: HTTPResponse(status: .ok, headerFields: fields), body: ResponseBody(byteBuffer: pet))
        }
    }
}
