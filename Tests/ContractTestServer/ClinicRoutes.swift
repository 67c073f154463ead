import Foundation
internal import Hummingbird

/// The routes of `ClinicTestServer`.
struct ClinicRoutes {
    let behaviour: ClinicTestServer.Behaviour

    static let pet =
        #"{"id":"8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f","name":"Biscuit","species":"dog","status":"active","#
        + #""ownerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e","createdAt":"2023-02-11T15:20:00Z","#
        + #""updatedAt":"2025-01-09T10:02:11Z"}"#
    static let petWithNumberName = pet.replacingOccurrences(of: #""Biscuit""#, with: "42")
    static let owner =
        #"{"id":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e","fullName":"Dana Whitfield","email":"dana@example.net","#
        + #""createdAt":"2025-01-09T10:02:11Z"}"#
    /// The owner with the portal password a client set, which `writeOnly` keeps out of responses.
    static let ownerWithPassword = owner.dropLast() + #","portalPassword":"\#(ClinicTestServer.portalPassword)"}"#
    static let unauthorized =
        #"{"type":"https://docs.clinic.example.com/problems/unauthorized","title":"Unauthorized","status":401}"#

    func add(to router: Router<BasicRequestContext>) {
        let breaks = behaviour == .breaksContract
        router.get("/v1/pets/:petId") { request, _ -> Response in
            guard request.headers[.authorization] != nil else {
                return Self.json(Self.unauthorized, status: .unauthorized, type: "application/problem+json")
            }
            var response = Self.json(breaks ? Self.petWithNumberName : Self.pet)
            response.headers[Self.field("ETag")] = #""v1""#
            response.headers[Self.field("Vary")] = "Accept-Language"
            // A client that asks to be remembered gets a cookie, as a booking widget's server would set it.
            if let clinic = request.headers[Self.field("X-Remember-Clinic")] {
                response.headers[.setCookie] = "clinic=\(clinic); Path=/"
            }
            // A client that asks for it gets a response fresh for so many seconds, as a CDN would serve it.
            if let seconds = request.headers[Self.field("X-Cache-For")] {
                response.headers[.cacheControl] = "max-age=\(seconds)"
            }
            return response
        }
        router.get("/v1/pets") { _, _ -> Response in
            Self.json(#"{"items":[\#(Self.pet)],"nextCursor":null,"limit":20}"#)
        }
        router.post("/v1/pets") { _, _ -> Response in
            var response = Self.json(Self.pet, status: .created)
            if !breaks { response.headers[.location] = "/v1/pets/8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f" }
            return response
        }
        router.post("/v1/owners") { _, _ -> Response in
            var response = Self.json(breaks ? String(Self.ownerWithPassword) : Self.owner, status: .created)
            response.headers[.location] = "/v1/owners/5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e"
            return response
        }
        router.post("/v1/inquiries") { _, _ -> Response in
            breaks
                ? Response(status: .init(code: 418))
                : Self.json(#"{"reference":"INQ-7K2Q9Z","receivedAt":"2025-01-09T10:02:11Z"}"#, status: .accepted)
        }
        router.get("/v1/veterinarians") { _, _ -> Response in Response(status: .notImplemented) }
        router.get("/v1/pets/:petId/records/:recordId") { request, context -> Response in
            let record = context.parameters.get("recordId") ?? ""
            let petId = context.parameters.get("petId") ?? ""
            if record == ClinicTestServer.movedRecordId {
                var response = Response(status: .found)
                response.headers[.location] = "/v1/pets/\(petId)/records/\(ClinicTestServer.recordId)"
                if let clinic = request.headers[Self.field("X-Remember-Clinic")] {
                    response.headers[.setCookie] = "clinic=\(clinic); Path=/"
                }
                return response
            }
            return Self.record(slow: record == ClinicTestServer.slowRecordId)
        }
    }

    /// A record's PDF body in pieces: at once, or 64 KiB every 20 ms.
    static func record(slow: Bool) -> Response {
        let size = ClinicTestServer.pieceSize
        let count = slow ? 1_500 : ClinicTestServer.recordSize / size
        let body = ResponseBody(contentLength: count * size) { writer in
            let piece = ByteBuffer(repeating: UInt8(ascii: "%"), count: size)
            for _ in 0..<count {
                if slow { try await Task.sleep(for: .milliseconds(20)) }
                try await writer.write(piece)
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "application/pdf"], body: body)
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok, type: String = "application/json") -> Response {
        Response(
            status: status, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func field(_ name: String) -> HTTPFields.Element.Name {
        HTTPFields.Element.Name(name) ?? .contentType
    }
}
