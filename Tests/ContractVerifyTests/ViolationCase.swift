import ContractVerify
import Testing

/// One deliberately wrong exchange and the violation kinds it must produce, exactly and in order.
struct ViolationCase: CustomTestStringConvertible, Sendable {
    let name: String
    let request: HTTPRequest
    let response: HTTPResponse?
    let expected: [String]
    var strict = false
    var options: VerifierOptions?

    var testDescription: String { name }

    static let base = "https://api.clinic.example.com/v1"
    static let bearer = "Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJzdGFmZiJ9.c2lnbmF0dXJl"
    static let petId = "8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f"
    static let ownerId = "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e"
    static let newPet = #"{"name":"Pepper","species":"rabbit","ownerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e"}"#
    static let pet =
        #"{"id":"8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f","name":"Biscuit","species":"dog","status":"active","#
        + #""ownerId":"5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e","createdAt":"2023-02-11T15:20:00Z","#
        + #""updatedAt":"2025-01-09T10:02:11Z"}"#
    static let problem = #"{"type":"https://docs.clinic.example.com/problems/x","title":"X","status":429}"#

    /// A request to the clinic's production server, authenticated with a bearer token unless told otherwise.
    static func request(
        _ method: String, _ path: String, headers: [(String, String)] = [], body: String? = nil,
        contentType: String? = "application/json", auth: Bool = true, url: String? = nil
    ) -> HTTPRequest {
        var fields = HTTPHeaders()
        if auth { fields.add("Authorization", bearer) }
        if body != nil, let contentType { fields.add("Content-Type", contentType) }
        for (name, value) in headers { fields.add(name, value) }
        guard
            let request = HTTPRequest(
                method: method, url: url ?? base + path, headers: fields, body: body.map { HTTPBody(text: $0) } ?? .empty)
        else { preconditionFailure("bad URL \(path)") }
        return request
    }

    static func response(_ status: Int, _ body: String? = nil, headers: [(String, String)] = [], json: Bool = true)
        -> HTTPResponse
    {
        var fields = HTTPHeaders()
        if body != nil, json { fields.add("Content-Type", "application/json; charset=utf-8") }
        for (name, value) in headers { fields.add(name, value) }
        return HTTPResponse(status: status, headers: fields, body: body.map { HTTPBody(text: $0) } ?? .empty)
    }

    static func multipart(metadata: String, fileType: String = "application/pdf") -> String {
        "--XYZ\r\nContent-Disposition: form-data; name=\"metadata\"\r\nContent-Type: application/json\r\n\r\n"
            + metadata
            + "\r\n--XYZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\nContent-Type: \(fileType)\r\n\r\n"
            + "%PDF-1.4\r\n--XYZ--\r\n"
    }
}
