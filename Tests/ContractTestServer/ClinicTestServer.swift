import ContractTestSupport
import Foundation
internal import Hummingbird
internal import Logging

/// A real HTTP server on 127.0.0.1, on a port the system picks, for tests that forward to a server: it
/// answers part of the bundled clinic contract (`contracts/clinic.yaml`, under `/v1`), keeping it or
/// breaking it in known ways, and counts the requests it gets.
///
/// | request | keeps the contract | breaks it |
/// | --- | --- | --- |
/// | `GET /v1/pets/{id}` with `Authorization` | 200, a `Pet`, an `ETag`, `Vary: Accept-Language`; with `X-Remember-Clinic: C` also `Set-Cookie: clinic=C`; with `X-Cache-For: N` also `Cache-Control: max-age=N` | 200, `name` a number |
/// | `GET /v1/pets/{id}` without | 401, a problem | the same |
/// | `GET /v1/pets` | 200, a `PetList` | the same |
/// | `POST /v1/pets` | 201 with `Location` | 201 without `Location` (required) |
/// | `POST /v1/owners` | 201, an `Owner` | 201, the `Owner` with its `portalPassword` (`writeOnly`) |
/// | `POST /v1/inquiries` | 202, a receipt | 418 (undocumented) |
/// | `GET /v1/pets/{id}/records/{recordId}` | 10 MB of `application/pdf` in 64 KiB pieces | the same |
/// | the record `movedRecordId` | 302 to `recordId` (with `X-Remember-Clinic: C` also `Set-Cookie: clinic=C`) | the same |
/// | the record `slowRecordId` | 64 KiB every 20 ms, for 30 s | the same |
/// | `GET /v1/veterinarians` | 501 (not implemented yet) | the same |
public final class ClinicTestServer: Sendable {
    /// How the server treats the contract.
    public enum Behaviour: Sendable {
        case keepsContract
        case breaksContract
    }

    /// The portal password a breaking server's `POST /v1/owners` answer gives away.
    public static let portalPassword = "correct-horse-battery-staple"
    /// The record id the server redirects from (to `recordId`).
    public static let movedRecordId = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"
    /// The record id whose body arrives slowly, for cancellation mid-stream.
    public static let slowRecordId = "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9"
    /// The record id that streams 10 MB.
    public static let recordId = "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f"
    /// The size of a record's body.
    public static let recordSize = 160 * pieceSize
    /// The size of each piece of a record's body.
    public static let pieceSize = 65_536

    /// The port the server listens on.
    public let port: Int
    private let log: RequestLog
    private let task: Task<Void, any Error>

    private init(port: Int, log: RequestLog, task: Task<Void, any Error>) {
        self.port = port
        self.log = log
        self.task = task
    }

    /// `http://127.0.0.1:<port>`.
    public var origin: String { "http://127.0.0.1:\(port)" }

    /// Starts a server; it runs until `stop()`.
    public static func start(_ behaviour: Behaviour = .keepsContract) async throws -> ClinicTestServer {
        let log = RequestLog()
        let router = Router()
        router.middlewares.add(CountingMiddleware(log: log))
        ClinicRoutes(behaviour: behaviour).add(to: router)
        let responder = router.buildResponder()
        // Quiet: a test stops its server while the client's connections may still be open.
        var logger = Logger(label: "ClinicTestServer")
        logger.logLevel = .critical
        let (port, task) = try await LoopbackServerTask.start(label: "ClinicTestServer") { [logger] listening in
            let app = Application(
                responder: responder, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                onServerRunning: { await listening($0.localAddress?.port ?? 0) }, logger: logger)
            try await app.runService(gracefulShutdownSignals: [])
        }
        return ClinicTestServer(port: port, log: log, task: task)
    }

    /// Stops the server.
    public func stop() async {
        task.cancel()
        _ = await task.result
    }

    /// Every request the server got, as `GET /v1/pets/…`, in order.
    public func requests() async -> [String] {
        await log.lines
    }

    /// The headers of the last request the server got, by lower-case name.
    public func lastHeaders() async -> [String: String] {
        await log.lastHeaders
    }
}

/// The requests a server got.
actor RequestLog {
    var lines: [String] = []
    var lastHeaders: [String: String] = [:]

    func add(_ line: String, headers: [String: String]) {
        lines.append(line)
        lastHeaders = headers
    }
}

/// Counts each request before routing it.
struct CountingMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let log: RequestLog

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        await log.add("\(request.method.rawValue) \(request.uri.path)", headers: headers)
        return try await next(request, context)
    }
}
