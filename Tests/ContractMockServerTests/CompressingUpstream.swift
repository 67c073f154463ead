import ContractTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOSSL

/// A real server on 127.0.0.1 for the proxy tests, over plain HTTP or TLS: `GET /v1/pets/{id}` answers
/// the body its `X-Answer` request field names, compressed as a server that compresses would send it, and
/// a record redirects; every request's fields are kept as they arrived.
///
/// | `X-Answer` | body |
/// | --- | --- |
/// | `valid` | a `Pet`, gzip |
/// | `invalid` | a `Pet` whose `name` is a number, gzip |
/// | `deflate` | a `Pet`, deflate (zlib) |
/// | `x-gzip` | a `Pet`, gzip labelled `x-gzip` |
/// | `bomb` | a `Pet` with 200,000 spaces in a string, gzip (about 400 bytes on the wire) |
/// | `corrupt` | the valid gzip body cut short |
/// | `br` | bytes labelled `br` |
struct CompressingUpstream: Sendable {
    /// The compressed bodies, made with Python's `gzip.compress(…, mtime=0)` and `zlib.compress`.
    enum Bodies {
        static let valid = base64(
            "H4sIAAAAAAACA02NsQ6DMAxE/yVzLdkhocDWbt2Z2ILtVBkKCEI7VP33hqFSx3v3Tvc2SUxnGqnUMwWw0Y3guBZotYmAgUbLlTj1"
                + "0ZzMFB5a7GvaeE+5gG1RTroVJvP9yDnk/YiBc3pqIfNr0vV2fPix5rM0Cm3EAG4khkasQhVd+HVlwKuGrHLJZWLRVoAWiHry"
                + "ncUOcSjKvsi/4gEJsO2p9LYjGsznC2dua+LXAAAA")
        static let invalid = base64(
            "H4sIAAAAAAACA02MsQ6DMAxE/yUzlmyTUMjWsTsTW4idiqGAILRD1X9vGCp1vHv37m0mMd60UquLFICTHcHGRqDTNgEGGjnWYtUl"
                + "U5k5PNR4y5XZV42T7kWV5V7InkM+zhhinp5amuU163Y7z93YxIu0Cl3CAHakCK2wQp1s+LEixE1DVrnmojByDchA1JPzjB5x"
                + "KJNjlf+JAyTArqfC2RMN5vMFErA7T9AAAAA=")
        static let deflate = base64(
            "eJxNjbEOgzAMRP8lcy3ZIaHA1m7dmdiC7VQZCghCO1T994ahUsd79073NklMZxqp1DMFsNGN4LgWaLWJgIFGy5U49dGczBQeWuxr"
                + "2nhPuYBtUU66FSbz/cg55P2IgXN6aiHza9L1dnz4seazNAptxABuJIZGrEIVXfh1ZcCrhqxyyWVi0VaAFoh68p3FDnEoyr7I"
                + "v+IBCbDtqfS2IxrM5wuGXjyq")
        static let bomb = base64(
            "H4sIAAAAAAACA+3OsU7DMBQF0F9BmbFkp0lpu8HG3okttR2UgRbRFAbEv5MiIbGyn7O9++6T/dlMpdk1m7KqfU5DaMfuELq8LmFb"
                + "N2OIQzq0eVW62o/NbXMcXurSfpjO+TLNS3B+rXmq5yUrp+frPA/z5ToOeZ7e65KcPo717fH6Rn9Y57uyqWE7xiF0h5TDprQ1rMZu"
                + "+N0tB/mtDnMt9/Ny0sZ2FWIbUtqnftfGXYxPS+XyWv5W+hBTiNt9WvbtLqVr5Xiaf751Aw"
                + String(repeating: "A", count: 256)
                + "D8W/P1DXG5rN0iDgMA")

        private static func base64(_ text: String) -> [UInt8] {
            [UInt8](Data(base64Encoded: text) ?? Data())
        }
    }

    /// The port it listens on.
    let port: Int
    private let received: ReceivedRequests
    private let task: Task<Void, any Error>

    /// Starts a server, with TLS when `tls` is given; it runs until `stop()`.
    static func start(tls: TLSConfiguration? = nil) async throws -> CompressingUpstream {
        let received = ReceivedRequests()
        let router = Router()
        router.get("/v1/pets/:petId") { request, _ -> Response in
            await received.add(request)
            return Self.answer(request.headers[HTTPField.Name("X-Answer") ?? .accept] ?? "valid")
        }
        router.get("/v1/pets/:petId/records/:recordId") { request, context -> Response in
            await received.add(request)
            let petId = context.parameters.get("petId") ?? ""
            return Response(
                status: .found, headers: [.location: "/v1/pets/\(petId)/records/elsewhere", .contentLength: "0"])
        }
        var logger = Logger(label: "CompressingUpstream")
        logger.logLevel = .critical
        let responder = router.buildResponder()
        let server: HTTPServerBuilder = try tls.map { try .tls(.http1(), tlsConfiguration: $0) } ?? .http1()
        let (port, task) = try await LoopbackServerTask.start(label: "CompressingUpstream") { [logger] listening in
            let app = Application(
                responder: responder, server: server, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                onServerRunning: { await listening($0.localAddress?.port ?? 0) }, logger: logger)
            try await app.runService(gracefulShutdownSignals: [])
        }
        return CompressingUpstream(port: port, received: received, task: task)
    }

    /// Stops the server.
    func stop() async {
        task.cancel()
        _ = await task.result
    }

    /// The requests it got, in order: the target, the authority, and the fields as they arrived.
    func requests() async -> [ReceivedRequests.Entry] {
        await received.entries
    }

    private static func answer(_ name: String) -> Response {
        let (body, encoding): ([UInt8], String) =
            switch name {
            case "invalid": (Bodies.invalid, "gzip")
            case "deflate": (Bodies.deflate, "deflate")
            case "x-gzip": (Bodies.valid, "x-gzip")
            case "bomb": (Bodies.bomb, "gzip")
            case "corrupt": (Array(Bodies.valid.prefix(Bodies.valid.count / 2)), "gzip")
            case "br": (Array("not brotli at all".utf8), "br")
            default: (Bodies.valid, "gzip")
            }
        var headers: HTTPFields = [.contentType: "application/json", .contentEncoding: encoding, .vary: "Accept-Encoding"]
        headers[HTTPField.Name("ETag") ?? .vary] = #""v1""#
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

/// The requests an upstream got.
actor ReceivedRequests {
    /// One request as it arrived.
    struct Entry: Sendable {
        /// The path and query.
        var target: String
        /// The `Host` the request named.
        var authority: String?
        /// Each field as name and value, in order, names as spelt.
        var fields: [String]
    }

    var entries: [Entry] = []

    func add(_ request: Request) {
        entries.append(
            Entry(
                target: request.head.path ?? "", authority: request.head.authority,
                fields: request.headers.map { "\($0.name.rawName): \($0.value)" }))
    }
}
